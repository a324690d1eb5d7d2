import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  backoffDelay,
  beginAttempt,
  createEntry,
  DEFAULT_OUTBOX_CONFIG,
  type DeliveryFailure,
  isDue,
  KEY_REFUSED_MESSAGE,
  markSaved,
  nextWakeAt,
  type OutboxEntry,
  recoverInterrupted,
  requeueByUser,
  resumeAfterNewKey,
  summarizeOutbox,
} from '../../../utils/outbox';

const T0 = Date.parse('2026-11-22T05:00:00Z');
const config = { ...DEFAULT_OUTBOX_CONFIG, baseDelayMs: 1_000, maxDelayMs: 60_000, maxAttempts: 4 };
const draft = { title: 'Rust ownership', markdown_text: '# Rust\n\nBorrowing.', tags: ['rust'] };
const context = (random = 0.5) => ({ config, now: T0 + 10, random: () => random });

function queued(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return { ...createEntry({ draft, deckId: 'reading' }, 'clip-1', T0), ...overrides };
}

function failure(kind: string, extra: Partial<DeliveryFailure> = {}): DeliveryFailure {
  return { kind, message: `A ${kind} sentence.`, ...extra };
}

describe('a new clip', () => {
  it('is queued with no attempts, due at once', () => {
    const entry = queued();
    expect(entry).toMatchObject({ state: 'queued', attempts: 0, outcomeUnknown: false });
    expect(isDue(entry, T0)).toBe(true);
  });

  it('is not due before its next attempt time, nor while sending or waiting for the user', () => {
    expect(isDue(queued({ nextAttemptAt: T0 + 5 }), T0)).toBe(false);
    expect(isDue(queued({ nextAttemptAt: T0 + 5 }), T0 + 5)).toBe(true);
    expect(isDue(queued({ state: 'sending' }), T0)).toBe(false);
    expect(isDue(queued({ state: 'needs-attention' }), T0)).toBe(false);
    expect(isDue(queued({ state: 'saved' }), T0)).toBe(false);
  });
});

describe('queued → sending', () => {
  it('counts the attempt and remembers when the first one went out', () => {
    const first = beginAttempt(queued({ nextAttemptAt: T0 }), T0 + 1);
    expect(first).toMatchObject({ state: 'sending', attempts: 1, firstAttemptAt: T0 + 1 });
    expect(first.nextAttemptAt).toBeUndefined();
    const second = beginAttempt({ ...first, state: 'queued' }, T0 + 99);
    expect(second).toMatchObject({ attempts: 2, firstAttemptAt: T0 + 1 });
  });
});

describe('sending → saved', () => {
  it('keeps the note id and clears the last error', () => {
    const sending = beginAttempt(
      queued({ lastError: { kind: 'server', message: 'x' }, outcomeUnknown: true }),
      T0,
    );
    const saved = markSaved(sending, { noteId: 'n1', adopted: false }, T0 + 5);
    expect(saved).toMatchObject({ state: 'saved', noteId: 'n1', savedAt: T0 + 5 });
    expect(saved.lastError).toBeUndefined();
    expect(saved.outcomeUnknown).toBe(false);
    expect(saved.adopted).toBeUndefined();
  });

  it('marks a note found after an unknown outcome as adopted', () => {
    const saved = markSaved(beginAttempt(queued(), T0), { noteId: 'n1', adopted: true }, T0);
    expect(saved.adopted).toBe(true);
  });
});

describe('sending → queued (retry with backoff)', () => {
  it.each(['network', 'timeout', 'server', 'protocol', 'unexpected'])(
    'a %s failure retries later and marks the outcome unknown',
    (kind) => {
      const { entry, pauseForAuth } = afterFailure(
        beginAttempt(queued(), T0),
        failure(kind),
        'create',
        context(),
      );
      expect(pauseForAuth).toBe(false);
      expect(entry).toMatchObject({ state: 'queued', outcomeUnknown: true, attempts: 1 });
      expect(entry.lastError).toEqual({ kind, message: `A ${kind} sentence.` });
      // First retry: base delay with half of it jittered (random 0.5 → 750 ms).
      expect(entry.nextAttemptAt).toBe(T0 + 10 + 750);
    },
  );

  it('a 429 on a create retries no sooner than Retry-After, holds every clip, and looks first (the browser may have resent the create)', () => {
    const outcome = afterFailure(
      beginAttempt(queued(), T0),
      failure('rate-limited', { status: 429, retryAfterMs: 7_000 }),
      'create',
      context(),
    );
    expect(outcome.entry).toMatchObject({ state: 'queued', outcomeUnknown: true });
    expect(outcome.entry.nextAttemptAt).toBe(T0 + 10 + 7_000);
    expect(outcome.holdAllUntil).toBe(T0 + 10 + 7_000);
  });

  it('a failed search keeps the earlier unknown outcome, whatever the failure', () => {
    const sending = beginAttempt(queued({ outcomeUnknown: true }), T0);
    const { entry } = afterFailure(sending, failure('rate-limited'), 'search', context());
    expect(entry.outcomeUnknown).toBe(true);
  });
});

describe('backoff', () => {
  it('doubles per failure, is capped, and jitters within the upper half of each step', () => {
    const settings = { baseDelayMs: 1_000, maxDelayMs: 10_000 };
    expect([1, 2, 3, 4, 5, 9].map((n) => backoffDelay(n, settings, () => 1))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000, 10_000,
    ]);
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, settings, () => 0))).toEqual([
      500, 1_000, 2_000, 4_000,
    ]);
  });
});

describe('sending → needs attention', () => {
  it('gives up after the last allowed attempt with the last error in its message', () => {
    const last = beginAttempt(queued({ attempts: config.maxAttempts - 1 }), T0);
    const { entry } = afterFailure(last, failure('server', { status: 500 }), 'create', context());
    expect(entry).toMatchObject({ state: 'needs-attention', attention: 'gave-up' });
    expect(entry.lastError?.message).toContain('tried 4 times');
    expect(entry.lastError?.message).toContain('A server sentence.');
    expect(entry.lastError?.status).toBe(500);
    expect(entry.nextAttemptAt).toBeUndefined();
  });

  it('400: the service’s own words, to edit and resend', () => {
    const { entry } = afterFailure(
      beginAttempt(queued(), T0),
      failure('invalid-request', { status: 400, serverMessage: 'tags must be lowercase' }),
      'create',
      context(),
    );
    expect(entry).toMatchObject({ state: 'needs-attention', attention: 'invalid-request' });
    expect(entry.lastError?.message).toContain('“tags must be lowercase”');
    expect(entry.lastError?.message).toContain('Edit the note');
  });

  it.each([
    [{ status: 413 }],
    [{ status: 400, serverMessage: 'markdown_text is too long' }],
    [{ status: 400, code: 'payload_too_large' }],
  ])('a size refusal %o says so and keeps the clip', (extra) => {
    const { entry } = afterFailure(
      beginAttempt(queued(), T0),
      failure('invalid-request', extra),
      'create',
      context(),
    );
    expect(entry).toMatchObject({ state: 'needs-attention', attention: 'too-large' });
    expect(entry.lastError?.message).toMatch(/too large.*kept/);
  });

  it('404 on create names the notebook and offers the default one', () => {
    const { entry } = afterFailure(
      beginAttempt(queued(), T0),
      failure('not-found', { status: 404 }),
      'create',
      context(),
    );
    expect(entry).toMatchObject({ state: 'needs-attention', attention: 'unknown-deck' });
    expect(entry.lastError?.message).toContain('“reading” does not exist');
    expect(entry.lastError?.message).toContain('default notebook');
  });

  it('401 stops every delivery and says the key was refused', () => {
    const outcome = afterFailure(
      beginAttempt(queued(), T0),
      failure('auth', { status: 401 }),
      'create',
      context(),
    );
    expect(outcome.pauseForAuth).toBe(true);
    expect(outcome.entry).toMatchObject({ state: 'needs-attention', attention: 'auth' });
    expect(outcome.entry.lastError?.message).toBe(KEY_REFUSED_MESSAGE);
  });
});

describe('a worker stopped mid-request', () => {
  it('leaves "sending", which start-up turns into queued with the outcome unknown', () => {
    const recovered = recoverInterrupted(beginAttempt(queued(), T0), T0 + 60_000);
    expect(recovered).toMatchObject({
      state: 'queued',
      outcomeUnknown: true,
      attempts: 1,
      nextAttemptAt: T0 + 60_000,
    });
  });

  it('leaves every other state alone', () => {
    for (const state of ['queued', 'saved', 'needs-attention'] as const) {
      const entry = queued({ state });
      expect(recoverInterrupted(entry, T0)).toBe(entry);
    }
  });
});

describe('needs attention → queued by the user', () => {
  const waiting = queued({
    state: 'needs-attention',
    attention: 'invalid-request',
    attempts: 3,
    outcomeUnknown: true,
    lastError: { kind: 'invalid-request', message: 'x' },
  });

  it('retry now: a fresh set of attempts, still searching before resending', () => {
    const again = requeueByUser(waiting, T0);
    expect(again).toMatchObject({ state: 'queued', attempts: 0, outcomeUnknown: true });
    expect(again.attention).toBeUndefined();
    expect(isDue(again, T0)).toBe(true);
  });

  it('edit and resend replaces the note', () => {
    const edited = { ...draft, markdown_text: 'Shorter.' };
    expect(requeueByUser(waiting, T0, { draft: edited }).draft).toEqual(edited);
  });

  it('change deck: another notebook, or the default one', () => {
    expect(requeueByUser(waiting, T0, { deckId: 'inbox' }).deckId).toBe('inbox');
    expect(requeueByUser(waiting, T0, { deckId: null }).deckId).toBeUndefined();
    expect(requeueByUser(waiting, T0).deckId).toBe('reading');
  });

  it('a new key requeues only the clips the refused key stopped', () => {
    const refused = queued({ state: 'needs-attention', attention: 'auth' });
    expect(resumeAfterNewKey(refused, T0).state).toBe('queued');
    expect(resumeAfterNewKey(waiting, T0)).toBe(waiting);
  });
});

describe('when the background wakes next', () => {
  const outbox = (entries: OutboxEntry[], extra = {}) => ({
    entries,
    pausedForAuth: false,
    ...extra,
  });

  it('at the earliest retry', () => {
    const entries = [
      queued({ id: 'a', nextAttemptAt: T0 + 9_000 }),
      queued({ id: 'b', nextAttemptAt: T0 + 4_000 }),
      queued({ id: 'c', state: 'needs-attention' }),
    ];
    expect(nextWakeAt(outbox(entries), T0, config)).toBe(T0 + 4_000);
  });

  it('not before a 429’s quiet period ends', () => {
    const entries = [queued({ nextAttemptAt: T0 })];
    expect(nextWakeAt(outbox(entries, { rateLimitedUntil: T0 + 30_000 }), T0, config)).toBe(
      T0 + 30_000,
    );
  });

  it('not for retries while the key is refused, but still as a watchdog for a request out', () => {
    const entries = [queued({ id: 'a' }), queued({ id: 'b', state: 'sending' })];
    const wake = nextWakeAt(outbox(entries, { pausedForAuth: true }), T0, config);
    expect(wake).toBeGreaterThan(T0 + config.requestTimeoutMs);
    expect(nextWakeAt(outbox([queued({ id: 'a' })], { pausedForAuth: true }), T0, config)).toBe(
      undefined,
    );
  });

  it('never when nothing waits', () => {
    expect(nextWakeAt(outbox([queued({ state: 'saved' })]), T0, config)).toBeUndefined();
  });
});

describe('clips held by a 429, as the popup lists them', () => {
  it('a clip waiting only for the hold says the service asked to wait, and until when', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const waiting = {
      ...createEntry({ draft: { title: 'T', markdown_text: 'M', tags: [] } }, 'a', now),
    };
    const retried = { ...waiting, id: 'b', sendDespiteHold: true };
    const [first, second] = summarizeOutbox(
      { entries: [waiting, retried], pausedForAuth: false, rateLimitedUntil: now + 30 * 60_000 },
      now,
    ).sort((x, y) => x.id.localeCompare(y.id));
    expect(first?.error?.message).toMatch(/asked Clipdeck to wait.*in about 30 minutes.*Retry now/);
    expect(first?.nextAttemptAt).toBe(now + 30 * 60_000);
    expect(second?.error).toBeUndefined();
  });
});
