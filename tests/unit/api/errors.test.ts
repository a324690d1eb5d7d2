import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import {
  createNotesClient,
  type NoteDraft,
  NotesApiError,
  type NotesClient,
  toUserError,
} from '../../../utils/api';
import { failureOf, reply, type StubServer, sampleNote, startStubServer } from './stub-server';

let server: NotesServer;
let client: NotesClient;

beforeEach(async () => {
  server = await startNotesServer({ apiKeys: ['the-real-key-0123456789'] });
  client = createNotesClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
});
afterEach(async () => {
  await server.stop();
});

describe('failures reported by the service', () => {
  it('400: carries the service’s error and code and says to check the note', async () => {
    const error = await failureOf(client.create({ markdown_text: 42 } as unknown as NoteDraft));

    expect(error).toMatchObject({ kind: 'invalid-request', status: 400, code: 'invalid_field' });
    expect(error.serverMessage).toMatch(/markdown_text/);
    expect(error.message).toMatch(/^The Notes service rejected the request: “markdown_text/);
    expect(error.message).toMatch(/Check the note’s title, text and tags/);
  });

  it('401: tells the user to paste a current key, without showing the wrong one', async () => {
    const wrongKey = 'an-old-key-from-before-refresh';
    const stale = createNotesClient({ baseUrl: server.baseUrl, apiKey: wrongKey });

    const error = await failureOf(stale.list());

    expect(error).toMatchObject({ kind: 'auth', status: 401, code: 'unauthorized' });
    expect(error.message).toBe(
      'The Notes service refused the API key. Open Clipdeck’s options and paste a current key ' +
        '(keys stop working after “Refresh Key”).',
    );
  });

  it('404: a note that does not exist', async () => {
    const error = await failureOf(client.get('no-such-note'));

    expect(error).toMatchObject({ kind: 'not-found', status: 404, code: 'note_not_found' });
    expect(error.message).toMatch(/no such note/);
  });

  it('404 on create: names the notebook that does not exist', async () => {
    const error = await failureOf(client.create({ markdown_text: 'x' }, { deckId: 'nope' }));

    expect(error).toMatchObject({ kind: 'not-found', code: 'deck_not_found' });
    expect(error.message).toMatch(/notebook “nope”/);
  });

  it('404 on delete: the note is gone or deleting is not supported', async () => {
    const error = await failureOf(client.delete('no-such-note'));

    expect(error.kind).toBe('not-found');
    expect(error.message).toMatch(/not found .* or deleting isn’t supported/);
  });

  it('405 on delete: the service does not support deleting through its API', async () => {
    const stub = await startStubServer(reply(405, { error: 'Method not allowed', code: 'm' }));
    try {
      const error = await failureOf(
        createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'k' }).delete('n1'),
      );

      expect(error).toMatchObject({ kind: 'invalid-request', status: 405 });
      expect(error.message).toMatch(
        /^This service does not support deleting notes through its API/,
      );
    } finally {
      await stub.stop();
    }
  });

  it('413: the note is too large', async () => {
    const error = await failureOf(client.create({ markdown_text: 'x'.repeat(1_100_000) }));

    expect(error).toMatchObject({ kind: 'invalid-request', status: 413 });
    expect(error.message).toMatch(/too large/);
  });

  it('429: says how long to wait, from Retry-After in seconds', async () => {
    server.setFaults({ rateLimit: { every: 1, retryAfterSeconds: 7 } });

    const error = await failureOf(client.list());

    expect(error).toMatchObject({ kind: 'rate-limited', status: 429, retryAfterMs: 7000 });
    expect(error.message).toBe(
      'The Notes service is receiving too many requests. Wait 7 seconds and try again.',
    );
  });

  it('429: reads Retry-After given as an HTTP date', async () => {
    server.setFaults({
      rateLimit: { every: 1, retryAfterSeconds: 30, retryAfterFormat: 'http-date' },
    });

    const error = await failureOf(client.list());

    // An HTTP date has whole seconds, so up to one second is lost.
    expect(error.retryAfterMs).toBeGreaterThan(28_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(30_000);
  });

  it('500: a problem on the service’s side, to retry later', async () => {
    server.setFaults({ serverErrorRate: 1 });

    const error = await failureOf(client.get('any'));

    expect(error).toMatchObject({ kind: 'server', status: 500, code: 'internal_error' });
    expect(error.message).toMatch(/Try again in a few minutes/);
  });

  it.each([
    [403, 'auth', /does not allow this API key/],
    [409, 'invalid-request', /conflict/],
    [502, 'server', /HTTP 502/],
    [418, 'invalid-request', /HTTP 418/],
  ])('%i: is a %s error', async (status, kind, message) => {
    const stub = await startStubServer(reply(status, { error: 'no', code: 'c' }));
    try {
      const error = await failureOf(
        createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'k' }).list(),
      );

      expect(error).toMatchObject({ kind, status });
      expect(error.message).toMatch(message);
    } finally {
      await stub.stop();
    }
  });

  it('never repeats the API key, even when the service echoes it', async () => {
    const key = 'sk-live-abcdef123456';
    const stub = await startStubServer(reply(400, { error: `key ${key} is malformed`, code: 'x' }));
    try {
      const error = await failureOf(
        createNotesClient({ baseUrl: stub.baseUrl, apiKey: key }).list(),
      );

      expect(error.message).toMatch(/malformed/);
      expect(`${error.message} ${error.serverMessage}`).not.toContain(key);
    } finally {
      await stub.stop();
    }
  });
});

describe('failures on the way to the service', () => {
  it('network: the service is down', async () => {
    await server.stop();

    const error = await failureOf(client.list());

    expect(error.kind).toBe('network');
    expect(error.message).toBe(
      `Clipdeck could not reach the Notes service at ${new URL(server.baseUrl).origin}. Check ` +
        'your connection and the base URL in Clipdeck’s options, then try again.',
    );
  });

  it('network: nothing listens on the port', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));

    const error = await failureOf(
      createNotesClient({ baseUrl: `http://127.0.0.1:${port}/api`, apiKey: 'k' }).get('n1'),
    );

    expect(error.kind).toBe('network');
  });

  it('network: the connection drops after the note was stored, and the user is told so', async () => {
    server.setFaults({ dropAfterCreateRate: 1 });

    const error = await failureOf(client.create({ markdown_text: 'kept' }));

    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/may have been saved anyway/);
    expect(server.notes()).toEqual([expect.objectContaining({ markdown_text: 'kept' })]);
  });

  it('timeout: the service answers later than timeoutMs', async () => {
    server.setFaults({ latencyMs: 1000 });
    const impatient = createNotesClient({ ...connection(), timeoutMs: 100 });
    const started = Date.now();

    const error = await failureOf(impatient.list());

    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/did not answer within 100 ms/);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('a caller’s signal cancels the request', async () => {
    server.setFaults({ latencyMs: 1000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);

    const error = await client.list({}, { signal: controller.signal }).catch((reason) => reason);

    expect(error).toMatchObject({ name: 'AbortError' });
    expect(toUserError(error).kind).toBe('cancelled');
  });

  it.each([
    ['empty', '', /No API key is set/],
    ['with spaces inside', 'abc def', /characters an API key cannot have/],
  ])('auth: a key that is %s is refused before anything is sent', async (_, apiKey, message) => {
    const error = await failureOf(createNotesClient({ baseUrl: server.baseUrl, apiKey }).list());

    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(message);
    expect(server.stats().requests).toBe(0);
  });
});

describe('answers Clipdeck does not understand', () => {
  let stub: StubServer | undefined;
  afterEach(async () => {
    await stub?.stop();
    stub = undefined;
  });

  it('protocol: a body that is not JSON', async () => {
    stub = await startStubServer(reply(200, '<html>Sign in</html>'));

    const error = await failureOf(createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'k' }).list());

    expect(error.kind).toBe('protocol');
    expect(error.message).toMatch(/not JSON.*base URL/);
  });

  it('protocol: names the field that does not fit the list envelope', async () => {
    const data = [sampleNote(), sampleNote(), sampleNote(), sampleNote({ tags: 'x,y' })];
    stub = await startStubServer(reply(200, { data, total: 4, limit: 0, offset: 0 }));

    const error = await failureOf(createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'k' }).list());

    expect(error).toMatchObject({ kind: 'protocol', field: 'data[3].tags' });
    expect(error.message).toMatch(/\(data\[3\]\.tags: /);
  });

  it('protocol: a single note without its deck', async () => {
    stub = await startStubServer(reply(200, sampleNote()));

    const error = await failureOf(
      createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'k' }).get('n1'),
    );

    expect(error).toMatchObject({ kind: 'protocol', field: 'deck_id' });
  });

  it('protocol: a timestamp that is not a date', async () => {
    stub = await startStubServer(reply(200, sampleNote({ deck_id: 'd', updated_at: 'yesterday' })));

    const error = await failureOf(
      createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'k' }).get('n1'),
    );

    expect(error).toMatchObject({ kind: 'protocol', field: 'updated_at' });
  });

  it('protocol: a create answered with something that is not a note warns it may be saved', async () => {
    stub = await startStubServer(reply(201, { status: 'queued' }));

    const error = await failureOf(
      createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'k' }).create({ markdown_text: 'x' }),
    );

    expect(error).toMatchObject({ kind: 'protocol', field: 'id' });
    expect(error.message).toMatch(/may have been saved anyway/);
  });
});

describe('toUserError', () => {
  it('keeps the kind and sentence of a NotesApiError', () => {
    const error = new NotesApiError('server', 'Try again later.', { status: 500 });

    expect(toUserError(error)).toEqual({ kind: 'server', message: 'Try again later.' });
  });

  it.each([
    ['an Error', new Error('Cannot read properties of undefined\n    at foo (x.ts:1:1)')],
    ['a plain object', { weird: true }],
    ['a string', 'boom'],
    ['undefined', undefined],
  ])('turns %s into a sentence without stack or [object Object]', (_, thrown) => {
    const { kind, message } = toUserError(thrown);

    expect(kind).toBe('unexpected');
    expect(message).toMatch(/^Clipdeck ran into an unexpected problem\. Try again/);
    expect(message).not.toMatch(/\bat |object Object|boom/);
  });
});

function connection() {
  return { baseUrl: server.baseUrl, apiKey: server.apiKey };
}
