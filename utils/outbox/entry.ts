import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';

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
  /** An edit, a delete or a move of a note the service no longer has (404): discard it. */
  'note-gone',
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

/**
 * What an outbox entry does (issue 18). Absent: a create, as every entry written before version 2
 * was. An edit or a delete names its note by `noteId`, or by `afterClip` while the clip that makes
 * the note is still on its way; a move is a create with `moveFrom` (read that note, create it in
 * the entry's deck, then delete it once the create is confirmed).
 */
export const ENTRY_KINDS = ['create', 'update', 'delete'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/**
 * The fields an edit changes. Whole values (`title`, `tags`, `markdown_text`) replace; `append`,
 * `addTags` and `removeTags` are worked out against the note as the service has it when the edit
 * is sent, so edits queued one after another, or made elsewhere meanwhile, are not overwritten.
 */
export const noteEditSchema = z.object({
  title: z.optional(z.string()),
  markdown_text: z.optional(z.string()),
  tags: z.optional(z.array(z.string())),
  /** Markdown added at the end, after a rule; not added twice if the note already ends with it. */
  append: z.optional(z.string()),
  addTags: z.optional(z.array(z.string())),
  removeTags: z.optional(z.array(z.string())),
});
export type NoteEdit = z.infer<typeof noteEditSchema>;

/** The note as an edit left it, for the notes index (utils/notes-index follows the outbox). */
export const editedNoteSchema = z.object({
  title: z.string(),
  tags: z.array(z.string()),
  beforeTags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  deckId: z.nullable(z.string()),
  changed: z.array(z.enum(['title', 'markdown_text', 'tags'])),
  /** The page the note was made from (canonical), when its tags changed: for the site's tags. */
  source: z.optional(z.string()),
});
export type EditedNote = z.infer<typeof editedNoteSchema>;

export const deliveryErrorSchema = z.object({
  kind: z.string(),
  message: z.string(),
  status: z.optional(z.int()),
});
export type DeliveryError = z.infer<typeof deliveryErrorSchema>;

export const outboxEntrySchema = z.object({
  id: z.string().check(z.minLength(1)),
  /** Absent: a create (version 1 entries). */
  kind: z.optional(z.enum(ENTRY_KINDS)),
  /**
   * A create: the note to send. An edit or a delete: the note's title as last known (what the
   * popup's list and the sentences name), with no Markdown.
   */
  draft: noteDraftSchema,
  /**
   * Version 3 (issue 17): the draft's Markdown is stored under `local:outboxBody:<bodyKey>`
   * (bodies.ts) and `draft.markdown_text` is empty in the list. Absent: the draft is whole here.
   */
  bodyKey: z.optional(z.string()),
  /** An edit: what to change. */
  changes: z.optional(noteEditSchema),
  /** An edit or a delete (or a move's create): the clip whose note it acts on, until it is saved. */
  afterClip: z.optional(z.string()),
  /** A move: the note this create replaces, deleted once the create is confirmed. */
  moveFrom: z.optional(z.string()),
  /** A move whose note has not been read yet: the draft is read from `moveFrom` first. */
  readFirst: z.optional(z.boolean()),
  /** An edit that was sent: the note as it left it. */
  edited: z.optional(editedNoteSchema),
  /** Absent: the service's default notebook. */
  deckId: z.optional(z.string()),
  /** The page the clip came from, for the list in the popup. */
  sourceUrl: z.optional(z.string()),
  state: z.enum(CLIP_STATES),
  /** Requests made for this clip since it was queued, edited or retried by the user. */
  attempts: z.int().check(z.nonnegative()),
  /**
   * How many of those attempts the service answered with 429. A 429 says "wait", not "this
   * failed": such attempts do not count toward giving up (maxAttempts); the time the clip has
   * been kept waiting does (rateLimitedSince, maxRateLimitedMs).
   */
  rateLimited: z.optional(z.int().check(z.nonnegative())),
  /** When the first 429 for this clip came (since it was queued, edited or retried by the user). */
  rateLimitedSince: z.optional(z.number()),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** When a create was first sent: a note the service stored for it cannot be older. */
  firstAttemptAt: z.optional(z.number()),
  /**
   * A create went out and no answer said whether the note was stored (timeout, dropped
   * connection, a worker stopped mid-request). The next attempt looks for the note first.
   */
  outcomeUnknown: z.boolean(),
  /** When the next attempt may start; absent means as soon as possible. */
  nextAttemptAt: z.optional(z.number()),
  /** The user chose "Retry now": sent even while a 429 holds every other clip. */
  sendDespiteHold: z.optional(z.boolean()),
  lastError: z.optional(deliveryErrorSchema),
  attention: z.optional(z.enum(ATTENTION_REASONS)),
  /** A create: the note it made. An edit or a delete: the note it acts on. */
  noteId: z.optional(z.string()),
  /** The note was found on the service after an attempt whose outcome was unknown. */
  adopted: z.optional(z.boolean()),
  savedAt: z.optional(z.number()),
  /**
   * The service was checked for extra copies of the saved note (made by a browser resending the
   * create on its own) and any were removed. The draft's Markdown is dropped then.
   */
  duplicatesChecked: z.optional(z.boolean()),
  /** Requests Clipdeck made for this clip so far (counts, searches, creates, deletes). */
  requests: z.optional(z.int().check(z.nonnegative())),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const outboxSchema = z.object({
  entries: z.array(outboxEntrySchema),
  /** The service refused the key: nothing is sent until a new key is saved. */
  pausedForAuth: z.boolean(),
  /** The service asked us to slow down (429): no request starts before this time. */
  rateLimitedUntil: z.optional(z.number()),
});
export type Outbox = z.infer<typeof outboxSchema>;

export const EMPTY_OUTBOX: Outbox = { entries: [], pausedForAuth: false };

/**
 * The outbox's storage version; a higher stamp means a newer Clipdeck wrote it (set-aside.ts).
 * 2 (issue 18): entries have a `kind` (edits and deletes ride the outbox). A version 1 Clipdeck
 * would read an edit as a create and make a note of it, so it must see the stamp and set them
 * aside rather than send them.
 * 3 (issue 17): a draft's Markdown may live under its own key (`bodyKey`, bodies.ts). A version 2
 * Clipdeck would send such a clip with no text, so it must see the stamp and set it aside. A
 * version 2 list is a valid version 3 one (every draft whole): the outbox's next write moves its
 * Markdown out.
 */
export const OUTBOX_VERSION = 3;

/** Version 1 entries were all creates: they say so. */
export function migrateOutboxV1ToV2(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const { entries } = value as { entries?: unknown };
  if (!Array.isArray(entries)) return value;
  return {
    ...value,
    entries: entries.map((entry) =>
      entry && typeof entry === 'object' && !('kind' in entry)
        ? { ...entry, kind: 'create' }
        : entry,
    ),
  };
}

export const outboxItem = storage.defineItem<Outbox>('local:outbox', {
  fallback: EMPTY_OUTBOX,
  version: OUTBOX_VERSION,
  migrations: {
    2: (value: Outbox) => migrateOutboxV1ToV2(value) as Outbox,
    3: (value: Outbox) => value,
  },
});

export function kindOf(entry: Pick<OutboxEntry, 'kind'>): EntryKind {
  return entry.kind ?? 'create';
}

/** The note an edit, a delete or a move acts on, once known. */
export function targetOf(entry: OutboxEntry): string | undefined {
  return kindOf(entry) === 'create' ? entry.moveFrom : entry.noteId;
}

/**
 * Reads what storage holds without ever dropping a clip that can still be read: if the outbox as
 * a whole does not validate (an older or damaged write), every entry that does validate is kept.
 * Those that do not are not lost: the outbox keeps them aside before it writes (set-aside.ts).
 */
export function parseOutbox(value: unknown): Outbox {
  const whole = outboxSchema.safeParse(value);
  if (whole.success) return whole.data;
  const raw = z
    .catch(
      z.object({
        entries: z.catch(z.array(z.unknown()), []),
        pausedForAuth: z.catch(z.boolean(), false),
      }),
      { entries: [], pausedForAuth: false },
    )
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
