import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NotesApiError } from '../../../utils/api';

export interface StubServer {
  baseUrl: string;
  /** What the client sent, in order. */
  received: { method: string; url: string; headers: IncomingMessage['headers'] }[];
  stop(): Promise<void>;
}

/**
 * A service that answers the way a test says: for the misbehaviour the local Notes server is too
 * well-behaved to show (broken JSON, wrong shapes, statuses it never sends).
 */
export async function startStubServer(
  answer: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<StubServer> {
  const received: StubServer['received'] = [];
  const server = createServer((request, response) => {
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
    });
    request.resume();
    request.on('end', () => answer(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** An answer with a JSON (or deliberately not JSON) body. */
export function reply(status: number, body: unknown, headers: Record<string, string> = {}) {
  return (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

export function sampleNote(overrides: Record<string, unknown> = {}) {
  return {
    id: 'n1',
    title: 'A title',
    markdown_text: '# Hello',
    tags: ['x'],
    created_at: '2026-01-02T03:04:05Z',
    updated_at: '2026-01-02T03:04:05Z',
    ...overrides,
  };
}

/** The rejection of `promise`, which must be a NotesApiError. */
export async function failureOf(promise: Promise<unknown>): Promise<NotesApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof NotesApiError)) throw new Error(`Expected a NotesApiError, got ${error}`);
  return error;
}
