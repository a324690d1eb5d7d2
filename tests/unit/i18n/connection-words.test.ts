import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import { type CheckDependencies, testConnection } from '../../../utils/connection';
import { saveConnection } from '../../../utils/settings';
import { useLocale } from './fake-i18n';

/**
 * The options page's connection test against the real local Notes server, in the languages a
 * user reads it in: a refused key, a service that is down and a host that does not answer are
 * sentences of that language (they were the API client's English before).
 */
const allowed: CheckDependencies = { hasHostPermission: async () => true };
let server: NotesServer;

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

beforeAll(async () => {
  server = await startNotesServer();
});
afterAll(() => server.stop());
beforeEach(async () => {
  fakeBrowser.reset();
  server.setFaults({});
  await saveConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey });
});

const WORDS: Record<string, { refused: RegExp; down: RegExp; unreachable: RegExp }> = {
  en: {
    refused: /refused this API key/,
    down: /problem on its side/,
    unreachable: /could not reach/,
  },
  de: { refused: /abgelehnt/, down: /Fehler aufgetreten/, unreachable: /nicht erreichen/ },
  fr: {
    refused: /a refusé cette clé/,
    down: /rencontré un problème/,
    unreachable: /pas pu joindre/,
  },
  es: { refused: /rechazó esta clave/, down: /tuvo un problema/, unreachable: /no pudo conectar/ },
  ja: { refused: /拒否しました/, down: /問題が起きています/, unreachable: /接続できませんでした/ },
};

describe('the connection test, in the user’s language', () => {
  for (const [lang, words] of Object.entries(WORDS)) {
    it(`says a refused key, a service that is down and a silent host in ${lang}`, async () => {
      useLocale(lang);
      const refused = await testConnection({ baseUrl: server.baseUrl, apiKey: 'old-key' }, allowed);
      expect(refused).toMatchObject({ ok: false, error: { kind: 'auth' } });
      if (!refused.ok) expect(refused.error.message).toMatch(words.refused);

      server.setFaults({ serverErrorRate: 1 });
      const down = await testConnection(
        { baseUrl: server.baseUrl, apiKey: server.apiKey },
        allowed,
      );
      server.setFaults({});
      expect(down).toMatchObject({ ok: false, error: { kind: 'server' } });
      if (!down.ok) {
        expect(down.error.message).toMatch(words.down);
        expect(down.error.message).toContain('500');
      }

      const host = `127.0.0.1:${await closedPort()}`;
      const silent = await testConnection({ baseUrl: `http://${host}/api`, apiKey: 'k' }, allowed);
      expect(silent).toMatchObject({ ok: false, error: { kind: 'unreachable' } });
      if (!silent.ok) {
        expect(silent.error.message).toMatch(words.unreachable);
        expect(silent.error.message).toContain(host);
      }
    }, 30_000);
  }
});
