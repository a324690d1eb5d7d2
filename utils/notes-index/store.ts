import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';

/**
 * What Clipdeck remembers about the user's notes between popups: the tags in use (for
 * suggestions) and the most recent notes. Only metadata — never the notes' Markdown — so it stays
 * small even for accounts with thousands of notes.
 */
export const indexedNoteSchema = z.object({
  id: z.string().check(z.minLength(1)),
  title: z.string(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The note's notebook: a `deck_id`, null for a note Clipdeck created in the default notebook,
   * absent while unknown (the list response does not carry it; a single-note read does).
   */
  deckId: z.optional(z.nullable(z.string())),
});
export type IndexedNote = z.infer<typeof indexedNoteSchema>;

export const tagCountSchema = z.object({ tag: z.string(), count: z.int().check(z.positive()) });
export type TagCount = z.infer<typeof tagCountSchema>;

export const notesIndexSchema = z.object({
  /** The service the index describes: another base URL means another account's notes. */
  baseUrl: z.string(),
  /** When the last full scan finished, epoch milliseconds. */
  refreshedAt: z.number(),
  /** The list's `total` at the last scan. */
  total: z.int().check(z.nonnegative()),
  /** False when the scan stopped at its page cap: suggestions come from the notes seen. */
  complete: z.boolean(),
  /** When the last full scan finished; refreshes in between only read the list's ends. */
  fullScanAt: z.optional(z.number()),
  /** Most used first. */
  tags: z.array(tagCountSchema),
  /** Newest first (by the later of created and updated). */
  recent: z.array(indexedNoteSchema),
  /**
   * The catalog of every note (utils/notes-index/catalog.ts, kept beside this item in shards):
   * `complete` when it holds every note of the last full scan, kept in step since; `partial`
   * when that scan stopped at its page cap; `missing` before the first full scan that filled it
   * (an index from before version 2).
   */
  catalog: z.object({
    state: z.enum(['complete', 'partial', 'missing']),
    /** How many shards the notes are spread over (chosen at the full scan for the account). */
    shards: z.int().check(z.gte(1)),
  }),
});
export type NotesIndex = z.infer<typeof notesIndexSchema>;

/**
 * Version 2 (issue 18) adds the catalog of every note. An index of version 1 keeps its tags and
 * recent notes, has no catalog yet, and forgets its last full scan, so the next refresh is one
 * and fills the catalog.
 */
export function migrateIndexToV2(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const { fullScanAt: _dropped, ...rest } = value as Record<string, unknown>;
  return { ...rest, catalog: { state: 'missing', shards: 1 } };
}

export const notesIndexItem = storage.defineItem<NotesIndex | null>('local:notesIndex', {
  fallback: null,
  version: 2,
  migrations: { 2: migrateIndexToV2 },
});

/** A damaged or foreign value is as good as no index: the next scan rebuilds it. */
export async function readNotesIndex(): Promise<NotesIndex | null> {
  const parsed = notesIndexSchema.safeParse(await notesIndexItem.getValue());
  return parsed.success ? parsed.data : null;
}

export function parseNotesIndex(value: unknown): NotesIndex | null {
  const parsed = notesIndexSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Tags the user added in the popup lately, newest first: suggested before the rest. */
export const MAX_RECENT_TAGS = 20;

export const recentTagsItem = storage.defineItem<string[]>('local:recentTags', {
  fallback: [],
  version: 1,
});

export async function readRecentTags(): Promise<string[]> {
  const parsed = z.array(z.string()).safeParse(await recentTagsItem.getValue());
  return parsed.success ? parsed.data : [];
}

/** Puts the tags just used in front, without repeats (case-insensitive), keeping the list short. */
export async function rememberUsedTags(tags: readonly string[]): Promise<void> {
  if (!tags.length) return;
  const current = await readRecentTags();
  const used = new Set(tags.map((tag) => tag.toLowerCase()));
  const next = [...tags, ...current.filter((tag) => !used.has(tag.toLowerCase()))];
  await recentTagsItem.setValue(next.slice(0, MAX_RECENT_TAGS));
}
