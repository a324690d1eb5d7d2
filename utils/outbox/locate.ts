import type { ListedNote } from './dedupe';

/**
 * Finding the notes a clip may have stored without reading the notebook: the bounded-cost half of
 * "no clip lost, no duplicate" (issue 14).
 *
 * The interface does not say how the list is ordered. Under any ordering a service is likely to
 * use — newest first or oldest first, by creation or by last update — the notes stored in the
 * last few minutes sit at one END of the list: offset 0, or offset `total - k`. So the search reads
 * a small page at each end and walks inward. It never trusts that guess, though: it only calls the
 * search complete when an end it read is, as far as it walked, sorted by `created_at` or by
 * `updated_at` AND reaches a note older than `since`. A note stored after `since` has both
 * timestamps at or after `since` (less the clock tolerance the caller folds into `since`), so in a
 * list sorted that way it must lie between that end and the old note: inside what was read. When
 * neither end proves this (a list sorted by title, say), the search falls back to reading every
 * page — streamed, one page in memory at a time, keeping only the notes that match — so the
 * answer is still right, only dearer.
 */

/** The one list call the search makes. `limit` is never 0: 0 asks the service for every note. */
export interface ListPages<N extends ListedNote = ListedNote> {
  list(query: { deckId?: string; limit: number; offset: number }): Promise<{
    data: readonly N[];
    total: number;
  }>;
}

export interface RecentSearch<N extends ListedNote = ListedNote> {
  /** Notes that matched, each once, in the order seen. */
  candidates: N[];
  /** List requests made. */
  requests: number;
  /** The list's total at the first request. */
  total: number;
  /** True when the whole list had to be read (no end was provably sorted). */
  scannedAll: boolean;
  /**
   * Every note stored since `since` was seen. False only with `readAllIfUnsure: false`, when
   * neither end proved it (the caller then has its own way of reading everything).
   */
  covered: boolean;
}

export interface RecentSearchOptions<N extends ListedNote = ListedNote> {
  /** Only notes in this notebook; absent: the list without `deck_id` (every note). */
  deckId?: string;
  /** Epoch ms: notes stored at or after this time are the ones sought. */
  since: number;
  /** Whether a note is one the caller is looking for (same content). */
  matches(note: N): boolean;
  /** Size of the first page read at each end. */
  firstPageSize?: number;
  /** Pages read at each end before giving up on the ends and reading everything. */
  maxPagesPerEnd?: number;
  /** Default true: read every page when the ends prove nothing. False: answer `covered: false`. */
  readAllIfUnsure?: boolean;
}

/** The interface's page maximum. */
const PAGE = 100;
export const FIRST_PAGE_SIZE = 20;
export const MAX_PAGES_PER_END = 4;
/** Notes of the head read again at the start of its next page, to see that none slipped past. */
const HEAD_OVERLAP = 5;

type Key = 'created_at' | 'updated_at';
const KEYS: readonly Key[] = ['created_at', 'updated_at'];

/**
 * One end of the list, walked from the end inward. For each timestamp it remembers whether the
 * notes seen so far only got older (ties allowed) and whether one older than `since` was reached.
 */
class EndWalk {
  private readonly last = new Map<Key, number>();
  private readonly sorted = new Set<Key>(KEYS);
  private readonly reachedOld = new Set<Key>();
  /** Every note walked, by id. */
  private readonly seen = new Set<string>();
  /** The note walked last, the innermost so far. */
  lastId: string | undefined;

  constructor(private readonly since: number) {}

  /**
   * Every note walked counts, even past the first old one: a later newer note shows the end is
   * not sorted after all (an oldest-first list read from its head, a list sorted by title).
   * A note seen again is skipped: notes saved while the search reads (other clips, other tools)
   * push the head's notes inward, so the next page begins with some the last one held. Judged
   * again, the first of them was "newer than the note before" and the search gave up on the
   * order and read the whole account (found by the big-account soak: 100 pages for one clip).
   */
  visit(note: ListedNote): void {
    if (this.seen.has(note.id)) return;
    this.seen.add(note.id);
    this.lastId = note.id;
    for (const key of KEYS) {
      if (!this.sorted.has(key)) continue;
      const time = Date.parse(note[key] ?? '');
      const previous = this.last.get(key);
      if (Number.isNaN(time) || (previous !== undefined && time > previous)) {
        this.sorted.delete(key);
        continue;
      }
      this.last.set(key, time);
      if (time < this.since) this.reachedOld.add(key);
    }
  }

  /**
   * The list changed under the walk so that notes may have slipped past it unread: what was walked
   * proves nothing any more.
   */
  lostTrack(): void {
    this.sorted.clear();
  }

  /** Every note stored since `since` is among those walked (one note proves no order). */
  get covered(): boolean {
    return (
      this.seen.size >= 2 && KEYS.some((key) => this.sorted.has(key) && this.reachedOld.has(key))
    );
  }

  /** Walking further inward can still prove coverage. */
  get promising(): boolean {
    return KEYS.some((key) => this.sorted.has(key));
  }
}

export async function searchRecent<N extends ListedNote>(
  client: ListPages<N>,
  options: RecentSearchOptions<N>,
): Promise<RecentSearch<N>> {
  const firstSize = Math.min(PAGE, Math.max(1, options.firstPageSize ?? FIRST_PAGE_SIZE));
  const maxPages = options.maxPagesPerEnd ?? MAX_PAGES_PER_END;
  const scope = options.deckId === undefined ? {} : { deckId: options.deckId };
  const candidates = new Map<string, N>();
  let requests = 0;

  const read = async (offset: number, limit: number) => {
    requests += 1;
    const page = await client.list({ ...scope, limit, offset });
    for (const note of page.data) {
      if (!candidates.has(note.id) && options.matches(note)) candidates.set(note.id, note);
    }
    return page;
  };
  const done = (total: number, scannedAll: boolean, covered = true): RecentSearch<N> => ({
    candidates: [...candidates.values()],
    requests,
    total,
    scannedAll,
    covered,
  });

  const first = await read(0, firstSize);
  const total = first.total;
  const head = new EndWalk(options.since);
  for (const note of first.data) head.visit(note);
  // [headEnd, tailStart) is what neither end has read yet.
  let headEnd = first.data.length;
  let tailStart = total;
  if (head.covered || headEnd >= total || first.data.length === 0) return done(total, false);

  const tail = new EndWalk(options.since);
  let headPages = 1;
  let tailPages = 0;
  while (headEnd < tailStart) {
    const canTail = tailPages < maxPages && (tailPages === 0 || tail.promising);
    const canHead = headPages < maxPages && head.promising;
    if (!canTail && !canHead) break;
    // The head again while it looks sorted (newest first: the usual answer), else the tail.
    if (canTail && (!canHead || (tailPages === 0 && headPages >= 2))) {
      const size = tailPages === 0 ? firstSize : PAGE;
      const offset = Math.max(headEnd, tailStart - size);
      const page = await read(offset, tailStart - offset);
      tailPages += 1;
      if (page.data.length === 0) break;
      for (let index = page.data.length - 1; index >= 0; index--) {
        const note = page.data[index];
        if (note) tail.visit(note);
      }
      tailStart = offset;
      if (tail.covered) return done(total, false);
    } else {
      // Each page begins a few notes back. The last note walked must be among them: if it is not,
      // notes above it were deleted meanwhile (a copy removed, another device) and as many notes
      // moved up past the walk unread, the sought one perhaps among them.
      const back = Math.min(HEAD_OVERLAP, headEnd);
      const page = await read(headEnd - back, Math.min(PAGE, tailStart - headEnd + back));
      headPages += 1;
      if (page.data.length <= back) break;
      if (back > 0 && !page.data.some((note) => note.id === head.lastId)) head.lostTrack();
      for (const note of page.data) head.visit(note);
      headEnd += page.data.length - back;
      if (head.covered) return done(total, false);
    }
  }
  // The two ends met: every note was read.
  if (headEnd >= tailStart) return done(total, false);

  if (options.readAllIfUnsure === false) return done(total, false, false);
  // Last resort: neither end is provably sorted. Every page, streamed; only matches are kept.
  let offset = 0;
  while (offset < total) {
    const page = await read(offset, PAGE);
    if (page.data.length === 0) break;
    offset += page.data.length;
  }
  return done(total, true);
}

/** The notebook's (or, without a deck, the account's) note count: one request for one note. */
export async function countNotes(client: ListPages, deckId: string | undefined): Promise<number> {
  const page = await client.list({ ...(deckId !== undefined && { deckId }), limit: 1, offset: 0 });
  return page.total;
}

/** A page read again after a passing fault, at most this many times, this long apart. */
const PAGE_REREADS = 2;
const PAGE_REREAD_PAUSE_MS = 500;

/**
 * A list whose page reads, once the service has answered one of them, are read again after a
 * passing fault instead of failing the whole attempt. An attempt that must rule a note out reads
 * a few pages, counts, creates: with each request failing now and then, a chain of five all
 * answered is rare, and every failure used to throw the pages already read away. Found by the
 * big-account soak (30 % of requests answered 500): one clip in 200 failed all 40 of its attempts,
 * each in a different link of the chain. The first read is never repeated, so a service that is
 * down costs one request per attempt, as before; a 429 or a refused key is never read again.
 */
export function patientList(
  list: ListPages['list'],
  /** Whether a failed read is worth reading again (a 5xx, a dropped connection). */
  passing: (error: unknown) => boolean,
): ListPages['list'] {
  let answered = false;
  return async (query) => {
    for (let tries = 0; ; tries++) {
      try {
        const page = await list(query);
        answered = true;
        return page;
      } catch (error) {
        if (!answered || tries >= PAGE_REREADS || !passing(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, PAGE_REREAD_PAUSE_MS));
      }
    }
  };
}
