import type { Note } from '../api';
import { shardsFor } from './catalog';
import type { IndexedNote, NotesIndex, TagCount } from './store';

/** Notes kept in the index as "recent": a few more than the popup shows, for deletions. */
export const RECENT_KEPT = 20;
/** Tags kept for suggestions, most used first. */
export const TAGS_KEPT = 1000;

/** The later of a note's creation and last update, in epoch milliseconds (0 when unreadable). */
export function lastTouched(note: Pick<IndexedNote, 'createdAt' | 'updatedAt'>): number {
  const times = [Date.parse(note.createdAt), Date.parse(note.updatedAt)].filter(
    (time) => !Number.isNaN(time),
  );
  return times.length ? Math.max(...times) : 0;
}

/**
 * Newest first. The service does not say how its list is ordered, so the order is Clipdeck's
 * own; ties are broken by id so the list does not shuffle between popups.
 */
export function newestFirst(a: IndexedNote, b: IndexedNote): number {
  return lastTouched(b) - lastTouched(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function toIndexedNote(note: Note, deckId?: string | null): IndexedNote {
  return {
    id: note.id,
    title: note.title,
    tags: note.tags,
    createdAt: note.created_at,
    updatedAt: note.updated_at,
    ...(deckId !== undefined && { deckId }),
  };
}

export function countTags(notes: Iterable<Pick<IndexedNote, 'tags'>>): TagCount[] {
  const counts = new Map<string, number>();
  for (const note of notes) {
    for (const tag of new Set(note.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return sortTagCounts([...counts].map(([tag, count]) => ({ tag, count })));
}

function sortTagCounts(counts: TagCount[]): TagCount[] {
  return counts.sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag)).slice(0, TAGS_KEPT);
}

/**
 * What a scan keeps while it pages through the notes: every note's metadata (for the catalog,
 * bounded by the scan's page cap, never the Markdown), tag counts and the newest few notes.
 */
export class IndexAccumulator {
  private readonly counts = new Map<string, number>();
  private newest: IndexedNote[] = [];
  private readonly seen = new Map<string, IndexedNote>();

  add(note: IndexedNote): void {
    // A note a shifting page repeats is counted once.
    if (this.seen.has(note.id)) return;
    this.seen.set(note.id, note);
    for (const tag of new Set(note.tags)) this.counts.set(tag, (this.counts.get(tag) ?? 0) + 1);
    const last = this.newest[this.newest.length - 1];
    if (this.newest.length < RECENT_KEPT || (last && newestFirst(note, last) < 0)) {
      this.newest = [...this.newest, note].sort(newestFirst).slice(0, RECENT_KEPT);
    }
  }

  get size(): number {
    return this.seen.size;
  }

  tags(): TagCount[] {
    return sortTagCounts([...this.counts].map(([tag, count]) => ({ tag, count })));
  }

  recent(): IndexedNote[] {
    return this.newest;
  }

  /** Every note seen, once each. */
  all(): IterableIterator<IndexedNote> {
    return this.seen.values();
  }
}

/**
 * The index after a full scan. What the scan cannot know — which notebook a note is in — is
 * carried over from the previous index.
 */
export function buildIndex(
  notes: readonly IndexedNote[] | IndexAccumulator,
  scan: { baseUrl: string; total: number; complete: boolean; now: number },
  previous: NotesIndex | null,
): NotesIndex {
  const gathered = notes instanceof IndexAccumulator ? notes : accumulate(notes);
  const knownDecks = new Map(
    (previous?.baseUrl === scan.baseUrl ? previous.recent : []).flatMap((note) =>
      note.deckId === undefined ? [] : [[note.id, note.deckId] as const],
    ),
  );
  const recent = gathered.recent().map((note) => {
    const deckId = note.deckId ?? knownDecks.get(note.id);
    return deckId === undefined ? note : { ...note, deckId };
  });
  return {
    baseUrl: scan.baseUrl,
    refreshedAt: scan.now,
    total: scan.total,
    complete: scan.complete,
    fullScanAt: scan.now,
    tags: gathered.tags(),
    recent,
    catalog: {
      state: scan.complete ? 'complete' : 'partial',
      shards: shardsFor(gathered.size),
    },
  };
}

function accumulate(notes: readonly IndexedNote[]): IndexAccumulator {
  const accumulator = new IndexAccumulator();
  for (const note of notes) accumulator.add(note);
  return accumulator;
}

/**
 * The index brought up to date from the notes stored or changed since the last refresh (found at
 * the list's ends), without a scan. A note the index already knows (one of its recent notes, or
 * of the catalog: `known`) has its tags moved from the old to the new; an unknown one created
 * since is new. Returns null when the list's total says more happened than those notes explain
 * (notes deleted elsewhere), or an older note the index does not know changed: a full scan must
 * say what.
 */
export function applyRecentNotes(
  index: NotesIndex,
  changed: readonly IndexedNote[],
  facts: { total: number; since: number; now: number },
  catalog: ReadonlyMap<string, IndexedNote> = new Map(),
): NotesIndex | null {
  let next = index;
  let added = 0;
  for (const note of changed) {
    const known = next.recent.find((candidate) => candidate.id === note.id) ?? catalog.get(note.id);
    if (known) {
      if (known.updatedAt === note.updatedAt && known.title === note.title) continue;
      next = applyNoteChange(next, { kind: 'updated', before: known, note });
      continue;
    }
    const created = Date.parse(note.createdAt);
    // An older note changed since: its earlier tags are unknown, so its counts cannot be moved.
    if (Number.isNaN(created) || created < facts.since) return null;
    next = applyNoteChange(next, { kind: 'created', note });
    added += 1;
  }
  if (index.total + added !== facts.total) return null;
  return { ...next, total: facts.total, refreshedAt: facts.now };
}

/** One change Clipdeck made to a note, applied to the index without a new scan. */
export type NoteChange =
  | { kind: 'created'; note: IndexedNote }
  | { kind: 'updated'; before: Pick<IndexedNote, 'tags'>; note: IndexedNote }
  /** `before`: the note's tags when known; otherwise those the index remembers, if any. */
  | { kind: 'deleted'; id: string; before?: Pick<IndexedNote, 'tags'> };

export function applyNoteChange(index: NotesIndex, change: NoteChange): NotesIndex {
  const id = change.kind === 'deleted' ? change.id : change.note.id;
  const known = index.recent.find((note) => note.id === id);
  const before = change.kind === 'created' ? undefined : (change.before ?? known);
  const after = change.kind === 'deleted' ? undefined : change.note;
  const counts = new Map(index.tags.map(({ tag, count }) => [tag, count]));
  for (const tag of new Set(before?.tags ?? [])) counts.set(tag, (counts.get(tag) ?? 0) - 1);
  for (const tag of new Set(after?.tags ?? [])) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const tags = sortTagCounts(
    [...counts].flatMap(([tag, count]) => (count > 0 ? [{ tag, count }] : [])),
  );
  const others = index.recent.filter((note) => note.id !== id);
  const kept =
    after && after.deckId === undefined && known?.deckId !== undefined
      ? { ...after, deckId: known.deckId }
      : after;
  const recent = (kept ? [...others, kept] : others).sort(newestFirst).slice(0, RECENT_KEPT);
  const total = Math.max(
    0,
    index.total + (change.kind === 'created' ? 1 : 0) - (change.kind === 'deleted' ? 1 : 0),
  );
  return { ...index, tags, recent, total };
}

/**
 * Tags to offer for what the user typed: recently used tags first, then the most used; tags
 * starting with the text before those that merely contain it; never one already chosen.
 */
export function suggestTags(
  typed: string,
  source: { recentTags: readonly string[]; tags: readonly TagCount[]; chosen: readonly string[] },
  limit = 8,
): string[] {
  const query = typed.trim().toLowerCase();
  const chosen = new Set(source.chosen.map((tag) => tag.toLowerCase()));
  const seen = new Set<string>();
  const candidates: string[] = [];
  for (const tag of [...source.recentTags, ...source.tags.map(({ tag }) => tag)]) {
    const key = tag.toLowerCase();
    if (seen.has(key) || chosen.has(key) || !key.includes(query)) continue;
    seen.add(key);
    candidates.push(tag);
  }
  const starts = candidates.filter((tag) => tag.toLowerCase().startsWith(query));
  const contains = candidates.filter((tag) => !tag.toLowerCase().startsWith(query));
  return [...starts, ...contains].slice(0, limit);
}
