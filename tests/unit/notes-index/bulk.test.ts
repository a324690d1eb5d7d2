import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type NotesServer, seedNotes, startNotesServer } from '../../../notes-server';
import {
  bulkProgressItem,
  readBulkProgress,
  refreshNotesIndex,
  resumeBulkRetag,
  startBulkRetag,
} from '../../../utils/notes-index';
import { getOutbox } from '../../../utils/outbox';
import { saveConnection } from '../../../utils/settings';

/**
 * Bulk retag (issue 18) against the real local Notes server: a PUT per note whose tags change,
 * none for a note already as wanted, progress stored for the popup, failures kept for a retry,
 * and a job a stopped background left half done resumed.
 */

let server: NotesServer;

beforeAll(async () => {
  server = await startNotesServer({ seed: seedNotes(300) });
});
afterAll(() => server.stop());

beforeEach(async () => {
  fakeBrowser.reset();
  await saveConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  await refreshNotesIndex({ force: true });
});

const ids = (from: number, count: number) =>
  Array.from({ length: count }, (_, n) => `seed-${String(from + n).padStart(6, '0')}`);
const tagsOf = (id: string) => server.notes().find((note) => note.id === id)?.tags ?? [];

function requestsSince(start: number) {
  return server.requests().slice(start);
}

describe('bulk retag', () => {
  it('adds a tag to 240 notes: a PUT only where it is missing, progress to the end', async () => {
    const chosen = ids(0, 240);
    const lacking = chosen.filter((id) => !tagsOf(id).includes('common'));
    const start = server.requests().length;
    const started = await startBulkRetag({ ids: chosen, add: ['common'], remove: [] });
    expect(started.ok).toBe(true);
    const seen: number[] = [];
    const unwatch = bulkProgressItem.watch((value) => value && seen.push(value.done));
    await resumeBulkRetag();
    unwatch();

    const progress = await readBulkProgress();
    expect(progress).toMatchObject({
      state: 'finished',
      total: 240,
      done: 240,
      changed: lacking.length,
      unchanged: 240 - lacking.length,
      failed: [],
    });
    expect(seen).toContain(12);
    const requests = requestsSince(start);
    const puts = requests.filter((request) => request.method === 'PUT');
    expect(puts).toHaveLength(lacking.length);
    // A note that already had the tag got no request at all, not even a read.
    const touched = new Set(requests.map((request) => request.path.split('/').pop()));
    for (const id of chosen.filter((id) => !lacking.includes(id))) {
      expect(touched.has(id)).toBe(false);
    }
    for (const put of puts) expect(Object.keys(put.body as object)).toEqual(['tags']);
    for (const id of chosen) expect(tagsOf(id)).toContain('common');
  }, 60_000);

  it('removes a tag, keeps the others, and refuses a second job while one runs', async () => {
    const chosen = ids(0, 30);
    const started = await startBulkRetag({ ids: chosen, add: [], remove: ['COMMON'] });
    expect(started.ok).toBe(true);
    const second = await startBulkRetag({ ids: chosen, add: ['x'], remove: [] });
    expect(second).toMatchObject({ ok: false, error: { kind: 'busy' } });
    await resumeBulkRetag();
    for (const id of chosen) {
      expect(tagsOf(id)).not.toContain('common');
      expect(tagsOf(id).some((tag) => tag.startsWith('topic-'))).toBe(true);
    }
  });

  it('a note gone from the service fails with a sentence; a retry of the failed ones works', async () => {
    const chosen = [...ids(40, 5), 'no-such-note'];
    await startBulkRetag({ ids: chosen, add: ['reviewed'], remove: [] });
    await resumeBulkRetag();
    const progress = await readBulkProgress();
    expect(progress?.changed).toBe(5);
    expect(progress?.failed).toEqual([
      {
        id: 'no-such-note',
        title: '',
        message: expect.stringContaining('no longer in your Notes'),
      },
    ]);
    // A failure of the whole connection stops the job: every note left is listed for a retry.
    await saveConnection({ baseUrl: server.baseUrl, apiKey: 'wrong-key' });
    await startBulkRetag({ ids: ids(50, 4), add: ['reviewed'], remove: [] });
    await resumeBulkRetag();
    const refused = await readBulkProgress();
    expect(refused?.failed.map((failed) => failed.id)).toEqual(ids(50, 4));
    expect(refused?.failed[0]?.message).toMatch(/key/i);
    await saveConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey });
    // What the background does when a new key is saved: the outbox sends what the old key held.
    await getOutbox().resumeAfterConnectionChange();
    await startBulkRetag({
      ids: refused?.failed.map((failed) => failed.id) ?? [],
      add: ['reviewed'],
      remove: [],
    });
    await resumeBulkRetag();
    expect((await readBulkProgress())?.failed).toEqual([]);
    await vi.waitFor(() => {
      for (const id of ids(50, 4)) expect(tagsOf(id)).toContain('reviewed');
    });
  });

  it('a job the stopped background left half done goes on from where it was', async () => {
    const chosen = ids(100, 20);
    await startBulkRetag({ ids: chosen, add: ['resumed'], remove: [] });
    await resumeBulkRetag();
    // As if the worker had stopped after ten notes: progress says ten, the rest untouched.
    const progress = await readBulkProgress();
    if (!progress) throw new Error('no progress');
    for (const note of server.notes().filter((note) => chosen.slice(10).includes(note.id))) {
      note.tags = note.tags.filter((tag) => tag !== 'resumed');
    }
    await bulkProgressItem.setValue({ ...progress, done: 10, changed: 10, state: 'running' });
    const start = server.requests().length;
    await resumeBulkRetag();
    expect((await readBulkProgress())?.state).toBe('finished');
    const touched = requestsSince(start).map((request) => request.path.split('/').pop());
    expect(touched.some((id) => chosen.slice(0, 10).includes(id ?? ''))).toBe(false);
  });
});
