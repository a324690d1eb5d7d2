import { z } from 'zod';
import type { AttentionReason } from './entry';

/**
 * What a failed request tells the outbox, read from the API client's NotesApiError by its fields
 * (kind, status, retryAfterMs, serverMessage, code) so any error, even one from a bug, gets a
 * decision.
 */
export interface DeliveryFailure {
  kind: string;
  message: string;
  status?: number;
  retryAfterMs?: number;
  serverMessage?: string;
  code?: string;
}

const apiErrorSchema = z.object({
  kind: z.enum([
    'invalid-request',
    'auth',
    'not-found',
    'rate-limited',
    'server',
    'network',
    'timeout',
    'protocol',
    'moved',
  ]),
  message: z.string(),
  status: z.number().int().optional(),
  retryAfterMs: z.number().nonnegative().optional(),
  serverMessage: z.string().optional(),
  code: z.string().optional(),
});

const UNEXPECTED_MESSAGE =
  'Clipdeck hit an unexpected problem while sending this clip. It will try again; if this keeps ' +
  'happening, discard the clip and clip the page again.';

export function toDeliveryFailure(error: unknown): DeliveryFailure {
  const parsed = apiErrorSchema.safeParse(error);
  if (parsed.success) {
    const { kind, message, status, retryAfterMs, serverMessage, code } = parsed.data;
    return omitUndefined({ kind, message, status, retryAfterMs, serverMessage, code });
  }
  return { kind: 'unexpected', message: UNEXPECTED_MESSAGE };
}

/** What the outbox does about a failure. */
export type FailureVerdict =
  | {
      action: 'retry';
      /** The request may have stored the note: look for it before sending again. */
      outcomeUnknown: boolean;
      /** The service asked for this much quiet before any further request (429). */
      holdAllForMs?: number;
    }
  | { action: 'attention'; reason: AttentionReason; message: string }
  | { action: 'pause-for-auth'; message: string };

/**
 * The longest the outbox honours a "slow down" (429 Retry-After): an hour. A service asking for
 * more is believed for an hour, then asked again; the user can send a clip sooner with "Retry now".
 */
export const MAX_HOLD_MS = 60 * 60_000;

/** Why a clip waits after a 429, and until when: shown on the held clip. */
export function holdMessage(until: number, now: number): string {
  const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
  const at = new Date(until).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const wait = minutes === 1 ? 'about a minute' : `about ${minutes} minutes`;
  return (
    `The Notes service asked Clipdeck to wait before sending more, so this clip is kept and will ` +
    `be sent at ${at} (in ${wait}). Choose “Retry now” to send it sooner.`
  );
}

export const KEY_REFUSED_MESSAGE =
  'Your Notes service refused the API key; it may have been refreshed in the service’s settings ' +
  '(Settings › Account Settings › ApiKey). Open Clipdeck’s options and save the current key: ' +
  'waiting clips are sent as soon as you do.';

// The service documents no code for "too large"; these are the words services use for it.
const SIZE_WORDS = /too[ _-]?(large|long|big)|size|length|exceed|maximum/i;

export function judgeFailure(failure: DeliveryFailure, deckId: string | undefined): FailureVerdict {
  switch (failure.kind) {
    case 'auth':
      return { action: 'pause-for-auth', message: KEY_REFUSED_MESSAGE };
    case 'not-found':
      return { action: 'attention', reason: 'unknown-deck', message: unknownDeckMessage(deckId) };
    case 'invalid-request':
      if (failure.status === 413 || SIZE_WORDS.test(`${failure.serverMessage} ${failure.code}`)) {
        return { action: 'attention', reason: 'too-large', message: tooLargeMessage(failure) };
      }
      return { action: 'attention', reason: 'invalid-request', message: refusedMessage(failure) };
    case 'moved': // a redirect: retrying reaches the same redirect, and the key must not follow it
      return { action: 'attention', reason: 'invalid-request', message: failure.message };
    case 'rate-limited':
      return {
        action: 'retry',
        outcomeUnknown: false,
        // A Retry-After of years (or a date in 9999) would hold every clip for good.
        holdAllForMs: Math.min(failure.retryAfterMs ?? 0, MAX_HOLD_MS),
      };
    default:
      // Network, timeout, 5xx, an unreadable answer or a bug: the request may have reached the
      // service and stored the note, so the next attempt looks for it before creating again.
      return { action: 'retry', outcomeUnknown: true };
  }
}

function unknownDeckMessage(deckId: string | undefined): string {
  if (deckId === undefined) {
    return (
      'The Notes service answered “not found” for its notes address. Check the base URL in ' +
      'Clipdeck’s options, then retry this clip.'
    );
  }
  return (
    `The notebook “${deckId}” does not exist in your Notes service. Send the clip to your ` +
    'default notebook or choose another notebook.'
  );
}

function tooLargeMessage(failure: DeliveryFailure): string {
  const said = failure.serverMessage ? ` (it said: “${failure.serverMessage}”)` : '';
  return (
    `The Notes service refused this clip as too large${said}. The clip is kept here: edit it ` +
    'to shorten the note, then send it again.'
  );
}

function refusedMessage(failure: DeliveryFailure): string {
  if (!failure.serverMessage) return failure.message;
  return (
    `The Notes service refused this clip: “${failure.serverMessage}”. Edit the note and send ` +
    'it again.'
  );
}

function omitUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
