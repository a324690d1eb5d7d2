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
 * - bodies over 1 MiB are a 413.
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
  apiKeys: ReadonlySet<string>;
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
  const url = new URL(request.url ?? '/', 'http://localhost');
  const method = request.method ?? 'GET';
  try {
    const body = await readBody(request);
    context.record({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      ...(body === undefined ? {} : { body: recordable(body) }),
    });
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
    authenticate(request, context.apiKeys);
    await route({ method, url, body, request, response, context });
  } catch (error) {
    if (error instanceof HttpError) {
      sendJson(response, error.status, { error: error.message, code: error.code }, error.headers);
    } else {
      sendJson(response, 500, { error: 'Internal server error.', code: 'internal_error' });
    }
  }
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
  const id = match?.[1] === undefined ? undefined : decodeSegment(match[1]);
  if (id === undefined) throw new HttpError(404, 'not_found', `No such path: ${url.pathname}`);

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

function authenticate(request: IncomingMessage, apiKeys: ReadonlySet<string>): void {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1] || !apiKeys.has(match[1])) {
    throw new HttpError(401, 'unauthorized', 'Missing or invalid API key.', {
      'WWW-Authenticate': 'Bearer',
    });
  }
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

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => {
      if (size > MAX_BODY_BYTES) {
        reject(
          new HttpError(413, 'payload_too_large', `Bodies are limited to ${MAX_BODY_BYTES} bytes.`),
        );
      } else {
        resolve(size === 0 ? undefined : Buffer.concat(chunks).toString('utf8'));
      }
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
