import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import { type ApiSentence, createNotesClient, englishApiWords } from '../../../utils/api';
import { apiSentenceText } from '../../../utils/i18n';
import { checkService } from '../../../utils/popup/tab/service-check';
import { saveConnection } from '../../../utils/settings';
import { useLocale } from './fake-i18n';

/**
 * The Notes client's sentences (an outbox clip's "Last problem", the popup's service check, the
 * notes index's failures) in the user's language, while the command line keeps its English.
 */
const SENTENCES: ApiSentence[] = [
  { id: 'badBaseUrl' },
  { id: 'noKey' },
  { id: 'keyBadCharacters' },
  { id: 'badNoteId', noteId: 'a/b' },
  { id: 'timeout', ms: 15_000, maybeSaved: false },
  { id: 'timeout', ms: 1000, maybeSaved: true },
  { id: 'timeout', ms: 1500, maybeSaved: false },
  { id: 'timeout', ms: 250, maybeSaved: false },
  { id: 'network', origin: 'http://127.0.0.1:9', maybeSaved: true },
  { id: 'tooLarge', bytes: 8 * 1024 * 1024, list: true, maybeSaved: false },
  { id: 'tooLarge', bytes: 2 * 1024 * 1024, list: false, maybeSaved: true },
  { id: 'tooLarge', bytes: 5000, list: false, maybeSaved: false },
  { id: 'notJson', maybeSaved: true },
  { id: 'badField', field: 'data[3].tags', issue: 'Expected array', maybeSaved: false },
  { id: 'movedUnknown' },
  { id: 'moved', location: 'https://elsewhere.example/api/notes/' },
  {
    id: 'moved',
    location: 'https://elsewhere.example/api/notes/',
    suggestedBaseUrl: 'https://elsewhere.example/api',
  },
  { id: 'rejected', note: true },
  { id: 'rejected', note: true, server: 'title is required' },
  { id: 'rejected', note: false },
  { id: 'rejected', note: false, server: 'bad limit' },
  { id: 'keyRefused' },
  { id: 'keyForbidden' },
  { id: 'noDelete' },
  { id: 'notAccepted' },
  { id: 'serviceGaveUp' },
  { id: 'conflict' },
  { id: 'conflict', server: 'edited elsewhere' },
  { id: 'noteTooLarge' },
  { id: 'rateLimited' },
  { id: 'rateLimited', ms: 120_000 },
  { id: 'rateLimited', ms: 3_600_000 },
  { id: 'serverProblem', status: 503 },
  { id: 'refused', status: 422 },
  { id: 'refused', status: 422, server: 'nope' },
  { id: 'unexpectedStatus', status: 204 },
  { id: 'noSuchNote' },
  { id: 'nothingToDelete' },
  { id: 'noDeck', deckId: 'deck-9' },
  { id: 'noNotesHere' },
];

/** The values a sentence carries, which every language must show. */
function values(sentence: ApiSentence): string[] {
  return Object.entries(sentence)
    .filter(([name, value]) => name !== 'id' && typeof value === 'string')
    .map(([, value]) => value as string)
    .concat('status' in sentence ? [String(sentence.status)] : []);
}

describe('the Notes client’s sentences in the extension', () => {
  it('read in English exactly as the command line’s (the wording tests rely on)', () => {
    useLocale('en');
    for (const sentence of SENTENCES) {
      expect(apiSentenceText(sentence), sentence.id).toBe(englishApiWords(sentence));
    }
  });

  for (const lang of ['de', 'fr', 'es', 'ja']) {
    it(`are in ${lang}, with the same values, and none left English`, () => {
      useLocale(lang);
      for (const sentence of SENTENCES) {
        const text = apiSentenceText(sentence);
        expect(text, sentence.id).not.toBe(englishApiWords(sentence));
        expect(text, sentence.id).not.toMatch(/Notes service|Check the|\{|\}/);
        for (const value of values(sentence)) expect(text, sentence.id).toContain(value);
      }
    });
  }
});

describe('against the real Notes server', () => {
  let server: NotesServer;
  beforeAll(async () => {
    server = await startNotesServer();
  });
  afterAll(() => server.stop());
  beforeEach(() => fakeBrowser.reset());

  it('the popup’s service check says a refused key in German, the command line in English', async () => {
    useLocale('de');
    await saveConnection({ baseUrl: server.baseUrl, apiKey: 'old-key' });
    const checked = await checkService();
    expect(checked).toMatchObject({ ok: false, error: { kind: 'auth' } });
    if (!checked.ok) {
      expect(checked.error.message).toBe(
        'Der Notizdienst hat den API-Schlüssel abgelehnt. Öffnen Sie die Optionen von Clipdeck ' +
          'und fügen Sie einen aktuellen Schlüssel ein (Schlüssel funktionieren nach „Refresh Key“ ' +
          'nicht mehr).',
      );
    }

    const cli = createNotesClient({ baseUrl: server.baseUrl, apiKey: 'old-key' });
    await expect(cli.list({ limit: 1 })).rejects.toThrow(
      'The Notes service refused the API key. Open Clipdeck’s options and paste a current key ' +
        '(keys stop working after “Refresh Key”).',
    );
  });

  it('a note the service does not have is said in Japanese', async () => {
    useLocale('ja');
    const client = createNotesClient({
      baseUrl: server.baseUrl,
      apiKey: server.apiKey,
      words: apiSentenceText,
    });
    await expect(client.get('no-such-note')).rejects.toThrow(
      'ノートサービスにそのノートはありません。削除された可能性があります。更新してから、もう一度お試しください。',
    );
  });
});
