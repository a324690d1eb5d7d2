import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  type NotesServer,
  type RecordedRequest,
  seedNotes,
  startNotesServer,
} from '../../../notes-server';
import { createNotesClient } from '../../../utils/api';
import {
  type ClipOutbox,
  createOutbox,
  OUTBOX_ALARM,
  outboxConfigItem,
} from '../../../utils/outbox';

/**
 * The outbox in an account of 10,000 notes (5,000 in the default notebook, 5,000 in "reading"),
 * against the real local server: what one clip costs in requests must not grow with the account
 * (issue 14). Before, every drained queue listed the whole notebook (about 100 pages here) and a
 * clip whose create went unanswered listed it again.
 */

const NOTES = 10_000;
let server: NotesServer;
let clock: number;

beforeAll(async () => {
  server = await startNotesServer({ seed: seedNotes(NOTES, ['default', 'reading']) });
}, 60_000);
afterAll(() => server.stop());

beforeEach(async () => {
  fakeBrowser.reset();
  server.setFaults({});
  clock = Date.now();
  await outboxConfigItem.setValue({ baseDelayMs: 60_000, requestTimeoutMs: 2_000 });
});

let serial = 0;
const draft = () => {
  serial += 1;
  return {
    title: `Big account clip ${serial}`,
    markdown_text: `# Clip ${serial}\n\nA page clipped into a big account.`,
    // A tag a third of the account's notes carry, as a user's usual tag would.
    tags: ['common'],
  };
};

function outboxWith(fetchImpl: typeof fetch = fetch): ClipOutbox {
  return createOutbox({
    getClient: async (config) =>
      createNotesClient({
        baseUrl: server.baseUrl,
        apiKey: server.apiKey,
        timeoutMs: config.requestTimeoutMs,
        fetch: fetchImpl,
      }),
    now: () => clock,
    random: () => 0.5,
  });
}

/** The requests the server received since `start`, once the clip is saved and checked. */
async function settledRequests(outbox: ClipOutbox, id: string, start: number) {
  await vi.waitFor(async () => expect((await outbox.get(id))?.duplicatesChecked).toBe(true), 5_000);
  return server.requests().slice(start);
}

/**
 * A fetch whose first create fails before the request leaves (nothing reaches the service); every
 * request after it is first shown to `after`.
 */
function refusingFirstCreate(after?: (init: RequestInit | undefined) => void): typeof fetch {
  let refused = false;
  return async (input, init) => {
    if (init?.method === 'POST' && !refused) {
      refused = true;
      throw new TypeError('fetch failed');
    }
    if (refused) after?.(init);
    return fetch(input, init);
  };
}

/** A clip into "reading" whose first attempt fails, and its retry: the requests of both. */
async function firstRetry(outbox: ClipOutbox) {
  const start = server.requests().length;
  const clip = draft();
  const { id } = await outbox.add({ draft: clip, deckId: 'reading' });
  await vi.waitFor(async () => expect((await outbox.get(id))?.outcomeUnknown).toBe(true));
  await ringAlarm(outbox);
  return { clip, id, requests: await settledRequests(outbox, id, start) };
}

async function ringAlarm(outbox: ClipOutbox): Promise<void> {
  const alarm = await browser.alarms.get(OUTBOX_ALARM);
  if (!alarm) throw new Error('no outbox alarm is armed');
  clock = Math.max(clock, alarm.scheduledTime);
  await outbox.pump();
}

const lists = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'GET');
const byTitle = (title: string) => server.notes().filter((note) => note.title === title);

describe('one clip in an account of 10,000 notes', () => {
  it('a healthy clip costs three requests (count, create, count), in a deck and in the default notebook', async () => {
    const outbox = outboxWith();
    for (const deckId of ['reading', undefined]) {
      const start = server.requests().length;
      const clip = draft();
      const { id } = await outbox.add({ draft: clip, ...(deckId && { deckId }) });
      const requests = await settledRequests(outbox, id, start);
      expect(requests.map((request) => request.method)).toEqual(['GET', 'POST', 'GET']);
      // The clip keeps its own count, which the soak test reports.
      await vi.waitFor(async () => expect((await outbox.get(id))?.requests).toBe(3));
      // The counts ask for one note, never a page of the notebook.
      expect(lists(requests).map((request) => request.query.limit)).toEqual(['1', '1']);
      expect(byTitle(clip.title)).toHaveLength(1);
    }
  });

  it('a create stored but unanswered (connection dropped) is found at the list’s end and adopted', async () => {
    server.setFaults({ dropAfterCreateRate: 1 });
    const outbox = outboxWith();
    const start = server.requests().length;
    const clip = draft();
    const { id } = await outbox.add({ draft: clip, deckId: 'reading' });
    await vi.waitFor(async () => expect((await outbox.get(id))?.outcomeUnknown).toBe(true));
    server.setFaults({});
    await ringAlarm(outbox);
    const requests = await settledRequests(outbox, id, start);

    expect(await outbox.get(id)).toMatchObject({ state: 'saved', adopted: true });
    expect(byTitle(clip.title)).toHaveLength(1);
    // count + create, then the search: a page of 20 at offset 0 is enough here (newest first).
    expect(requests.map((request) => request.method)).toEqual(['GET', 'POST', 'GET']);
    expect(lists(requests).every((request) => Number(request.query.limit) <= 20)).toBe(true);
  });

  it('a create that stored nothing is ruled out in a handful of requests, then sent once', async () => {
    const outbox = outboxWith(refusingFirstCreate());
    const { clip, requests } = await firstRetry(outbox);

    expect(byTitle(clip.title)).toHaveLength(1);
    // count (the refused create never arrived), search (one page), count, create, count.
    expect(requests.map((request) => request.method)).toEqual(['GET', 'GET', 'GET', 'POST', 'GET']);
  });

  it('a read failing once the service has answered is read again, not the attempt lost', async () => {
    // The first create never leaves; on the retry the service answers the search, then fails the
    // next read with a real 500, once. Before, the attempt failed there and began again later.
    let gets = 0;
    const outbox = outboxWith(
      refusingFirstCreate((init) => {
        if (init?.method !== 'POST') gets += 1;
        server.setFaults(gets === 2 ? { serverErrorRate: 1 } : {});
      }),
    );
    const { clip, id, requests } = await firstRetry(outbox);

    expect(await outbox.get(id)).toMatchObject({ state: 'saved', attempts: 2 });
    expect(byTitle(clip.title)).toHaveLength(1);
    // count (refused create), then in one attempt: search, count (500), count again, create, count.
    expect(requests.map((request) => request.method)).toEqual([
      'GET',
      'GET',
      'GET',
      'GET',
      'POST',
      'GET',
    ]);
  });

  it('a service failing the first read of an attempt is not asked again until the retry', async () => {
    server.setFaults({ serverErrorRate: 1 });
    const outbox = outboxWith();
    const start = server.requests().length;
    const { id } = await outbox.add({ draft: draft(), deckId: 'reading' });
    await vi.waitFor(async () =>
      expect(await outbox.get(id)).toMatchObject({ state: 'queued', attempts: 1 }),
    );
    expect((await outbox.get(id))?.lastError).toMatchObject({ status: 500 });
    expect(server.requests().length - start).toBe(1);
  });

  it('a timed-out create the service stored late is found, not sent again', async () => {
    // The service answers after the client gave up, but stores the note all the same.
    server.setFaults({ latencyMs: 2_500 });
    await outboxConfigItem.setValue({ baseDelayMs: 60_000, requestTimeoutMs: 2_000 });
    const outbox = outboxWith(async (input, init) => {
      // Only the create is slow: the counts answer at once.
      if (init?.method !== 'POST') server.setFaults({});
      else server.setFaults({ latencyMs: 2_500 });
      return fetch(input, init);
    });
    const clip = draft();
    const { id } = await outbox.add({ draft: clip });
    await vi.waitFor(async () => expect((await outbox.get(id))?.outcomeUnknown).toBe(true), 5_000);
    await vi.waitFor(() => expect(byTitle(clip.title)).toHaveLength(1), 5_000);
    const start = server.requests().length;
    await ringAlarm(outbox);
    const requests = await settledRequests(outbox, id, start);

    expect(await outbox.get(id)).toMatchObject({ state: 'saved', adopted: true });
    expect(byTitle(clip.title)).toHaveLength(1);
    expect(requests.length).toBeLessThanOrEqual(3);
  }, 15_000);

  it('a copy the browser made by resending the create is found at the ends and deleted', async () => {
    // What Chromium does when a reused connection closes unanswered: the POST goes out again.
    const outbox = outboxWith(async (input, init) => {
      if (init?.method === 'POST') await fetch(input, init);
      return fetch(input, init);
    });
    const start = server.requests().length;
    const clip = draft();
    const { id } = await outbox.add({ draft: clip, deckId: 'reading' });
    const requests = await settledRequests(outbox, id, start);

    const kept = byTitle(clip.title);
    expect(kept.map((note) => note.id)).toEqual([(await outbox.get(id))?.noteId]);
    // count, create ×2, count (grew by 2 for 1 create), one page at the end, delete.
    expect(requests.map((request) => request.method)).toEqual([
      'GET',
      'POST',
      'POST',
      'GET',
      'GET',
      'DELETE',
    ]);
  });

  it('no extra work when another tool adds notes between the counts: only a look at the ends', async () => {
    const other = createNotesClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
    const outbox = outboxWith(async (input, init) => {
      const answer = await fetch(input, init);
      // Someone else saves a note right after Clipdeck's create.
      if (init?.method === 'POST') await other.create({ title: 'Elsewhere', markdown_text: 'x' });
      return answer;
    });
    const start = server.requests().length;
    const clip = draft();
    const { id } = await outbox.add({ draft: clip });
    const requests = await settledRequests(outbox, id, start);
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    expect(byTitle(clip.title)).toHaveLength(1);
    expect(requests.length).toBeLessThanOrEqual(6);
  });
});

describe('a check left for later', () => {
  it('is a search of the ends, not a listing of the notebook', async () => {
    const outbox = outboxWith(async (input, init) => {
      if (init?.method === 'POST') await fetch(input, init);
      const answer = await fetch(input, init);
      if (init?.method === 'POST') server.setFaults({ rateLimit: { rate: 1 } });
      return answer;
    });
    const clip = draft();
    const { id } = await outbox.add({ draft: clip, deckId: 'reading' });
    await vi.waitFor(() => expect(server.stats().faults.rateLimited).toBeGreaterThan(0));
    server.setFaults({});
    const start = server.requests().length;
    await vi.waitFor(async () => {
      if (!(await outbox.get(id))?.duplicatesChecked) await ringAlarm(outbox);
      expect((await outbox.get(id))?.duplicatesChecked).toBe(true);
    });
    const requests = server.requests().slice(start);
    expect(byTitle(clip.title)).toHaveLength(1);
    expect(lists(requests).length).toBeLessThanOrEqual(4);
  });
});
