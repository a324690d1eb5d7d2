import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  type ListOrder,
  type NotesServer,
  seedNotes,
  startNotesServer,
} from '../../../notes-server';
import { createNotesClient, type NotesClient } from '../../../utils/api';
import {
  followOutboxSaves,
  noteChanged,
  notesIndexItem,
  readCatalog,
  readNotesIndex,
  refreshNotesIndex,
  STALE_AFTER_MS,
  UNSORTED_RESCAN_AFTER_MS,
  updateNote,
} from '../../../utils/notes-index';
import { saveConnection } from '../../../utils/settings';

/**
 * The catalog of every note (issue 18), against the real local Notes server: filled by the full
 * scan, kept in step from the list's ends under any list order, by Clipdeck's own changes, and
 * migrated from the index of version 1.
 */

let server: NotesServer;
let other: NotesClient;
let now: number;
const clock = () => now;
const stale = (by = STALE_AFTER_MS + 1) => {
  now += by;
};

async function start(notes: number, order?: ListOrder) {
  server = await startNotesServer({
    decks: ['reading'],
    seed: seedNotes(notes, ['default', 'reading']),
    ...(order && { order }),
  });
  other = createNotesClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  await saveConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey });
}

beforeEach(() => {
  fakeBrowser.reset();
  now = Date.now();
});
afterEach(() => server?.stop());

/** What the server holds, as the catalog should: id → title and tags. */
function serverView() {
  return new Map(server.notes().map((note) => [note.id, { title: note.title, tags: note.tags }]));
}

async function catalogView() {
  const index = await readNotesIndex();
  if (!index) throw new Error('no index');
  const notes = await readCatalog({ baseUrl: index.baseUrl, shards: index.catalog.shards });
  return new Map(notes.map((note) => [note.id, { title: note.title, tags: note.tags }]));
}

describe('the catalog of every note', () => {
  it('holds every note’s id, title, tags and dates after the first refresh, and no Markdown', async () => {
    await start(450);
    await refreshNotesIndex({}, { now: clock });
    const index = await readNotesIndex();
    expect(index?.catalog).toEqual({ state: 'complete', shards: 3 });
    expect(await catalogView()).toEqual(serverView());
    const stored = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(stored).not.toContain('Rock pools hold water');
    const [first] = await readCatalog({ baseUrl: server.baseUrl, shards: 3 });
    const original = server.notes().find((note) => note.id === first?.id);
    expect(first?.createdAt).toBe(original?.created_at);
    expect(first?.updatedAt).toBe(original?.updated_at);
  });

  it('takes in an old note retagged elsewhere from the list’s end, without a full scan', async () => {
    await start(1_000);
    await refreshNotesIndex({}, { now: clock });
    // Note 3 is far from the 20 newest: before the catalog, its old tags were unknown and a
    // change to it meant reading all ten pages again.
    const old = server.notes().find((note) => note.title === 'Note 3');
    if (!old) throw new Error('no note 3');
    await other.update(old.id, { tags: [...old.tags, 'reread'] });
    stale();
    const refreshed = await refreshNotesIndex({}, { now: clock });
    expect(refreshed.ok && refreshed.requests).toBeLessThanOrEqual(3);
    expect((await catalogView()).get(old.id)?.tags).toEqual([...old.tags, 'reread']);
    expect((await readNotesIndex())?.tags.find((tag) => tag.tag === 'reread')?.count).toBe(1);
  });

  it('a clip, a retag and a delete by Clipdeck each rewrite one shard, no request', async () => {
    await start(2_000);
    await refreshNotesIndex({}, { now: clock });
    const index = await readNotesIndex();
    expect(index?.catalog.shards).toBe(10);
    const writes: string[][] = [];
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    fakeBrowser.storage.local.set = async (items: Record<string, unknown>) => {
      writes.push(Object.keys(items));
      return set(items);
    };
    const before = server.stats().requests;
    const at = new Date(now).toISOString();
    const note = {
      id: 'made-here',
      title: 'Made here',
      tags: ['new'],
      createdAt: at,
      updatedAt: at,
    };
    await noteChanged(server.baseUrl, { kind: 'created', note });
    await noteChanged(server.baseUrl, {
      kind: 'updated',
      before: note,
      note: { ...note, tags: ['renamed'] },
    });
    await noteChanged(server.baseUrl, { kind: 'deleted', id: 'seed-000007' });
    expect(server.stats().requests).toBe(before);
    const shardWrites = writes.flat().filter((key) => key.startsWith('notesCatalog'));
    expect(shardWrites).toHaveLength(3);
    const catalog = await catalogView();
    expect(catalog.get('made-here')?.tags).toEqual(['renamed']);
    expect(catalog.has('seed-000007')).toBe(false);
    // The deleted note's tags, known from the catalog, leave the counts.
    const after = await readNotesIndex();
    const topic7 = (index?.tags.find((tag) => tag.tag === 'topic-7')?.count ?? 0) - 1;
    expect(after?.tags.find((tag) => tag.tag === 'topic-7')?.count).toBe(topic7);
  });

  it('updateNote keeps the catalog in step for a note beyond the recent ones', async () => {
    await start(300);
    await refreshNotesIndex({}, { now: clock });
    // The background follows the outbox's saves into the index (changes ride the outbox).
    followOutboxSaves();
    const updated = await updateNote('seed-000010', { title: 'Renamed old note' });
    expect(updated.ok).toBe(true);
    await vi.waitFor(async () =>
      expect((await catalogView()).get('seed-000010')?.title).toBe('Renamed old note'),
    );
  });
});

describe('under any list order', () => {
  const orders: ListOrder[] = ['updated-desc', 'created-asc', 'title', 'scrambled'];
  for (const order of orders) {
    it(`${order}: creations, a retag and a deletion elsewhere all reach the catalog`, async () => {
      await start(600, order);
      await refreshNotesIndex({}, { now: clock });
      expect(await catalogView()).toEqual(serverView());
      await other.create({ title: 'Elsewhere one', markdown_text: 'x', tags: ['far'] });
      await other.create({ title: 'Elsewhere two', markdown_text: 'y' });
      const retag = server.notes().find((note) => note.title === 'Note 42');
      await other.update(retag?.id ?? '', { tags: ['moved-on'] });
      stale();
      const soon = await refreshNotesIndex({}, { now: clock });
      // Never the whole list again ten minutes later: the ends, a few pages at most.
      expect(soon.ok && soon.requests).toBeLessThanOrEqual(10);
      const view = await catalogView();
      const titles = [...view.values()].map((note) => note.title);
      // Sorted by update, the ends show every change; sorted by creation, the new notes (an old
      // note retagged elsewhere waits for the next full scan); an order that proves nothing
      // waits for the next full scan, at most UNSORTED_RESCAN_AFTER_MS away.
      if (order === 'updated-desc') expect(view).toEqual(serverView());
      if (order === 'created-asc') expect(titles).toContain('Elsewhere two');
      // Deleted elsewhere: the total no longer adds up, whatever the order.
      await other.delete('seed-000100');
      stale(UNSORTED_RESCAN_AFTER_MS);
      await refreshNotesIndex({}, { now: clock });
      expect(await catalogView()).toEqual(serverView());
      expect((await readNotesIndex())?.total).toBe(601);
    });
  }
});

describe('the index of version 1', () => {
  it('migrates to version 2 without a catalog, and the next refresh fills it', async () => {
    await start(250);
    const v1 = {
      baseUrl: server.baseUrl,
      refreshedAt: now,
      total: 250,
      complete: true,
      fullScanAt: now,
      tags: [{ tag: 'common', count: 84 }],
      recent: [
        {
          id: 'seed-000249',
          title: 'Note 249',
          tags: ['topic-249'],
          createdAt: '2024-01-01T04:09:00.000Z',
          updatedAt: '2024-01-01T04:09:00.000Z',
          deckId: 'reading',
        },
      ],
    };
    await fakeBrowser.storage.local.set({ notesIndex: v1 });
    await notesIndexItem.migrate();
    const migrated = await readNotesIndex();
    const { fullScanAt: _forgotten, ...kept } = v1;
    expect(migrated).toMatchObject(kept);
    expect(migrated).not.toHaveProperty('fullScanAt');
    expect(migrated?.catalog).toEqual({ state: 'missing', shards: 1 });
    expect(await notesIndexItem.getMeta()).toEqual({ v: 2 });

    // Fresh (refreshed just now), but without a catalog: the next stale refresh is a full scan.
    stale();
    const refreshed = await refreshNotesIndex({}, { now: clock });
    expect(refreshed.ok && refreshed.requests).toBeGreaterThanOrEqual(3);
    expect((await readNotesIndex())?.catalog.state).toBe('complete');
    expect(await catalogView()).toEqual(serverView());
    // The notebook the old index knew is kept.
    expect((await readNotesIndex())?.recent[0]?.deckId).toBe('reading');
  });
});
