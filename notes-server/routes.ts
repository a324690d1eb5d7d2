import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { FaultInjector } from './faults';
import { DEFAULT_DECK_ID, type NoteStore, type StoredNote } from './store';

/**
 * The interface, strictly. Where ../shared/notes-api.md says "not shown", this server picks one
 * reasonable answer (marked "Choice:") so the client is tested against it:
 * - paths answer with and without a trailing slash (`/api/notes` and `/api/notes/`);
 * - `limit` above 100 is a 400; `limit=0` (the default) returns every note;
 * - the list is ordered by `updated_at`, newest first, never by creation;
 * - unknown body fields are a 400 as much as `html_text` is, so a client that sends junk finds out;
 * - a body must come with `Content-Type: application/json` (415 otherwise);
 * - create answers 201 with the note (no `deck_id`); an unknown `deck_id` is a 404;
 * - update answers 200 with the whole note, as the single-note response (with `deck_id`);
 * - delete is `DELETE /api/notes/:id` and answers 204 without a body;
 * - bodies over 1 MiB are a 413, answered as soon as the size is known (from Content-Length, or
 *   while the body streams in), without reading the rest; the connection closes after the answer,
 *   and lingers up to 2 s for the client to close it first (see closeGently);
 * - the key is checked before the body is read: a 401 never reads, parses or records the body;
 * - a path that is not a valid URL or whose id is not valid percent-encoding is a 400.
 */

export const MAX_LIMIT = 100;
export const MAX_BODY_BYTES = 1024 * 1024;

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The JSON body parsed, or the raw text when it was not JSON. */
  body?: unknown;
}

export interface RouteContext {
  store: NoteStore;
  faults: FaultInjector;
  /** Whether a Bearer key is one of the server's keys (see `keyChecker`). */
  acceptsKey(key: string | undefined): boolean;
  record(request: RecordedRequest): void;
}

const noteFieldsSchema = z.strictObject({
  title: z.string().optional(),
  markdown_text: z.string().optional(),
  tags: z.array(z.string()).optional(),
});

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export async function handleRequest(
  request: IncomingMessage,
  response: ServerResponse,
  context: RouteContext,
): Promise<void> {
  const method = request.method ?? 'GET';
  let bodyRead = false;
  try {
    const url = parseTarget(request.url);
    const entry = { method, path: url?.pathname ?? request.url ?? '', query: queryOf(url) };
    if (!url) {
      context.record(entry);
      throw new HttpError(400, 'invalid_path', 'The request path is not a valid URL path.');
    }
    // Before the body: a caller without the key must not make the server read, parse, hold or
    // log what it sends, however large.
    if (!context.acceptsKey(bearerKey(request))) {
      context.record(entry);
      throw new HttpError(401, 'unauthorized', 'Missing or invalid API key.', {
        'WWW-Authenticate': 'Bearer',
      });
    }
    const body = await readBody(request);
    bodyRead = true;
    context.record(body === undefined ? entry : { ...entry, body: recordable(body) });
    await context.faults.delay();
    const fault = context.faults.beforeHandling();
    if (fault?.kind === 'rate-limited') {
      throw new HttpError(429, 'rate_limited', 'Too many requests.', {
        'Retry-After': fault.retryAfter,
      });
    }
    if (fault?.kind === 'server-error') {
      throw new HttpError(500, 'internal_error', 'Internal server error (injected fault).');
    }
    await route({ method, url, body, request, response, context });
  } catch (error) {
    // A body left unread is not drained: the connection is closed after the answer instead.
    const unread = !bodyRead && declaresBody(request);
    const headers: Record<string, string> = unread ? { Connection: 'close' } : {};
    if (unread) closeGently(request);
    if (error instanceof HttpError) {
      sendJson(
        response,
        error.status,
        { error: error.message, code: error.code },
        { ...error.headers, ...headers },
      );
    } else {
      sendJson(response, 500, { error: 'Internal server error.', code: 'internal_error' }, headers);
    }
  }
}

/** How long a connection closed with its body unread stays open after the answer. */
const LINGER_MS = 2000;

/**
 * Answered before its body was read (a 401, a 413): the connection closes after the answer, but
 * not at once. Closed with the rest of the body unread, a connection is reset by the system, and a
 * client still writing its body then fails on that write before it has read the answer. So the
 * server sends the answer and ends its side, and lets the client close first, within LINGER_MS:
 * the "lingering close" of RFC 9112, 9.6. What comes meanwhile is never read.
 */
function closeGently(request: IncomingMessage): void {
  const socket = request.socket;
  // Node's server closes a connection after its last answer with destroySoon (end, then destroy
  // once written). Ending alone leaves the socket open for the client to close; the timer cuts it.
  socket.destroySoon = () => socket.end();
  const cutOff = setTimeout(() => socket.destroy(), LINGER_MS).unref();
  socket.once('close', () => clearTimeout(cutOff));
}

/**
 * The request target as a URL on this server, or undefined when it is not a path (`*`, an
 * absolute URL). The origin is prefixed rather than used as a base, which would read `//host/…`
 * as a host (and throw on `//`).
 */
function parseTarget(target: string | undefined): URL | undefined {
  if (!target?.startsWith('/')) return undefined;
  try {
    return new URL(`http://localhost${target}`);
  } catch {
    return undefined;
  }
}

function queryOf(url: URL | undefined): Record<string, string> {
  return url ? Object.fromEntries(url.searchParams) : {};
}

interface Exchange {
  method: string;
  url: URL;
  body: string | undefined;
  request: IncomingMessage;
  response: ServerResponse;
  context: RouteContext;
}

async function route(exchange: Exchange): Promise<void> {
  const { method, url, response, context } = exchange;
  const { store } = context;
  const path = url.pathname.replace(/\/+$/, '');

  if (path === '/api/notes') {
    if (method === 'GET') return sendJson(response, 200, listNotes(store, url.searchParams));
    if (method === 'POST') return createNote(exchange);
    throw methodNotAllowed('GET, POST');
  }

  const match = /^\/api\/notes\/([^/]+)$/.exec(path);
  if (match?.[1] === undefined) {
    throw new HttpError(404, 'not_found', `No such path: ${url.pathname}`);
  }
  const id = decodeSegment(match[1]);
  if (id === undefined) {
    throw new HttpError(
      400,
      'invalid_path',
      'The note id in the path is not valid percent-encoding.',
    );
  }

  if (method === 'GET') return sendJson(response, 200, singleView(requireNote(store, id)));
  if (method === 'PUT') {
    requireNote(store, id);
    const fields = parseFields(requireJson(exchange));
    const updated = store.update(id, fields);
    return sendJson(response, 200, singleView(updated ?? requireNote(store, id)));
  }
  if (method === 'DELETE') {
    requireNote(store, id);
    store.delete(id);
    response.writeHead(204).end();
    return;
  }
  throw methodNotAllowed('GET, PUT, DELETE');
}

function listNotes(store: NoteStore, query: URLSearchParams) {
  const limit = integerParam(query, 'limit');
  const offset = integerParam(query, 'offset');
  if (limit > MAX_LIMIT) {
    throw new HttpError(400, 'limit_too_large', `limit must be at most ${MAX_LIMIT}.`);
  }
  const matching = store.list({
    deckId: query.get('deck_id') ?? undefined,
    tag: query.get('tag') ?? undefined,
  });
  const page = limit === 0 ? matching.slice(offset) : matching.slice(offset, offset + limit);
  return { data: page.map(listView), total: matching.length, limit, offset };
}

function createNote(exchange: Exchange): void {
  const { url, request, response, context } = exchange;
  const deckId = url.searchParams.get('deck_id') ?? DEFAULT_DECK_ID;
  if (!context.store.hasDeck(deckId)) {
    throw new HttpError(404, 'deck_not_found', `No notebook with deck_id "${deckId}".`);
  }
  const fields = parseFields(requireJson(exchange));
  if (fields.markdown_text === undefined) {
    throw new HttpError(400, 'missing_field', 'markdown_text is required.');
  }
  const note = context.store.create({ ...fields, markdown_text: fields.markdown_text }, deckId);
  if (context.faults.dropAfterCreate()) {
    request.socket.destroy();
    return;
  }
  sendJson(response, 201, listView(note));
}

function bearerKey(request: IncomingMessage): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Compares a key with every configured key in time that depends on neither: both sides are
 * hashed to the same length, `timingSafeEqual` compares the digests, and the loop never stops
 * early, so neither a prefix nor which key matched can be learnt from how long a 401 takes.
 */
export function keyChecker(keys: readonly string[]): (key: string | undefined) => boolean {
  const expected = keys.map(sha256);
  return (key) => {
    const given = sha256(key ?? '');
    let accepted = false;
    for (const digest of expected) accepted = timingSafeEqual(given, digest) || accepted;
    return key !== undefined && accepted;
  };
}

function requireJson(exchange: Exchange): unknown {
  const contentType = exchange.request.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(contentType)) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the body as application/json.');
  }
  const parsed = safeParse(exchange.body ?? '');
  if (parsed === invalidJson) throw new HttpError(400, 'invalid_json', 'The body is not JSON.');
  return parsed;
}

function parseFields(body: unknown) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'invalid_body', 'The body must be a JSON object.');
  }
  if ('html_text' in body) {
    throw new HttpError(
      400,
      'html_text_not_supported',
      'html_text is no longer supported; send markdown_text.',
    );
  }
  const parsed = noteFieldsSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.code === 'unrecognized_keys') {
      throw new HttpError(400, 'unknown_field', `Unknown field: ${issue.keys.join(', ')}.`);
    }
    throw new HttpError(400, 'invalid_field', `${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}

function requireNote(store: NoteStore, id: string): StoredNote {
  const note = store.get(id);
  if (!note) throw new HttpError(404, 'note_not_found', `No note with id "${id}".`);
  return note;
}

function integerParam(query: URLSearchParams, name: string): number {
  const raw = query.get(name);
  if (raw === null) return 0;
  if (!/^\d+$/.test(raw)) {
    throw new HttpError(400, `invalid_${name}`, `${name} must be a whole number of 0 or more.`);
  }
  return Number(raw);
}

function methodNotAllowed(allow: string): HttpError {
  return new HttpError(405, 'method_not_allowed', `Allowed methods: ${allow}.`, { Allow: allow });
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The list and create responses do not carry `deck_id`. */
function listView({ deck_id: _deck, ...note }: StoredNote) {
  return note;
}

function singleView(note: StoredNote) {
  return { ...note };
}

function payloadTooLarge(): HttpError {
  return new HttpError(413, 'payload_too_large', `Bodies are limited to ${MAX_BODY_BYTES} bytes.`);
}

function declaresBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (!!length && length !== '0');
}

/**
 * The body as text, refused with a 413 as soon as it is known to be too large: from its declared
 * Content-Length before a byte is read, or at the chunk that crosses the limit, never after
 * taking in the rest.
 */
function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
      reject(payloadTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      request.off('data', onData);
      request.pause();
      reject(payloadTooLarge());
    };
    request.on('data', onData);
    request.on('end', () => {
      resolve(size === 0 ? undefined : Buffer.concat(chunks).toString('utf8'));
    });
    request.on('error', reject);
  });
}

const invalidJson = Symbol('invalid JSON');

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return invalidJson;
  }
}

function recordable(body: string): unknown {
  const parsed = safeParse(body);
  return parsed === invalidJson ? body : parsed;
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}
