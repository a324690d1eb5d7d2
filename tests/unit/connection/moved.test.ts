import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import { type CheckDependencies, testConnection } from '../../../utils/connection';
import { readKeyRefusal, saveConnection } from '../../../utils/settings';
import { type StubServer, startStubServer } from '../api/stub-server';

const allowed: CheckDependencies = { hasHostPermission: async () => true };

let server: NotesServer;
let old: StubServer;
let login: StubServer;

beforeAll(async () => {
  server = await startNotesServer();
  const newOrigin = new URL(server.baseUrl).origin;
  // The address the user saved: every request is sent on to the real server's origin.
  old = await startStubServer((request, response) => {
    response.writeHead(301, { Location: `${newOrigin}${request.url}` });
    response.end();
  });
  login = await startStubServer((_request, response) => {
    response.writeHead(302, { Location: '/login?next=%2Fapi' });
    response.end();
  });
});
afterAll(() => Promise.all([server.stop(), old.stop(), login.stop()]));

beforeEach(async () => {
  fakeBrowser.reset();
  await saveConnection({ baseUrl: old.baseUrl, apiKey: server.apiKey });
});

describe('testConnection when the service answers with a redirect', () => {
  it('reports the move with the base URL to offer, and sends the key nowhere else', async () => {
    const before = server.requests().length;

    const result = await testConnection({ baseUrl: old.baseUrl, apiKey: server.apiKey }, allowed);

    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'moved',
        location: `${server.baseUrl}/notes/?limit=1`,
        suggestedBaseUrl: server.baseUrl,
        message: expect.stringContaining(`another address, ${server.baseUrl}`),
      },
    });
    // Another port is another origin: the key has to be given again for it.
    expect(result.ok || result.error.message).toMatch(/enter your API key for it\.$/);
    expect(result.ok || result.error.message).not.toContain(server.apiKey);
    expect(server.requests()).toHaveLength(before);
    // A move is not a refused key: the banner stays off.
    expect(await readKeyRefusal()).toBeNull();
  });

  it('saving the suggested address asks for the key again, then it connects', async () => {
    const result = await testConnection({ baseUrl: old.baseUrl, apiKey: server.apiKey }, allowed);
    const suggested = result.ok
      ? ''
      : (result.error as { suggestedBaseUrl: string }).suggestedBaseUrl;

    const saved = await saveConnection({ baseUrl: suggested, apiKey: server.apiKey });
    expect(saved).toMatchObject({ keyNeeded: true, connection: { apiKey: '' } });

    await saveConnection({ baseUrl: suggested, apiKey: server.apiKey }, { keyEntered: true });
    expect(await testConnection({ baseUrl: suggested, apiKey: server.apiKey }, allowed)).toEqual({
      ok: true,
      noteCount: 0,
    });
  });

  it('a redirect to a page that is not a Notes API address is named, with nothing to offer', async () => {
    const result = await testConnection({ baseUrl: login.baseUrl, apiKey: 'k' }, allowed);

    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'moved',
        location: `${new URL(login.baseUrl).origin}/login?next=%2Fapi`,
        message: expect.stringMatching(/which is not a Notes API address.*ends in \/api/),
      },
    });
  });
});
