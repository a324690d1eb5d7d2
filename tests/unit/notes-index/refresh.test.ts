import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import {
  DECK_LOOKUPS,
  readNotesIndex,
  refreshNotesIndex,
  STALE_AFTER_MS,
} from '../../../utils/notes-index';
import { readKeyRefusal, saveConnection } from '../../../utils/settings';
import { seededDataFile } from './seed';

const NOTES = 5000;
let server: NotesServer;

beforeAll(async () => {
  server = await startNotesServer({
    decks: ['deck-a', 'deck-b'],
    dataFile: await seededDataFile(NOTES, ['deck-a', 'deck-b']),
  });
});
afterAll(() => server.stop());

beforeEach(async () => {
  fakeBrowser.reset();
  await saveConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey });
});

function listRequestsSince(start: number) {
  return server
    .requests()
    .slice(start)
    .filter((request) => request.method === 'GET' && /\/notes\/?$/.test(request.path));
}

describe('refreshNotesIndex on an account with 5,000 notes', () => {
  it('gathers every tag in 50 pages of 100, then serves the cache until it is stale', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const start = server.requests().length;

    const first = await refreshNotesIndex({}, { now: () => now });

    const pages = listRequestsSince(start);
    expect(pages).toHaveLength(50);
    expect(pages.every((request) => request.query.limit === '100')).toBe(true);
    expect(first).toEqual({ ok: true, scanned: true, requests: 50 + DECK_LOOKUPS });
    const index = await readNotesIndex();
    expect(index?.total).toBe(NOTES);
    expect(index?.complete).toBe(true);
    expect(index?.tags[0]).toEqual({ tag: 'common', count: 1667 });
    expect(index?.tags).toHaveLength(501);
    expect(index?.recent[0]?.title).toBe('Note 4999');
    expect(index?.recent[0]?.deckId).toBe('deck-b');

    const afterFirst = server.requests().length;
    now += STALE_AFTER_MS - 1;
    expect(await refreshNotesIndex({}, { now: () => now })).toEqual({
      ok: true,
      scanned: false,
      requests: 0,
    });
    expect(server.requests().length).toBe(afterFirst);

    // Stale: brought up to date from the list's end (nothing changed: one page of 20), and the
    // notebooks already known are not looked up again.
    now += 2;
    expect(await refreshNotesIndex({}, { now: () => now })).toEqual({
      ok: true,
      scanned: true,
      requests: 1,
    });
    // Forced: a full scan.
    expect(await refreshNotesIndex({ force: true }, { now: () => now })).toEqual({
      ok: true,
      scanned: true,
      requests: 50,
    });
  });

  it('a second caller during a scan waits for it instead of starting another', async () => {
    const start = server.requests().length;
    const [one, two] = await Promise.all([refreshNotesIndex(), refreshNotesIndex()]);
    expect(one).toEqual(two);
    expect(listRequestsSince(start)).toHaveLength(50);
  });

  it('a refused key is recorded for the options page and the cached index is kept', async () => {
    await refreshNotesIndex();
    await saveConnection({ baseUrl: server.baseUrl, apiKey: 'refreshed-elsewhere' });

    const result = await refreshNotesIndex({ force: true });

    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error.message).toContain('API key');
    expect(await readKeyRefusal()).not.toBeNull();
    expect((await readNotesIndex())?.total).toBe(NOTES);
  });

  it('an index of another service is not used', async () => {
    await refreshNotesIndex();
    const other = await startNotesServer();
    try {
      await saveConnection({ baseUrl: other.baseUrl, apiKey: other.apiKey });
      expect(await refreshNotesIndex()).toMatchObject({ ok: true, scanned: true });
      expect((await readNotesIndex())?.total).toBe(0);
    } finally {
      await other.stop();
    }
  });
});
