import { storage } from 'wxt/utils/storage';
import { z } from 'zod';

/**
 * One clip on its way to the Notes service, as kept in extension storage. A clip is written here
 * before the first request goes out, so that nothing the user clipped lives only in a service
 * worker's memory: the worker may be stopped at any moment.
 */
export const CLIP_STATES = ['queued', 'sending', 'saved', 'needs-attention'] as const;
export type ClipState = (typeof CLIP_STATES)[number];

/** Why a clip stopped and waits for the user; each reason comes with its own actions. */
export const ATTENTION_REASONS = [
  /** The service refused the note (400): edit it and send it again. */
  'invalid-request',
  /** The service refused the API key (401): save a working key in the options. */
  'auth',
  /** The notebook does not exist (404 on create): pick the default notebook or another. */
  'unknown-deck',
  /** The service refused the note for its size: shorten it; the clip is kept. */
  'too-large',
  /**
   * Every retry failed (network, timeout, 5xx), or the service kept answering 429 for longer than
   * the outbox waits (maxRateLimitedMs): retry now or discard.
   */
  'gave-up',
] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

export const noteDraftSchema = z.object({
  title: z.string(),
  markdown_text: z.string(),
  tags: z.array(z.string()),
});
export type NoteDraft = z.infer<typeof noteDraftSchema>;

export const deliveryErrorSchema = z.object({
  kind: z.string(),
  message: z.string(),
  status: z.number().int().optional(),
});
export type DeliveryError = z.infer<typeof deliveryErrorSchema>;

export const outboxEntrySchema = z.object({
  id: z.string().min(1),
  draft: noteDraftSchema,
  /** Absent: the service's default notebook. */
  deckId: z.string().optional(),
  /** The page the clip came from, for the list in the popup. */
  sourceUrl: z.string().optional(),
  state: z.enum(CLIP_STATES),
  /** Requests made for this clip since it was queued, edited or retried by the user. */
  attempts: z.number().int().nonnegative(),
  /**
   * How many of those attempts the service answered with 429. A 429 says "wait", not "this
   * failed": such attempts do not count toward giving up (maxAttempts); the time the clip has
   * been kept waiting does (rateLimitedSince, maxRateLimitedMs).
   */
  rateLimited: z.number().int().nonnegative().optional(),
  /** When the first 429 for this clip came (since it was queued, edited or retried by the user). */
  rateLimitedSince: z.number().optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** When a create was first sent: a note the service stored for it cannot be older. */
  firstAttemptAt: z.number().optional(),
  /**
   * A create went out and no answer said whether the note was stored (timeout, dropped
   * connection, a worker stopped mid-request). The next attempt looks for the note first.
   */
  outcomeUnknown: z.boolean(),
  /** When the next attempt may start; absent means as soon as possible. */
  nextAttemptAt: z.number().optional(),
  /** The user chose "Retry now": sent even while a 429 holds every other clip. */
  sendDespiteHold: z.boolean().optional(),
  lastError: deliveryErrorSchema.optional(),
  attention: z.enum(ATTENTION_REASONS).optional(),
  noteId: z.string().optional(),
  /** The note was found on the service after an attempt whose outcome was unknown. */
  adopted: z.boolean().optional(),
  savedAt: z.number().optional(),
  /**
   * The service was checked for extra copies of the saved note (made by a browser resending the
   * create on its own) and any were removed. The draft's Markdown is dropped then.
   */
  duplicatesChecked: z.boolean().optional(),
  /** Requests Clipdeck made for this clip so far (counts, searches, creates, deletes). */
  requests: z.number().int().nonnegative().optional(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const outboxSchema = z.object({
  entries: z.array(outboxEntrySchema),
  /** The service refused the key: nothing is sent until a new key is saved. */
  pausedForAuth: z.boolean(),
  /** The service asked us to slow down (429): no request starts before this time. */
  rateLimitedUntil: z.number().optional(),
});
export type Outbox = z.infer<typeof outboxSchema>;

export const EMPTY_OUTBOX: Outbox = { entries: [], pausedForAuth: false };

/** The outbox's storage version; a higher stamp means a newer Clipdeck wrote it (set-aside.ts). */
export const OUTBOX_VERSION = 1;

export const outboxItem = storage.defineItem<Outbox>('local:outbox', {
  fallback: EMPTY_OUTBOX,
  version: OUTBOX_VERSION,
});

/**
 * Reads what storage holds without ever dropping a clip that can still be read: if the outbox as
 * a whole does not validate (an older or damaged write), every entry that does validate is kept.
 * Those that do not are not lost: the outbox keeps them aside before it writes (set-aside.ts).
 */
export function parseOutbox(value: unknown): Outbox {
  const whole = outboxSchema.safeParse(value);
  if (whole.success) return whole.data;
  const raw = z
    .object({ entries: z.array(z.unknown()).catch([]), pausedForAuth: z.boolean().catch(false) })
    .catch({ entries: [], pausedForAuth: false })
    .parse(value);
  const entries = raw.entries.flatMap((entry) => {
    const parsed = outboxEntrySchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  return { entries, pausedForAuth: raw.pausedForAuth };
}

/** True while the clip still needs the outbox or the user: what the toolbar badge counts. */
export function isWaiting(entry: OutboxEntry): boolean {
  return entry.state !== 'saved';
}
