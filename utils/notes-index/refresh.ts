import {
  createNotesClient,
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
import { type NotesIndex, notesIndexItem, readNotesIndex } from './store';

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
let writes: Promise<unknown> = Promise.resolve();

/** Every write to the index goes through here, one at a time, each on the latest value. */
export function updateNotesIndex(
  change: (index: NotesIndex | null) => NotesIndex | null,
): Promise<NotesIndex | null> {
  const written = writes.then(async () => {
    const next = change(await readNotesIndex());
    if (next) await notesIndexItem.setValue(next);
    return next;
  });
  writes = written.catch(() => undefined);
  return written;
}

const deletionListeners = new Set<(id: string) => void>();

/** Told of every note Clipdeck deleted or found gone (the clip log forgets it: issue 18). */
export function onNoteDeleted(listener: (id: string) => void): void {
  deletionListeners.add(listener);
}

/** Records a change Clipdeck made to one note, if the index describes that note's service. */
export function noteChanged(baseUrl: string, change: NoteChange): Promise<NotesIndex | null> {
  if (change.kind === 'deleted') for (const listener of deletionListeners) listener(change.id);
  return updateNotesIndex((index) =>
    index && index.baseUrl === baseUrl ? applyNoteChange(index, change) : index,
  );
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
    dependencies.client ?? createNotesClient({ ...saved.connection, words: apiSentenceText });
  let requests = 0;
  try {
    const incremental = await refreshFromEnds(client, baseUrl, now, force);
    requests += incremental.requests;
    let index = incremental.index;
    if (!index) {
      const scan = await scanNotes(client);
      requests += scan.pages;
      index = await updateNotesIndex((previous) =>
        buildIndex(
          scan.notes,
          { baseUrl, total: scan.total, complete: scan.complete, now: now() },
          previous,
        ),
      );
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
): Promise<{ index: NotesIndex | null; requests: number }> {
  const previous = await readNotesIndex();
  const usable =
    !force &&
    previous?.baseUrl === baseUrl &&
    previous.complete &&
    now() - (previous.fullScanAt ?? 0) < FULL_SCAN_AFTER_MS;
  if (!usable || !previous) return { index: null, requests: 0 };
  const since = previous.refreshedAt - CLOCK_MARGIN_MS;
  const search = await searchRecent(client, {
    since,
    // Only metadata of notes touched since is kept, whatever the ends hold.
    matches: (note) => lastTouched(toIndexedNote(note)) >= since,
    readAllIfUnsure: false,
  });
  if (!search.covered) return { index: null, requests: search.requests };
  const changed = search.candidates.map((note) => toIndexedNote(note));
  const index = await updateNotesIndex((current) =>
    current && current.baseUrl === baseUrl
      ? applyRecentNotes(current, changed, { total: search.total, since, now: now() })
      : null,
  );
  return { index, requests: search.requests };
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
    await updateNotesIndex((current) =>
      current
        ? {
            ...current,
            recent: current.recent.map((note) =>
              found.has(note.id) ? { ...note, deckId: found.get(note.id) ?? null } : note,
            ),
          }
        : current,
    );
  }
  return requests;
}
