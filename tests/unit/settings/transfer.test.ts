import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  type ClipDefaults,
  exportSettings,
  importSettings,
  loadSettings,
  readCommentDepth,
  readQuickCaptureSettings,
  saveClipDefaults,
  saveCommentDepth,
  saveConnection,
  saveDecks,
  saveQuickCaptureSettings,
} from '../../../utils/settings';

const BASE_URL = 'https://notes.example.com/api';
const KEY = 'sk-this-must-never-leave';
const DEFAULTS: ClipDefaults = {
  tags: ['clipped', 'to read'],
  mode: 'full-page',
  template: { kind: 'custom', text: '# {{title}}\n\n{{content}}' },
  stripTracking: false,
};

beforeEach(async () => {
  fakeBrowser.reset();
  await saveConnection({ baseUrl: BASE_URL, apiKey: KEY });
  await saveDecks({ decks: [{ id: 'deck-7', label: 'Reading' }], defaultDeckId: 'deck-7' });
  await saveClipDefaults(DEFAULTS);
  await saveQuickCaptureSettings({ notifications: false });
  await saveCommentDepth({ comments: 'top-level' });
});

describe('export', () => {
  it('holds every setting but the API key', async () => {
    const exported = await exportSettings(new Date('2026-01-02T03:04:05Z'));
    const text = JSON.stringify(exported);

    expect(text).not.toContain(KEY);
    expect(text).not.toMatch(/apiKey/i);
    expect(exported).toEqual({
      format: 'clipdeck-settings',
      version: 1,
      exportedAt: '2026-01-02T03:04:05.000Z',
      baseUrl: BASE_URL,
      decks: { decks: [{ id: 'deck-7', label: 'Reading' }], defaultDeckId: 'deck-7' },
      clipDefaults: DEFAULTS,
      quickCapture: { notifications: false },
      comments: { comments: 'top-level' },
    });
  });
});

describe('import', () => {
  it('round-trips into a fresh browser and leaves the key to be entered there', async () => {
    const file = JSON.stringify(await exportSettings());
    fakeBrowser.reset();

    const result = await importSettings(file);
    const settings = await loadSettings();

    expect(result).toMatchObject({ ok: true, keyRemoved: false });
    expect(settings.connection).toEqual({ baseUrl: BASE_URL, apiKey: '' });
    expect(settings.decks.defaultDeckId).toBe('deck-7');
    expect(settings.clipDefaults).toEqual(DEFAULTS);
    expect(await readQuickCaptureSettings()).toEqual({ notifications: false });
    expect(await readCommentDepth()).toBe('top-level');
  });

  it('a file exported before comment depth was a setting keeps the current choice', async () => {
    const { comments: _notInOlderFiles, ...olderFile } = await exportSettings();
    await saveCommentDepth({ comments: 'none' });

    expect((await importSettings(JSON.stringify(olderFile))).ok).toBe(true);

    expect(await readCommentDepth()).toBe('none');
  });

  it('a file exported before quick capture was a setting imports and keeps the current choice', async () => {
    const { quickCapture: _notInOlderFiles, ...olderFile } = await exportSettings();
    await saveClipDefaults({ ...DEFAULTS, tags: ['changed since'] });

    const result = await importSettings(JSON.stringify(olderFile));

    expect(result).toMatchObject({
      ok: true,
      imported: { quickCapture: { notifications: false } },
    });
    expect((await loadSettings()).clipDefaults).toEqual(DEFAULTS);
    expect(await readQuickCaptureSettings()).toEqual({ notifications: false });
  });

  it('the same older file in a fresh browser leaves notifications at their default, on', async () => {
    const { quickCapture: _notInOlderFiles, ...olderFile } = await exportSettings();
    fakeBrowser.reset();

    expect((await importSettings(JSON.stringify(olderFile))).ok).toBe(true);

    expect(await readQuickCaptureSettings()).toEqual({ notifications: true });
    expect(await fakeBrowser.storage.local.get('quickCapture')).toEqual({});
  });

  it('keeps the stored key when the file points at the same service', async () => {
    const file = JSON.stringify(await exportSettings());

    await importSettings(file);

    expect((await loadSettings()).connection.apiKey).toBe(KEY);
  });

  it('drops the stored key when the file points at another service, so it is not sent there', async () => {
    const file = JSON.stringify({
      ...(await exportSettings()),
      baseUrl: 'https://elsewhere.test/api',
    });

    const result = await importSettings(file);

    expect(result).toMatchObject({ ok: true, keyRemoved: true });
    expect((await loadSettings()).connection).toEqual({
      baseUrl: 'https://elsewhere.test/api',
      apiKey: '',
    });
  });

  it('ignores a key written into the file by hand', async () => {
    fakeBrowser.reset();
    const file = JSON.stringify({ ...(await exportSettings()), apiKey: 'planted' });

    await importSettings(file);

    expect((await loadSettings()).connection.apiKey).toBe('');
  });

  it.each([
    ['not json', '{ nope', 'not JSON'],
    ['another file', JSON.stringify({ hello: 'world' }), 'format'],
    [
      'a bad deck label',
      null,
      'decks.decks[0].label',
      (file: Record<string, unknown>) => ({
        ...file,
        decks: { decks: [{ id: 'x', label: '' }], defaultDeckId: null },
      }),
    ],
    [
      'an unknown clip mode',
      null,
      'clipDefaults.mode',
      (file: Record<string, unknown>) => ({
        ...file,
        clipDefaults: { ...DEFAULTS, mode: 'screenshot' },
      }),
    ],
    [
      'a quick-capture choice that is not on or off',
      null,
      'quickCapture.notifications',
      (file: Record<string, unknown>) => ({ ...file, quickCapture: { notifications: 'yes' } }),
    ],
    [
      'a bad base URL',
      null,
      'baseUrl',
      (file: Record<string, unknown>) => ({ ...file, baseUrl: 'ftp://x' }),
    ],
  ])('refuses %s, names the field and changes nothing', async (_name, text, field, edit?) => {
    const before = await fakeBrowser.storage.local.get(null);
    const exported = (await exportSettings()) as unknown as Record<string, unknown>;
    const file = text ?? JSON.stringify(edit?.(exported));

    const result = await importSettings(file);

    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toContain(field);
    expect(await fakeBrowser.storage.local.get(null)).toEqual(before);
  });
});
