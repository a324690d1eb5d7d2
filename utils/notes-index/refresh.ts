import {
  createWordedNotesClient,
  MAX_PAGE_SIZE,
  NotesApiError,
  type NotesClient,
  toUserError,
} from '../api';
// The file, not the domain's index: clip-log's index reaches back into the notes index.
import { noteSourceUrl } from '../clip-log/note-source';
import { apiSentenceText } from '../i18n';
import { searchRecent } from '../outbox';
import type { Result } from '../result';
import { serialQueue } from '../serial';
import { readConnection, recordKeyRefused } from '../settings';
import { replaceSiteTags, SiteTagsAccumulator } from '../site-tags';
import {
  applyNoteChange,
  applyRecentNotes,
  buildIndex,
  IndexAccumulator,
  lastTouched,
  type NoteChange,
  toIndexedNote,
} from './build';
import { lookUpInCatalog, patchCatalog, readCatalog, writeCatalog } from './catalog';
import { type IndexedNote, type NotesIndex, notesIndexItem, readNotesIndex } from './store';

/** An index older than this is rescanned in the background when the popup opens. */
export const STALE_AFTER_MS = 10 * 60_000;
/**
 * The scan never asks for more pages than this (20,000 notes): past it, suggestions come from
 * the notes seen, and the index says it is incomplete.
 */
export const MAX_SCAN_PAGES = 200;
/**
 * Between full scans a stale index is brought up to date from the list's ends (what was stored or
 * changed since, usually one or two small pages); a full scan still runs this often, to catch
 * what the ends cannot show (an older note retagged elsewhere, say).
 */
export const FULL_SCAN_AFTER_MS = 24 * 60 * 60_000;
/** How far before the last refresh the ends are read: the service's clock may differ. */
export const CLOCK_MARGIN_MS = 5 * 60_000;
/**
 * A list whose order proves nothing at its ends (sorted by title, say) cannot show what changed
 * without reading it whole: then the whole list is read at most this often, and in between the
 * index follows Clipdeck's own changes only.
 */
export const UNSORTED_RESCAN_AFTER_MS = 60 * 60_000;
/** Recent notes whose notebook is looked up (one single-note read each, once per note). */
export const DECK_LOOKUPS = 10;

export interface IndexDependencies {
  /** A client for the saved connection; tests pass one aimed at their server. */
  client?: NotesClient;
  now?: () => number;
}

export interface RefreshOutcome {
  /** False when the cached index was fresh and nothing was asked of the service. */
  scanned: boolean;
  /** Requests made to the service by this refresh. */
  requests: number;
}

let running: Promise<Result<RefreshOutcome>> | undefined;

/** Every write to the index and its catalog goes through here, one at a time. */
const serially = serialQueue();

/** A change to the index, applied on its latest value. */
export function updateNotesIndex(
  change: (index: NotesIndex | null) => NotesIndex | null,
): Promise<NotesIndex | null> {
  return serially(async () => {
    const next = change(await readNotesIndex());
    if (next) await notesIndexItem.setValue(next);
    return next;
  });
}

const deletionListeners = new Set<(id: string) => void>();

/** Told of every note Clipdeck deleted or found gone (the clip log forgets it: issue 18). */
export function onNoteDeleted(listener: (id: string) => void): void {
  deletionListeners.add(listener);
}

/**
 * Records a change Clipdeck made to one note, if the index describes that note's service: the
 * tag counts and recent notes, and the note's one catalog shard. A deleted note's tags, when the
 * caller does not know them, are the catalog's.
 */
export function noteChanged(baseUrl: string, change: NoteChange): Promise<NotesIndex | null> {
  if (change.kind === 'deleted') for (const listener of deletionListeners) listener(change.id);
  return serially(async () => {
    const index = await readNotesIndex();
    if (!index || index.baseUrl !== baseUrl) return index;
    const place = { baseUrl, shards: index.catalog.shards };
    const hasCatalog = index.catalog.state !== 'missing';
    let applied = change;
    if (change.kind === 'deleted' && !change.before && hasCatalog) {
      const known = (await lookUpInCatalog(place, [change.id])).get(change.id);
      if (known) applied = { ...change, before: known };
    }
    const next = applyNoteChange(index, applied);
    await notesIndexItem.setValue(next);
    if (hasCatalog) {
      await patchCatalog(
        place,
        change.kind === 'deleted' ? { remove: [change.id] } : { upsert: [change.note] },
      );
    }
    return next;
  });
}

export function isFresh(index: NotesIndex | null, baseUrl: string, now: number): boolean {
  return !!index && index.baseUrl === baseUrl && now - index.refreshedAt < STALE_AFTER_MS;
}

/**
 * Rescans the user's notes unless the cached index is still fresh (or `force`). One scan at a
 * time: a second caller waits for the scan already running.
 */
export function refreshNotesIndex(
  options: { force?: boolean } = {},
  dependencies: IndexDependencies = {},
): Promise<Result<RefreshOutcome>> {
  running ??= runRefresh(options, dependencies).finally(() => {
    running = undefined;
  });
  return running;
}

async function runRefresh(
  { force = false }: { force?: boolean },
  dependencies: IndexDependencies,
): Promise<Result<RefreshOutcome>> {
  const now = dependencies.now ?? Date.now;
  const saved = await readConnection();
  if (!saved.ok) return saved;
  const { baseUrl } = saved.connection;
  if (!force && isFresh(await readNotesIndex(), baseUrl, now())) {
    return { ok: true, scanned: false, requests: 0 };
  }
  const client =
    dependencies.client ?? createWordedNotesClient({ ...saved.connection, words: apiSentenceText });
  let requests = 0;
  try {
    const incremental = await refreshFromEnds(client, baseUrl, now, force);
    requests += incremental.requests;
    let index = incremental.index;
    if (!index && incremental.unsorted) {
      // The ends prove nothing under this service's order: the whole list is read, but rarely.
      index = await updateNotesIndex((current) =>
        current?.baseUrl === baseUrl && now() - (current.fullScanAt ?? 0) < UNSORTED_RESCAN_AFTER_MS
          ? { ...current, refreshedAt: now() }
          : null,
      );
    }
    if (!index) {
      const scan = await scanNotes(client);
      requests += scan.pages;
      index = await storeScan(scan, baseUrl, now());
      await replaceSiteTags(baseUrl, scan.sites);
    }
    if (index) requests += await lookUpDecks(client, index);
    return { ok: true, scanned: true, requests };
  } catch (error) {
    if (error instanceof NotesApiError && error.kind === 'auth') await recordKeyRefused();
    return { ok: false, error: toUserError(error) };
  }
}

/**
 * A stale index of this account, fully scanned within FULL_SCAN_AFTER_MS, is updated from the
 * notes stored or changed since its last refresh, read at the list's ends (utils/outbox's
 * searchRecent, which proves it saw them all or says it could not). `index` is null when a full
 * scan is needed: no usable index, a forced refresh, ends that prove nothing, or a total the
 * changes seen do not explain (deletions elsewhere).
 */
async function refreshFromEnds(
  client: NotesClient,
  baseUrl: string,
  now: () => number,
  force: boolean,
): Promise<{ index: NotesIndex | null; requests: number; unsorted?: boolean }> {
  const previous = await readNotesIndex();
  const usable =
    !force &&
    previous?.baseUrl === baseUrl &&
    previous.complete &&
    previous.catalog.state === 'complete' &&
    now() - (previous.fullScanAt ?? 0) < FULL_SCAN_AFTER_MS;
  if (!usable || !previous) return { index: null, requests: 0 };
  const since = previous.refreshedAt - CLOCK_MARGIN_MS;
  const search = await searchRecent(client, {
    since,
    // Only metadata of notes touched since is kept, whatever the ends hold.
    matches: (note) => lastTouched(toIndexedNote(note)) >= since,
    readAllIfUnsure: false,
  });
  if (!search.covered) return { index: null, requests: search.requests, unsorted: true };
  const changed = search.candidates.map((note) => toIndexedNote(note));
  const index = await serially(async () => {
    const current = await readNotesIndex();
    if (current?.baseUrl !== baseUrl) return null;
    // The notes changed since, as the catalog knew them: only their shards are read.
    const place = { baseUrl, shards: current.catalog.shards };
    const known = await lookUpInCatalog(
      place,
      changed.map((note) => note.id),
    );
    const next = applyRecentNotes(
      current,
      changed,
      { total: search.total, since, now: now() },
      known,
    );
    if (!next) return null;
    await notesIndexItem.setValue(next);
    // Only what the catalog does not already hold as it is: the ends also show Clipdeck's own
    // changes, which are in it already.
    const differs = changed.filter((note) => {
      const before = known.get(note.id);
      return (
        !before ||
        before.title !== note.title ||
        lastTouched(before) !== lastTouched(note) ||
        before.tags.join('\n') !== note.tags.join('\n')
      );
    });
    if (differs.length) await patchCatalog(place, { upsert: differs });
    return next;
  });
  return { index, requests: search.requests };
}

/**
 * The index and the catalog after a full scan. Notebooks are not in the list: those the old
 * catalog knew are kept.
 */
async function storeScan(scan: Scan, baseUrl: string, now: number): Promise<NotesIndex> {
  return serially(async () => {
    const previous = await readNotesIndex();
    const decks = new Map<string, string | null>();
    if (previous?.baseUrl === baseUrl && previous.catalog.state !== 'missing') {
      for (const note of await readCatalog({ baseUrl, shards: previous.catalog.shards })) {
        if (note.deckId !== undefined) decks.set(note.id, note.deckId);
      }
    }
    const next = buildIndex(
      scan.notes,
      { baseUrl, total: scan.total, complete: scan.complete, now },
      previous,
    );
    await notesIndexItem.setValue(next);
    const withDecks = function* (): Generator<IndexedNote> {
      for (const note of scan.notes.all()) {
        const deckId = note.deckId ?? decks.get(note.id);
        yield deckId === undefined ? note : { ...note, deckId };
      }
    };
    await writeCatalog({ baseUrl, shards: next.catalog.shards }, withDecks());
    return next;
  });
}

interface Scan {
  notes: IndexAccumulator;
  /** Tags per site of the note's source (utils/site-tags), for the popup's suggestions. */
  sites: SiteTagsAccumulator;
  total: number;
  complete: boolean;
  pages: number;
}

/**
 * Pages through the list with `limit=100`, keeping only tag counts and the newest notes. Stops
 * on a short page, at the total, on a page that adds no new note (a service that ignores
 * `offset`), or at the page cap.
 */
async function scanNotes(client: NotesClient): Promise<Scan> {
  const notes = new IndexAccumulator();
  const sites = new SiteTagsAccumulator();
  let offset = 0;
  let total = 0;
  for (let pages = 1; ; pages += 1) {
    const page = await client.list({ limit: MAX_PAGE_SIZE, offset });
    total = page.total;
    const before = notes.size;
    for (const note of page.data) {
      const seen = notes.size;
      notes.add(toIndexedNote(note));
      if (notes.size > seen) sites.add(noteSourceUrl(note.markdown_text), note.tags);
    }
    offset += page.data.length;
    const finished =
      notes.size === before ||
      page.data.length < Math.min(page.limit || MAX_PAGE_SIZE, MAX_PAGE_SIZE) ||
      offset >= page.total;
    if (finished) return { notes, sites, total, complete: true, pages };
    if (pages >= MAX_SCAN_PAGES) return { notes, sites, total, complete: false, pages };
  }
}

/**
 * The list does not say which notebook a note is in; the single-note read does, and a note
 * never moves between notebooks through this interface, so each is read once and remembered.
 */
async function lookUpDecks(client: NotesClient, index: NotesIndex): Promise<number> {
  const unknown = index.recent.slice(0, DECK_LOOKUPS).filter((note) => note.deckId === undefined);
  let requests = 0;
  const found = new Map<string, string>();
  for (const note of unknown) {
    requests += 1;
    try {
      found.set(note.id, (await client.get(note.id)).deck_id);
    } catch (error) {
      if (error instanceof NotesApiError && error.kind === 'not-found') continue;
      break;
    }
  }
  if (found.size) {
    const updated = await updateNotesIndex((current) =>
      current
        ? {
            ...current,
            recent: current.recent.map((note) =>
              found.has(note.id) ? { ...note, deckId: found.get(note.id) ?? null } : note,
            ),
          }
        : current,
    );
    if (updated && updated.catalog.state !== 'missing') {
      const located = updated.recent.filter((note) => found.has(note.id));
      const place = { baseUrl: updated.baseUrl, shards: updated.catalog.shards };
      await serially(() => patchCatalog(place, { upsert: located }));
    }
  }
  return requests;
}
