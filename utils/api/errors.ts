import type { UserError } from '../result';
import type { ApiSentence } from './sentences';

export type NotesApiErrorKind =
  | 'invalid-request'
  | 'auth'
  | 'not-found'
  | 'rate-limited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'protocol'
  /** The service answered with a redirect: the key was not sent on (see `location`). */
  | 'moved';

export interface NotesApiErrorDetails {
  status?: number;
  /** The `code` of the service's error body. */
  code?: string;
  /** The `error` of the service's error body. */
  serverMessage?: string;
  /** For protocol errors: the path of the field that did not fit, e.g. `data[3].tags`. */
  field?: string;
  /** For rate limiting: how long the service asked to wait (from Retry-After). */
  retryAfterMs?: number;
  /** For `moved`: the absolute address the service sent Clipdeck to, when the answer said it. */
  location?: string;
  /**
   * For `moved`: the base URL equivalent to the configured one at the new address (the location
   * without the request's own path), when the location has that shape.
   */
  suggestedBaseUrl?: string;
  /** For a `protocol` error about an answer too large to read: the limit it went past. */
  responseLimitBytes?: number;
  /** What the message says, as an id and values, for a caller that words it again. */
  sentence?: ApiSentence;
  cause?: unknown;
}

/**
 * Every failure of the Notes client. Callers branch on `kind`; `message` is a sentence that tells
 * the user what to do next and never contains the API key.
 */
export class NotesApiError extends Error {
  override readonly name = 'NotesApiError';
  readonly kind: NotesApiErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;
  readonly field: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly location: string | undefined;
  readonly suggestedBaseUrl: string | undefined;
  readonly responseLimitBytes: number | undefined;
  readonly sentence: ApiSentence | undefined;

  constructor(kind: NotesApiErrorKind, message: string, details: NotesApiErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.code = details.code;
    this.serverMessage = details.serverMessage;
    this.field = details.field;
    this.retryAfterMs = details.retryAfterMs;
    this.location = details.location;
    this.suggestedBaseUrl = details.suggestedBaseUrl;
    this.responseLimitBytes = details.responseLimitBytes;
    this.sentence = details.sentence;
  }
}

const UNEXPECTED_MESSAGE =
  'Clipdeck ran into an unexpected problem. Try again; if it keeps happening, reload the extension.';

/**
 * Turns anything thrown into what may cross a boundary: a kind and a sentence. Stacks, causes and
 * objects never reach the user.
 */
export function toUserError(error: unknown): UserError {
  if (error instanceof NotesApiError) return { kind: error.kind, message: error.message };
  if (isAbort(error)) {
    return { kind: 'cancelled', message: 'The request was cancelled before it finished.' };
  }
  return { kind: 'unexpected', message: UNEXPECTED_MESSAGE };
}

function isAbort(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    (error.name === 'AbortError' || error.name === 'TimeoutError')
  );
}
