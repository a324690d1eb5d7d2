import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import {
  appendToNote,
  deleteNote,
  followOutboxSaves,
  getNote,
  moveNote,
  readNotesIndex,
  refreshNotesIndex,
  updateNote,
} from '../../../utils/notes-index';
import { outboxItem } from '../../../utils/outbox';
import { saveConnection } from '../../../utils/settings';
import { reply, sampleNote, startStubServer } from '../api/stub-server';

let server: NotesServer;

beforeAll(async () => {
  server = await startNotesServer({ decks: ['deck-reading'] });
});
afterAll(() => server.stop());

beforeEach(async () => {
  fakeBrowser.reset();
  await saveConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  // The background follows the outbox's saves into the index (changes ride the outbox).
  followOutboxSaves();
});

async function createNote(title: string, tags: string[] = []): Promise<string> {
  const response = await fetch(`${server.baseUrl}/notes/?deck_id=deck-reading`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title, markdown_text: 'Body.', tags }),
  });
  return ((await response.json()) as { id: string }).id;
}

const putBodies = (since: number) =>
  server
    .requests()
    .slice(since)
    .filter((request) => request.method === 'PUT')
    .map((request) => request.body);

describe('updateNote', () => {
  it('sends only the fields that differ from the note as the service has it', async () => {
    const id = await createNote('Title', ['a']);
    const since = server.requests().length;

    const result = await updateNote(id, {
      title: 'Title',
      tags: ['a', 'b'],
      markdown_text: 'Body.',
    });

    expect(result).toMatchObject({ ok: true, changed: ['tags'], note: { tags: ['a', 'b'] } });
    expect(putBodies(since)).toEqual([{ tags: ['a', 'b'] }]);
  });

  it('sends nothing when nothing changed', async () => {
    const id = await createNote('Same');
    const since = server.requests().length;
    expect(await updateNote(id, { title: 'Same' })).toMatchObject({ ok: true, changed: [] });
    expect(putBodies(since)).toEqual([]);
  });

  it('keeps the cached index in step: new title and tags, counts moved', async () => {
    const id = await createNote('Indexed', ['old-tag']);
    await refreshNotesIndex({ force: true });

    await updateNote(id, { title: 'Indexed, renamed', tags: ['new-tag'] });

    await vi.waitFor(async () =>
      expect((await readNotesIndex())?.recent[0]).toMatchObject({
        id,
        title: 'Indexed, renamed',
        tags: ['new-tag'],
      }),
    );
    const index = await readNotesIndex();
    expect(index?.tags.find((count) => count.tag === 'old-tag')).toBeUndefined();
    expect(index?.tags.find((count) => count.tag === 'new-tag')?.count).toBe(1);
  });

  it('a note deleted elsewhere is reported and dropped from the index', async () => {
    const id = await createNote('Gone soon');
    await refreshNotesIndex({ force: true });
    await fetch(`${server.baseUrl}/notes/${id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${server.apiKey}` },
    });

    const result = await updateNote(id, { title: 'x' });

    expect(result.ok ? '' : result.error.message).toContain('no longer in your Notes service');
    expect((await readNotesIndex())?.recent.some((note) => note.id === id)).toBe(false);
  });
});

describe('appendToNote', () => {
  it('adds the Markdown after a rule and sends only the text', async () => {
    const id = await createNote('Append here');
    const since = server.requests().length;

    await appendToNote(id, '> quoted\n\nFrom <https://a.example/>');

    expect(putBodies(since)).toEqual([
      { markdown_text: 'Body.\n\n---\n\n> quoted\n\nFrom <https://a.example/>\n' },
    ]);
    const read = await getNote(id);
    expect(read.ok && read.note.markdown_text).toBe(
      'Body.\n\n---\n\n> quoted\n\nFrom <https://a.example/>\n',
    );
  });
});

describe('deleteNote', () => {
  it('deletes the note and drops it from the index', async () => {
    const id = await createNote('Delete me');
    await refreshNotesIndex({ force: true });
    expect(await deleteNote(id)).toEqual({ ok: true });
    expect(server.notes().some((note) => note.id === id)).toBe(false);
    await vi.waitFor(async () =>
      expect((await readNotesIndex())?.recent.some((note) => note.id === id)).toBe(false),
    );
  });

  it('a service that refuses DELETE gets a sentence saying so; the note is kept', async () => {
    const stub = await startStubServer((request, response) =>
      request.method === 'DELETE'
        ? reply(405, { error: 'Method not allowed', code: 'method_not_allowed' })(request, response)
        : reply(200, { ...sampleNote({ title: 'Kept' }), deck_id: 'default' })(request, response),
    );
    try {
      await saveConnection({ baseUrl: stub.baseUrl, apiKey: 'key' });
      const result = await deleteNote('n1');
      expect(result).toEqual({
        ok: false,
        error: {
          kind: 'delete-refused',
          message:
            'Your Notes service did not delete “Kept” (HTTP 405). It said: “Method not allowed”. ' +
            'Delete it in the Notes service itself.',
        },
      });
    } finally {
      await stub.stop();
    }
  });
});

describe('changes while the service is down', () => {
  it('are kept in the outbox and answered as queued, with the outbox’s sentence', async () => {
    const down = await startNotesServer();
    await down.stop();
    await saveConnection({ baseUrl: down.baseUrl, apiKey: down.apiKey });

    const result = await updateNote('n-1', { tags: ['later'] }, { waitMs: 3_000 });

    expect(result).toMatchObject({
      ok: true,
      queued: true,
      changed: ['tags'],
      note: { id: 'n-1', tags: ['later'] },
      clip: { state: 'queued', error: { kind: 'network' } },
    });
    const stored = (await outboxItem.getValue()).entries;
    expect(stored).toEqual([
      expect.objectContaining({ kind: 'update', noteId: 'n-1', changes: { tags: ['later'] } }),
    ]);
    expect(await deleteNote('n-2', { waitMs: 3_000 })).toMatchObject({ ok: true, queued: true });
  });
});

describe('moveNote', () => {
  it('makes the note in the other notebook and deletes the original once the copy is there', async () => {
    const id = await createNote('Moving', ['m']);
    const result = await moveNote(id, null);
    if (!result.ok) throw new Error(result.error.message);
    expect(result).toMatchObject({ note: { title: 'Moving', tags: ['m'], deckId: null } });
    expect(result.note?.id).not.toBe(id);
    await vi.waitFor(() => expect(server.notes().some((note) => note.id === id)).toBe(false));
    expect(server.notes().find((note) => note.id === result.note?.id)).toMatchObject({
      title: 'Moving',
      markdown_text: 'Body.',
      deck_id: 'default',
    });
  });
});
