import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import {
  type CheckDependencies,
  checkDeck,
  listRecentNotes,
  readNoteDeck,
  testConnection,
} from '../../../utils/connection';
import { readKeyRefusal, recordKeyRefused, saveConnection } from '../../../utils/settings';

const DECK = 'reading';
const allowed: CheckDependencies = { hasHostPermission: async () => true };

let server: NotesServer;
let deckNoteId: string;

async function createNote(title: string, deckId?: string): Promise<string> {
  const query = deckId ? `?deck_id=${deckId}` : '';
  const response = await fetch(`${server.baseUrl}/notes/${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title, markdown_text: 'text' }),
  });
  return ((await response.json()) as { id: string }).id;
}

beforeAll(async () => {
  server = await startNotesServer({ decks: [DECK, 'empty-deck'] });
  await createNote('In the default notebook');
  deckNoteId = await createNote('In the reading deck', DECK);
});
afterAll(() => server.stop());

beforeEach(async () => {
  fakeBrowser.reset();
  server.setFaults({});
  await saveConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey });
});

describe('testConnection', () => {
  it('counts the notes with one authenticated list of limit 1', async () => {
    const result = await testConnection(
      { baseUrl: `${server.baseUrl}/`, apiKey: server.apiKey },
      allowed,
    );

    expect(result).toEqual({ ok: true, noteCount: 2 });
    expect(server.requests().at(-1)).toMatchObject({ method: 'GET', query: { limit: '1' } });
  });

  it('names a refused key, and marks the saved key refused for the banner', async () => {
    await saveConnection({ baseUrl: server.baseUrl, apiKey: 'refreshed-away' });

    const result = await testConnection(
      { baseUrl: server.baseUrl, apiKey: 'refreshed-away' },
      allowed,
    );

    expect(result).toMatchObject({ ok: false, error: { kind: 'auth' } });
    if (!result.ok) expect(result.error.message).not.toContain('refreshed-away');
    expect(await readKeyRefusal()).not.toBeNull();
  });

  it('a refused key that is only typed, not saved, leaves the banner alone', async () => {
    await testConnection({ baseUrl: server.baseUrl, apiKey: 'typo' }, allowed);

    expect(await readKeyRefusal()).toBeNull();
  });

  it('a passing test of the saved key clears the banner', async () => {
    await recordKeyRefused();

    await testConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey }, allowed);

    expect(await readKeyRefusal()).toBeNull();
  });

  it('tells an unreachable server from one that is not the Notes API', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));

    const unreachable = await testConnection(
      { baseUrl: `http://127.0.0.1:${port}/api`, apiKey: 'k' },
      allowed,
    );
    const wrongPath = await testConnection(
      { baseUrl: server.baseUrl.replace(/\/api$/, '/elsewhere'), apiKey: server.apiKey },
      allowed,
    );

    expect(unreachable).toMatchObject({ ok: false, error: { kind: 'unreachable' } });
    expect(wrongPath).toMatchObject({ ok: false, error: { kind: 'not-notes-api' } });
  });

  it('reports an answer that does not look like a notes list as not the Notes API', async () => {
    const impostor = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"hello":"world"}');
    });
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    const { port } = impostor.address() as AddressInfo;
    try {
      const result = await testConnection(
        { baseUrl: `http://127.0.0.1:${port}/api`, apiKey: 'k' },
        allowed,
      );
      expect(result).toMatchObject({ ok: false, error: { kind: 'not-notes-api' } });
    } finally {
      await new Promise((resolve) => impostor.close(resolve));
    }
  });

  it('says the permission is missing before sending anything', async () => {
    const before = server.stats().requests;

    const result = await testConnection(
      { baseUrl: server.baseUrl, apiKey: server.apiKey },
      { hasHostPermission: async () => false },
    );

    expect(result).toMatchObject({ ok: false, error: { kind: 'permission' } });
    if (!result.ok) expect(result.error.message).toContain('Save');
    expect(server.stats().requests).toBe(before);
  });

  it('checks the address and key before anything else', async () => {
    expect(await testConnection({ baseUrl: 'nope', apiKey: 'k' }, allowed)).toMatchObject({
      ok: false,
      error: { kind: 'invalid-url' },
    });
    expect(await testConnection({ baseUrl: server.baseUrl, apiKey: ' ' }, allowed)).toMatchObject({
      ok: false,
      error: { kind: 'auth' },
    });
  });
});

describe('checkDeck', () => {
  it('counts the notes of a deck', async () => {
    expect(await checkDeck(DECK, allowed)).toEqual({ ok: true, noteCount: 1 });
    expect(server.requests().at(-1)?.query).toEqual({ limit: '1', deck_id: DECK });
  });

  it('refuses an unknown (or empty) deck with a message that says what to check', async () => {
    const result = await checkDeck('no-such-deck', allowed);

    expect(result).toMatchObject({ ok: false, error: { kind: 'unknown-deck' } });
    if (!result.ok) expect(result.error.message).toContain('“no-such-deck”');
  });

  it('needs a saved connection', async () => {
    fakeBrowser.reset();
    expect(await checkDeck(DECK, allowed)).toMatchObject({
      ok: false,
      error: { kind: 'not-configured' },
    });
  });
});

describe('readNoteDeck', () => {
  it('reads the deck id from the single-note response', async () => {
    expect(await readNoteDeck(` ${deckNoteId} `, allowed)).toEqual({
      ok: true,
      note: { noteId: deckNoteId, title: 'In the reading deck', deckId: DECK },
    });
  });

  it('says when there is no such note', async () => {
    const result = await readNoteDeck('missing-note', allowed);

    expect(result).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    if (!result.ok) expect(result.error.message).toContain('“missing-note”');
  });
});

describe('listRecentNotes', () => {
  it('lists notes newest first', async () => {
    const result = await listRecentNotes(allowed);

    expect(result.ok && result.notes.map((note) => note.title)).toEqual([
      'In the reading deck',
      'In the default notebook',
    ]);
  });
});
