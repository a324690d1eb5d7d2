import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createOutbox, describeSetAside } from '../../../utils/outbox';
import { useLocale } from './fake-i18n';

/**
 * The outbox's own sentences (shown in the options page's outbox) in the user's language: a clip
 * that is gone, and the clips kept aside, counted in the language's plural forms.
 */
const damaged = (n: number) => ({
  clips: Array.from({ length: n }, (_, i) => ({
    reason: 'damaged' as const,
    detail: 'unreadable',
    setAsideAt: 0,
    entry: { id: `bad-${i}` },
  })),
});
const newer = {
  clips: [
    { reason: 'newer-version' as const, detail: 'version 2', setAsideAt: 0, entry: { id: 'v2' } },
  ],
};

beforeEach(() => fakeBrowser.reset());

describe('the outbox, in the user’s language', () => {
  it('keeps its English word for word', async () => {
    useLocale('en');
    expect(describeSetAside(damaged(1))).toBe(
      'Clipdeck kept 1 clip aside that it could not read. They were not sent and are not ' +
        'deleted: export them to keep a copy.',
    );
    expect(describeSetAside(damaged(3))).toMatch(/^Clipdeck kept 3 clips aside/);
    expect(describeSetAside(newer)).toBe(
      'Clipdeck kept 1 clip aside that it could not read (saved by a newer version of ' +
        'Clipdeck). They were not sent and are not deleted: export them to keep a copy, or ' +
        'update Clipdeck to send them.',
    );
    const outbox = createOutbox({ getClient: async () => null });
    expect(await outbox.retry('gone')).toMatchObject({
      ok: false,
      error: {
        message: 'That clip is no longer in Clipdeck’s outbox: it was discarded or saved long ago.',
      },
    });
  });

  it('says the clips kept aside in German, French and Japanese, with their number', () => {
    useLocale('de');
    expect(describeSetAside(damaged(1))).toMatch(/^Clipdeck hat 1 Ausschnitt beiseitegelegt/);
    expect(describeSetAside(damaged(2))).toMatch(/^Clipdeck hat 2 Ausschnitte beiseitegelegt/);
    expect(describeSetAside(newer)).toMatch(/neueren Version.*aktualisieren Sie Clipdeck/);
    useLocale('fr');
    expect(describeSetAside(damaged(1))).toMatch(/1 capture qu’il/);
    expect(describeSetAside(damaged(1200))).toMatch(/1\u202f200 captures qu’il/);
    useLocale('ja');
    expect(describeSetAside(damaged(2))).toContain('クリップ 2 件');
  });

  it('says a clip that is gone in Spanish', async () => {
    useLocale('es');
    const outbox = createOutbox({ getClient: async () => null });
    expect(await outbox.retry('gone')).toMatchObject({
      ok: false,
      error: { kind: 'not-found', message: expect.stringMatching(/ya no está en la bandeja/) },
    });
  });
});
