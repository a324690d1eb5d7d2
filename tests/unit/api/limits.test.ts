import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import {
  createNotesClient,
  LIST_RESPONSE_LIMIT_BYTES,
  NOTE_RESPONSE_LIMIT_BYTES,
  type NotesClient,
} from '../../../utils/api';
import { failureOf, type StubServer, sampleNote, startStubServer } from './stub-server';

let server: NotesServer;
let client: NotesClient;
const stubs: StubServer[] = [];

beforeEach(async () => {
  server = await startNotesServer();
  client = createNotesClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
});
afterEach(async () => {
  await Promise.all([server.stop(), ...stubs.splice(0).map((stub) => stub.stop())]);
});

describe('note ids that are not one path segment', () => {
  const unusable = [
    '',
    ' ',
    '.',
    '..',
    '%2e',
    '%2E%2e',
    '.%2e',
    '%252e%252e',
    'a/b',
    '../x',
    'a%2Fb',
    'a\\b',
  ];

  it('are refused before any request, for get, update and delete', async () => {
    const kept = await client.create({ title: 'Keep me', markdown_text: 'still here' });
    const before = server.requests().length;

    for (const id of unusable) {
      for (const call of [
        () => client.get(id),
        () => client.update(id, { title: 'Overwritten' }),
        () => client.delete(id),
      ]) {
        const error = await failureOf(call());
        expect(error.kind, JSON.stringify(id)).toBe('invalid-request');
        expect(error.message).toMatch(/is not a note id Clipdeck can send/);
      }
    }

    expect(server.requests()).toHaveLength(before);
    expect(server.notes()).toEqual([
      expect.objectContaining({ id: kept?.id, title: 'Keep me', markdown_text: 'still here' }),
    ]);
  });

  it('dots inside an id are fine', async () => {
    const stub = await startStubServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(sampleNote({ deck_id: 'd' })));
    });
    stubs.push(stub);
    const stubClient = createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'k' });
    await stubClient.get('...');
    await stubClient.get('v1.2');
    expect(stub.received.map((request) => request.url)).toEqual([
      '/api/notes/...',
      '/api/notes/v1.2',
    ]);
  });
});

/** Streams `bytes` of a JSON-looking body in 1 MiB chunks, stopping early if the client leaves. */
function streamBody(response: ServerResponse, bytes: number, sent: { bytes: number }) {
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.write('{"data":"');
  const next = () => {
    while (sent.bytes < bytes && !response.destroyed) {
      sent.bytes += chunk.length;
      if (!response.write(chunk)) {
        response.once('drain', next);
        return;
      }
    }
    if (!response.destroyed) response.end('"}');
  };
  response.on('close', () => response.removeAllListeners('drain'));
  next();
}

describe('answers too large to read', () => {
  it('a note past the limit is refused with a sentence, without reading it whole', async () => {
    const sent = { bytes: 0 };
    const stub = await startStubServer((_request, response) =>
      streamBody(response, 64 * NOTE_RESPONSE_LIMIT_BYTES, sent),
    );
    stubs.push(stub);

    const error = await failureOf(
      createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'k' }).get('n1'),
    );

    expect(error).toMatchObject({
      kind: 'protocol',
      responseLimitBytes: NOTE_RESPONSE_LIMIT_BYTES,
    });
    expect(error.message).toMatch(/larger than Clipdeck reads \(over 8 MiB for one note\)/);
    expect(error.message).toMatch(/base URL/);
    // Stopped soon after the limit, not after the 512 MiB the server would have sent.
    expect(sent.bytes).toBeLessThan(4 * NOTE_RESPONSE_LIMIT_BYTES);
  });

  it('a list page gets a larger limit: a page just under it is read, one over it refused', async () => {
    const sizes = [
      LIST_RESPONSE_LIMIT_BYTES - 2 * 1024 * 1024,
      LIST_RESPONSE_LIMIT_BYTES + 64 * 1024,
    ];
    const stub = await startStubServer((_request, response) => {
      const size = sizes.shift() ?? 0;
      const filler = 'a'.repeat(size - 200);
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({
          data: [sampleNote({ markdown_text: filler })],
          total: 1,
          limit: 100,
          offset: 0,
        }),
      );
    });
    stubs.push(stub);
    const stubClient = createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'k' });

    const page = await stubClient.list({ limit: 100 });
    expect(page.data[0]?.markdown_text.length).toBeGreaterThan(NOTE_RESPONSE_LIMIT_BYTES);

    const error = await failureOf(stubClient.list({ limit: 100 }));
    expect(error.message).toMatch(/over 32 MiB for one page of notes/);
  }, 60_000);

  it('a declared Content-Length past the limit is refused before the body arrives', async () => {
    let closed = false;
    const stub = await startStubServer((_request, response) => {
      response.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Length': String(2 * NOTE_RESPONSE_LIMIT_BYTES),
      });
      response.write('{"id":');
      response.on('close', () => {
        closed = true;
      });
      // Never finishes: a client that waited for the body would time out instead.
    });
    stubs.push(stub);

    const error = await failureOf(
      createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'k', timeoutMs: 5000 }).get('n1'),
    );
    expect(error).toMatchObject({
      kind: 'protocol',
      responseLimitBytes: NOTE_RESPONSE_LIMIT_BYTES,
    });
    await expect.poll(() => closed).toBe(true);
  });

  it('a huge error answer is cut short, not refused: the status still decides', async () => {
    const sent = { bytes: 0 };
    const stub = await startStubServer((_request, response) => {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 'x');
      const next = () => {
        while (sent.bytes < 64 * 1024 * 1024 && !response.destroyed) {
          sent.bytes += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', next);
        }
        if (!response.destroyed) response.end();
      };
      next();
    });
    stubs.push(stub);

    const error = await failureOf(
      createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'k' }).list({ limit: 1 }),
    );
    expect(error).toMatchObject({ kind: 'server', status: 500 });
    expect(sent.bytes).toBeLessThan(16 * 1024 * 1024);
  });
});
