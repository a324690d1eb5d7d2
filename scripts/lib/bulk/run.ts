import { NotesApiError, type NotesClient } from '../../../utils/api';
// The one file, not the index: the clip log's index reaches the extension's storage.
import { canonicalUrl } from '../../../utils/clip-log/canonical-url';
import type { ClipSummary, NewClip } from '../../../utils/outbox';
import type { ClipBrowser } from '../clip-browser';
import { MOVE_WATCH_MS, movedWithin, NEARLY_EMPTY_CHARS, withoutFragment } from '../page-load';
import type { Command } from './args';
import { isDone, type Journal } from './journal';
import { bookmarkDraft, type WorkItem, withHighlights } from './links';
import type { Counts, Progress } from './progress';
import { attentionSentence } from './sentences';

/** At most this many clips handed to the outbox in one write (the outbox's BATCH_SIZE). */
export const SUBMIT_BATCH = 100;
/**
 * Clips not yet saved (batched, being handed over, or in the outbox) before the run stops opening
 * pages: bounds the outbox's size, and with it the cost of each of its writes and the memory a
 * long run holds, however long the reading list.
 */
export const MAX_UNSETTLED = 200;
/** How long a batch waits to fill before it is handed over anyway. */
const BATCH_WAIT_MS = 300;
const POLL_MS = 400;
/** How long the run waits for clips that make no progress (the outbox keeps them) before it ends. */
export const SETTLE_PATIENCE_MS = 120_000;

export interface RunOutcome {
  counts: Counts;
  /** Failure reasons (a short kind) and how often each happened. */
  failures: Map<string, number>;
  /** Clips still in the outbox when the run ended. */
  waiting: number;
  elapsedMs: number;
  /** Pages clipped or bookmarked by this run. */
  clippedNow: number;
  stopped: boolean;
  /** A reason the whole run stopped (a refused key): the last thing to tell the user. */
  fatal?: string;
}

interface RunContext {
  command: Command;
  browser: ClipBrowser;
  client: NotesClient;
  baseUrl: string;
  journal?: Journal;
  /** Canonical addresses the account already has notes of (empty with --again). */
  known: Set<string>;
  /** Where the notes go, one JSON line each. */
  out: (line: string) => void;
  progress: Progress;
  counts: Counts;
  /** Set by Ctrl-C: no new page is opened. */
  signal: { stopped: boolean };
}

type Outcome = 'stored' | 'bookmarked';
interface Pending {
  item: WorkItem;
  outcome: Outcome;
}

/**
 * Runs the links through the browser and the outbox: `jobs` tabs at once, each page opened until
 * ready and settled, clipped in its tab, the clips handed to the outbox in batches, and each
 * saved note read back and printed. A page that cannot be clipped becomes a bookmark note or is
 * listed, as --on-fail says.
 */
export async function runLinks(items: WorkItem[], context: RunContext): Promise<RunOutcome> {
  const { command, browser, journal, counts, progress } = context;
  const failures = new Map<string, number>();
  const unsettled = new Map<string, Pending>();
  const batch: Array<{ pending: Pending; clip: NewClip }> = [];
  // Clips taken out of the batch and not yet acknowledged by the outbox: while a slow hand-over
  // is under way they are in neither `batch` nor `unsettled`, and must still count.
  let handingOver = 0;
  let batchTimer: NodeJS.Timeout | undefined;
  let fatal: string | undefined;
  let clippedNow = 0;
  let lastProgressAt = Date.now();

  const fail = (item: WorkItem, kind: string, message: string) => {
    failures.set(kind, (failures.get(kind) ?? 0) + 1);
    counts.failed += 1;
    journal?.record({ key: item.key, state: 'failed', reason: kind });
    progress.say(`${item.link.url}: ${message}`);
  };
  const skip = (item: WorkItem, reason: string) => {
    counts.skipped += 1;
    journal?.record({ key: item.key, state: 'skipped', reason });
    progress.update();
  };

  // Links done by an earlier run with this journal, links the service has, repeats in the input.
  const seen = new Set<string>();
  const todo: WorkItem[] = [];
  for (const item of items) {
    const earlier = journal?.latest.get(item.key);
    if (seen.has(item.key) || isDone(earlier)) {
      counts.skipped += 1;
      continue;
    }
    seen.add(item.key);
    if (earlier?.state === 'submitted' && earlier.clipId) {
      unsettled.set(earlier.clipId, {
        item,
        outcome: earlier.reason === 'bookmark' ? 'bookmarked' : 'stored',
      });
      continue;
    }
    if (!command.again && context.known.has(item.key)) {
      skip(item, 'already-there');
      continue;
    }
    todo.push(item);
  }

  // A clip handed to the outbox just before a stop, whose "submitted" line never reached the
  // journal: the outbox (kept in the run's browser profile) still has it, under the page's address.
  if (journal && todo.length) {
    const inOutbox = new Map<string, ClipSummary>();
    for (const clip of await browser.call('listOutbox')) {
      const key = clip.sourceUrl && (canonicalUrl(clip.sourceUrl) ?? clip.sourceUrl);
      if (key && clip.state !== 'saved') inOutbox.set(key, clip);
      else if (key && clip.state === 'saved' && !inOutbox.has(key)) inOutbox.set(key, clip);
    }
    for (let index = todo.length - 1; index >= 0; index--) {
      const item = todo[index] as WorkItem;
      const clip = inOutbox.get(item.key);
      if (!clip) continue;
      todo.splice(index, 1);
      journal.record({ key: item.key, state: 'submitted', clipId: clip.id });
      unsettled.set(clip.id, { item, outcome: 'stored' });
    }
  }
  if (unsettled.size) {
    // A clip the journal says is in the outbox but the outbox no longer has (its browser profile
    // was removed): the service has its note (found above) or the page is clipped again.
    const ids = [...unsettled.keys()];
    const states = await browser.call('clipStates', ids);
    for (const [index, id] of ids.entries()) {
      if (states[index] !== undefined) continue;
      const pending = unsettled.get(id) as Pending;
      unsettled.delete(id);
      if (!command.again && context.known.has(pending.item.key))
        skip(pending.item, 'already-there');
      else todo.push(pending.item);
    }
    // Clips that waited for the user in an earlier run (a key since fixed) are sent again; the
    // others keep their place (a clip held by a 429 is not sent before its time).
    const waiting = ids.filter((_, index) => states[index]?.state === 'needs-attention');
    if (waiting.length) await browser.call('retryClips', waiting);
  }

  progress.startClock();
  progress.update();

  const flush = async () => {
    clearTimeout(batchTimer);
    batchTimer = undefined;
    while (batch.length) {
      const taken = batch.splice(0, SUBMIT_BATCH);
      handingOver += taken.length;
      let stored: ClipSummary[];
      try {
        stored = await browser.call(
          'submitClips',
          taken.map((entry) => entry.clip),
        );
      } finally {
        handingOver -= taken.length;
      }
      stored.forEach((clip, index) => {
        const entry = taken[index];
        if (!entry) return;
        unsettled.set(clip.id, entry.pending);
        journal?.record({
          key: entry.pending.item.key,
          state: 'submitted',
          clipId: clip.id,
          ...(entry.pending.outcome === 'bookmarked' && { reason: 'bookmark' }),
        });
      });
    }
  };
  const submit = (pending: Pending, clip: NewClip) => {
    batch.push({ pending, clip });
    if (batch.length >= SUBMIT_BATCH) return flush();
    batchTimer ??= setTimeout(() => void flush().catch(stopWith), BATCH_WAIT_MS);
    return Promise.resolve();
  };
  const stopWith = (error: unknown) => {
    fatal ??= error instanceof Error ? error.message : String(error);
    context.signal.stopped = true;
  };

  const bookmark = async (item: WorkItem, kind: string, message: string) => {
    if (command.onFail === 'skip' || !item.fromExport) return fail(item, kind, message);
    failures.set(kind, (failures.get(kind) ?? 0) + 1);
    // The reason without its advice ("…, so there is nothing to clip and no note was saved"):
    // a bookmark is saved.
    const reason = message.split(/, so |: /)[0]?.replace(/\.$/, '') ?? message;
    progress.say(`${item.link.url}: ${reason}; kept as a bookmark.`);
    await submit(
      { item, outcome: 'bookmarked' },
      {
        draft: bookmarkDraft(item, `${reason}.`),
        ...(item.deckId !== undefined && { deckId: item.deckId }),
        sourceUrl: item.link.url,
      },
    );
  };

  const clipOne = async (item: WorkItem) => {
    if (command.mode === 'bookmark') {
      await submit(
        { item, outcome: 'stored' },
        {
          draft: bookmarkDraft(item),
          ...(item.deckId !== undefined && { deckId: item.deckId }),
          sourceUrl: item.link.url,
        },
      );
      return;
    }
    const limits = { timeoutMs: command.pageTimeoutMs };
    const prepare = async (tabId: number) =>
      (
        await browser.call('prepareTabs', [
          {
            tabId,
            mode: command.mode,
            tags: item.tags,
            ...(item.deckId !== undefined && { deckId: item.deckId }),
            ...(item.sourceAddress !== undefined && { sourceAddress: item.sourceAddress }),
          },
        ])
      )[0];
    let tab = await browser.open(item.openUrl, limits);
    try {
      if (!tab.ok) return await bookmark(item, tab.error.kind, tab.error.message);
      const openedAt = tab.url();
      let prepared = await prepare(tab.tabId);
      // The page moved on by itself while it was read (a redirect on a timer, after the page had
      // settled): what was read, or failed to be ("the extension cannot read this page"), is a
      // page that is gone. Where it went is opened and read instead, once. A new fragment is the
      // same page. A nearly empty read is given a moment to move on (NEARLY_EMPTY_CHARS); a
      // local file's scripts do not run, so it cannot.
      const current = tab;
      const movedTo =
        prepared?.ok &&
        prepared.contentChars < NEARLY_EMPTY_CHARS &&
        item.sourceAddress === undefined
          ? await movedWithin(() => current.url(), openedAt, MOVE_WATCH_MS)
          : current.url();
      if (movedTo !== undefined && withoutFragment(movedTo) !== withoutFragment(openedAt)) {
        await tab.close();
        tab = await browser.open(movedTo, limits);
        if (!tab.ok) return await bookmark(item, tab.error.kind, tab.error.message);
        prepared = await prepare(tab.tabId);
      }
      if (!prepared?.ok) {
        const error = prepared?.error ?? {
          kind: 'no-answer',
          message: 'The extension did not answer.',
        };
        return await bookmark(item, error.kind, error.message);
      }
      const { clip, notices } = prepared;
      // What the popup would show over this clip (the whole page saved instead of an article).
      for (const notice of notices) progress.say(`${item.link.url}: ${notice}`);
      await submit(
        { item, outcome: 'stored' },
        {
          ...clip,
          draft: {
            ...clip.draft,
            markdown_text: withHighlights(clip.draft.markdown_text, item.link.highlights),
          },
        },
      );
    } finally {
      await tab.close();
    }
  };

  const settle = async () => {
    const ids = [...unsettled.keys()];
    if (!ids.length) return;
    const states = await browser.call('clipStates', ids);
    for (const [index, id] of ids.entries()) {
      const pending = unsettled.get(id);
      const clip = states[index];
      if (!pending) continue;
      if (clip === undefined || clip.state === 'saved') {
        unsettled.delete(id);
        lastProgressAt = Date.now();
        clippedNow += 1;
        counts[pending.outcome] += 1;
        journal?.record({
          key: pending.item.key,
          state: pending.outcome,
          ...(clip?.noteId !== undefined && { noteId: clip.noteId }),
        });
        context.out(JSON.stringify(await readBack(context.client, clip, pending.item)));
        progress.update();
        continue;
      }
      if (clip.state === 'needs-attention') {
        unsettled.delete(id);
        lastProgressAt = Date.now();
        const sentence = attentionSentence(clip, context.baseUrl);
        // A refused key stops every clip: say it once and stop.
        if (clip.error?.kind === 'auth') stopWith(new Error(sentence));
        fail(pending.item, clip.error?.kind ?? 'attention', sentence);
      }
    }
  };

  let next = 0;
  const worker = async () => {
    while (!context.signal.stopped && next < todo.length) {
      while (
        unsettled.size + batch.length + handingOver >= MAX_UNSETTLED &&
        !context.signal.stopped
      ) {
        await sleep(POLL_MS);
      }
      const item = todo[next++];
      if (!item) break;
      try {
        await clipOne(item);
      } catch (error) {
        // The browser went away (closed, crashed): nothing more can be clipped in this run.
        stopWith(error);
      }
    }
  };
  const settling = (async () => {
    let workersDone = false;
    void Promise.all(Array.from({ length: command.jobs }, worker)).then(async () => {
      await flush().catch(stopWith);
      workersDone = true;
    });
    for (;;) {
      await sleep(POLL_MS);
      if (context.signal.stopped) return;
      try {
        await settle();
      } catch (error) {
        stopWith(error);
        return;
      }
      if (workersDone && !batch.length && !unsettled.size) return;
      if (workersDone && Date.now() - lastProgressAt > SETTLE_PATIENCE_MS) return;
    }
  })();
  await settling;
  clearTimeout(batchTimer);
  progress.end();
  return {
    counts,
    failures,
    waiting: unsettled.size + batch.length,
    elapsedMs: progress.elapsedMs(),
    clippedNow,
    stopped: context.signal.stopped,
    ...(fatal !== undefined && { fatal }),
  };
}

/** The stored note as the service has it; what the outbox knows when it cannot be read. */
async function readBack(client: NotesClient, clip: ClipSummary | undefined, item: WorkItem) {
  const summary = { id: clip?.noteId, title: clip?.title, url: item.link.url };
  if (!clip?.noteId) return summary;
  for (let attempt = 1; attempt <= 5; attempt++) {
    try {
      return await client.get(clip.noteId);
    } catch (error) {
      if (
        !(error instanceof NotesApiError) ||
        !['server', 'rate-limited', 'timeout', 'network'].includes(error.kind)
      ) {
        break;
      }
      await sleep(Math.min(error.retryAfterMs ?? 500 * attempt, 10_000));
    }
  }
  return summary;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
