import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import { rawRequest } from './raw-request';

let server: NotesServer;

beforeEach(async () => {
  server = await startNotesServer({ decks: ['work'] });
});
afterEach(async () => {
  await server.stop();
});

/** A raw request, so the test sees exactly what a client would: status, headers, JSON body. */
async function call(
  method: string,
  path: string,
  options: {
    body?: unknown;
    key?: string | null;
    contentType?: string | null;
    rawBody?: string;
  } = {},
) {
  const headers: Record<string, string> = {};
  const key = options.key === undefined ? server.apiKey : options.key;
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  const body =
    options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
  if (body !== undefined && contentType !== null) headers['Content-Type'] = contentType;
  const response = await fetch(`${server.baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text ? JSON.parse(text) : undefined,
  };
}

async function createNote(fields: Record<string, unknown> = {}, query = '') {
  const response = await call('POST', `/notes/${query}`, {
    body: { markdown_text: 'text', ...fields },
  });
  expect(response.status).toBe(201);
  return response.json as { id: string; updated_at: string };
}

describe('authentication', () => {
  it.each([
    ['no Authorization header', null],
    ['a wrong key', 'not-the-key'],
  ])('answers 401 with an error body for %s', async (_, key) => {
    const response = await call('GET', '/notes/', { key });

    expect(response.status).toBe(401);
    expect(response.json).toEqual({ error: expect.any(String), code: 'unauthorized' });
  });

  it('accepts only the Bearer scheme', async () => {
    const response = await fetch(`${server.baseUrl}/notes/`, {
      headers: { Authorization: `Basic ${server.apiKey}` },
    });

    expect(response.status).toBe(401);
  });

  it('accepts every configured key', async () => {
    const multi = await startNotesServer({ apiKeys: ['first', 'second'] });
    try {
      for (const key of ['first', 'second']) {
        const response = await fetch(`${multi.baseUrl}/notes/`, {
          headers: { Authorization: `Bearer ${key}` },
        });
        expect(response.status).toBe(200);
      }
    } finally {
      await multi.stop();
    }
  });
});

const FIFTY_MB = 50 * 1024 * 1024;

/** A request with its path sent as written, to the server's origin. */
function raw(options: Parameters<typeof rawRequest>[1]) {
  return rawRequest(new URL(server.baseUrl).origin, options);
}

describe('bodies it must not read', () => {
  it('neither stores nor records the body of a request without the key', async () => {
    const response = await call('POST', '/notes/', {
      key: 'not-the-key',
      body: { markdown_text: 'a private page' },
    });

    expect(response.status).toBe(401);
    expect(server.requests()).toEqual([{ method: 'POST', path: '/api/notes/', query: {} }]);
    expect(server.notes()).toEqual([]);
  });

  it('answers 401 to a 50 MB body without a key before the client has sent it', async () => {
    const answer = await raw({
      method: 'POST',
      path: '/api/notes/',
      headers: { 'Content-Type': 'application/json' },
      stream: { bytes: FIFTY_MB },
    });

    expect(answer.status).toBe(401);
    expect(answer.bytesSent).toBeLessThan(FIFTY_MB);
  });

  it('answers 413 to a Content-Length over 1 MiB without waiting for the body', async () => {
    const answer = await raw({
      method: 'POST',
      path: '/api/notes/',
      headers: {
        Authorization: `Bearer ${server.apiKey}`,
        'Content-Type': 'application/json',
        'Content-Length': FIFTY_MB,
      },
      stream: { bytes: 1024, end: false },
    });

    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'payload_too_large' });
  });

  it('answers 413 to a streamed body as soon as it passes 1 MiB', async () => {
    const answer = await raw({
      method: 'POST',
      path: '/api/notes/',
      headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
      stream: { bytes: FIFTY_MB },
    });

    expect(answer.status).toBe(413);
    expect(answer.bytesSent).toBeLessThan(FIFTY_MB);
    expect(server.notes()).toEqual([]);
  });
});

describe('the connection after an answer given before the body was read', () => {
  const CHUNK = 64 * 1024;
  const chunk = `${CHUNK.toString(16)}\r\n${'x'.repeat(CHUNK)}\r\n`;
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  /**
   * Streams a chunked body past 1 MiB over a plain socket, a chunk per turn of the event loop, until
   * the whole 413 has come in. The socket stays open for writing when the server ends its side.
   */
  async function overflow(): Promise<{
    socket: Socket;
    answer: () => string;
    ended: Promise<unknown>;
  }> {
    const { hostname, port } = new URL(server.baseUrl);
    const socket = connect({ host: hostname, port: Number(port), allowHalfOpen: true });
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (data: Buffer) => {
      answer += data.toString('latin1');
    });
    const ended = once(socket, 'end');
    socket.write(
      `POST /api/notes/ HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${server.apiKey}\r\n` +
        'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    // The last chunk of a chunked answer: the 413 has come in whole.
    while (!answer.endsWith('0\r\n\r\n')) {
      socket.write(chunk);
      await turn();
    }
    return { socket, answer: () => answer, ended };
  }

  it('answers a 413 and ends its side, and lets a client still writing close first', async () => {
    const { socket, answer, ended } = await overflow();
    expect(answer()).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer()).toMatch(/\r\nconnection: close\r\n/i);

    // Closed at once with the body unread, the connection would be reset and this write would fail.
    await ended;
    for (let sent = 0; sent < 256 * 1024; sent += CHUNK) {
      await new Promise<void>((resolve, reject) =>
        socket.write(chunk, (error) => (error ? reject(error) : resolve())),
      );
    }
    socket.end();
    await once(socket, 'close');
    expect(server.notes()).toEqual([]);
  });

  it('cuts off a client still writing two seconds after the 413', async () => {
    const { socket } = await overflow();
    const answeredAt = Date.now();
    // The cut shows as a reset: an error on the next write, then the close.
    socket.on('error', () => {});
    const closed = new Promise((resolve) => socket.on('close', resolve));
    const writing = setInterval(() => socket.write('1\r\nx\r\n'), 50);
    await closed;
    clearInterval(writing);

    // About 2 s: the window is wide, since a loaded machine delays the answer's arrival and the
    // timer. Closing at once (in a few milliseconds) or never is what it must tell apart.
    const lingered = Date.now() - answeredAt;
    expect(lingered).toBeGreaterThanOrEqual(1000);
    expect(lingered).toBeLessThan(5000);
  }, 10_000);
});

describe('malformed requests', () => {
  it.each([
    ['an id that is not valid percent-encoding', 'GET', '/api/notes/%E0%A4%A', 400, 'invalid_path'],
    ['an id with a broken escape in a PUT', 'PUT', '/api/notes/%ZZ', 400, 'invalid_path'],
    ['a target that is not a URL', 'GET', 'http://[', 400, 'invalid_path'],
    ['an empty authority', 'GET', '//', 404, 'not_found'],
    ['a path that reads as another host', 'GET', '//[/api/notes/', 404, 'not_found'],
  ])('answers %s with an error body, and keeps serving', async (_, method, path, status, code) => {
    const answer = await raw({
      method,
      path,
      headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
      ...(method === 'PUT' ? { body: '{}' } : {}),
    });

    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.text)).toEqual({ error: expect.any(String), code });
    expect((await call('GET', '/notes/')).status).toBe(200);
  });
});

describe('the list', () => {
  it('returns the envelope, without deck_id on the notes', async () => {
    await createNote({ title: 'a', tags: ['t'] });

    const response = await call('GET', '/notes/');

    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ total: 1, limit: 0, offset: 0 });
    expect(Object.keys(response.json.data[0]).sort()).toEqual([
      'created_at',
      'id',
      'markdown_text',
      'tags',
      'title',
      'updated_at',
    ]);
  });

  it('returns every note for limit=0, the default', async () => {
    await Promise.all(Array.from({ length: 120 }, () => createNote()));

    expect((await call('GET', '/notes/')).json.data).toHaveLength(120);
    expect((await call('GET', '/notes/?limit=0')).json.data).toHaveLength(120);
  });

  it.each([
    ['limit=101', 'limit_too_large'],
    ['limit=abc', 'invalid_limit'],
    ['limit=-1', 'invalid_limit'],
    ['limit=2.5', 'invalid_limit'],
    ['offset=-3', 'invalid_offset'],
    ['offset=x', 'invalid_offset'],
  ])('refuses %s with 400', async (query, code) => {
    const response = await call('GET', `/notes/?${query}`);

    expect(response.status).toBe(400);
    expect(response.json.code).toBe(code);
  });

  it('filters by deck_id and tag and pages with limit and offset', async () => {
    await createNote({ tags: ['x'] }, '?deck_id=work');
    await createNote({ tags: ['x'] });
    await createNote({ tags: ['y'] }, '?deck_id=work');

    expect((await call('GET', '/notes/?deck_id=work')).json.total).toBe(2);
    expect((await call('GET', '/notes/?tag=x')).json.total).toBe(2);
    expect((await call('GET', '/notes/?deck_id=work&tag=x')).json.total).toBe(1);
    const page = (await call('GET', '/notes/?limit=2&offset=2')).json;
    expect(page).toMatchObject({ total: 3, limit: 2, offset: 2 });
    expect(page.data).toHaveLength(1);
  });

  it('orders by last update, not by creation', async () => {
    const first = await createNote({ title: 'first' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await createNote({ title: 'second' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call('PUT', `/notes/${first.id}`, { body: { tags: ['touched'] } });

    const titles = (await call('GET', '/notes/')).json.data.map(
      (note: { title: string }) => note.title,
    );

    expect(titles).toEqual(['first', 'second']);
  });
});

describe('creating notes', () => {
  it('answers 201 with the note, without deck_id, timestamps in ISO 8601 UTC', async () => {
    const response = await call('POST', '/notes/', { body: { markdown_text: '# Hi' } });

    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      id: expect.any(String),
      title: '',
      markdown_text: '# Hi',
      tags: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: response.json.created_at,
    });
  });

  it('puts a note into the notebook given, and the default one otherwise', async () => {
    const inWork = await createNote({}, '?deck_id=work');
    const inDefault = await createNote();

    expect((await call('GET', `/notes/${inWork.id}`)).json.deck_id).toBe('work');
    expect((await call('GET', `/notes/${inDefault.id}`)).json.deck_id).toBe('default');
  });

  it('answers 404 for a notebook it does not know', async () => {
    const response = await call('POST', '/notes/?deck_id=elsewhere', {
      body: { markdown_text: 'x' },
    });

    expect(response.status).toBe(404);
    expect(response.json.code).toBe('deck_not_found');
    expect(server.notes()).toEqual([]);
  });

  it.each([
    ['missing markdown_text', { title: 't' }, 'missing_field'],
    ['a number as markdown_text', { markdown_text: 1 }, 'invalid_field'],
    ['null as markdown_text', { markdown_text: null }, 'invalid_field'],
    ['a number as title', { markdown_text: 'x', title: 5 }, 'invalid_field'],
    ['a string as tags', { markdown_text: 'x', tags: 'a,b' }, 'invalid_field'],
    ['a number among tags', { markdown_text: 'x', tags: ['a', 1] }, 'invalid_field'],
    ['html_text', { markdown_text: 'x', html_text: '<p>x</p>' }, 'html_text_not_supported'],
    ['an unknown field', { markdown_text: 'x', colour: 'red' }, 'unknown_field'],
    ['an array body', [{ markdown_text: 'x' }], 'invalid_body'],
  ])('answers 400 for %s and stores nothing', async (_, body, code) => {
    const response = await call('POST', '/notes/', { body });

    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: expect.any(String), code });
    expect(server.notes()).toEqual([]);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await call('POST', '/notes/', { rawBody: '{"markdown_text": ' });

    expect(response).toMatchObject({ status: 400, json: { code: 'invalid_json' } });
  });

  it('answers 415 for a body sent without Content-Type: application/json', async () => {
    const response = await call('POST', '/notes/', {
      body: { markdown_text: 'x' },
      contentType: 'text/plain',
    });

    expect(response.status).toBe(415);
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const response = await call('POST', '/notes/', {
      body: { markdown_text: 'x'.repeat(1 << 20) },
    });

    expect(response).toMatchObject({ status: 413, json: { code: 'payload_too_large' } });
  });
});

describe('single notes', () => {
  it('reads a note with its deck_id', async () => {
    const created = await createNote({ title: 't', tags: ['a'] });

    const response = await call('GET', `/notes/${created.id}`);

    expect(response.json).toEqual({ ...created, deck_id: 'default' });
  });

  it('updates only the fields present and answers with the whole note', async () => {
    const created = await createNote({ title: 'old', tags: ['keep'] });

    const response = await call('PUT', `/notes/${created.id}`, { body: { title: 'new' } });

    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ title: 'new', markdown_text: 'text', tags: ['keep'] });
    expect(response.json.updated_at >= created.updated_at).toBe(true);
  });

  it('refuses html_text in an update', async () => {
    const created = await createNote();

    const response = await call('PUT', `/notes/${created.id}`, { body: { html_text: '<p>' } });

    expect(response).toMatchObject({ status: 400, json: { code: 'html_text_not_supported' } });
  });

  it('deletes with 204, after which the note is 404', async () => {
    const created = await createNote();

    expect((await call('DELETE', `/notes/${created.id}`)).status).toBe(204);
    expect((await call('GET', `/notes/${created.id}`)).status).toBe(404);
    expect((await call('DELETE', `/notes/${created.id}`)).status).toBe(404);
  });

  it.each(['GET', 'PUT', 'DELETE'])('answers 404 to %s on an unknown id', async (method) => {
    const response = await call(method, '/notes/missing', method === 'PUT' ? { body: {} } : {});

    expect(response).toMatchObject({ status: 404, json: { code: 'note_not_found' } });
  });
});

describe('paths and methods', () => {
  it('accepts the paths with and without a trailing slash', async () => {
    const created = await createNote();

    expect((await call('GET', '/notes')).status).toBe(200);
    expect((await call('GET', `/notes/${created.id}/`)).status).toBe(200);
  });

  it.each(['/', '/notebooks/', '/notes/a/b', '/../notes/'])('answers 404 for %s', async (path) => {
    expect((await call('GET', path)).status).toBe(404);
  });

  it.each([
    ['PUT', '/notes/', 'GET, POST'],
    ['DELETE', '/notes/', 'GET, POST'],
    ['POST', '/notes/some-id', 'GET, PUT, DELETE'],
    ['PATCH', '/notes/some-id', 'GET, PUT, DELETE'],
  ])('answers 405 to %s %s with Allow', async (method, path, allow) => {
    const response = await call(method, path);

    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    expect(response.json.code).toBe('method_not_allowed');
  });
});

describe('faults switched on at runtime', () => {
  it('adds latency', async () => {
    server.setFaults({ latencyMs: 150 });
    const started = Date.now();

    await call('GET', '/notes/');

    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(server.stats().faults.latency).toBe(1);
  });

  it('answers every n-th request with 429 and Retry-After', async () => {
    server.setFaults({ rateLimit: { every: 3, retryAfterSeconds: 4 } });

    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let index = 0; index < 6; index += 1) {
      const response = await call('GET', '/notes/');
      statuses.push(response.status);
      retryAfter ??= response.headers.get('retry-after');
    }

    expect(statuses).toEqual([200, 200, 429, 200, 200, 429]);
    expect(retryAfter).toBe('4');
    expect(server.stats()).toMatchObject({ requests: 6, faults: { rateLimited: 2 } });
  });

  it('fails the same requests with 500 for the same seed', async () => {
    const run = async () => {
      server.setFaults({ serverErrorRate: 0.5, seed: 42 });
      const statuses: number[] = [];
      for (let index = 0; index < 12; index += 1)
        statuses.push((await call('GET', '/notes/')).status);
      return statuses;
    };

    const first = await run();
    const second = await run();

    expect(first).toEqual(second);
    expect(first).toContain(500);
    expect(first).toContain(200);
  });

  it('stores a note and then drops the connection without answering', async () => {
    server.setFaults({ dropAfterCreateRate: 1 });

    await expect(call('POST', '/notes/', { body: { markdown_text: 'saved' } })).rejects.toThrow();

    expect(server.notes()).toEqual([expect.objectContaining({ markdown_text: 'saved' })]);
    expect(server.stats().faults.droppedAfterCreate).toBe(1);
  });

  it('stops injecting when the faults are cleared', async () => {
    server.setFaults({ serverErrorRate: 1 });
    expect((await call('GET', '/notes/')).status).toBe(500);

    server.setFaults({});

    expect((await call('GET', '/notes/')).status).toBe(200);
  });
});

describe('restarts', () => {
  it('comes back on the same port with the same notes', async () => {
    const created = await createNote();
    const { port } = server;

    await server.restart();

    expect(server.port).toBe(port);
    expect((await call('GET', `/notes/${created.id}`)).status).toBe(200);
  });

  it('keeps notes in the data file for the next server', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'notes-server-'));
    const dataFile = join(directory, 'notes.json');
    try {
      const first = await startNotesServer({ dataFile, decks: ['work'], apiKeys: ['k'] });
      await fetch(`${first.baseUrl}/notes/?deck_id=work`, {
        method: 'POST',
        headers: { Authorization: 'Bearer k', 'Content-Type': 'application/json' },
        body: JSON.stringify({ markdown_text: 'remember me' }),
      });
      await first.stop();

      const second = await startNotesServer({ dataFile, apiKeys: ['k'] });
      try {
        expect(second.notes()).toEqual([
          expect.objectContaining({ markdown_text: 'remember me', deck_id: 'work' }),
        ]);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('refuses to start on a data file that does not hold its notes, and says what to do', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'notes-server-'));
    const dataFile = join(directory, 'notes.json');
    writeFileSync(dataFile, '{"notes": "not a list"}');
    try {
      await expect(startNotesServer({ dataFile })).rejects.toThrow(
        `${dataFile} does not hold notes saved by the Notes server. Move it aside`,
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
