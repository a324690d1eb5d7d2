import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import { createNotesClient } from '../../../utils/api';
import {
  BATCH_SIZE,
  type ClipOutbox,
  createOutbox,
  KEY_REFUSED_MESSAGE,
  OUTBOX_ALARM,
  type OutboxEntry,
  outboxConfigItem,
  outboxItem,
} from '../../../utils/outbox';

/**
 * The outbox against the real local Notes server over real HTTP. Browser APIs (storage, alarms,
 * badge) are the fake browser's; the clock is a fake one the tests move, so a retry happens when
 * the test fires the alarm, never on a timer.
 */

let server: NotesServer;
let clock: number;
let apiKey: string;
/** Requests the client has out right now, and the most it ever had. */
let inFlight: number;
let mostInFlight: number;
/** Bumped by each test, so requests of an earlier test's outbox are told apart. */
let generation = 0;

const draft = (title: string, markdown = `# ${title}\n\nBody of ${title}.`) => ({
  title,
  markdown_text: markdown,
  tags: ['clipped'],
});

function newOutbox(onKeyRefused?: () => void): ClipOutbox {
  const born = generation;
  const countingFetch: typeof fetch = async (input, init) => {
    // An outbox from an earlier test may still be finishing a check: it is not counted.
    if (generation !== born) return fetch(input, init);
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    try {
      return await fetch(input, init);
    } finally {
      inFlight -= 1;
    }
  };
  return createOutbox({
    getClient: async (config) =>
      createNotesClient({
        baseUrl: server.baseUrl,
        apiKey,
        timeoutMs: config.requestTimeoutMs,
        fetch: countingFetch,
      }),
    now: () => clock,
    random: () => 0.5,
    ...(onKeyRefused && { onKeyRefused }),
  });
}

async function entryOf(outbox: ClipOutbox, id: string): Promise<OutboxEntry> {
  const entry = await outbox.get(id);
  if (!entry) throw new Error(`clip ${id} is not in the outbox`);
  return entry;
}

/** Waits until the clip has failed `attempts` times and is queued for a retry. */
async function retryScheduled(outbox: ClipOutbox, id: string, attempts = 1) {
  await vi.waitFor(async () => {
    const entry = await entryOf(outbox, id);
    expect(entry).toMatchObject({ state: 'queued', attempts });
  });
  return entryOf(outbox, id);
}

/** What the background does when its alarm rings: the clock reaches the alarm's time. */
async function ringAlarm(outbox: ClipOutbox): Promise<void> {
  const alarm = await browser.alarms.get(OUTBOX_ALARM);
  if (!alarm) throw new Error('no outbox alarm is armed');
  clock = Math.max(clock, alarm.scheduledTime);
  await outbox.pump();
}

beforeEach(async () => {
  fakeBrowser.reset();
  server = await startNotesServer({ decks: ['reading'] });
  apiKey = server.apiKey;
  clock = Date.now();
  inFlight = 0;
  mostInFlight = 0;
  generation += 1;
  await outboxConfigItem.setValue({ baseDelayMs: 60_000, requestTimeoutMs: 1_000 });
});

afterEach(async () => {
  await server.stop();
});

describe('a healthy service', () => {
  it('saves the clip once, and the badge goes back to blank', async () => {
    const outbox = newOutbox();
    const queued = await outbox.add({ draft: draft('Rust'), deckId: 'reading' });
    expect(queued.state).toBe('queued');

    const saved = await outbox.waitFor(queued.id, 5_000);
    expect(saved).toMatchObject({ state: 'saved', attempts: 1 });
    const notes = server.notes();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ id: saved?.noteId, title: 'Rust', deck_id: 'reading' });
    expect(await browser.action.getBadgeText({})).toBe('');
    // Once the note is checked for extra copies, nothing is left to wake up for, and the outbox
    // no longer carries the Markdown the service has.
    await vi.waitFor(async () =>
      expect((await outbox.get(queued.id))?.duplicatesChecked).toBe(true),
    );
    expect(await browser.alarms.get(OUTBOX_ALARM)).toBeUndefined();
    expect((await outbox.get(queued.id))?.draft).toMatchObject({
      title: 'Rust',
      markdown_text: '',
    });
  });

  it('keeps the clip in storage before the first request answers', async () => {
    server.setFaults({ latencyMs: 300 });
    const outbox = newOutbox();
    const { id } = await outbox.add({ draft: draft('Slow') });
    const stored = await outboxItem.getValue();
    expect(stored.entries.map((entry) => entry.id)).toContain(id);
    expect(server.notes()).toHaveLength(0);
    expect(await browser.action.getBadgeText({})).toBe('1');
    expect((await outbox.waitFor(id, 5_000))?.state).toBe('saved');
  });

  it('answers "queued" when the service is slower than the wait, and goes on alone', async () => {
    server.setFaults({ latencyMs: 400 });
    const outbox = newOutbox();
    const { id } = await outbox.add({ draft: draft('Slower') });
    expect((await outbox.waitFor(id, 50))?.state).toBe('sending');
    expect((await outbox.waitFor(id, 5_000))?.state).toBe('saved');
  });
});

describe('failures that retry', () => {
  it('a 500 waits for the alarm (backoff), then the clip is saved once', async () => {
    server.setFaults({ serverErrorRate: 1 });
    const outbox = newOutbox();
    const { id } = await outbox.add({ draft: draft('Flaky') });
    const waiting = await retryScheduled(outbox, id);
    // First backoff step: 60 s base, half fixed, half jitter (random 0.5).
    expect(waiting.nextAttemptAt).toBe(clock + 45_000);
    expect(waiting.lastError).toMatchObject({ kind: 'server', status: 500 });
    expect((await browser.alarms.get(OUTBOX_ALARM))?.scheduledTime).toBe(clock + 45_000);
    expect(await browser.action.getBadgeText({})).toBe('1');

    // Nothing is sent before the alarm: pumping early does nothing.
    const requestsBefore = server.stats().requests;
    await outbox.pump();
    expect(server.stats().requests).toBe(requestsBefore);

    server.setFaults({});
    await ringAlarm(outbox);
    expect(await outbox.waitFor(id, 5_000)).toMatchObject({ state: 'saved', attempts: 2 });
    expect(server.notes()).toHaveLength(1);
  });

  it('backs off exponentially, then needs attention with the last error', async () => {
    await outboxConfigItem.setValue({
      baseDelayMs: 1_000,
      maxAttempts: 3,
      requestTimeoutMs: 1_000,
    });
    server.setFaults({ serverErrorRate: 1 });
    const outbox = newOutbox();
    const { id } = await outbox.add({ draft: draft('Down') });
    const delays: number[] = [];
    for (const attempts of [1, 2]) {
      const entry = await retryScheduled(outbox, id, attempts);
      delays.push((entry.nextAttemptAt ?? 0) - clock);
      await ringAlarm(outbox);
    }
    expect(delays).toEqual([750, 1_500]);
    const given = await outbox.waitFor(id, 5_000);
    expect(given).toMatchObject({ state: 'needs-attention', attention: 'gave-up', attempts: 3 });
    expect(given?.lastError?.message).toMatch(/tried 3 times.*Retry it now, or discard it/);
    expect(await browser.alarms.get(OUTBOX_ALARM)).toBeUndefined();

    server.setFaults({});
    const retried = await outbox.retry(id);
    expect(retried.ok).toBe(true);
    expect(await outbox.waitFor(id, 5_000)).toMatchObject({ state: 'saved', attempts: 1 });
    expect(server.notes()).toHaveLength(1);
  });

  it('a 429 holds every clip until Retry-After has passed', async () => {
    server.setFaults({ rateLimit: { every: 1, retryAfterSeconds: 120 } });
    const outbox = newOutbox();
    const first = await outbox.add({ draft: draft('First') });
    const waiting = await retryScheduled(outbox, first.id);
    expect(waiting.nextAttemptAt).toBe(clock + 120_000);
    expect(waiting.outcomeUnknown).toBe(false);

    const requestsBefore = server.stats().requests;
    const second = await outbox.add({ draft: draft('Second') });
    await outbox.pump();
    expect(server.stats().requests).toBe(requestsBefore);
    expect((await entryOf(outbox, second.id)).state).toBe('queued');
    expect((await browser.alarms.get(OUTBOX_ALARM))?.scheduledTime).toBe(clock + 120_000);

    server.setFaults({});
    await ringAlarm(outbox);
    expect((await outbox.waitFor(first.id, 5_000))?.state).toBe('saved');
    expect((await outbox.waitFor(second.id, 5_000))?.state).toBe('saved');
    expect(server.notes()).toHaveLength(2);
  });

  it('429s, with or without Retry-After, do not count toward giving up: the clip waits and is saved once', async () => {
    await outboxConfigItem.setValue({ baseDelayMs: 1_000, maxAttempts: 3 });
    server.setFaults({ rateLimit: { every: 1, retryAfterSeconds: 2 } });
    const outbox = newOutbox();
    const { id } = await outbox.add({ draft: draft('Patient') });
    for (const attempts of [1, 2, 3, 4, 5, 6]) {
      if (attempts === 4) server.setFaults({ rateLimit: { every: 1, retryAfterSeconds: 0 } });
      await retryScheduled(outbox, id, attempts);
      await ringAlarm(outbox);
    }
    server.setFaults({});
    expect(await outbox.waitFor(id, 5_000)).toMatchObject({ state: 'saved', attempts: 7 });
    expect(server.notes()).toHaveLength(1);
  });

  it('a clip kept waiting by 429s longer than maxRateLimitedMs needs attention, saying why', async () => {
    await outboxConfigItem.setValue({ baseDelayMs: 1_000, maxRateLimitedMs: 60 * 60_000 });
    server.setFaults({ rateLimit: { every: 1, retryAfterSeconds: 1_800 } });
    const outbox = newOutbox();
    const { id } = await outbox.add({ draft: draft('Held for good') });
    for (const attempts of [1, 2]) {
      await retryScheduled(outbox, id, attempts);
      await ringAlarm(outbox);
    }
    const given = await outbox.waitFor(id, 5_000);
    expect(given).toMatchObject({ state: 'needs-attention', attention: 'gave-up', attempts: 3 });
    expect(given?.lastError?.message).toMatch(
      /kept asking Clipdeck to wait for an hour.*Retry it now, or discard it/,
    );
    expect(server.notes()).toHaveLength(0);
  });

  for (const [name, rateLimit] of [
    ['Retry-After: 31536000000 (seconds)', { every: 1, retryAfterSeconds: 31_536_000_000 }],
    [
      'Retry-After: a date in the year 9999',
      { every: 1, retryAfterSeconds: 250_000_000_000, retryAfterFormat: 'http-date' as const },
    ],
  ] as const) {
    it(`${name} holds the clips for an hour at most, and says why on the clip`, async () => {
      server.setFaults({ rateLimit });
      const outbox = newOutbox();
      const { id } = await outbox.add({ draft: draft('Held') });
      const waiting = await retryScheduled(outbox, id);
      const hour = 60 * 60_000;
      expect(waiting.nextAttemptAt).toBeLessThanOrEqual(clock + hour);
      expect((await outbox.list()).rateLimitedUntil).toBeLessThanOrEqual(clock + hour);
      expect((await browser.alarms.get(OUTBOX_ALARM))?.scheduledTime).toBeLessThanOrEqual(
        clock + hour,
      );
      expect(waiting.lastError?.message).toMatch(
        /asked Clipdeck to wait.*will be sent at .* \(in about 60 minutes\)/,
      );
    });
  }

  it('“Retry now” on a held clip sends it at once, while the others stay held', async () => {
    server.setFaults({ rateLimit: { every: 1, retryAfterSeconds: 1_800 } });
    const outbox = newOutbox();
    const held = await outbox.add({ draft: draft('Held') });
    await retryScheduled(outbox, held.id);
    const other = await outbox.add({ draft: draft('Other') });
    server.setFaults({});

    const retried = await outbox.retry(held.id);
    expect(retried.ok).toBe(true);
    // The clock has not moved: no alarm rang, the user's retry alone sent it.
    expect(await outbox.waitFor(held.id, 5_000)).toMatchObject({ state: 'saved' });
    expect(server.notes().map((note) => note.title)).toEqual(['Held']);
    expect((await entryOf(outbox, other.id)).state).toBe('queued');
  });

  it('a hold stored by an older Clipdeck (the year 9999) is cut to an hour at start-up', async () => {
    await outboxItem.setValue({
      entries: [],
      pausedForAuth: false,
      rateLimitedUntil: Date.parse('9999-12-31T23:59:59Z'),
    });
    const outbox = newOutbox();
    await outbox.add({ draft: draft('After the old hold') });
    await outbox.start();
    expect((await outbox.list()).rateLimitedUntil).toBeLessThanOrEqual(clock + 60 * 60_000);
    expect((await browser.alarms.get(OUTBOX_ALARM))?.scheduledTime).toBeLessThanOrEqual(
      clock + 60 * 60_000,
    );
  });

  it('a service that cannot be reached: the clip waits, and is sent once it is back', async () => {
    await server.stop();
    const outbox = newOutbox();
    const { id } = await outbox.add({ draft: draft('Offline') });
    expect((await retryScheduled(outbox, id)).lastError?.kind).toBe('network');
    await server.restart();
    await ringAlarm(outbox);
    expect((await outbox.waitFor(id, 5_000))?.state).toBe('saved');
    expect(server.notes()).toHaveLength(1);
  });
});

describe('no duplicates when an outcome is unknown', () => {
  it('a create whose connection dropped after storing is found and adopted, not resent', async () => {
    server.setFaults({ dropAfterCreateRate: 1 });
    const outbox = newOutbox();
    const { id } = await outbox.add({ draft: draft('Dropped'), deckId: 'reading' });
    const waiting = await retryScheduled(outbox, id);
    expect(waiting.outcomeUnknown).toBe(true);
    expect(server.notes()).toHaveLength(1);

    server.setFaults({});
    await ringAlarm(outbox);
    const saved = await outbox.waitFor(id, 5_000);
    expect(saved).toMatchObject({ state: 'saved', adopted: true, noteId: server.notes()[0]?.id });
    expect(server.notes()).toHaveLength(1);
    const creates = server.requests().filter((request) => request.method === 'POST');
    expect(creates).toHaveLength(1);
  });

  it('a timed-out create that stored nothing is searched for, then sent again', async () => {
    await server.stop();
    const silent = await silentServer();
    const outbox = createOutbox({
      getClient: async () => createNotesClient({ baseUrl: silent.url, apiKey, timeoutMs: 200 }),
      now: () => clock,
    });
    const { id } = await outbox.add({ draft: draft('Timeout') });
    expect((await retryScheduled(outbox, id)).lastError?.kind).toBe('timeout');
    await new Promise<void>((resolve) => silent.server.close(() => resolve()));
    silent.server.closeAllConnections();

    server = await startNotesServer();
    const resumed = createOutbox({
      getClient: async () => createNotesClient({ baseUrl: server.baseUrl, apiKey: server.apiKey }),
      now: () => clock,
    });
    await ringAlarm(resumed);
    expect(await resumed.waitFor(id, 5_000)).toMatchObject({ state: 'saved' });
    expect((await entryOf(resumed, id)).adopted).toBeUndefined();
    // The search (one page: the notebook is empty), the count, then the create; what follows
    // is the count that looks for a copy the browser made.
    await vi.waitFor(async () => expect((await entryOf(resumed, id)).duplicatesChecked).toBe(true));
    const methods = server.requests().map((request) => request.method);
    expect(methods).toEqual(['GET', 'GET', 'POST', 'GET']);
    expect(methods.filter((method) => method === 'POST')).toHaveLength(1);
    expect(server.notes()).toHaveLength(1);
  });

  it('two identical clips whose outcomes were unknown adopt two notes, not one', async () => {
    server.setFaults({ dropAfterCreateRate: 1 });
    const outbox = newOutbox();
    const same = draft('Same page');
    const a = await outbox.add({ draft: same });
    const b = await outbox.add({ draft: same });
    await retryScheduled(outbox, a.id);
    await retryScheduled(outbox, b.id);
    expect(server.notes()).toHaveLength(2);

    server.setFaults({});
    await ringAlarm(outbox);
    const savedA = await outbox.waitFor(a.id, 5_000);
    const savedB = await outbox.waitFor(b.id, 5_000);
    expect(savedA?.state).toBe('saved');
    expect(savedB?.state).toBe('saved');
    expect(new Set([savedA?.noteId, savedB?.noteId]).size).toBe(2);
    expect(server.notes()).toHaveLength(2);
  });
});

describe('a browser that resends a create on its own', () => {
  /** Chromium resends a request whose reused connection closed unanswered, POST included. */
  function resendingOutbox(afterCreate?: () => void): ClipOutbox {
    const resendingFetch: typeof fetch = async (input, init) => {
      if (init?.method !== 'POST') return fetch(input, init);
      await fetch(input, init);
      const answer = await fetch(input, init);
      afterCreate?.();
      return answer;
    };
    return createOutbox({
      getClient: async () =>
        createNotesClient({ baseUrl: server.baseUrl, apiKey, fetch: resendingFetch }),
      now: () => clock,
    });
  }

  it('the extra copy is deleted once the queue drains; the clip keeps its note', async () => {
    const outbox = resendingOutbox();
    const { id } = await outbox.add({ draft: draft('Twice'), deckId: 'reading' });
    const saved = await outbox.waitFor(id, 5_000);
    await vi.waitFor(async () => expect((await entryOf(outbox, id)).duplicatesChecked).toBe(true));
    expect(server.notes().map((note) => note.id)).toEqual([saved?.noteId]);
  });

  it('a check the service refuses for now is made again when the alarm rings', async () => {
    // The count, the create and the browser's resend go through; then the service says "slow
    // down" to everything for a while: the count after the create, and the check at the drain.
    const outbox = resendingOutbox(() =>
      server.setFaults({ rateLimit: { rate: 1, retryAfterSeconds: 1 } }),
    );
    const { id } = await outbox.add({ draft: draft('Checked later') });
    await outbox.waitFor(id, 5_000);
    await vi.waitFor(() => expect(server.stats().faults.rateLimited).toBe(2));
    server.setFaults({});
    await vi.waitFor(async () =>
      expect((await browser.alarms.get(OUTBOX_ALARM))?.scheduledTime).toBe(clock + 60_000),
    );
    expect((await entryOf(outbox, id)).duplicatesChecked).toBeUndefined();
    expect(server.notes()).toHaveLength(2);

    // Rung until checked: the failed check may still be finishing when the alarm first rings.
    await vi.waitFor(async () => {
      await ringAlarm(outbox);
      expect((await entryOf(outbox, id)).duplicatesChecked).toBe(true);
    });
    expect(server.notes()).toHaveLength(1);
  });

  it('a clip of the same page made on purpose is never taken for an extra copy', async () => {
    const outbox = newOutbox();
    const first = await outbox.add({ draft: draft('Read twice') });
    const second = await outbox.add({ draft: draft('Read twice') });
    await outbox.waitFor(first.id, 5_000);
    await outbox.waitFor(second.id, 5_000);
    await vi.waitFor(async () => {
      const { entries } = await outbox.list();
      expect(entries.every((entry) => entry.duplicatesChecked)).toBe(true);
    });
    expect(server.notes()).toHaveLength(2);
    expect(server.requests().filter((request) => request.method === 'DELETE')).toEqual([]);
  });
});

describe('a worker stopped in the middle of a delivery', () => {
  /** What a worker that died mid-request leaves behind: the clip in "sending". */
  async function leftSending(title: string): Promise<string> {
    const stopped = createOutbox({ getClient: async () => null, now: () => clock });
    const { id } = await stopped.add({ draft: draft(title) });
    const { entries } = await outboxItem.getValue();
    await outboxItem.setValue({
      entries: entries.map((entry) =>
        entry.id === id
          ? { ...entry, state: 'sending' as const, attempts: 1, firstAttemptAt: clock }
          : entry,
      ),
      pausedForAuth: false,
    });
    return id;
  }

  it('the next worker finds the note the request stored and adopts it', async () => {
    const id = await leftSending('Interrupted');
    // The dead worker's request reached the service.
    const client = createNotesClient({ baseUrl: server.baseUrl, apiKey });
    await client.create(draft('Interrupted'));

    const outbox = newOutbox();
    await outbox.start();
    expect(await outbox.waitFor(id, 5_000)).toMatchObject({ state: 'saved', adopted: true });
    expect(server.notes()).toHaveLength(1);
  });

  it('the next worker sends it when the request never arrived', async () => {
    const id = await leftSending('Never arrived');
    const outbox = newOutbox();
    await outbox.start();
    expect((await outbox.waitFor(id, 5_000))?.state).toBe('saved');
    expect(server.notes()).toHaveLength(1);
  });

  it('while a request is out, an alarm is armed to wake a worker that may be stopped', async () => {
    server.setFaults({ latencyMs: 300 });
    const outbox = newOutbox();
    const { id } = await outbox.add({ draft: draft('Watched') });
    await vi.waitFor(async () => expect((await entryOf(outbox, id)).state).toBe('sending'));
    const alarm = await browser.alarms.get(OUTBOX_ALARM);
    expect(alarm?.scheduledTime).toBeGreaterThan(clock + 1_000);
    await outbox.waitFor(id, 5_000);
  });
});

describe('failures that need the user', () => {
  it('a refused key stops every delivery until a working key is saved', async () => {
    const refused = vi.fn();
    apiKey = 'cd_refreshed_elsewhere';
    const outbox = newOutbox(refused);
    const first = await outbox.add({ draft: draft('One') });
    const stopped = await outbox.waitFor(first.id, 5_000);
    expect(stopped).toMatchObject({ state: 'needs-attention', attention: 'auth' });
    expect(stopped?.lastError?.message).toBe(KEY_REFUSED_MESSAGE);
    expect(refused).toHaveBeenCalledTimes(1);
    expect((await outbox.list()).pausedForAuth).toBe(true);

    const requestsBefore = server.stats().requests;
    const second = await outbox.add({ draft: draft('Two') });
    await outbox.pump();
    expect(server.stats().requests).toBe(requestsBefore);
    expect(await browser.action.getBadgeText({})).toBe('2');

    apiKey = server.apiKey;
    await outbox.resumeAfterConnectionChange();
    expect((await outbox.waitFor(first.id, 5_000))?.state).toBe('saved');
    expect((await outbox.waitFor(second.id, 5_000))?.state).toBe('saved');
    expect(server.notes()).toHaveLength(2);
    expect(await browser.action.getBadgeText({})).toBe('');
  });

  it('an unknown notebook: the clip waits, then goes to the default notebook', async () => {
    const outbox = newOutbox();
    const { id } = await outbox.add({ draft: draft('Lost deck'), deckId: 'archive' });
    const stopped = await outbox.waitFor(id, 5_000);
    expect(stopped).toMatchObject({ state: 'needs-attention', attention: 'unknown-deck' });
    expect(stopped?.lastError?.message).toContain('“archive” does not exist');

    expect((await outbox.edit(id, { deckId: null })).ok).toBe(true);
    expect((await outbox.waitFor(id, 5_000))?.state).toBe('saved');
    expect(server.notes()[0]?.deck_id).toBe('default');
  });

  it('a note too large for the service: a clear message, the clip kept, sent once shortened', async () => {
    const outbox = newOutbox();
    const huge = 'word '.repeat(300_000);
    const { id } = await outbox.add({ draft: draft('Huge', huge) });
    const stopped = await outbox.waitFor(id, 5_000);
    expect(stopped).toMatchObject({ state: 'needs-attention', attention: 'too-large' });
    expect(stopped?.lastError?.message).toMatch(/too large.*kept/);
    expect((await entryOf(outbox, id)).draft.markdown_text).toBe(huge);

    await outbox.edit(id, { draft: draft('Huge', 'The part that mattered.') });
    expect((await outbox.waitFor(id, 5_000))?.state).toBe('saved');
    expect(server.notes()[0]?.markdown_text).toBe('The part that mattered.');
  });

  it('a 400 shows the service’s own words; the edited note is resent', async () => {
    const strict = await strictServer('tags must be lowercase');
    const outbox = createOutbox({
      getClient: async () => createNotesClient({ baseUrl: strict.url, apiKey }),
      now: () => clock,
    });
    const { id } = await outbox.add({ draft: { ...draft('Tags'), tags: ['Rust'] } });
    const stopped = await outbox.waitFor(id, 5_000);
    expect(stopped).toMatchObject({ state: 'needs-attention', attention: 'invalid-request' });
    expect(stopped?.lastError?.message).toContain('“tags must be lowercase”');

    await outbox.edit(id, { draft: { ...draft('Tags'), tags: ['rust'] } });
    expect((await outbox.waitFor(id, 5_000))?.state).toBe('saved');
    expect(strict.stored).toEqual([expect.objectContaining({ tags: ['rust'] })]);
    strict.server.close();
  });

  it('a clip can be discarded, but not while its request is out', async () => {
    const outbox = newOutbox();
    const { id } = await outbox.add({ draft: draft('Nope'), deckId: 'archive' });
    await outbox.waitFor(id, 5_000);
    expect(await browser.action.getBadgeText({})).toBe('1');
    expect(await outbox.discard(id)).toEqual({ ok: true });
    expect(await outbox.get(id)).toBeUndefined();
    expect(await browser.action.getBadgeText({})).toBe('');
    expect((await outbox.retry(id)).ok).toBe(false);

    server.setFaults({ latencyMs: 300 });
    const busy = await outbox.add({ draft: draft('Busy') });
    await vi.waitFor(async () => expect((await entryOf(outbox, busy.id)).state).toBe('sending'));
    const refused = await outbox.discard(busy.id);
    expect(refused.ok).toBe(false);
    expect((await outbox.waitFor(busy.id, 5_000))?.state).toBe('saved');
  });
});

describe('volume', () => {
  it('never has more than two requests out, and concurrent results all land', async () => {
    server.setFaults({ latencyMs: 40 });
    const outbox = newOutbox();
    const clips = await outbox.addMany(
      Array.from({ length: 12 }, (_, index) => ({ draft: draft(`Tab ${index}`) })),
    );
    for (const { id } of clips) expect((await outbox.waitFor(id, 10_000))?.state).toBe('saved');
    // Counting, creating and counting again happen one clip at a time (see CountWindow), so the
    // two slots rarely fill; never more than two requests are out.
    expect(mostInFlight).toBeGreaterThan(0);
    expect(mostInFlight).toBeLessThanOrEqual(2);
    expect(server.notes()).toHaveLength(12);
    expect((await outbox.list()).entries.every((entry) => entry.state === 'saved')).toBe(true);
  });

  it('bulk clips are stored at most 100 per write, with progress', async () => {
    await server.stop();
    const outbox = newOutbox();
    const grew: number[] = [];
    const unwatch = outboxItem.watch((next, previous) => {
      grew.push(next.entries.length - (previous?.entries.length ?? 0));
    });
    const clips = await outbox.addMany(
      Array.from({ length: 250 }, (_, index) => ({ draft: draft(`Link ${index}`) })),
    );
    unwatch();
    expect(clips).toHaveLength(250);
    expect(Math.max(...grew)).toBe(BATCH_SIZE);
    expect(grew.filter((added) => added > 0)).toEqual([100, 100, 50]);
    const progress = await outbox.progress(clips.map((clip) => clip.id));
    expect(progress.total).toBe(250);
    expect(progress.saved).toBe(0);
    expect(progress.queued + progress.sending).toBe(250);
  });
});

/** A service that answers lists (it holds no notes) and never answers a create. */
async function silentServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET') return;
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify({ data: [], total: 0, limit: 1, offset: 0 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api` };
}

/** A stricter service than the local one: it refuses upper-case tags with a 400. */
async function strictServer(refusal: string) {
  const stored: unknown[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      response.setHeader('Content-Type', 'application/json');
      if (request.method === 'GET') {
        response.end(JSON.stringify({ data: [], total: stored.length, limit: 1, offset: 0 }));
        return;
      }
      const note = JSON.parse(body) as { tags?: string[] };
      if (note.tags?.some((tag) => tag !== tag.toLowerCase())) {
        response.statusCode = 400;
        response.end(JSON.stringify({ error: refusal, code: 'invalid_tag' }));
        return;
      }
      stored.push(note);
      const now = new Date().toISOString();
      response.statusCode = 201;
      response.end(JSON.stringify({ id: 'n1', ...note, created_at: now, updated_at: now }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return { server, url, stored };
}
