import { browser } from 'wxt/browser';
import type { Note, NotePatch, NoteWithDeck } from '../api';
import { t } from '../i18n';
import { failure, type Result } from '../result';
import { showOutboxOnBadge } from './badge';
import {
  asideBodyKeys,
  readBodies,
  removeBodies,
  restoreBodies,
  separateBodies,
  sweepBodies,
  writeBodies,
} from './bodies';
import { type OutboxConfig, outboxConfigItem, resolveOutboxConfig } from './config';
import { findExtraCopies, findStoredNote, type ListedNote, sameContent } from './dedupe';
import {
  blockedIds,
  changedFields,
  createActionEntry,
  deleteRefusedMessage,
  editedNote,
  moveDeleteEntry,
  type NoteAction,
  noteGoneMessage,
  resolveTargets,
} from './edits';
import {
  type EditedNote,
  kindOf,
  type NoteDraft,
  OUTBOX_VERSION,
  type Outbox,
  type OutboxEntry,
  outboxItem,
} from './entry';
import { isPassingFault, judgeFailure, toDeliveryFailure } from './failure';
import { countNotes, type ListPages, patientList, searchRecent } from './locate';
import { keepAside, type ReadOutbox, splitOutbox } from './set-aside';
import {
  type AttemptPhase,
  afterFailure,
  beginAttempt,
  capHolds,
  createEntry,
  isDue,
  markSaved,
  type NewClip,
  needsCopyCheck,
  nextWakeAt,
  recoverInterrupted,
  requeueByUser,
  resumeAfterNewKey,
  type UserChanges,
} from './transitions';

/** The one alarm that wakes the background for the next retry (or a watchdog). */
export const OUTBOX_ALARM = 'clipdeck-outbox';

/**
 * The part of the Notes client the outbox uses. It never lists a whole notebook in one go: it
 * counts (a page of one note), reads small pages at the list's ends (locate.ts), and only as a last
 * resort pages through everything, keeping just the notes that match.
 */
export interface OutboxClient extends ListPages {
  create(draft: NoteDraft, options: { deckId?: string }): Promise<{ id: string } | null>;
  delete(id: string): Promise<void>;
  /** Edits and moves read the note first (issue 18). */
  get(id: string): Promise<NoteWithDeck>;
  update(id: string, patch: NotePatch): Promise<Note | null>;
}

/**
 * One at a time: the stretch from counting a notebook before a create to counting it after (and
 * any deletion of an extra copy). With Clipdeck's own creates and deletes never overlapping such a
 * stretch, the count may grow by exactly one for the clip's own create; more is the mark of a
 * copy (the browser resent the create on its own, or another tool added a note meanwhile, which
 * costs a look at the list's ends and nothing else). The default notebook is counted through the
 * list without `deck_id` (every note), so one lock serves all notebooks. Searches and retries
 * waiting for their time run outside it.
 */
class CountWindow {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

export interface OutboxDependencies {
  /** A client for the connection saved now, or null when none is saved. */
  getClient(config: OutboxConfig): Promise<OutboxClient | null>;
  now?: () => number;
  random?: () => number;
  newId?: () => string;
  /** Told once each time the service refuses the key and deliveries stop. */
  onKeyRefused?: () => Promise<void> | void;
}

/** Bulk work is stored in batches of at most this many clips per write. */
export const BATCH_SIZE = 100;

export type Outcome = Result<{ clip: OutboxEntry }>;

export interface BatchProgress {
  total: number;
  queued: number;
  sending: number;
  saved: number;
  needsAttention: number;
  /** Discarded by the user before they were saved. */
  gone: number;
}

// Functions, not constants: a sentence is read in the browser's language when it is said.
const NOT_FOUND = () => failure('not-found', t('outbox.notFound'));
const BUSY = () => failure('busy', t('outbox.busy'));

/**
 * The durable outbox: clips are stored before anything is sent, delivered at most
 * `concurrency` at a time, retried from alarms, and every write goes through one queue so two
 * deliveries finishing together cannot overwrite each other.
 */
export function createOutbox(dependencies: OutboxDependencies) {
  const now = dependencies.now ?? Date.now;
  const random = dependencies.random ?? Math.random;
  const newId = dependencies.newId ?? (() => crypto.randomUUID());

  /** Clips this worker is sending; anything else found in "sending" was left by a dead worker. */
  const inFlight = new Set<string>();
  let sweeping = false;
  const watchers = new Set<(outbox: Outbox) => void>();
  let writes: Promise<unknown> = Promise.resolve();
  /**
   * The wake-up this worker last armed (`null`: cleared; undefined: not known, as after a start).
   * Arming is skipped when it would not change: Chromium stores every alarm it is given, and the
   * outbox is written several times a clip (a bulk import paid for it on each write). An alarm
   * that rang is gone, so ringing forgets it and the next write arms again, as before.
   */
  let armed: number | null | undefined;
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === OUTBOX_ALARM) armed = undefined;
  });
  let config: OutboxConfig | undefined;

  /** Delivery started from a callback: a failure is logged, never left unhandled. */
  function kick(): void {
    pump().catch((error: unknown) => console.error('[clipdeck outbox]', error));
  }

  async function loadConfig(): Promise<OutboxConfig> {
    config = resolveOutboxConfig(await outboxConfigItem.getValue());
    return config;
  }

  /**
   * Drafts' Markdown this worker stored or read, by body key (bodies.ts). A body never changes
   * under its key, so what is here is what storage holds: the list is read at every write, the
   * bodies only once.
   */
  const bodies = new Map<string, string>();

  async function readStored(): Promise<ReadOutbox & { version: number; bodyKeys: Set<string> }> {
    const [value, meta] = await Promise.all([outboxItem.getValue(), outboxItem.getMeta()]);
    const stamp = (meta as { v?: unknown } | null)?.v;
    const version = typeof stamp === 'number' ? stamp : OUTBOX_VERSION;
    const { outbox, setAside } = splitOutbox(value, version);
    const bodyKeys = new Set(outbox.entries.flatMap((entry) => entry.bodyKey ?? []));
    const unread = [...bodyKeys].filter((key) => !bodies.has(key));
    for (const [key, markdown] of await readBodies(unread)) bodies.set(key, markdown);
    const entries = outbox.entries.flatMap((entry) => {
      if (entry.bodyKey === undefined) return [entry];
      const markdown = bodies.get(entry.bodyKey);
      if (markdown !== undefined)
        return [{ ...entry, draft: { ...entry.draft, markdown_text: markdown } }];
      // Only damage can do this (a body is written before the list that names it): the clip is
      // kept aside as it stands rather than sent with no text.
      setAside.push({ reason: 'damaged', detail: 'draft.markdown_text: missing', entry });
      return [];
    });
    return {
      outbox: { ...outbox, entries },
      setAside: await restoreBodies(setAside),
      version,
      bodyKeys,
    };
  }

  /**
   * Writes the list with each draft's Markdown under a key of its own: new bodies first, then the
   * list, then the bodies it no longer names (a crash in between leaves an unnamed body, never a
   * clip without its text).
   */
  async function store(outbox: Outbox, storedKeys: ReadonlySet<string>): Promise<void> {
    const separated = separateBodies(
      outbox.entries,
      bodies,
      (entry) => `${entry.id}.${crypto.randomUUID().slice(0, 8)}`,
    );
    await writeBodies(separated.written);
    for (const [key, markdown] of separated.written) bodies.set(key, markdown);
    await outboxItem.setValue({ ...outbox, entries: separated.entries });
    const gone = [...storedKeys].filter((key) => !separated.named.has(key));
    await removeBodies(gone);
    for (const key of gone) bodies.delete(key);
  }

  async function read(): Promise<Outbox> {
    return (await readStored()).outbox;
  }

  /**
   * The only way the outbox is written: one change at a time, each on the latest value. The alarm
   * and badge follow in the same queue, so an older state can never re-arm or clear the alarm
   * after a newer one. (Nothing called from here may wait for another commit.)
   */
  function commit(
    change: (outbox: Outbox) => Outbox,
    afterWrite?: () => Promise<void> | void,
  ): Promise<Outbox> {
    const done = writes.then(async () => {
      const { outbox: current, setAside, version, bodyKeys } = await readStored();
      // Entries this version cannot read are copied aside before the write that leaves them out.
      if (setAside.length) await keepAside(setAside, now());
      const next = change(current);
      if (next !== current || setAside.length) await store(next, bodyKeys);
      // Only now that the list no longer names them, and their copies aside hold the Markdown.
      await removeBodies(asideBodyKeys(setAside));
      if (version !== OUTBOX_VERSION) await outboxItem.setMeta({ v: OUTBOX_VERSION });
      await afterWrite?.();
      await afterChange(next);
      return next;
    });
    writes = done.catch(() => undefined);
    return done;
  }

  /** An alarm that rang early is armed again by the next write: it must not end delivery. */
  async function afterChange(outbox: Outbox): Promise<void> {
    const wakeAt = nextWakeAt(outbox, now(), config ?? (await loadConfig())) ?? null;
    if (wakeAt !== armed) {
      if (wakeAt === null) await browser.alarms.clear(OUTBOX_ALARM);
      else await browser.alarms.create(OUTBOX_ALARM, { when: wakeAt });
      armed = wakeAt;
    }
    await showOutboxOnBadge(outbox);
    // Last, so whoever waits for a clip sees the badge and alarm that go with its state.
    for (const watcher of watchers) watcher(outbox);
  }

  function replaceEntry(
    outbox: Outbox,
    id: string,
    change: (entry: OutboxEntry) => OutboxEntry,
  ): Outbox {
    return {
      ...outbox,
      entries: outbox.entries.map((entry) => (entry.id === id ? change(entry) : entry)),
    };
  }

  /** Starts as many due clips as the concurrency limit allows. */
  async function pump(): Promise<void> {
    const settings = await loadConfig();
    const client = await dependencies.getClient(settings);
    if (!client) return;
    const started: OutboxEntry[] = [];
    try {
      await commit((stored) => {
        started.length = 0;
        const time = now();
        const outbox = resolveTargets(capHolds(stored, time));
        if (outbox.pausedForAuth) return outbox;
        const blocked = blockedIds(outbox);
        // While a 429 holds every clip, only those the user chose to retry go out.
        const held = (outbox.rateLimitedUntil ?? 0) > time;
        const free = settings.concurrency - inFlight.size;
        const due = outbox.entries
          .filter(
            (entry) =>
              isDue(entry, time) &&
              !inFlight.has(entry.id) &&
              !blocked.has(entry.id) &&
              (!held || entry.sendDespiteHold),
          )
          .sort((a, b) => a.createdAt - b.createdAt)
          .slice(0, Math.max(0, free));
        if (!due.length) return outbox;
        for (const entry of due) {
          inFlight.add(entry.id);
          started.push(beginAttempt(entry, time));
        }
        const byId = new Map(started.map((entry) => [entry.id, entry]));
        return {
          ...outbox,
          entries: outbox.entries.map((entry) => byId.get(entry.id) ?? entry),
        };
      });
    } catch (error) {
      for (const entry of started) inFlight.delete(entry.id);
      throw error;
    }
    if (!started.length && inFlight.size === 0) await removeExtraCopies(client, settings);
    for (const entry of started) {
      deliver(client, entry, settings)
        .catch((error: unknown) => console.error('[clipdeck outbox]', error))
        .finally(() => {
          inFlight.delete(entry.id);
          kick();
        });
    }
  }

  const window = new CountWindow();

  /** The window in which a note this clip's attempts stored can have been created. */
  function earliestOf(entry: OutboxEntry, settings: OutboxConfig): number {
    return (entry.firstAttemptAt ?? 0) - settings.clockSkewMs;
  }

  /**
   * One attempt:
   * - outcome of an earlier create unknown → search the list's ends for its note (locate.ts);
   *   found: adopt it (and remove any second copy seen on the way); ruled out: create;
   * - count the notebook (one note's page), create, count again, alone in the CountWindow. A
   *   healthy clip costs these three requests whatever the size of the account. Only when the
   *   notebook grew by more than one — the mark of a browser resending the create on its own —
   *   are the list's ends searched for an extra copy.
   */
  async function deliver(
    service: OutboxClient,
    entry: OutboxEntry,
    settings: OutboxConfig,
  ): Promise<void> {
    const counted = countRequests(service);
    try {
      await attempt(counted, entry, settings);
    } finally {
      // Usually nothing left: a create records its requests in the write that stores it.
      await recordRequests(entry.id, counted.unrecorded());
    }
  }

  /** What a clip has cost, kept on it (a figure for the soak test and for support). */
  async function recordRequests(id: string, made: number): Promise<void> {
    if (made === 0) return;
    await commit((outbox) =>
      replaceEntry(outbox, id, (entry) => ({ ...entry, requests: (entry.requests ?? 0) + made })),
    );
  }

  async function attempt(
    counted: CountedClient,
    given: OutboxEntry,
    settings: OutboxConfig,
  ): Promise<void> {
    if (kindOf(given) !== 'create') return attemptEdit(counted.client, given);
    // The search and the counts: a page failing once the service has answered is read again.
    const client = {
      ...counted.client,
      list: patientList(counted.client.list, isPassingFault),
    };
    let entry = given;
    let phase: AttemptPhase = 'search';
    const scope = entry.deckId;
    try {
      if (entry.readFirst) {
        phase = 'read';
        const read = await readMoved(client, entry);
        if (!read) return;
        entry = read;
        phase = 'search';
      }
      if (entry.outcomeUnknown) {
        const search = await searchRecent(client, {
          ...(scope !== undefined && { deckId: scope }),
          since: earliestOf(entry, settings),
          matches: sameContent(entry.draft),
        });
        const found = findStoredNote(search.candidates, entry, {
          ownedNoteIds: ownedNoteIds(await read(), entry.id),
          clockSkewMs: settings.clockSkewMs,
        });
        if (found) {
          await settleAdopted(entry.id, found.id);
          const adopted = await get(entry.id);
          if (adopted?.state === 'saved' && adopted.noteId === found.id) {
            await window
              .run(() => checkCopies(client, adopted, settings, search.candidates))
              .catch(ignore);
          }
          return;
        }
      }
      await window.run(async () => {
        const countBefore = await countNotes(client, scope);
        phase = 'create';
        const created = await client.create(
          entry.draft,
          scope === undefined ? {} : { deckId: scope },
        );
        // Counted before the write that records the note, so that a healthy clip is stored,
        // checked for copies and its requests counted in one write (issue 17: each outbox write
        // costs the whole list). A worker stopped before that write leaves the clip "sending":
        // the next one searches for its note, as for any create whose answer was lost.
        let grew: number | undefined;
        try {
          grew = (await countNotes(client, scope)) - countBefore;
        } catch {
          // Left unchecked: the check runs again once the queue drains (removeExtraCopies).
        }
        const saved = await settleCreated(entry.id, created?.id, {
          checked: grew !== undefined && grew <= 1,
          requests: counted,
        });
        // What follows only looks for a copy the browser made on its own.
        if (grew === undefined || grew <= 1) return;
        if (saved?.state !== 'saved' || saved.noteId === undefined) return;
        await checkCopies(client, saved, settings).catch(ignore);
      });
    } catch (error) {
      await recordFailure(entry, error, phase, settings);
    }
  }

  /** A failed attempt: retried later, or left for the user, as the failure says. */
  async function recordFailure(
    entry: OutboxEntry,
    error: unknown,
    phase: AttemptPhase,
    settings: OutboxConfig,
  ): Promise<void> {
    const outcome = afterFailure(entry, toDeliveryFailure(error), phase, {
      config: settings,
      now: now(),
      random,
    });
    let newlyPaused = false;
    await commit(
      (outbox) => {
        const current = outbox.entries.find((candidate) => candidate.id === entry.id);
        if (current?.state !== 'sending') return outbox;
        newlyPaused = outcome.pauseForAuth && !outbox.pausedForAuth;
        const next = replaceEntry(outbox, entry.id, () => outcome.entry);
        const holdUntil = Math.max(next.rateLimitedUntil ?? 0, outcome.holdAllUntil ?? 0);
        return {
          ...next,
          pausedForAuth: next.pausedForAuth || outcome.pauseForAuth,
          ...(holdUntil > now() && { rateLimitedUntil: holdUntil }),
        };
      },
      async () => {
        if (newlyPaused) await dependencies.onKeyRefused?.();
      },
    );
  }

  /**
   * A move's first step: read the note it moves, and keep its text in the entry (stored before
   * the create, so a create whose answer is lost is searched for like any clip). A note already
   * in the wanted notebook is not copied.
   */
  async function readMoved(client: OutboxClient, entry: OutboxEntry): Promise<OutboxEntry | null> {
    if (entry.moveFrom === undefined) {
      await settleNeedsUser(entry.id, 'note-gone', noteGoneMessage(entry));
      return null;
    }
    const original = await client.get(entry.moveFrom);
    if (entry.deckId !== undefined && original.deck_id === entry.deckId) {
      await commit((outbox) =>
        replaceEntry(outbox, entry.id, (current) => {
          const { moveFrom: _from, readFirst: _read, ...rest } = current;
          return markSaved(rest, { noteId: original.id, adopted: false }, now());
        }),
      );
      return null;
    }
    const draft = {
      title: original.title,
      markdown_text: original.markdown_text,
      tags: original.tags,
    };
    const read = { ...entry, draft, readFirst: undefined };
    await commit((outbox) =>
      replaceEntry(outbox, entry.id, (current) => {
        const { readFirst: _read, ...rest } = current;
        return { ...rest, draft };
      }),
    );
    return read;
  }

  /**
   * An edit or a delete: read the note and send only what changes (PUT), or delete it. A delete
   * runs in the CountWindow, so a clip's count before and after its create never sees it.
   */
  async function attemptEdit(client: OutboxClient, entry: OutboxEntry): Promise<void> {
    const settings = config ?? (await loadConfig());
    let phase: AttemptPhase = 'read';
    const noteId = entry.noteId;
    try {
      if (noteId === undefined) {
        await settleNeedsUser(entry.id, 'note-gone', noteGoneMessage(entry));
        return;
      }
      if (kindOf(entry) === 'delete') {
        await window.run(async () => {
          phase = 'create';
          const refused = await deleteOrExplain(client, noteId, entry.draft.title);
          if (refused) await settleNeedsUser(entry.id, 'invalid-request', refused);
          else await settleEdit(entry.id, undefined);
        });
        return;
      }
      const current = await client.get(noteId);
      const patch = changedFields(current, entry.changes ?? {});
      phase = 'create';
      const answered = Object.keys(patch).length ? await client.update(noteId, patch) : null;
      await settleEdit(entry.id, editedNote(current, patch, answered, now()));
    } catch (error) {
      await recordFailure(entry, error, phase, settings);
    }
  }

  /**
   * Deletes a note; answers why not when the service refuses. A 404 (or a 400) may mean "already
   * gone" or "no such route": only a read tells which. Failures worth retrying are thrown.
   */
  async function deleteOrExplain(
    client: OutboxClient,
    noteId: string,
    title: string,
  ): Promise<string | undefined> {
    try {
      await client.delete(noteId);
      return undefined;
    } catch (error) {
      const failure = toDeliveryFailure(error);
      if (failure.kind !== 'not-found' && failure.kind !== 'invalid-request') throw error;
      try {
        const still = await client.get(noteId);
        return deleteRefusedMessage(still.title || title, failure.status, failure.serverMessage);
      } catch (readError) {
        if (toDeliveryFailure(readError).kind === 'not-found') return undefined;
        throw readError;
      }
    }
  }

  function settleEdit(id: string, edited: EditedNote | undefined): Promise<Outbox> {
    return commit((outbox) =>
      prune(
        replaceEntry(outbox, id, (entry) =>
          entry.state === 'sending'
            ? {
                ...markSaved(entry, { noteId: entry.noteId, adopted: false }, now()),
                ...(edited && { edited, draft: { ...entry.draft, title: edited.title } }),
              }
            : entry,
        ),
      ),
    );
  }

  function settleNeedsUser(
    id: string,
    attention: NonNullable<OutboxEntry['attention']>,
    message: string,
  ): Promise<Outbox> {
    return commit((outbox) =>
      replaceEntry(outbox, id, (entry) => {
        if (entry.state !== 'sending') return entry;
        const { nextAttemptAt: _next, ...rest } = entry;
        return {
          ...rest,
          state: 'needs-attention',
          attention,
          lastError: { kind: attention, message },
          updatedAt: now(),
        };
      }),
    );
  }

  /**
   * Deletes extra copies of a saved clip's note (see findExtraCopies) found at the list's ends,
   * or among `seen` when a search just read them. Returns false, leaving the clip unchecked,
   * while another clip with the same content is not settled yet: a copy may be that clip's note.
   */
  async function checkCopies(
    client: OutboxClient,
    entry: OutboxEntry,
    settings: OutboxConfig,
    seen?: readonly ListedNote[],
  ): Promise<boolean> {
    const outbox = await read();
    const matches = sameContent(entry.draft);
    const twinPending = outbox.entries.some(
      (other) =>
        other.id !== entry.id &&
        kindOf(other) === 'create' &&
        (other.state === 'queued' || other.state === 'sending') &&
        matches(other.draft),
    );
    if (twinPending) return false;
    const candidates =
      seen ??
      (
        await searchRecent(client, {
          ...(entry.deckId !== undefined && { deckId: entry.deckId }),
          since: earliestOf(entry, settings),
          matches,
        })
      ).candidates;
    const extras = findExtraCopies(candidates, entry, {
      ownedNoteIds: ownedNoteIds(outbox, entry.id),
      clockSkewMs: settings.clockSkewMs,
      resendWindowMs: settings.requestTimeoutMs * 3 + 5_000,
    });
    for (const extra of extras) await client.delete(extra.id);
    await markChecked([entry.id]);
    return true;
  }

  /** Stores an edit, a delete or a move of a note, then starts delivering. */
  async function act(action: NoteAction): Promise<OutboxEntry> {
    const entry = createActionEntry(action, newId(), now());
    await commit((outbox) => ({ ...outbox, entries: [...outbox.entries, entry] }));
    kick();
    return entry;
  }

  function markChecked(ids: readonly string[]): Promise<Outbox> {
    const checked = new Set(ids);
    return commit((current) => ({
      ...current,
      entries: current.entries.map((entry) =>
        checked.has(entry.id) && entry.state === 'saved'
          ? forgetMarkdown({ ...entry, duplicatesChecked: true })
          : entry,
      ),
    }));
  }

  /**
   * A note found on the service for an attempt whose outcome was unknown. If another clip claimed
   * the same note in the meantime (two identical clips), this one searches again later.
   */
  function settleAdopted(id: string, noteId: string): Promise<Outbox> {
    return commit((outbox) => {
      const owned = ownedNoteIds(outbox, id);
      return prune(
        replaceEntry(outbox, id, (entry) => {
          if (entry.state !== 'sending') return entry;
          if (owned.has(noteId)) return { ...entry, state: 'queued', nextAttemptAt: now() };
          return markSaved(entry, { noteId, adopted: true }, now());
        }),
      );
    });
  }

  /**
   * The service stored the note. A clip that adopted this very note was wrong to (its content is
   * identical, its own attempt stored nothing): it goes back to looking for its note.
   */
  async function settleCreated(
    id: string,
    noteId: string | undefined,
    { checked, requests }: { checked: boolean; requests: CountedClient },
  ): Promise<OutboxEntry | undefined> {
    let settled: OutboxEntry | undefined;
    await commit((outbox) => {
      let moved: OutboxEntry | undefined;
      const saved = replaceEntry(outbox, id, (entry) => {
        if (entry.state !== 'sending') return entry;
        if (entry.moveFrom !== undefined) moved = entry;
        const made = requests.unrecorded();
        requests.recorded(made);
        const stored = markSaved(
          { ...entry, requests: (entry.requests ?? 0) + made },
          { noteId, adopted: false },
          now(),
        );
        settled =
          checked && stored.noteId !== undefined
            ? forgetMarkdown({ ...stored, duplicatesChecked: true })
            : stored;
        return settled;
      });
      // A move: the original goes only now that its copy is stored, and in the same write, so a
      // worker stopped right after still deletes it (and never before).
      if (moved) saved.entries.push(moveDeleteEntry(moved, newId(), now()));
      const entries = saved.entries.map((entry) =>
        entry.id !== id && entry.adopted && noteId !== undefined && entry.noteId === noteId
          ? {
              ...entry,
              state: 'queued' as const,
              adopted: false,
              noteId: undefined,
              outcomeUnknown: true,
              nextAttemptAt: now(),
            }
          : entry,
      );
      return prune({ ...saved, entries });
    });
    return settled;
  }

  /**
   * Saved clips whose check for extra copies could not be made when they were saved (the count or
   * the search failed, or a twin was still on its way) are checked once nothing is waiting to be
   * sent: each by a search of the list's ends, never a listing of the notebook. A failure leaves
   * them for the next time the queue drains or the alarm rings.
   */
  async function removeExtraCopies(client: OutboxClient, settings: OutboxConfig): Promise<void> {
    if (sweeping) return;
    const outbox = await read();
    const busy = outbox.entries.some(
      (entry) => entry.state === 'queued' || entry.state === 'sending',
    );
    if (busy || outbox.pausedForAuth || (outbox.rateLimitedUntil ?? 0) > now()) return;
    const unchecked = outbox.entries.filter((entry) => needsCopyCheck(entry, now()));
    if (!unchecked.length) return;
    sweeping = true;
    const given: string[] = [];
    try {
      for (const entry of unchecked) {
        try {
          const counted = countRequests(client);
          try {
            await window.run(() => checkCopies(counted.client, entry, settings));
          } finally {
            await recordRequests(entry.id, counted.unrecorded());
          }
        } catch (error) {
          // A refusal (key, notebook, request) will not get better by retrying: stop checking.
          const { action } = judgeFailure(toDeliveryFailure(error), entry.deckId);
          if (action !== 'retry') given.push(entry.id);
        }
      }
      // Committed even when nothing was checked: that re-arms the alarm for another try.
      await markChecked(given);
    } finally {
      sweeping = false;
    }
  }

  /** Saved clips beyond the newest few are forgotten once checked: the service has them. */
  function prune(outbox: Outbox): Outbox {
    const keep = config?.savedKept ?? 50;
    const saved = outbox.entries
      // A clip still in this worker's hands keeps its entry until its last write (its count).
      .filter(
        (entry) =>
          entry.state === 'saved' && !needsCopyCheck(entry, now()) && !inFlight.has(entry.id),
      )
      .sort((a, b) => (b.savedAt ?? 0) - (a.savedAt ?? 0));
    if (saved.length <= keep) return outbox;
    const dropped = new Set(saved.slice(keep).map((entry) => entry.id));
    return { ...outbox, entries: outbox.entries.filter((entry) => !dropped.has(entry.id)) };
  }

  async function add(clip: NewClip): Promise<OutboxEntry> {
    const [entry] = await addMany([clip]);
    if (!entry) throw new Error('The outbox stored no clip.');
    return entry;
  }

  /** Stores clips in batches of at most BATCH_SIZE per write, then starts delivering. */
  async function addMany(clips: readonly NewClip[]): Promise<OutboxEntry[]> {
    const added: OutboxEntry[] = [];
    for (let start = 0; start < clips.length; start += BATCH_SIZE) {
      const batch = clips.slice(start, start + BATCH_SIZE).map((clip) => {
        // Clips stored in one batch keep their order even when the clock does not move.
        return createEntry(clip, newId(), now() + added.length / 1000);
      });
      added.push(...batch);
      await commit((outbox) => ({ ...outbox, entries: [...outbox.entries, ...batch] }));
      kick();
    }
    return added;
  }

  /** The outbox once the changes already asked for are written: a reader sees its own writes. */
  async function current(): Promise<Outbox> {
    await writes;
    return read();
  }

  async function get(id: string): Promise<OutboxEntry | undefined> {
    return (await current()).entries.find((entry) => entry.id === id);
  }

  /**
   * Resolves with the clip once it is saved or needs the user — or, with `until: 'answer'`, as
   * soon as a first attempt failed and a retry is scheduled — or as it stands when `timeoutMs`
   * runs out (the service is slow: the outbox keeps going on its own).
   */
  function waitFor(
    id: string,
    timeoutMs: number,
    until: 'final' | 'answer' = 'final',
  ): Promise<OutboxEntry | undefined> {
    return new Promise((resolve) => {
      const settled = (entry: OutboxEntry | undefined) =>
        !entry ||
        entry.state === 'saved' ||
        entry.state === 'needs-attention' ||
        (until === 'answer' && entry.state === 'queued' && entry.attempts > 0);
      const finish = (entry: OutboxEntry | undefined) => {
        clearTimeout(timer);
        watchers.delete(watcher);
        resolve(entry);
      };
      const watcher = (outbox: Outbox) => {
        const entry = outbox.entries.find((candidate) => candidate.id === id);
        if (settled(entry)) finish(entry);
      };
      const timer = setTimeout(() => void get(id).then(finish), timeoutMs);
      watchers.add(watcher);
      void get(id).then((entry) => {
        if (settled(entry)) finish(entry);
      });
    });
  }

  async function changeByUser(
    id: string,
    change: (entry: OutboxEntry) => OutboxEntry,
  ): Promise<Outcome> {
    let outcome: Outcome = NOT_FOUND();
    await commit((outbox) => {
      const entry = outbox.entries.find((candidate) => candidate.id === id);
      if (!entry) {
        outcome = NOT_FOUND();
        return outbox;
      }
      if (entry.state === 'sending' || entry.state === 'saved') {
        outcome = entry.state === 'saved' ? failure('saved', t('outbox.alreadySaved')) : BUSY();
        return outbox;
      }
      const changed = change(entry);
      outcome = { ok: true, clip: changed };
      return replaceEntry(outbox, id, () => changed);
    });
    if (outcome.ok) kick();
    return outcome;
  }

  /**
   * Changes the draft of a note still on its way to the service: the newest create that `matches`
   * and waits (queued, or held for the user), so what the user adds to a page before its note is
   * stored joins that note instead of making a second one (issue 18: a second quote while the
   * first quote's note waited became a note of its own). Its place in line is kept. A create in
   * flight is waited for (its answer decides): `saved` then names the stored note to edit instead.
   */
  async function amendWaiting(
    matches: (entry: OutboxEntry) => boolean,
    change: (draft: NoteDraft) => NoteDraft,
    waitMs = 15_000,
  ): Promise<{ amended: OutboxEntry } | { saved: OutboxEntry } | undefined> {
    for (let round = 0; round < 2; round++) {
      let amended: OutboxEntry | undefined;
      let sending: string | undefined;
      await commit((outbox) => {
        const entry = outbox.entries
          .filter(
            (candidate) =>
              kindOf(candidate) === 'create' &&
              candidate.moveFrom === undefined &&
              candidate.state !== 'saved' &&
              matches(candidate),
          )
          .sort((a, b) => b.createdAt - a.createdAt)[0];
        if (!entry) return outbox;
        if (entry.state === 'sending') {
          sending = entry.id;
          return outbox;
        }
        const changed: OutboxEntry = { ...entry, draft: change(entry.draft), updatedAt: now() };
        amended = changed;
        return replaceEntry(outbox, entry.id, () => changed);
      });
      if (amended) return { amended };
      if (!sending) return undefined;
      const answered = await waitFor(sending, waitMs, 'answer');
      if (answered?.state === 'saved' && answered.noteId !== undefined) return { saved: answered };
      // Not stored after all (a failed attempt put it back in line): changed in line, above.
    }
    return undefined;
  }

  /** Retry now: a waiting clip goes out at once with a fresh set of attempts. */
  function retry(id: string): Promise<Outcome> {
    return changeByUser(id, (entry) => requeueByUser(entry, now()));
  }

  /** Edit and resend, or send to another notebook (deckId null: the default notebook). */
  function edit(id: string, changes: UserChanges): Promise<Outcome> {
    return changeByUser(id, (entry) => requeueByUser(entry, now(), changes));
  }

  async function discard(id: string): Promise<Result> {
    let outcome: Result = NOT_FOUND();
    await commit((outbox) => {
      const entry = outbox.entries.find((candidate) => candidate.id === id);
      if (!entry) return outbox;
      // A request in flight may still store the note; the clip stays until the answer is known.
      if (entry.state === 'sending') {
        outcome = BUSY();
        return outbox;
      }
      outcome = { ok: true };
      // Edits waiting for this clip's note would wait for a note that will never be made.
      return {
        ...outbox,
        entries: outbox.entries.filter(
          (candidate) => candidate.id !== id && candidate.afterClip !== id,
        ),
      };
    });
    return outcome;
  }

  /** A new key (or address) was saved: clips stopped by a refused key are sent again. */
  async function resumeAfterConnectionChange(): Promise<void> {
    await commit((outbox) => ({
      ...outbox,
      pausedForAuth: false,
      entries: outbox.entries.map((entry) => resumeAfterNewKey(entry, now())),
    }));
    await pump();
  }

  /**
   * Called once when the background starts (browser start-up, or a worker started again after
   * being stopped): clips a stopped worker left in "sending" are recovered, then delivery goes on.
   */
  async function start(): Promise<void> {
    await loadConfig();
    await commit(
      (outbox) => ({
        ...outbox,
        entries: outbox.entries.map((entry) =>
          inFlight.has(entry.id) ? entry : recoverInterrupted(entry, now()),
        ),
      }),
      // In the queue, after the write: the stored list names every body still needed.
      async () => sweepBodies(await outboxItem.getValue()),
    );
    await pump();
  }

  /** Writes the outbox once if storage holds entries it cannot read, so they are kept aside. */
  async function keepUnreadable(): Promise<void> {
    await commit((outbox) => outbox);
  }

  async function progress(ids: readonly string[]): Promise<BatchProgress> {
    const byId = new Map((await read()).entries.map((entry) => [entry.id, entry]));
    const counts: BatchProgress = {
      total: ids.length,
      queued: 0,
      sending: 0,
      saved: 0,
      needsAttention: 0,
      gone: 0,
    };
    for (const id of ids) {
      const state = byId.get(id)?.state;
      if (state === 'queued') counts.queued++;
      else if (state === 'sending') counts.sending++;
      else if (state === 'saved') counts.saved++;
      else if (state === 'needs-attention') counts.needsAttention++;
      else counts.gone++;
    }
    return counts;
  }

  return {
    start,
    pump,
    add,
    addMany,
    act,
    get,
    list: current,
    waitFor,
    retry,
    edit,
    amendWaiting,
    discard,
    resumeAfterConnectionChange,
    progress,
    keepUnreadable,
  };
}

export type ClipOutbox = ReturnType<typeof createOutbox>;

/**
 * A saved and checked clip keeps no Markdown: the service has the note, and its body leaves
 * storage with the write that drops it (bodies.ts).
 */
function forgetMarkdown(entry: OutboxEntry): OutboxEntry {
  return { ...entry, draft: { ...entry.draft, markdown_text: '' } };
}

function ignore(): void {}

interface CountedClient {
  client: OutboxClient;
  /** Requests made through the client and not yet recorded on the clip. */
  unrecorded(): number;
  recorded(count: number): void;
}

/** The client, counting the requests made through it. */
function countRequests(client: OutboxClient): CountedClient {
  let made = 0;
  let recorded = 0;
  return {
    client: {
      list: (query) => {
        made += 1;
        return client.list(query);
      },
      create: (draft, options) => {
        made += 1;
        return client.create(draft, options);
      },
      delete: (id) => {
        made += 1;
        return client.delete(id);
      },
      get: (id) => {
        made += 1;
        return client.get(id);
      },
      update: (id, patch) => {
        made += 1;
        return client.update(id, patch);
      },
    },
    unrecorded: () => made - recorded,
    recorded: (count) => {
      recorded += count;
    },
  };
}

/**
 * Notes the outbox knows as another entry's: never adopted nor deleted as a clip's copy. A moved
 * note counts: its copy has the same title and text, and may be searched for in the same list.
 */
function ownedNoteIds(outbox: Outbox, exceptId: string): Set<string> {
  return new Set(
    outbox.entries.flatMap((entry) => {
      const ids = [entry.moveFrom].filter((id): id is string => id !== undefined);
      if (entry.id !== exceptId && entry.noteId !== undefined) ids.push(entry.noteId);
      return ids;
    }),
  );
}
