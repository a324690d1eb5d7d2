import { plural } from '../i18n';
import type { OutboxConfig } from './config';
import { blockedIds, noteGoneMessage } from './edits';
import { kindOf, type NoteDraft, type Outbox, type OutboxEntry } from './entry';
import { type DeliveryFailure, holdMessage, judgeFailure, MAX_HOLD_MS } from './failure';

/**
 * Every change a clip can go through, as pure functions of (entry, facts) → entry. The delivery
 * loop only decides which one applies; these decide what it means.
 *
 *   queued ──begin──▶ sending ──saved──▶ saved
 *     ▲                 │ failure: retry (backoff) ─▶ queued
 *     │                 │ failure: refused / gave up ─▶ needs-attention
 *     │                 │ worker stopped ─▶ (recovered at start-up) queued, outcome unknown
 *     └──── user: retry now / edit and resend / change deck ◀── needs-attention
 */

export interface NewClip {
  draft: NoteDraft;
  deckId?: string;
  sourceUrl?: string;
}

export function createEntry(clip: NewClip, id: string, now: number): OutboxEntry {
  return {
    id,
    draft: clip.draft,
    ...(clip.deckId !== undefined && { deckId: clip.deckId }),
    ...(clip.sourceUrl !== undefined && { sourceUrl: clip.sourceUrl }),
    state: 'queued',
    attempts: 0,
    createdAt: now,
    updatedAt: now,
    outcomeUnknown: false,
  };
}

/** The clip may be picked for sending now. */
export function isDue(entry: OutboxEntry, now: number): boolean {
  return entry.state === 'queued' && (entry.nextAttemptAt ?? 0) <= now;
}

/**
 * Holds longer than MAX_HOLD_MS (stored by an older Clipdeck that believed any Retry-After) are
 * brought back to it, so a clip can never be held for good.
 */
export function capHolds(outbox: Outbox, now: number): Outbox {
  const limit = now + MAX_HOLD_MS;
  const heldTooLong = (outbox.rateLimitedUntil ?? 0) > limit;
  const entries = outbox.entries.map((entry) =>
    entry.state === 'queued' && (entry.nextAttemptAt ?? 0) > limit
      ? { ...entry, nextAttemptAt: limit }
      : entry,
  );
  if (!heldTooLong && entries.every((entry, index) => entry === outbox.entries[index])) {
    return outbox;
  }
  return { ...outbox, entries, ...(heldTooLong && { rateLimitedUntil: limit }) };
}

/** Written to storage before the request goes out, so a stopped worker leaves a trace. */
export function beginAttempt(entry: OutboxEntry, now: number): OutboxEntry {
  return {
    ...entry,
    state: 'sending',
    attempts: entry.attempts + 1,
    firstAttemptAt: entry.firstAttemptAt ?? now,
    nextAttemptAt: undefined,
    sendDespiteHold: undefined,
    updatedAt: now,
  };
}

export function markSaved(
  entry: OutboxEntry,
  saved: { noteId: string | undefined; adopted: boolean },
  now: number,
): OutboxEntry {
  const { lastError: _error, attention: _attention, nextAttemptAt: _next, ...rest } = entry;
  return {
    ...rest,
    state: 'saved',
    outcomeUnknown: false,
    ...(saved.noteId !== undefined && { noteId: saved.noteId }),
    ...(saved.adopted && { adopted: true }),
    savedAt: now,
    updatedAt: now,
  };
}

/** Exponential backoff with jitter: half the step is fixed, half random, so clips spread out. */
export function backoffDelay(
  failedAttempts: number,
  config: Pick<OutboxConfig, 'baseDelayMs' | 'maxDelayMs'>,
  random: () => number,
): number {
  const step = Math.min(
    config.maxDelayMs,
    config.baseDelayMs * 2 ** Math.max(0, failedAttempts - 1),
  );
  return Math.round(step / 2 + random() * (step / 2));
}

/**
 * Which request failed: the search for an earlier attempt's note, the read of the note an edit or
 * a move acts on, or the request that changes something (create, PUT, DELETE).
 */
export type AttemptPhase = 'search' | 'read' | 'create';

export interface FailureOutcome {
  entry: OutboxEntry;
  /** The key was refused: every delivery stops until a new key is saved. */
  pauseForAuth: boolean;
  /** The service asked for quiet: no request of any clip starts before this time. */
  holdAllUntil?: number;
}

export function afterFailure(
  entry: OutboxEntry,
  failure: DeliveryFailure,
  phase: AttemptPhase,
  context: { config: OutboxConfig; now: number; random: () => number },
): FailureOutcome {
  const { config, now, random } = context;
  const verdict = judgeFailure(failure, entry.deckId);
  const lastError = {
    kind: failure.kind,
    message: failure.message,
    ...(failure.status !== undefined && { status: failure.status }),
  };
  // A failed search changes nothing about what an earlier create may have done. A failed create
  // may have stored the note whatever its answer says: Chromium resends a POST on its own when a
  // reused connection closes unanswered, and the answer seen (a 429, a 400) is then the resend's,
  // while the first send may have been stored. So the next attempt always looks first.
  const outcomeUnknown = phase === 'create' ? true : entry.outcomeUnknown;
  const base = { ...entry, lastError, outcomeUnknown, updatedAt: now };

  // The note an edit, a delete or a move acts on is gone: nothing to send it to.
  if (failure.kind === 'not-found' && (phase === 'read' || kindOf(entry) !== 'create')) {
    return {
      entry: needsAttention(base, 'note-gone', noteGoneMessage(entry)),
      pauseForAuth: false,
    };
  }

  if (verdict.action === 'pause-for-auth') {
    const waiting = needsAttention(base, 'auth', verdict.message);
    return { entry: waiting, pauseForAuth: true };
  }
  if (verdict.action === 'attention') {
    return { entry: needsAttention(base, verdict.reason, verdict.message), pauseForAuth: false };
  }
  const rateLimited = failure.kind === 'rate-limited';
  if (rateLimited) {
    // "Wait" is not a failure: the attempt is not counted, but the time kept waiting is bounded.
    base.rateLimited = (entry.rateLimited ?? 0) + 1;
    base.rateLimitedSince = entry.rateLimitedSince ?? now;
    if (now - base.rateLimitedSince >= config.maxRateLimitedMs) {
      const hours = Math.max(1, Math.round((now - base.rateLimitedSince) / 3_600_000));
      const message = plural('outbox.keptWaiting', hours);
      return { entry: needsAttention(base, 'gave-up', message), pauseForAuth: false };
    }
  } else if (countedAttempts(entry) >= config.maxAttempts) {
    const message = plural('outbox.gaveUp', countedAttempts(entry), { problem: failure.message });
    return { entry: needsAttention(base, 'gave-up', message), pauseForAuth: false };
  }
  // All attempts, 429s included, space the retries out: a service that limits without saying
  // for how long is not asked again at the first step's pace.
  const delay = Math.max(backoffDelay(entry.attempts, config, random), verdict.holdAllForMs ?? 0);
  const retrying: OutboxEntry = { ...base, state: 'queued', nextAttemptAt: now + delay };
  if (verdict.holdAllForMs !== undefined) {
    retrying.lastError = { ...lastError, message: holdMessage(now + delay, now) };
  }
  return {
    entry: retrying,
    pauseForAuth: false,
    ...(verdict.holdAllForMs !== undefined && { holdAllUntil: now + verdict.holdAllForMs }),
  };
}

/** The attempts that count toward giving up: those the service did not answer with 429. */
export function countedAttempts(entry: Pick<OutboxEntry, 'attempts' | 'rateLimited'>): number {
  return entry.attempts - (entry.rateLimited ?? 0);
}

function needsAttention(
  entry: OutboxEntry,
  reason: NonNullable<OutboxEntry['attention']>,
  message: string,
): OutboxEntry {
  const { nextAttemptAt: _next, ...rest } = entry;
  return {
    ...rest,
    state: 'needs-attention',
    attention: reason,
    lastError: { ...(entry.lastError ?? { kind: reason }), message },
  };
}

/**
 * A clip found in "sending" when the background starts was being sent by a worker that has since
 * stopped: whether the service stored it is unknown, so it is searched for before any resend.
 */
export function recoverInterrupted(entry: OutboxEntry, now: number): OutboxEntry {
  if (entry.state !== 'sending') return entry;
  return { ...entry, state: 'queued', outcomeUnknown: true, nextAttemptAt: now, updatedAt: now };
}

export interface UserChanges {
  draft?: NoteDraft;
  /** null: the service's default notebook. */
  deckId?: string | null;
}

/**
 * The user asked to send the clip again (retry now, edit and resend, change notebook): it gets a
 * fresh set of attempts. Whether an earlier attempt stored it stays known.
 */
export function requeueByUser(
  entry: OutboxEntry,
  now: number,
  changes: UserChanges = {},
): OutboxEntry {
  const {
    attention: _attention,
    nextAttemptAt: _next,
    rateLimited: _limited,
    rateLimitedSince: _since,
    deckId,
    ...rest
  } = entry;
  const nextDeck = changes.deckId === undefined ? deckId : (changes.deckId ?? undefined);
  return {
    ...rest,
    ...(nextDeck !== undefined && { deckId: nextDeck }),
    draft: changes.draft ?? entry.draft,
    state: 'queued',
    attempts: 0,
    // The user asked for it: a 429's hold on every clip does not stop this one.
    sendDespiteHold: true,
    updatedAt: now,
  };
}

/** After a new key is saved, clips stopped by the refused key go back in line. */
export function resumeAfterNewKey(entry: OutboxEntry, now: number): OutboxEntry {
  return entry.state === 'needs-attention' && entry.attention === 'auth'
    ? requeueByUser(entry, now)
    : entry;
}

/** Saved clips not yet checked for extra copies are given up on after this long. */
export const COPY_CHECK_PERIOD_MS = 60 * 60_000;

/** The clip's note still has to be checked for extra copies (see findExtraCopies). */
export function needsCopyCheck(entry: OutboxEntry, now: number): boolean {
  return (
    entry.state === 'saved' &&
    kindOf(entry) === 'create' &&
    entry.noteId !== undefined &&
    !entry.duplicatesChecked &&
    now - (entry.savedAt ?? now) < COPY_CHECK_PERIOD_MS
  );
}

/**
 * When the background must next wake up: the earliest retry, not before a 429's quiet period;
 * a later check for extra copies when one could not be made; and, while a request is out, a
 * watchdog in case the worker is stopped before it answers.
 */
export function nextWakeAt(
  outbox: Outbox,
  now: number,
  config: Pick<OutboxConfig, 'requestTimeoutMs' | 'baseDelayMs'>,
): number | undefined {
  const times: number[] = [];
  if (!outbox.pausedForAuth) {
    // An entry waiting for another is woken by that one's delivery, not by the alarm.
    const blocked = blockedIds(outbox);
    for (const entry of outbox.entries) {
      if (entry.state === 'queued' && !blocked.has(entry.id)) {
        const hold = entry.sendDespiteHold ? 0 : (outbox.rateLimitedUntil ?? 0);
        times.push(Math.max(entry.nextAttemptAt ?? now, hold));
      }
    }
    if (outbox.entries.some((entry) => needsCopyCheck(entry, now))) {
      times.push(Math.max(now + config.baseDelayMs, outbox.rateLimitedUntil ?? 0));
    }
  }
  if (outbox.entries.some((entry) => entry.state === 'sending')) {
    times.push(now + config.requestTimeoutMs + WATCHDOG_MARGIN_MS);
  }
  return times.length ? Math.min(...times) : undefined;
}

const WATCHDOG_MARGIN_MS = 1_000;
