import * as z from 'zod/mini';
import { formatDate, plural, quoted, t } from '../i18n';
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
  status: z.optional(z.int()),
  retryAfterMs: z.optional(z.number().check(z.nonnegative())),
  serverMessage: z.optional(z.string()),
  code: z.optional(z.string()),
});

export function toDeliveryFailure(error: unknown): DeliveryFailure {
  const parsed = apiErrorSchema.safeParse(error);
  if (parsed.success) {
    const { kind, message, status, retryAfterMs, serverMessage, code } = parsed.data;
    return omitUndefined({ kind, message, status, retryAfterMs, serverMessage, code });
  }
  return { kind: 'unexpected', message: t('outbox.unexpected') };
}

/**
 * A fault that a read made again a moment later is likely not to meet: the service failed on its
 * side (5xx) or the connection dropped. Not a timeout (it already waited its full time), a 429 (the
 * service asked for quiet) nor anything the service refused.
 */
export function isPassingFault(error: unknown): boolean {
  const { kind } = toDeliveryFailure(error);
  return kind === 'server' || kind === 'network';
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
  const at = formatDate(until, { hour: '2-digit', minute: '2-digit' });
  return plural('outbox.held', minutes, { at });
}

export const KEY_REFUSED_MESSAGE = t('outbox.keyRefused');

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
    return t('outbox.notesNotFound');
  }
  return t('outbox.unknownDeck', { deck: quoted(deckId) });
}

function tooLargeMessage(failure: DeliveryFailure): string {
  return failure.serverMessage
    ? t('outbox.tooLargeSaid', { said: quoted(failure.serverMessage) })
    : t('outbox.tooLarge');
}

function refusedMessage(failure: DeliveryFailure): string {
  if (!failure.serverMessage) return failure.message;
  return t('outbox.refused', { said: quoted(failure.serverMessage) });
}

function omitUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
