import type { UserError } from '../result';
import type { AttentionReason, ClipState, OutboxEntry } from './entry';

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
  };
}
