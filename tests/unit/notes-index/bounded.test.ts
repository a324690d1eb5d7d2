import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type NotesServer, seedNotes, startNotesServer } from '../../../notes-server';
import { createNotesClient } from '../../../utils/api';
import {
  noteChanged,
  notesIndexItem,
  readCatalog,
  readNotesIndex,
  refreshNotesIndex,
  STALE_AFTER_MS,
} from '../../../utils/notes-index';
import { saveConnection } from '../../../utils/settings';

/**
 * What a clip costs the notes index in an account of 100 notes and of 10,000 (issue 18): the
 * same requests (none when Clipdeck made the note; the list's ends when made elsewhere) and about
 * the same bytes written (one catalog shard of about 200 notes, plus the small summary), however
 * big the account. Before the shards, one catalog item would be rewritten whole on every clip.
 */

let server: NotesServer | undefined;
let now = Date.now();
const clock = () => now;

beforeEach(() => {
  fakeBrowser.reset();
  now = Date.now();
});
afterEach(() => server?.stop());

interface Cost {
  requests: number;
  bytesWritten: number;
  ms: number;
  storedBytes: number;
}

async function costOfClips(notes: number, clips = 10): Promise<Cost> {
  server = await startNotesServer({ seed: seedNotes(notes) });
  await saveConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  await refreshNotesIndex({}, { now: clock });
  const storedBytes = JSON.stringify(await fakeBrowser.storage.local.get(null)).length;
  let bytesWritten = 0;
  let counting = true;
  const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
  fakeBrowser.storage.local.set = async (items: Record<string, unknown>) => {
    if (counting) bytesWritten += JSON.stringify(items).length;
    return set(items);
  };
  const other = createNotesClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  const before = server.stats().requests;
  const started = performance.now();
  for (let n = 0; n < clips; n++) {
    // Half by Clipdeck (the outbox's save reaches the index), half elsewhere (found at the ends).
    if (n % 2 === 0) {
      // The outbox's create is the clip itself; what follows is the index's cost.
      const made = await other.create({ title: `Clip ${n}`, markdown_text: 'x', tags: ['new'] });
      const note = {
        ...{ id: made?.id ?? '', title: `Clip ${n}`, tags: ['new'] },
        ...{ createdAt: made?.created_at ?? '', updatedAt: made?.updated_at ?? '', deckId: null },
      };
      await noteChanged(server.baseUrl, { kind: 'created', note });
    } else {
      await other.create({ title: `Elsewhere ${n}`, markdown_text: 'x', tags: ['far'] });
      // Ten minutes on: the stored index is made that old (the server's clock is the real one).
      counting = false;
      const index = await readNotesIndex();
      if (index) await notesIndexItem.setValue({ ...index, refreshedAt: now - STALE_AFTER_MS - 1 });
      counting = true;
      await refreshNotesIndex({}, { now: clock });
    }
  }
  const ms = (performance.now() - started) / clips;
  // Requests of the index only: each clip's own create is not counted.
  const requests = (server.stats().requests - before - clips) / clips;
  const index = await readNotesIndex();
  expect(index?.total).toBe(notes + clips);
  // Every note is searchable, the clips included.
  const catalog = await readCatalog({
    baseUrl: server.baseUrl,
    shards: index?.catalog.shards ?? 1,
  });
  expect(catalog).toHaveLength(notes + clips);
  await server.stop();
  server = undefined;
  return { requests, bytesWritten: bytesWritten / clips, ms, storedBytes };
}

describe('the cost of a clip to the notes index', () => {
  it('does not grow from 100 notes to 10,000', async () => {
    const small = await costOfClips(100);
    const big = await costOfClips(10_000);
    console.log(
      `per clip: 100 notes ${JSON.stringify(small)}; 10,000 notes ${JSON.stringify(big)}`,
    );
    // None for Clipdeck's own clip; for one made elsewhere, a page at the list's end and one
    // read of the new note's notebook: two at most, at either size.
    expect(small.requests).toBeLessThanOrEqual(1);
    expect(big.requests).toBeLessThanOrEqual(1);
    // One shard of ~200 notes against one of 100: about twice, never the account's 100 times.
    expect(big.bytesWritten).toBeLessThan(small.bytesWritten * 3);
    expect(big.bytesWritten).toBeLessThan(64 * 1024);
    // The whole store for 10,000 notes: the summary and every note's metadata.
    expect(big.storedBytes).toBeLessThan(2 * 1024 * 1024);
  }, 120_000);
});
