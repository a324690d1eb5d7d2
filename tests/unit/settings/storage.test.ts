import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import {
  clipDefaultsItem,
  connectionItem,
  decksItem,
  loadSettings,
  readConnection,
  saveConnection,
  saveDecks,
} from '../../../utils/settings';

/** What each item held in storage before, one example per old version, as the browser kept it. */
const CONNECTION_V1 = { baseUrl: '  http://127.0.0.1:8080/api/ ', apiKey: ' secret-key ' };

beforeEach(() => {
  fakeBrowser.reset();
});

describe('connection migrations', () => {
  it('v1 → v2 normalises the base URL and trims the key', async () => {
    await fakeBrowser.storage.local.set({ connection: CONNECTION_V1 });

    await connectionItem.migrate();

    expect(await connectionItem.getValue()).toEqual({
      baseUrl: 'http://127.0.0.1:8080/api',
      apiKey: 'secret-key',
    });
    expect(await connectionItem.getMeta()).toEqual({ v: 2 });
    expect(await readConnection()).toEqual({
      ok: true,
      connection: { baseUrl: 'http://127.0.0.1:8080/api', apiKey: 'secret-key' },
    });
  });

  it('v1 with an address that cannot be normalised is kept and reported, not lost', async () => {
    await fakeBrowser.storage.local.set({ connection: { baseUrl: 'notes/api', apiKey: 'k' } });

    await connectionItem.migrate();
    const settings = await loadSettings();

    expect(settings.connection).toEqual({ baseUrl: '', apiKey: '' });
    expect(settings.notices).toEqual([
      {
        setting: 'connection',
        message: expect.stringContaining('connection settings were damaged'),
      },
    ]);
    expect(settings.notices[0]?.message).toContain('baseUrl');
  });
});

describe('reading settings', () => {
  it('gives defaults without notices when nothing is stored yet', async () => {
    const settings = await loadSettings();

    expect(settings.notices).toEqual([]);
    expect(settings.connection).toEqual({ baseUrl: '', apiKey: '' });
    expect(settings.decks).toEqual({ decks: [], defaultDeckId: null });
    expect(settings.clipDefaults.mode).toBe('article');
    expect(await readConnection()).toMatchObject({ ok: false, error: { kind: 'not-configured' } });
  });

  it('falls back to defaults with a notice naming the field when a value is corrupt', async () => {
    await fakeBrowser.storage.local.set({
      decks: { decks: [{ id: 'd1', label: '' }], defaultDeckId: null },
    });

    const settings = await loadSettings();

    expect(settings.decks).toEqual({ decks: [], defaultDeckId: null });
    expect(settings.notices).toHaveLength(1);
    expect(settings.notices[0]?.setting).toBe('decks');
    expect(settings.notices[0]?.message).toContain('deck settings were damaged');
    expect(settings.notices[0]?.message).toContain('decks[0].label');
  });

  it('falls back to defaults with a notice when a newer Clipdeck wrote the value', async () => {
    await storage.setItem('local:clipDefaults', { tags: 'from the future' });
    await storage.setMeta('local:clipDefaults', { v: 7 });

    const settings = await loadSettings();

    expect(settings.clipDefaults).toEqual(clipDefaultsItem.fallback);
    expect(settings.notices).toEqual([
      { setting: 'clipDefaults', message: expect.stringContaining('newer version of Clipdeck') },
    ]);
  });

  it('a damaged connection is refused with a sentence, never handed to the client', async () => {
    await fakeBrowser.storage.local.set({ connection: { baseUrl: 42, apiKey: null } });
    await storage.setMeta('local:connection', { v: 2 });

    const read = await readConnection();

    expect(read).toMatchObject({ ok: false, error: { kind: 'not-configured' } });
    if (!read.ok) expect(read.error.message).toContain('options');
  });

  it('saving over a newer version’s value stamps the current version so it reads back', async () => {
    await storage.setItem('local:decks', { shelves: [] });
    await storage.setMeta('local:decks', { v: 3 });

    await saveDecks({ decks: [{ id: 'd1', label: 'Reading' }], defaultDeckId: 'd1' });
    const settings = await loadSettings();

    expect(settings.notices).toEqual([]);
    expect(settings.decks.defaultDeckId).toBe('d1');
    expect(await decksItem.getMeta()).toEqual({ v: 1 });
  });

  it('refuses to save what it could not read back', async () => {
    await expect(saveConnection({ baseUrl: 'not a url', apiKey: 'k' })).rejects.toThrow();
    expect(await fakeBrowser.storage.local.get('connection')).toEqual({});
  });

  it('keeps everything in local storage, nothing in sync', async () => {
    await saveConnection({ baseUrl: 'https://notes.example.com/api', apiKey: 'k' });
    await saveDecks({ decks: [], defaultDeckId: null });

    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
  });
});
