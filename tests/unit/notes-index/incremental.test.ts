import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type NotesServer, seedNotes, startNotesServer } from '../../../notes-server';
import { createNotesClient, type NotesClient } from '../../../utils/api';
import { readNotesIndex, refreshNotesIndex, STALE_AFTER_MS } from '../../../utils/notes-index';
import { saveConnection } from '../../../utils/settings';

/**
 * The notes index of an account of 10,000 notes (issue 14): one full scan, then each stale
 * refresh reads only the list's ends for what was stored since; the stored index stays small.
 * Before, every refresh ten minutes apart listed all 100 pages again.
 */

const NOTES = 10_000;
let server: NotesServer;
let other: NotesClient;
let now: number;
const clock = () => now;

beforeAll(async () => {
  server = await startNotesServer({ seed: seedNotes(NOTES) });
  other = createNotesClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
}, 60_000);
afterAll(() => server.stop());

beforeEach(async () => {
  fakeBrowser.reset();
  await saveConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  now = Date.now();
  const first = await refreshNotesIndex({}, { now: clock });
  expect(first.ok && first.requests).toBeGreaterThanOrEqual(100);
});

const stale = () => {
  now += STALE_AFTER_MS + 1;
};

describe('a stale index of 10,000 notes', () => {
  it('with nothing new costs one request, and the stored index stays small', async () => {
    stale();
    expect(await refreshNotesIndex({}, { now: clock })).toEqual({
      ok: true,
      scanned: true,
      requests: 1,
    });
    const index = await readNotesIndex();
    const bytes = JSON.stringify(index).length;
    console.log(`notes index of ${NOTES} notes: ${bytes} bytes stored, ${index?.tags.length} tags`);
    expect(index?.total).toBe((await other.list({ limit: 1 })).total);
    expect(bytes).toBeLessThan(64 * 1024);
  });

  it('takes in notes stored elsewhere since from the list’s end: their tags and the recent list', async () => {
    const before = (await readNotesIndex())?.total ?? 0;
    for (const title of ['Fresh one', 'Fresh two', 'Fresh three']) {
      await other.create({ title, markdown_text: 'Made in another tool.', tags: ['fresh'] });
    }
    stale();
    const refreshed = await refreshNotesIndex({}, { now: clock });
    expect(refreshed.ok && refreshed.requests).toBeLessThanOrEqual(2 + 3);
    const index = await readNotesIndex();
    expect(index?.total).toBe(before + 3);
    expect(
      index?.recent
        .slice(0, 3)
        .map((note) => note.title)
        .sort(),
    ).toEqual(['Fresh one', 'Fresh three', 'Fresh two']);
    expect(index?.tags.find((tag) => tag.tag === 'fresh')?.count).toBe(3);
  });

  it('a note deleted elsewhere (the total does not add up) brings a full scan', async () => {
    const [victim] = (await other.list({ limit: 1, offset: 500 })).data;
    if (!victim) throw new Error('no note to delete');
    await other.delete(victim.id);
    const before = (await readNotesIndex())?.total ?? 0;
    stale();
    const refreshed = await refreshNotesIndex({}, { now: clock });
    expect(refreshed.ok && refreshed.requests).toBeGreaterThanOrEqual(100);
    expect((await readNotesIndex())?.total).toBe(before - 1);
  });

  it('a day after the last full scan, the next refresh is a full scan again', async () => {
    now += 24 * 60 * 60_000 + 1;
    const refreshed = await refreshNotesIndex({}, { now: clock });
    expect(refreshed.ok && refreshed.requests).toBeGreaterThanOrEqual(100);
  });
});
