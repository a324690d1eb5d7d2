import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import { getNote } from '../../../utils/notes-index';
import { saveConnection } from '../../../utils/settings';
import { useLocale } from './fake-i18n';

/** The popup's note actions say a note deleted in the service in the user's language. */
let server: NotesServer;
beforeAll(async () => {
  server = await startNotesServer();
});
afterAll(() => server.stop());
beforeEach(async () => {
  fakeBrowser.reset();
  await saveConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey });
});

describe('a note gone from the service, in the user’s language', () => {
  const said: Record<string, string> = {
    en: 'That note (gone-1) is no longer in your Notes service: it was deleted there. Clipdeck has removed it from its lists.',
    de: 'Diese Notiz (gone-1) ist nicht mehr in Ihrem Notizdienst: Sie wurde dort gelöscht. Clipdeck hat sie aus seinen Listen entfernt.',
    ja: 'そのノート（gone-1）はもうノートサービスにありません。サービス側で削除されました。Clipdeck の一覧からも削除しました。',
  };
  for (const [lang, sentence] of Object.entries(said)) {
    it(`is said in ${lang}`, async () => {
      useLocale(lang);
      expect(await getNote('gone-1')).toEqual({
        ok: false,
        error: { kind: 'not-found', message: sentence },
      });
    });
  }
});
