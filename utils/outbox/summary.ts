import type { UserError } from '../result';
import type { AttentionReason, ClipState, Outbox, OutboxEntry } from './entry';
import { holdMessage } from './failure';

/**
 * A clip as extension pages see it: enough to list it, explain it and offer the actions that fit,
 * without its Markdown (which can be large).
 */
export interface ClipSummary {
  id: string;
  state: ClipState;
  title: string;
  sourceUrl?: string;
  /** Absent: the default notebook. */
  deckId?: string;
  noteId?: string;
  attempts: number;
  /** Epoch milliseconds. */
  createdAt: number;
  /** When the next retry is due (queued clips only), epoch milliseconds. */
  nextAttemptAt?: number;
  attention?: AttentionReason;
  /** Why the clip is waiting or needs the user, as a sentence. */
  error?: UserError;
  /** Saved, and the service was checked for extra copies of the note (none are left). */
  verified?: true;
  /** Requests made for this clip so far. */
  requests?: number;
}

export function summarizeClip(entry: OutboxEntry): ClipSummary {
  return {
    id: entry.id,
    state: entry.state,
    title: entry.draft.title,
    ...(entry.sourceUrl !== undefined && { sourceUrl: entry.sourceUrl }),
    ...(entry.deckId !== undefined && { deckId: entry.deckId }),
    ...(entry.noteId !== undefined && { noteId: entry.noteId }),
    attempts: entry.attempts,
    createdAt: entry.createdAt,
    ...(entry.state === 'queued' &&
      entry.nextAttemptAt !== undefined && { nextAttemptAt: entry.nextAttemptAt }),
    ...(entry.attention !== undefined && { attention: entry.attention }),
    ...(entry.state !== 'saved' &&
      entry.lastError && {
        error: { kind: entry.attention ?? entry.lastError.kind, message: entry.lastError.message },
      }),
    ...(entry.state === 'saved' && entry.duplicatesChecked && { verified: true as const }),
    ...(entry.requests !== undefined && { requests: entry.requests }),
  };
}

/**
 * Every clip, newest first. While a 429 holds the outbox, a clip waiting only because of the hold
 * says so, and when it will go (its own retry time may be earlier than the hold's end).
 */
export function summarizeOutbox(outbox: Outbox, now: number): ClipSummary[] {
  const until = outbox.rateLimitedUntil ?? 0;
  return outbox.entries
    .map((entry) => {
      const clip = summarizeClip(entry);
      if (entry.state !== 'queued' || entry.sendDespiteHold || until <= now) return clip;
      if ((entry.nextAttemptAt ?? 0) > until) return clip;
      return {
        ...clip,
        nextAttemptAt: until,
        error: { kind: 'rate-limited', message: holdMessage(until, now) },
      };
    })
    .sort((a, b) => b.createdAt - a.createdAt);
}
