import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import { createNotesClient } from '../../../utils/api';
import { judgeFailure, toDeliveryFailure } from '../../../utils/outbox';
import { failureOf, type StubServer, sampleNote, startStubServer } from './stub-server';

const KEY = 'the-real-key-0123456789';

let server: NotesServer;
const stubs: StubServer[] = [];

beforeEach(async () => {
  server = await startNotesServer({ apiKeys: [KEY] });
});
afterEach(async () => {
  await Promise.all([server.stop(), ...stubs.splice(0).map((stub) => stub.stop())]);
});

async function stub(answer: (request: IncomingMessage, response: ServerResponse) => void) {
  const started = await startStubServer(answer);
  stubs.push(started);
  return started;
}

/** The configured address that answers every request with a redirect to `to(path)`. */
function redirectTo(status: number, to: (path: string) => string | undefined) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const location = to(request.url ?? '/');
    response.writeHead(status, location === undefined ? {} : { Location: location });
    response.end('moved');
  };
}

/** The real server's address for a request path the redirector received (`/api/notes/…`). */
const onRealServer = (path: string) => `${new URL(server.baseUrl).origin}${path}`;

describe('a redirect to another origin', () => {
  for (const status of [301, 302, 303, 307, 308]) {
    it(`${status}: nothing reaches the new address, and the error names it and the base URL to use`, async () => {
      const old = await stub(redirectTo(status, onRealServer));
      const client = createNotesClient({ baseUrl: old.baseUrl, apiKey: KEY });

      const error = await failureOf(client.create({ title: 'T', markdown_text: 'body' }));

      expect(error).toMatchObject({
        kind: 'moved',
        status,
        location: `${server.baseUrl}/notes/`,
        suggestedBaseUrl: server.baseUrl,
      });
      expect(error.message).toContain(`it moved to ${server.baseUrl}/notes/`);
      expect(error.message).toMatch(/base URL in Clipdeck’s options/);
      expect(error.message).not.toContain(KEY);
      // Not followed at all: no request (so no key) arrived at the other origin, no note stored.
      expect(server.requests()).toEqual([]);
      expect(server.notes()).toEqual([]);
      expect(old.received).toHaveLength(1);
    });
  }

  it('suggests the base URL for a note’s own address too, and resolves a relative Location', async () => {
    const old = await stub(redirectTo(301, (path) => `//${new URL(server.baseUrl).host}${path}`));
    const client = createNotesClient({ baseUrl: old.baseUrl, apiKey: KEY });

    const error = await failureOf(client.update('n 1', { title: 'x' }));

    expect(error).toMatchObject({
      kind: 'moved',
      location: `${server.baseUrl}/notes/n%201`,
      suggestedBaseUrl: server.baseUrl,
    });
    expect(server.requests()).toEqual([]);
  });

  it('names a login page it was sent to, but suggests no base URL from it', async () => {
    const old = await stub(redirectTo(302, () => 'https://sso.example.com/login?next=%2Fapi'));
    const client = createNotesClient({ baseUrl: old.baseUrl, apiKey: KEY });

    const error = await failureOf(client.list({ limit: 1 }));

    expect(error).toMatchObject({
      kind: 'moved',
      location: 'https://sso.example.com/login?next=%2Fapi',
    });
    expect(error.suggestedBaseUrl).toBeUndefined();
    expect(error.message).toMatch(/it moved to https:\/\/sso\.example\.com\/login/);
  });

  it('a Location that repeats the key is shown without it', async () => {
    const old = await stub(redirectTo(302, () => `https://sso.example.com/login?token=${KEY}`));
    const error = await failureOf(
      createNotesClient({ baseUrl: old.baseUrl, apiKey: KEY }).list({ limit: 1 }),
    );
    expect(error.location).toBe('https://sso.example.com/login?token=[API key]');
    expect(error.message).not.toContain(KEY);
  });

  it('a redirect without a Location is still a move, with no address given', async () => {
    const old = await stub(redirectTo(307, () => undefined));
    const client = createNotesClient({ baseUrl: old.baseUrl, apiKey: KEY });

    const error = await failureOf(client.get('n1'));

    expect(error).toMatchObject({ kind: 'moved', status: 307, location: undefined });
    expect(error.message).toMatch(/another address and did not say which/);
  });

  it('the outbox holds a moved clip for the user instead of retrying or pausing for the key', async () => {
    const old = await stub(redirectTo(301, onRealServer));
    const client = createNotesClient({ baseUrl: old.baseUrl, apiKey: KEY });
    const error = await failureOf(client.create({ markdown_text: 'body' }));

    const verdict = judgeFailure(toDeliveryFailure(error), undefined);

    expect(verdict).toEqual({
      action: 'attention',
      reason: 'invalid-request',
      message: error.message,
    });
  });
});

describe('a redirect on the same origin', () => {
  /** Answers the slash-less note address with a redirect to the slashed one, and that with a note. */
  function appendSlash(status: number) {
    return (request: IncomingMessage, response: ServerResponse) => {
      const url = request.url ?? '/';
      if (!url.endsWith('/')) {
        response.writeHead(status, { Location: `${url}/` });
        response.end();
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(sampleNote({ id: 'n1', deck_id: 'd' })));
    };
  }

  it('follows one that only adds a trailing slash, with the same method, key and body', async () => {
    const service = await stub(appendSlash(301));
    const client = createNotesClient({ baseUrl: service.baseUrl, apiKey: KEY });

    const updated = await client.update('n1', { title: 'New' });

    expect(updated).toMatchObject({ id: 'n1' });
    expect(service.received.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'PUT /api/notes/n1',
      'PUT /api/notes/n1/',
    ]);
    for (const request of service.received) {
      expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(request.headers['content-type']).toBe('application/json');
    }
  });

  it('does not follow one to another path, and does not follow twice', async () => {
    const elsewhere = await stub(redirectTo(308, (path) => path.replace('/api/', '/v2/api/')));
    const error = await failureOf(
      createNotesClient({ baseUrl: elsewhere.baseUrl, apiKey: KEY }).get('n1'),
    );
    expect(error).toMatchObject({
      kind: 'moved',
      suggestedBaseUrl: elsewhere.baseUrl.replace('/api', '/v2/api'),
    });
    expect(elsewhere.received).toHaveLength(1);

    // Slash added, then removed again: one hop is followed, the second is a move.
    const flipping = await stub((request, response) => {
      const url = request.url ?? '/';
      response.writeHead(301, { Location: url.endsWith('/') ? url.slice(0, -1) : `${url}/` });
      response.end();
    });
    const looped = await failureOf(
      createNotesClient({ baseUrl: flipping.baseUrl, apiKey: KEY }).get('n1'),
    );
    expect(looped.kind).toBe('moved');
    expect(flipping.received).toHaveLength(2);
  });
});

describe('the opaque answer a browser gives for a redirect', () => {
  /**
   * Node's fetch shows a manual redirect's status and Location; a browser (the extension's service
   * worker) gives `type: 'opaqueredirect'`, status 0 and no headers. This is the one fake here:
   * what cannot be real outside a browser. Everything else goes to the real servers.
   */
  const browserLikeFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (init?.redirect !== 'manual' || response.status < 300 || response.status >= 400) {
      return response;
    }
    await response.body?.cancel();
    return {
      type: 'opaqueredirect',
      status: 0,
      ok: false,
      redirected: false,
      url: String(input),
      headers: new Headers(),
      body: null,
    } as unknown as Response;
  };

  it('finds the new address by asking again without the key, and sends the key nowhere else', async () => {
    const old = await stub(redirectTo(302, onRealServer));
    const client = createNotesClient({
      baseUrl: old.baseUrl,
      apiKey: KEY,
      fetch: browserLikeFetch,
    });

    const error = await failureOf(client.create({ markdown_text: 'body' }));

    expect(error).toMatchObject({
      kind: 'moved',
      location: `${server.baseUrl}/notes/`,
      suggestedBaseUrl: server.baseUrl,
    });
    expect(old.received.map((request) => request.headers.authorization)).toEqual([
      `Bearer ${KEY}`,
      undefined,
    ]);
    // The keyless look-up reached the new address as a GET, which the service refused: no note.
    expect(server.requests().map((request) => request.method)).toEqual(['GET']);
    expect(server.notes()).toEqual([]);
  });

  it('still follows a trailing-slash redirect on the same origin', async () => {
    const service = await stub((request, response) => {
      const url = request.url ?? '/';
      if (!url.endsWith('/')) {
        response.writeHead(308, { Location: `${url}/` });
        response.end();
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(sampleNote({ id: 'n1', deck_id: 'd' })));
    });
    const client = createNotesClient({
      baseUrl: service.baseUrl,
      apiKey: KEY,
      fetch: browserLikeFetch,
    });

    await expect(client.get('n1')).resolves.toMatchObject({ id: 'n1' });
    expect(
      service.received.map(({ url, headers }) => `${url} ${headers.authorization ?? 'no key'}`),
    ).toEqual([
      `/api/notes/n1 Bearer ${KEY}`,
      '/api/notes/n1 no key',
      '/api/notes/n1/ no key',
      `/api/notes/n1/ Bearer ${KEY}`,
    ]);
  });
});
