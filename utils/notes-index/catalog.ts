import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import type { IndexedNote } from './store';

/**
 * The catalog: every note of the account as metadata only (id, title, tags, dates, the notebook
 * when known; never the Markdown), so the popup can search the whole account and bulk retag
 * without asking the service (issue 18).
 *
 * Kept in shards (storage items), a note's shard chosen by a hash of its id. The number of
 * shards is chosen at each full scan so that a shard holds about NOTES_PER_SHARD notes: a change
 * to one note (a clip, a retag) rewrites one shard of the same size whatever the account's
 * size (up to MAX_SHARDS × NOTES_PER_SHARD notes), not the whole catalog. Entries are short
 * (dates as epoch milliseconds, one-letter keys); figures in bench/account/notes-index.md.
 */
export const NOTES_PER_SHARD = 200;
export const MAX_SHARDS = 64;

/** The shard count for an account of `total` notes. */
export function shardsFor(total: number): number {
  return Math.min(MAX_SHARDS, Math.max(1, Math.ceil(total / NOTES_PER_SHARD)));
}

const entrySchema = z.object({
  /** id */
  i: z.string().check(z.minLength(1)),
  /** title */
  t: z.string(),
  /** tags */
  g: z.array(z.string()),
  /** created, epoch ms (0 when the service's date was unreadable) */
  c: z.number(),
  /** updated, epoch ms */
  u: z.number(),
  /** notebook: a deck id, null for the default one; absent while unknown */
  d: z.optional(z.nullable(z.string())),
});
type CatalogEntry = z.infer<typeof entrySchema>;

const shardSchema = z.object({
  /** The service the notes are from: another base URL is another account. */
  baseUrl: z.string(),
  notes: z.array(entrySchema),
});
type Shard = z.infer<typeof shardSchema>;

const shardItems = Array.from({ length: MAX_SHARDS }, (_, n) =>
  storage.defineItem<Shard | null>(`local:notesCatalog${n}`, { fallback: null, version: 1 }),
);

/** Where the catalog is: the account and its shard count (from the index). */
export interface CatalogPlace {
  baseUrl: string;
  shards: number;
}

/** FNV-1a over the id's UTF-16 units: stable across runs and browsers. */
export function shardOf(id: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}

function toTime(iso: string): number {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 0 : time;
}

function toEntry(note: IndexedNote): CatalogEntry {
  return {
    i: note.id,
    t: note.title,
    g: note.tags,
    c: toTime(note.createdAt),
    u: toTime(note.updatedAt),
    ...(note.deckId !== undefined && { d: note.deckId }),
  };
}

function fromEntry(entry: CatalogEntry): IndexedNote {
  return {
    id: entry.i,
    title: entry.t,
    tags: entry.g,
    createdAt: new Date(entry.c).toISOString(),
    updatedAt: new Date(entry.u).toISOString(),
    ...(entry.d !== undefined && { deckId: entry.d }),
  };
}

async function readShard(n: number, { baseUrl }: CatalogPlace): Promise<CatalogEntry[]> {
  const parsed = shardSchema.safeParse(await shardItems[n]?.getValue());
  // A damaged shard or another account's is as good as empty: the next full scan refills it.
  return parsed.success && parsed.data.baseUrl === baseUrl ? parsed.data.notes : [];
}

function shardNumbers(place: CatalogPlace): number[] {
  return Array.from({ length: Math.min(MAX_SHARDS, place.shards) }, (_, n) => n);
}

/** Every note of the catalog, in no particular order. */
export async function readCatalog(place: CatalogPlace): Promise<IndexedNote[]> {
  const shards = await Promise.all(shardNumbers(place).map((n) => readShard(n, place)));
  return shards.flat().map(fromEntry);
}

/** The catalog's notes with these ids (reads only their shards); unknown ids are left out. */
export async function lookUpInCatalog(
  place: CatalogPlace,
  ids: readonly string[],
): Promise<Map<string, IndexedNote>> {
  const wanted = new Set(ids);
  const shards = [...new Set(ids.map((id) => shardOf(id, place.shards)))];
  const found = new Map<string, IndexedNote>();
  for (const entries of await Promise.all(shards.map((n) => readShard(n, place)))) {
    for (const entry of entries) if (wanted.has(entry.i)) found.set(entry.i, fromEntry(entry));
  }
  return found;
}

/**
 * Replaces the whole catalog (after a full scan). Shards past the new count (an account that
 * shrank) are removed.
 */
export async function writeCatalog(
  place: CatalogPlace,
  notes: Iterable<IndexedNote>,
): Promise<void> {
  const { baseUrl } = place;
  const shards: CatalogEntry[][] = shardNumbers(place).map(() => []);
  for (const note of notes) shards[shardOf(note.id, place.shards)]?.push(toEntry(note));
  await Promise.all(
    shardItems.map((item, n) =>
      n < shards.length ? item.setValue({ baseUrl, notes: shards[n] ?? [] }) : item.removeValue(),
    ),
  );
}

export interface CatalogPatch {
  /** Notes added or changed; a note whose notebook is not given keeps the one known. */
  upsert?: readonly IndexedNote[];
  /** Ids of notes deleted. */
  remove?: readonly string[];
}

/** Applies changes to the shards that hold them, and only those. Returns the shards written. */
export async function patchCatalog(place: CatalogPlace, patch: CatalogPatch): Promise<number> {
  const { baseUrl } = place;
  const byShard = new Map<number, { upsert: IndexedNote[]; remove: Set<string> }>();
  const slot = (id: string) => {
    const n = shardOf(id, place.shards);
    let changes = byShard.get(n);
    if (!changes) {
      changes = { upsert: [], remove: new Set() };
      byShard.set(n, changes);
    }
    return changes;
  };
  for (const note of patch.upsert ?? []) slot(note.id).upsert.push(note);
  for (const id of patch.remove ?? []) slot(id).remove.add(id);
  await Promise.all(
    [...byShard].map(async ([n, changes]) => {
      const entries = new Map((await readShard(n, place)).map((entry) => [entry.i, entry]));
      for (const id of changes.remove) entries.delete(id);
      for (const note of changes.upsert) {
        const entry = toEntry(note);
        const known = entries.get(note.id)?.d;
        entries.set(
          note.id,
          entry.d === undefined && known !== undefined ? { ...entry, d: known } : entry,
        );
      }
      await shardItems[n]?.setValue({ baseUrl, notes: [...entries.values()] });
    }),
  );
  return byShard.size;
}
