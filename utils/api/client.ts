import type * as z from 'zod/mini';
import { NotesApiError, type NotesApiErrorDetails, type NotesApiErrorKind } from './errors';
import {
  type Note,
  type NoteDraft,
  type NoteList,
  type NotePatch,
  type NoteWithDeck,
  noteListSchema,
  noteSchema,
  noteWithDeckSchema,
  partialErrorBodySchema,
} from './schemas';
import { type ApiSentence, type ApiWords, englishApiWords } from './sentences';

/** The interface's maximum for `limit`. The client never asks for more in one page. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_TIMEOUT_MS = 15_000;

export interface NotesClientOptions {
  /** The service's base address; it already carries `/api`. A trailing slash is optional. */
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  /** How errors are worded: English by default (the command line); the extension's language. */
  words?: ApiWords;
}

export interface RequestOptions {
  /** Aborting it rejects the call with the signal's reason, as `fetch` does. */
  signal?: AbortSignal;
}

export interface ListQuery {
  /** Notes per page. Above 100 it is clamped to 100; the envelope's `limit` says what applied. */
  limit?: number;
  offset?: number;
  /** Only notes in this notebook; empty means every notebook. */
  deckId?: string;
  /** Only notes with this tag; empty means any tag. */
  tag?: string;
}

export interface ListAllOptions extends RequestOptions {
  onPage?: (page: NoteList, loaded: number) => void;
}

export interface CreateOptions extends RequestOptions {
  /** The notebook that receives the note; the service's default notebook when absent or empty. */
  deckId?: string;
}

export interface NotesClient {
  list(query?: ListQuery, options?: RequestOptions): Promise<NoteList>;
  listAll(query?: Pick<ListQuery, 'deckId' | 'tag'>, options?: ListAllOptions): Promise<Note[]>;
  get(id: string, options?: RequestOptions): Promise<NoteWithDeck>;
  /** The created note, or `null` when the service confirmed with an empty body. */
  create(draft: NoteDraft, options?: CreateOptions): Promise<Note | null>;
  /** The updated note when the service sends it back, otherwise `null`. */
  update(id: string, patch: NotePatch, options?: RequestOptions): Promise<Note | null>;
  delete(id: string, options?: RequestOptions): Promise<void>;
}

type Operation = 'list' | 'get' | 'create' | 'update' | 'delete';

interface Call {
  operation: Operation;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to the base URL, already encoded. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: Record<string, unknown>;
  signal?: AbortSignal | undefined;
  deckId?: string | undefined;
}

/**
 * Accepts the base URL with or without trailing slashes and returns it without them, so paths
 * can be appended as `${base}/notes/`.
 */
export function normalizeBaseUrl(raw: string, words: ApiWords = englishApiWords): string {
  return baseUrlOf(raw, words);
}

function baseUrlOf(raw: string, words: ApiWords): string {
  const url = parseUrl(raw.trim());
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    throw new NotesApiError('invalid-request', words({ id: 'badBaseUrl' }), {
      sentence: { id: 'badBaseUrl' },
    });
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function parseUrl(text: string, base?: string): URL | undefined {
  try {
    return new URL(text, base);
  } catch {
    return undefined;
  }
}

/** A client whose errors are worded in English unless `options.words` says otherwise. */
export function createNotesClient(options: NotesClientOptions): NotesClient {
  return createWordedNotesClient({ ...options, words: options.words ?? englishApiWords });
}

/**
 * The extension's client: its errors are worded by `words` (the extension passes
 * `apiSentenceText`, from the locales). Nothing here names the English sentences, so the
 * background, which never uses them, does not carry them (1.6 kB gzipped; bench/capture/capture-speed.md).
 */
export function createWordedNotesClient(
  options: NotesClientOptions & { words: ApiWords },
): NotesClient {
  const { apiKey, timeoutMs = DEFAULT_TIMEOUT_MS, words } = options;
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);

  const fail = (kind: NotesApiErrorKind, said: ApiSentence, details?: NotesApiErrorDetails) => {
    // The service's text and a redirect's address may echo the key: none of it is kept.
    const sentence = Object.fromEntries(
      Object.entries(said).map(([name, value]) => [
        name,
        typeof value === 'string' ? redact(value, apiKey) : value,
      ]),
    ) as ApiSentence;
    return new NotesApiError(kind, redact(words(sentence), apiKey), {
      ...details,
      sentence,
      serverMessage:
        details?.serverMessage === undefined ? undefined : redact(details.serverMessage, apiKey),
      location: details?.location === undefined ? undefined : redact(details.location, apiKey),
    });
  };

  /**
   * The body of a 2xx answer; anything else is thrown as a NotesApiError. Redirects are never
   * followed with the key (`redirect: 'manual'`): where a key goes is the user's choice, not the
   * answering server's. The one exception is a same-origin redirect that only adds or removes a
   * trailing slash, re-sent here once, to the same origin, with the same method and body.
   */
  async function send(call: Call): Promise<string> {
    const base = baseUrlOf(options.baseUrl, words);
    const key = apiKey.trim();
    checkKey(key, fail);
    call.signal?.throwIfAborted();

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort(call.signal?.reason);
    call.signal?.addEventListener('abort', forwardAbort, { once: true });

    const transportError = (cause: unknown, url: string): unknown => {
      if (timedOut) {
        return fail(
          'timeout',
          { id: 'timeout', ms: timeoutMs, maybeSaved: call.operation === 'create' },
          { cause },
        );
      }
      if (call.signal?.aborted) return call.signal.reason;
      return fail(
        'network',
        { id: 'network', origin: new URL(url).origin, maybeSaved: call.operation === 'create' },
        { cause },
      );
    };

    try {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${key}`,
        Accept: 'application/json',
      };
      if (call.body) headers['Content-Type'] = 'application/json';
      let url = buildUrl(base, call);
      for (let hop = 0; ; hop++) {
        let response: Response;
        try {
          response = await fetchImpl(url, {
            method: call.method,
            headers,
            body: call.body ? JSON.stringify(call.body) : undefined,
            signal: controller.signal,
            redirect: 'manual',
          });
        } catch (error) {
          throw transportError(error, url);
        }
        if (isRedirect(response)) {
          cancelBody(response);
          const location = await redirectTarget(response, url, fetchImpl, controller.signal);
          if (hop === 0 && location !== undefined && onlySlashDiffers(url, location)) {
            url = location;
            continue;
          }
          throw movedError(call, base, response, location, fail);
        }
        const limit = response.ok ? responseLimit(call) : ERROR_BODY_LIMIT_BYTES;
        let text: string;
        try {
          // An error answer is cut short rather than refused: only its `error` and `code` matter.
          text = await readLimited(response, limit, { truncate: !response.ok });
        } catch (error) {
          if (error instanceof ResponseTooLarge) throw tooLargeError(call, limit);
          throw transportError(error, url);
        }
        if (!response.ok) throw statusError(call, response, text, fail);
        return text;
      }
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', forwardAbort);
    }
  }

  const tooLargeError = (call: Call, limit: number) =>
    fail(
      'protocol',
      {
        id: 'tooLarge',
        bytes: limit,
        list: call.operation === 'list',
        maybeSaved: call.operation === 'create',
      },
      { responseLimitBytes: limit },
    );

  const protocolError = (call: Call, problem: { field: string; issue: string } | undefined) =>
    fail(
      'protocol',
      problem === undefined
        ? { id: 'notJson', maybeSaved: call.operation === 'create' }
        : { id: 'badField', ...problem, maybeSaved: call.operation === 'create' },
      problem === undefined ? {} : { field: problem.field },
    );

  function parseJson(call: Call, text: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      throw protocolError(call, undefined);
    }
  }

  function validate<T>(call: Call, schema: z.ZodMiniType<T>, body: unknown): T {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = formatPath(issue?.path ?? []);
    throw protocolError(call, { field, issue: issue?.message ?? 'unexpected value' });
  }

  const isBlank = (text: string) => text.trim() === '';

  const client: NotesClient = {
    async list(query = {}, requestOptions = {}) {
      const call: Call = {
        operation: 'list',
        method: 'GET',
        path: '/notes/',
        query: {
          limit: query.limit === undefined ? undefined : pageSize(query.limit),
          offset:
            query.offset === undefined ? undefined : nonNegativeInteger('offset', query.offset),
          deck_id: presentOrUndefined(query.deckId),
          tag: presentOrUndefined(query.tag),
        },
        signal: requestOptions.signal,
      };
      const text = await send(call);
      return validate(call, noteListSchema, parseJson(call, text));
    },

    async listAll(query = {}, { signal, onPage } = {}) {
      // Keyed by id: a page that repeats notes (a service that ignores `offset`, or notes added
      // while paging) adds nothing, and a page that adds nothing ends the loop.
      const notes = new Map<string, Note>();
      let offset = 0;
      for (;;) {
        const page = await client.list(
          { limit: MAX_PAGE_SIZE, offset, deckId: query.deckId, tag: query.tag },
          { signal },
        );
        const before = notes.size;
        for (const note of page.data) if (!notes.has(note.id)) notes.set(note.id, note);
        onPage?.(page, notes.size);
        const pageLimit = page.limit > 0 ? Math.min(page.limit, MAX_PAGE_SIZE) : MAX_PAGE_SIZE;
        offset += page.data.length;
        const noProgress = notes.size === before;
        const shortPage = page.data.length < pageLimit;
        if (noProgress || shortPage || notes.size >= page.total || offset >= page.total) break;
      }
      return [...notes.values()];
    },

    async get(id, requestOptions = {}) {
      const call: Call = {
        operation: 'get',
        method: 'GET',
        path: notePath(id, fail),
        signal: requestOptions.signal,
      };
      const text = await send(call);
      return validate(call, noteWithDeckSchema, parseJson(call, text));
    },

    async create(draft, { deckId, signal } = {}) {
      const call: Call = {
        operation: 'create',
        method: 'POST',
        path: '/notes/',
        query: { deck_id: presentOrUndefined(deckId) },
        body: documentedFields(draft),
        signal,
        deckId: presentOrUndefined(deckId),
      };
      const text = await send(call);
      // The interface shows the created note as the answer but not the status; a service that
      // confirms with an empty 2xx (201/204) has still stored the note, so that is a success.
      if (isBlank(text)) return null;
      return validate(call, noteSchema, parseJson(call, text));
    },

    async update(id, patch, requestOptions = {}) {
      const call: Call = {
        operation: 'update',
        method: 'PUT',
        path: notePath(id, fail),
        body: documentedFields(patch),
        signal: requestOptions.signal,
      };
      const text = await send(call);
      // The update's answer is "not shown" in the interface: a 2xx means it was applied,
      // whatever JSON comes with it.
      if (isBlank(text)) return null;
      const parsed = noteSchema.safeParse(parseJson(call, text));
      return parsed.success ? parsed.data : null;
    },

    async delete(id, requestOptions = {}) {
      await send({
        operation: 'delete',
        method: 'DELETE',
        path: notePath(id, fail),
        signal: requestOptions.signal,
      });
    },
  };
  return client;
}

/** Only the documented request fields, so nothing else (`html_text` above all) is ever sent. */
function documentedFields(input: NotePatch): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (input.title !== undefined) body.title = input.title;
  if (input.markdown_text !== undefined) body.markdown_text = input.markdown_text;
  if (input.tags !== undefined) body.tags = input.tags;
  return body;
}

/**
 * An empty deck id or tag (a cleared form field) means "none": no notebook or tag is called "",
 * and sending `deck_id=` would ask for one.
 */
function presentOrUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/**
 * A note id becomes one path segment. `encodeURIComponent` leaves `.` and `..` alone, and URL
 * parsing turns them (and `%2e` spellings) into dot-segments: `PUT /notes/..` would become a PUT
 * on the collection's parent. An id that is empty, a dot-segment in any spelling or decoding, or
 * holds a slash is refused before any request rather than encoded into something else.
 */
function notePath(id: string, fail: Fail): string {
  if (!isUsableNoteId(id)) {
    const shown = id.length > 60 ? `${id.slice(0, 60)}…` : id;
    throw fail('invalid-request', { id: 'badNoteId', noteId: shown });
  }
  return `/notes/${encodeURIComponent(id)}`;
}

function isUsableNoteId(id: string): boolean {
  if (id.trim() === '') return false;
  // Each decoding a server (or a proxy in front of it) might apply, checked in turn.
  let text = id;
  for (let round = 0; round < 4; round++) {
    if (text === '.' || text === '..' || /[/\\]/.test(text)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      return true;
    }
    if (decoded === text) return true;
    text = decoded;
  }
  return false;
}

/** A 3xx, or the opaque answer a browser gives for one in `redirect: 'manual'` mode. */
function isRedirect(response: Response): boolean {
  return (
    response.type === 'opaqueredirect' ||
    (response.status >= 300 && response.status < 400 && response.status !== 304)
  );
}

function cancelBody(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}

/**
 * Where a redirect points, as an absolute address without credentials, or undefined. Outside a
 * browser the Location header says it. A browser hides it (an opaque redirect: status 0, no
 * headers), so the address is asked once more without the key and with redirects followed: only
 * the address it ends at is read, never its body. When the browser may not read the new address
 * (another origin without CORS), it stays unknown.
 */
async function redirectTarget(
  response: Response,
  url: string,
  fetchImpl: typeof globalThis.fetch,
  signal: AbortSignal,
): Promise<string | undefined> {
  const header = response.headers.get('Location');
  if (header) return cleanLocation(header, url);
  if (response.type !== 'opaqueredirect') return undefined;
  try {
    const probe = await fetchImpl(url, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      redirect: 'follow',
      credentials: 'omit',
      signal,
    });
    cancelBody(probe);
    return probe.redirected && probe.url ? cleanLocation(probe.url, url) : undefined;
  } catch {
    return undefined;
  }
}

function cleanLocation(location: string, base: string): string | undefined {
  const url = parseUrl(location, base);
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') return undefined;
  url.username = '';
  url.password = '';
  url.hash = '';
  return url.href;
}

/** The same origin and query, and a path that only gains or loses its trailing slash. */
function onlySlashDiffers(from: string, to: string): boolean {
  const a = new URL(from);
  const b = new URL(to);
  return (
    a.origin === b.origin &&
    a.search === b.search &&
    a.pathname !== b.pathname &&
    a.pathname.replace(/\/+$/, '') === b.pathname.replace(/\/+$/, '')
  );
}

function movedError(
  call: Call,
  base: string,
  response: Response,
  location: string | undefined,
  fail: Fail,
): NotesApiError {
  const status = response.status || undefined;
  if (location === undefined) {
    return fail('moved', { id: 'movedUnknown' }, { status });
  }
  const suggestedBaseUrl = suggestBaseUrl(base, call, location);
  const shown = location.length > 200 ? `${location.slice(0, 200)}…` : location;
  return fail(
    'moved',
    { id: 'moved', location: shown, ...(suggestedBaseUrl && { suggestedBaseUrl }) },
    { status, location, ...(suggestedBaseUrl !== undefined && { suggestedBaseUrl }) },
  );
}

/**
 * The base URL at the new address: the location without the request's own path (`/notes/…`),
 * so `https://new.example.com/api/notes/?limit=1` suggests `https://new.example.com/api`.
 */
function suggestBaseUrl(base: string, call: Call, location: string): string | undefined {
  const target = new URL(location);
  const suffix = call.path.replace(/\/+$/, '');
  const path = target.pathname.replace(/\/+$/, '');
  if (!path.endsWith(suffix)) return undefined;
  const suggested = `${target.origin}${path.slice(0, path.length - suffix.length)}`;
  return suggested === base ? undefined : suggested;
}

/**
 * The most of an answer Clipdeck reads, so a broken or hostile server cannot fill the service
 * worker's memory. The interface sets no size for a note; a whole book clipped as one page is
 * about 3 MB of Markdown, so a note gets 8 MiB (room for JSON escaping) and a list page (at most
 * 100 notes, whatever the size of the account) 32 MiB.
 */
export const NOTE_RESPONSE_LIMIT_BYTES = 8 * 1024 * 1024;
export const LIST_RESPONSE_LIMIT_BYTES = 32 * 1024 * 1024;
/** An error answer is read this far at most: its `error` and `code` are short. */
const ERROR_BODY_LIMIT_BYTES = 64 * 1024;

function responseLimit(call: Call): number {
  return call.operation === 'list' ? LIST_RESPONSE_LIMIT_BYTES : NOTE_RESPONSE_LIMIT_BYTES;
}

class ResponseTooLarge extends Error {}

/** The body as text, streamed and counted: refused (or cut, with `truncate`) past `limit` bytes. */
async function readLimited(
  response: Response,
  limit: number,
  { truncate }: { truncate: boolean },
): Promise<string> {
  const declared = Number(response.headers.get('Content-Length') ?? Number.NaN);
  if (!truncate && declared > limit) {
    cancelBody(response);
    throw new ResponseTooLarge();
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > limit) {
      reader.cancel().catch(() => undefined);
      if (!truncate) throw new ResponseTooLarge();
      chunks.push(value.subarray(0, limit - size));
      size = limit;
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  // One decode of the whole body, as `response.text()` does: decoding chunk by chunk into a
  // growing string costs several times more on a large page.
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

function pageSize(limit: number): number {
  return Math.min(nonNegativeInteger('limit', limit), MAX_PAGE_SIZE);
}

function nonNegativeInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number of 0 or more, not ${value}.`);
  }
  return value;
}

function buildUrl(base: string, call: Call): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query ?? {})) {
    if (value !== undefined) search.set(name, String(value));
  }
  const query = search.toString();
  return `${base}${call.path}${query ? `?${query}` : ''}`;
}

function checkKey(key: string, fail: (kind: 'auth', sentence: ApiSentence) => NotesApiError): void {
  if (key === '') {
    throw fail('auth', { id: 'noKey' });
  }
  // fetch refuses header values outside visible ASCII with an error that reads like a network
  // failure; say what is really wrong instead.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw fail('auth', { id: 'keyBadCharacters' });
  }
}

type Fail = (
  kind: NotesApiErrorKind,
  sentence: ApiSentence,
  details?: NotesApiErrorDetails,
) => NotesApiError;

function statusError(call: Call, response: Response, text: string, fail: Fail): NotesApiError {
  const { status } = response;
  const body = partialErrorBodySchema.safeParse(safeJson(text));
  const serverMessage = body.success ? body.data.error : undefined;
  const code = body.success ? body.data.code : undefined;
  const details: NotesApiErrorDetails = { status, code, serverMessage };
  const server = serverMessage ? shortServerMessage(serverMessage) : undefined;

  if (status === 400) {
    const note = call.operation === 'create' || call.operation === 'update';
    return fail('invalid-request', { id: 'rejected', note, server }, details);
  }
  if (status === 401) return fail('auth', { id: 'keyRefused' }, details);
  if (status === 403) return fail('auth', { id: 'keyForbidden' }, details);
  if (status === 404) return fail('not-found', notFoundSentence(call), details);
  if (status === 405) {
    return fail(
      'invalid-request',
      { id: call.operation === 'delete' ? 'noDelete' : 'notAccepted' },
      details,
    );
  }
  if (status === 408) return fail('timeout', { id: 'serviceGaveUp' }, details);
  if (status === 409) return fail('invalid-request', { id: 'conflict', server }, details);
  if (status === 413) return fail('invalid-request', { id: 'noteTooLarge' }, details);
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'));
    const ms = retryAfterMs === undefined ? undefined : Math.max(retryAfterMs, 1000);
    return fail('rate-limited', { id: 'rateLimited', ms }, { ...details, retryAfterMs });
  }
  if (status >= 500) return fail('server', { id: 'serverProblem', status }, details);
  if (status >= 400) return fail('invalid-request', { id: 'refused', status, server }, details);
  return fail('protocol', { id: 'unexpectedStatus', status }, details);
}

function notFoundSentence(call: Call): ApiSentence {
  switch (call.operation) {
    case 'get':
    case 'update':
      return { id: 'noSuchNote' };
    case 'delete':
      return { id: 'nothingToDelete' };
    case 'create':
      if (call.deckId !== undefined) return { id: 'noDeck', deckId: call.deckId };
      return { id: 'noNotesHere' };
    case 'list':
      return { id: 'noNotesHere' };
  }
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `data[3].tags`, the way a developer would write the path. */
function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'the response body';
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
}

/** The service's own words, without a closing full stop, cut to a length a sentence can hold. */
function shortServerMessage(serverMessage: string): string {
  const trimmed = serverMessage.trim().replace(/[.\s]+$/, '');
  return trimmed.length > 200 ? `${trimmed.slice(0, 200)}…` : trimmed;
}

function redact(text: string, apiKey: string): string {
  const key = apiKey.trim();
  return key.length >= 4 ? text.split(key).join('[API key]') : text;
}
