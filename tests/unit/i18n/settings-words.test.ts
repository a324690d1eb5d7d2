import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { importSettings, readConnection } from '../../../utils/settings';
import { useLocale } from './fake-i18n';

/** The options page's settings sentences (import refusals, no connection) in the user's language. */
beforeEach(() => fakeBrowser.reset());

describe('settings, in the user’s language', () => {
  it('keep their English word for word', async () => {
    useLocale('en');
    expect(await importSettings('{')).toEqual({
      ok: false,
      error: {
        kind: 'invalid-import',
        message: 'This file is not JSON. Choose a file that Clipdeck exported.',
      },
    });
    expect(await readConnection()).toMatchObject({
      ok: false,
      error: {
        kind: 'not-configured',
        message: expect.stringMatching(/^Clipdeck is not connected/),
      },
    });
  });

  it('refuse a file that is not JSON in German and Japanese, and say there is no connection in French', async () => {
    useLocale('de');
    expect(await importSettings('{')).toMatchObject({
      ok: false,
      error: {
        message: 'Diese Datei ist kein JSON. Wählen Sie eine Datei, die Clipdeck exportiert hat.',
      },
    });
    useLocale('ja');
    expect(await importSettings('{')).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/JSON ではありません/) },
    });
    useLocale('fr');
    expect(await readConnection()).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^Clipdeck n’est pas encore connecté/) },
    });
  });
});

describe('the tab clipper, in the user’s language', () => {
  it('says a request it cannot read in English and in Spanish', async () => {
    const { clipTabs } = await import('../../../utils/clipper');
    useLocale('en');
    expect(await clipTabs({} as never)).toMatchObject({
      ok: false,
      error: { message: 'Clipdeck could not read which tabs to clip. Try again.' },
    });
    useLocale('es');
    expect(await clipTabs({} as never)).toMatchObject({
      ok: false,
      error: { message: 'Clipdeck no pudo leer qué pestañas guardar. Vuelve a intentarlo.' },
    });
  });
});
