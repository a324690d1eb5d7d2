import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import { createNotesClient } from '../../../utils/api';
import {
  type ClipOutbox,
  createOutbox,
  migrateOutboxV1ToV2,
  OUTBOX_ALARM,
  type OutboxEntry,
  outboxConfigItem,
  outboxItem,
  parseOutbox,
} from '../../../utils/outbox';

/**
 * Edits, deletes and moves of notes through the outbox (issue 18), against the real local Notes
 * server over HTTP; the notes are kept in a file so a server stopped and started again still has
 * them ("the service is down"). Retries happen when the test rings the alarm on a fake clock.
 */

let server: NotesServer;
let folder: string;
let clock: number;
/**
 * DELETE requests fail as a dropped connection while set: the local server cannot fail one
 * method alone, and a move must be shown surviving a delete that fails after its create.
 */
let failDeletes = false;

const fetchFailingDeletes: typeof fetch = (input, init) =>
  failDeletes && init?.method === 'DELETE'
    ? Promise.reject(new TypeError('fetch failed'))
    : fetch(input, init);

function newOutbox(): ClipOutbox {
  return createOutbox({
    getClient: async (config) =>
      createNotesClient({
        baseUrl: server.baseUrl,
        apiKey: server.apiKey,
        timeoutMs: config.requestTimeoutMs,
        fetch: fetchFailingDeletes,
      }),
    now: () => clock,
    random: () => 0.5,
  });
}

async function ringAlarm(outbox: ClipOutbox): Promise<void> {
  const alarm = await browser.alarms.get(OUTBOX_ALARM);
  if (!alarm) throw new Error('no outbox alarm is armed');
  clock = Math.max(clock, alarm.scheduledTime);
  await outbox.pump();
}

async function retryScheduled(outbox: ClipOutbox, id: string): Promise<OutboxEntry> {
  await vi.waitFor(async () =>
    expect(await outbox.get(id)).toMatchObject({ state: 'queued', lastError: expect.anything() }),
  );
  const entry = await outbox.get(id);
  if (!entry) throw new Error(`entry ${id} is gone`);
  return entry;
}

async function createNote(title: string, tags: string[], deck?: string): Promise<string> {
  const query = deck ? `?deck_id=${deck}` : '';
  const response = await fetch(`${server.baseUrl}/notes/${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title, markdown_text: `Body of ${title}.`, tags }),
  });
  return ((await response.json()) as { id: string }).id;
}

const noteOf = (id: string) => server.notes().find((note) => note.id === id);
const methods = (since: number) =>
  server
    .requests()
    .slice(since)
    .map((request) => request.method);

beforeEach(async () => {
  fakeBrowser.reset();
  folder = mkdtempSync(join(tmpdir(), 'clipdeck-edits-'));
  server = await startNotesServer({
    decks: ['reading', 'science'],
    dataFile: join(folder, 'n.json'),
  });
  clock = Date.now();
  failDeletes = false;
  await outboxConfigItem.setValue({ baseDelayMs: 60_000, requestTimeoutMs: 1_000 });
});

afterEach(async () => {
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('an edit', () => {
  it('is stored before any request, and sends only the fields that change', async () => {
    const id = await createNote('Tide', ['sea'], 'reading');
    const outbox = newOutbox();
    const since = server.requests().length;
    const entry = await outbox.act({
      kind: 'update',
      note: { noteId: id },
      changes: { title: 'Tide', tags: ['sea', 'moon'] },
    });
    expect((await outboxItem.getValue()).entries.map((stored) => stored.id)).toContain(entry.id);

    const sent = await outbox.waitFor(entry.id, 5_000);
    expect(sent).toMatchObject({
      state: 'saved',
      kind: 'update',
      edited: { tags: ['sea', 'moon'], beforeTags: ['sea'], changed: ['tags'], deckId: 'reading' },
    });
    expect(noteOf(id)).toMatchObject({ title: 'Tide', tags: ['sea', 'moon'] });
    const puts = server
      .requests()
      .slice(since)
      .filter((request) => request.method === 'PUT');
    expect(puts.map((request) => request.body)).toEqual([{ tags: ['sea', 'moon'] }]);
  });

  it('a 500 waits for the alarm, then the change lands once', async () => {
    const id = await createNote('Flaky', ['a']);
    server.setFaults({ serverErrorRate: 1 });
    const outbox = newOutbox();
    const entry = await outbox.act({
      kind: 'update',
      note: { noteId: id },
      changes: { tags: ['b'] },
    });
    const waiting = await retryScheduled(outbox, entry.id);
    expect(waiting.lastError).toMatchObject({ kind: 'server', status: 500 });
    expect(await browser.action.getBadgeText({})).toBe('1');
    expect(noteOf(id)?.tags).toEqual(['a']);

    server.setFaults({});
    await ringAlarm(outbox);
    expect(await outbox.waitFor(entry.id, 5_000)).toMatchObject({ state: 'saved', attempts: 2 });
    expect(noteOf(id)?.tags).toEqual(['b']);
  });

  it('made while the service is down is kept, and sent when it is back', async () => {
    const id = await createNote('Offline edit', ['draft']);
    await server.stop();
    const outbox = newOutbox();
    const entry = await outbox.act({
      kind: 'update',
      note: { noteId: id },
      changes: { title: 'Edited offline', addTags: ['kept'] },
    });
    expect((await retryScheduled(outbox, entry.id)).lastError?.kind).toBe('network');
    await server.restart();
    expect(noteOf(id)?.title).toBe('Offline edit');
    await ringAlarm(outbox);
    expect((await outbox.waitFor(entry.id, 5_000))?.state).toBe('saved');
    expect(noteOf(id)).toMatchObject({ title: 'Edited offline', tags: ['draft', 'kept'] });
  });

  it('edits of one note go in the order they were made, and an append is never doubled', async () => {
    const id = await createNote('Ordered', []);
    await server.stop();
    const outbox = newOutbox();
    const first = await outbox.act({
      kind: 'update',
      note: { noteId: id },
      changes: { tags: ['one'] },
    });
    const second = await outbox.act({
      kind: 'update',
      note: { noteId: id },
      changes: { tags: ['two'], append: '> quoted' },
    });
    await retryScheduled(outbox, first.id);
    // The second waits for the first: it was not even tried.
    expect((await outbox.get(second.id))?.attempts).toBe(0);
    await server.restart();
    await ringAlarm(outbox);
    expect((await outbox.waitFor(first.id, 5_000))?.state).toBe('saved');
    expect((await outbox.waitFor(second.id, 5_000))?.state).toBe('saved');
    expect(noteOf(id)?.tags).toEqual(['two']);
    expect(noteOf(id)?.markdown_text).toBe('Body of Ordered.\n\n---\n\n> quoted\n');

    // The same append again (its answer lost, say) does not add the quote a second time.
    const again = await outbox.act({
      kind: 'update',
      note: { noteId: id },
      changes: { append: '> quoted' },
    });
    expect(await outbox.waitFor(again.id, 5_000)).toMatchObject({
      state: 'saved',
      edited: { changed: [] },
    });
    expect(noteOf(id)?.markdown_text).toBe('Body of Ordered.\n\n---\n\n> quoted\n');
  });

  it('of a note deleted elsewhere needs the user, with a sentence saying so', async () => {
    const id = await createNote('Gone', []);
    await fetch(`${server.baseUrl}/notes/${id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${server.apiKey}` },
    });
    const outbox = newOutbox();
    const entry = await outbox.act({
      kind: 'update',
      note: { noteId: id },
      title: 'Gone',
      changes: { tags: ['x'] },
    });
    const ended = await outbox.waitFor(entry.id, 5_000);
    expect(ended).toMatchObject({ state: 'needs-attention', attention: 'note-gone' });
    expect(ended?.lastError?.message).toMatch(/“Gone” is no longer in your Notes service/);
  });

  it('of a clip still in the outbox waits for its note, then applies to it', async () => {
    await server.stop();
    const outbox = newOutbox();
    const clip = await outbox.add({
      draft: { title: 'Queued', markdown_text: 'Text.', tags: ['a'] },
      deckId: 'reading',
    });
    const edit = await outbox.act({
      kind: 'update',
      note: { clipId: clip.id },
      changes: { title: 'Renamed while queued' },
    });
    await retryScheduled(outbox, clip.id);
    expect((await outbox.get(edit.id))?.attempts).toBe(0);
    await server.restart();
    await ringAlarm(outbox);
    const saved = await outbox.waitFor(clip.id, 5_000);
    expect(await outbox.waitFor(edit.id, 5_000)).toMatchObject({
      state: 'saved',
      noteId: saved?.noteId,
    });
    expect(server.notes()).toHaveLength(1);
    expect(server.notes()[0]?.title).toBe('Renamed while queued');
  });
});

describe('a delete', () => {
  it('removes the note; a note already gone counts as deleted', async () => {
    const id = await createNote('Bye', []);
    const outbox = newOutbox();
    const entry = await outbox.act({ kind: 'delete', note: { noteId: id } });
    expect((await outbox.waitFor(entry.id, 5_000))?.state).toBe('saved');
    expect(noteOf(id)).toBeUndefined();

    const again = await outbox.act({ kind: 'delete', note: { noteId: id } });
    expect((await outbox.waitFor(again.id, 5_000))?.state).toBe('saved');
  });

  it('made while the service is down is sent when it is back', async () => {
    const id = await createNote('Later', []);
    await server.stop();
    const outbox = newOutbox();
    const entry = await outbox.act({ kind: 'delete', note: { noteId: id } });
    await retryScheduled(outbox, entry.id);
    await server.restart();
    expect(noteOf(id)).toBeDefined();
    await ringAlarm(outbox);
    expect((await outbox.waitFor(entry.id, 5_000))?.state).toBe('saved');
    expect(noteOf(id)).toBeUndefined();
  });
});

describe('a move', () => {
  it('creates the note in the other notebook, then deletes the original', async () => {
    const id = await createNote('Mover', ['t'], 'reading');
    const outbox = newOutbox();
    const move = await outbox.act({ kind: 'move', note: { noteId: id }, deckId: 'science' });
    const moved = await outbox.waitFor(move.id, 5_000);
    expect(moved?.state).toBe('saved');
    await vi.waitFor(() => expect(noteOf(id)).toBeUndefined());
    expect(server.notes()).toEqual([
      expect.objectContaining({
        id: moved?.noteId,
        title: 'Mover',
        markdown_text: 'Body of Mover.',
        tags: ['t'],
        deck_id: 'science',
      }),
    ]);
  });

  it('nothing is lost when the create fails: the original stays, no copy is made', async () => {
    const id = await createNote('Careful', [], 'reading');
    server.setFaults({ serverErrorRate: 1 });
    const outbox = newOutbox();
    const move = await outbox.act({ kind: 'move', note: { noteId: id }, deckId: 'science' });
    await retryScheduled(outbox, move.id);
    expect(server.notes().map((note) => note.id)).toEqual([id]);

    server.setFaults({});
    await ringAlarm(outbox);
    const moved = await outbox.waitFor(move.id, 5_000);
    await vi.waitFor(() => expect(noteOf(id)).toBeUndefined());
    expect(server.notes()).toEqual([
      expect.objectContaining({ id: moved?.noteId, title: 'Careful', deck_id: 'science' }),
    ]);
  });

  it('a delete that fails after the copy is made is kept and retried: no copy left behind', async () => {
    const id = await createNote('Stubborn', [], 'reading');
    failDeletes = true;
    const outbox = newOutbox();
    const move = await outbox.act({ kind: 'move', note: { noteId: id }, deckId: 'science' });
    const moved = await outbox.waitFor(move.id, 5_000);
    expect(moved?.state).toBe('saved');
    // The delete was stored in the same write that recorded the copy as saved.
    const deletion = (await outbox.list()).entries.find(
      (entry) => entry.kind === 'delete' && entry.noteId === id,
    );
    if (!deletion) throw new Error('no delete was stored for the original');
    const waiting = await retryScheduled(outbox, deletion.id);
    expect(waiting.lastError?.kind).toBe('network');
    expect(await browser.action.getBadgeText({})).toBe('1');
    expect(server.notes()).toHaveLength(2);

    failDeletes = false;
    await ringAlarm(outbox);
    expect((await outbox.waitFor(deletion.id, 5_000))?.state).toBe('saved');
    expect(server.notes().map((note) => note.id)).toEqual([moved?.noteId]);
  });
});

describe('the stored outbox', () => {
  it('reads entries written before kinds existed as creates, and the migration says so', async () => {
    const v1 = {
      entries: [
        {
          id: 'old',
          draft: { title: 'Old clip', markdown_text: 'Text.', tags: [] },
          state: 'queued',
          attempts: 0,
          createdAt: 1,
          updatedAt: 1,
          outcomeUnknown: false,
        },
      ],
      pausedForAuth: false,
    };
    expect(parseOutbox(v1).entries[0]?.kind).toBeUndefined();
    expect(migrateOutboxV1ToV2(v1)).toMatchObject({ entries: [{ id: 'old', kind: 'create' }] });

    await fakeBrowser.storage.local.set({ outbox: v1, outbox$: { v: 1 } });
    const outbox = newOutbox();
    await outbox.start();
    expect(await outbox.waitFor('old', 5_000)).toMatchObject({ state: 'saved' });
    expect(server.notes()).toEqual([expect.objectContaining({ title: 'Old clip' })]);
  });
});

it('requests of an edit: one read, one PUT', async () => {
  const id = await createNote('Cheap', []);
  const outbox = newOutbox();
  const since = server.requests().length;
  const entry = await outbox.act({
    kind: 'update',
    note: { noteId: id },
    changes: { title: 'Cheaper' },
  });
  await outbox.waitFor(entry.id, 5_000);
  expect(methods(since)).toEqual(['GET', 'PUT']);
});

describe('a page note still waiting (issue 18: a second quote while the first note waited)', () => {
  const fromPage = (source: string) => (entry: OutboxEntry) => entry.sourceUrl === source;
  const quoted =
    (line: string) => (draft: { title: string; markdown_text: string; tags: string[] }) => ({
      ...draft,
      markdown_text: `${draft.markdown_text}\n\n> ${line}`,
    });

  it('takes what is added to it, and becomes one note when the service is back', async () => {
    await server.stop();
    const outbox = newOutbox();
    const first = await outbox.add({
      draft: { title: 'Tides', markdown_text: '> first quote', tags: ['sea'] },
      sourceUrl: 'https://example.com/tides',
    });
    await retryScheduled(outbox, first.id);
    const joined = await outbox.amendWaiting(
      fromPage('https://example.com/tides'),
      quoted('second quote'),
    );
    expect(joined && 'amended' in joined && joined.amended.id).toBe(first.id);
    // Another page's waiting note is not this one.
    expect(await outbox.amendWaiting(fromPage('https://example.com/other'), quoted('x'))).toBe(
      undefined,
    );

    await server.restart();
    await ringAlarm(outbox);
    expect((await outbox.waitFor(first.id, 5_000))?.state).toBe('saved');
    expect(server.notes()).toEqual([
      expect.objectContaining({ title: 'Tides', markdown_text: '> first quote\n\n> second quote' }),
    ]);
  });

  it('names the stored note once a create in flight is answered, and changes nothing saved', async () => {
    const outbox = newOutbox();
    const entry = await outbox.add({
      draft: { title: 'Sent', markdown_text: 'body', tags: [] },
      sourceUrl: 'https://example.com/sent',
    });
    const found = await outbox.amendWaiting(fromPage('https://example.com/sent'), quoted('late'));
    // Either it was still waiting to go (and took the quote) or it was in flight and is now saved.
    const saved = await outbox.waitFor(entry.id, 5_000);
    expect(saved?.state).toBe('saved');
    if (found && 'saved' in found) {
      expect(found.saved.noteId).toBe(saved?.noteId);
      expect(server.notes()[0]?.markdown_text).toBe('body');
    } else {
      expect(found && 'amended' in found).toBe(true);
      expect(server.notes()[0]?.markdown_text).toBe('body\n\n> late');
    }
    // Once saved, it is no longer a waiting note: the caller edits the stored note instead.
    expect(await outbox.amendWaiting(fromPage('https://example.com/sent'), quoted('x'))).toBe(
      undefined,
    );
    expect(server.notes()).toHaveLength(1);
  });
});
