import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import { createNotesClient, type NotesClient, normalizeBaseUrl } from '../../../utils/api';
import { reply, type StubServer, sampleNote, startStubServer } from './stub-server';

let server: NotesServer;
let client: NotesClient;

beforeEach(async () => {
  server = await startNotesServer({ decks: ['work', 'home'] });
  client = createNotesClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
});
afterEach(async () => {
  await server.stop();
});

describe('the five operations against the local Notes server', () => {
  it('creates a note in the default notebook and reads it back with its deck', async () => {
    const created = await client.create({
      title: 'Reading list',
      markdown_text: '# Books\n\n- Dune',
      tags: ['books', 'later'],
    });

    expect(created).toMatchObject({
      title: 'Reading list',
      markdown_text: '# Books\n\n- Dune',
      tags: ['books', 'later'],
    });
    const fetched = await client.get(created?.id ?? '');
    expect(fetched).toEqual({ ...created, deck_id: 'default' });
  });

  it('creates a note in the notebook it is given', async () => {
    const created = await client.create({ markdown_text: 'work item' }, { deckId: 'work' });

    expect(server.notes()).toEqual([expect.objectContaining({ id: created?.id, deck_id: 'work' })]);
    expect((await client.get(created?.id ?? '')).deck_id).toBe('work');
  });

  it('updates only the fields it is given and returns the updated note', async () => {
    const created = await client.create({ title: 'Old', markdown_text: 'body', tags: ['a'] });

    const updated = await client.update(created?.id ?? '', { title: 'New' });

    expect(updated).toMatchObject({
      id: created?.id,
      title: 'New',
      markdown_text: 'body',
      tags: ['a'],
    });
    expect(await client.get(created?.id ?? '')).toMatchObject({
      title: 'New',
      markdown_text: 'body',
    });
  });

  it('deletes a note so it can no longer be read', async () => {
    const created = await client.create({ markdown_text: 'short-lived' });

    await client.delete(created?.id ?? '');

    expect(server.notes()).toEqual([]);
    await expect(client.get(created?.id ?? '')).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('lists notes filtered by notebook and by tag', async () => {
    await client.create({ markdown_text: '1', tags: ['red'] }, { deckId: 'work' });
    await client.create({ markdown_text: '2', tags: ['blue'] }, { deckId: 'work' });
    await client.create({ markdown_text: '3', tags: ['red'] }, { deckId: 'home' });

    const work = await client.list({ deckId: 'work' });
    const red = await client.list({ tag: 'red' });
    const redAtWork = await client.list({ deckId: 'work', tag: 'red' });

    expect(work.data.map((note) => note.markdown_text).sort()).toEqual(['1', '2']);
    expect(red.data.map((note) => note.markdown_text).sort()).toEqual(['1', '3']);
    expect(redAtWork).toMatchObject({ total: 1, data: [{ markdown_text: '1' }] });
  });

  it('reads an empty deck id or tag (a cleared field) as none', async () => {
    const created = await client.create({ markdown_text: 'x' }, { deckId: ' ' });

    expect((await client.get(created?.id ?? '')).deck_id).toBe('default');
    expect((await client.list({ deckId: '', tag: '' })).total).toBe(1);
  });

  it('pages with limit and offset, and the pages add up to the whole list', async () => {
    for (let index = 0; index < 5; index += 1) await client.create({ markdown_text: `${index}` });

    const first = await client.list({ limit: 2, offset: 0 });
    const second = await client.list({ limit: 2, offset: 2 });
    const third = await client.list({ limit: 2, offset: 4 });

    expect(second).toMatchObject({ total: 5, limit: 2, offset: 2 });
    const paged = [...first.data, ...second.data, ...third.data].map((note) => note.id);
    expect(new Set(paged).size).toBe(5);
    expect(paged.sort()).toEqual(
      server
        .notes()
        .map((note) => note.id)
        .sort(),
    );
  });

  it('asks for at most 100 notes per page, even when a caller asks for more', async () => {
    const page = await client.list({ limit: 500 });

    expect(page.limit).toBe(100);
    expect(server.requests().at(-1)?.query).toEqual({ limit: '100' });
  });

  it('sends tags and ids URL-encoded, so odd characters survive', async () => {
    const tag = 'c++ & more/é?#';
    const created = await client.create({ markdown_text: 'odd', tags: [tag] });

    expect((await client.list({ tag })).data.map((note) => note.id)).toEqual([created?.id]);
    const stub = await startStubServer(reply(200, sampleNote({ deck_id: 'd' })));
    try {
      await createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'k' }).get('a&b c?#é');
      expect(stub.received[0]?.url).toBe('/api/notes/a%26b%20c%3F%23%C3%A9');
    } finally {
      await stub.stop();
    }
  });
});

describe('list all', () => {
  it('collects 250 notes in pages of at most 100', async () => {
    const drafts = Array.from({ length: 250 }, (_, index) => ({ markdown_text: `note ${index}` }));
    for (let start = 0; start < drafts.length; start += 25) {
      await Promise.all(drafts.slice(start, start + 25).map((draft) => client.create(draft)));
    }
    const pages: number[] = [];

    const notes = await client.listAll({}, { onPage: (page) => pages.push(page.data.length) });

    expect(notes).toHaveLength(250);
    expect(new Set(notes.map((note) => note.id)).size).toBe(250);
    expect(pages).toEqual([100, 100, 50]);
    const listQueries = server.requests().filter((request) => request.method === 'GET');
    expect(listQueries.map((request) => request.query)).toEqual([
      { limit: '100', offset: '0' },
      { limit: '100', offset: '100' },
      { limit: '100', offset: '200' },
    ]);
  });

  it('passes the notebook and tag filters on every page', async () => {
    await client.create({ markdown_text: 'a', tags: ['keep'] }, { deckId: 'home' });
    await client.create({ markdown_text: 'b', tags: ['keep'] });

    const notes = await client.listAll({ deckId: 'home', tag: 'keep' });

    expect(notes.map((note) => note.markdown_text)).toEqual(['a']);
  });

  it('stops when a service ignores offset instead of asking forever', async () => {
    const samePage = Array.from({ length: 100 }, (_, index) => sampleNote({ id: `n${index}` }));
    const stub = await startStubServer(
      reply(200, { data: samePage, total: 250, limit: 100, offset: 0 }),
    );
    try {
      const notes = await createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'k' }).listAll();

      expect(notes).toHaveLength(100);
      expect(stub.received).toHaveLength(2);
    } finally {
      await stub.stop();
    }
  });

  it('stops at an empty page even when the total promises more', async () => {
    const stub = await startStubServer(reply(200, { data: [], total: 999, limit: 100, offset: 0 }));
    try {
      const notes = await createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'k' }).listAll();

      expect(notes).toEqual([]);
      expect(stub.received).toHaveLength(1);
    } finally {
      await stub.stop();
    }
  });
});

describe('what goes over the wire', () => {
  it('never sends html_text, even when the caller’s object carries it', async () => {
    // TypeScript lets a wider object through where a NoteDraft is expected; the wire must not.
    const clipped = { markdown_text: 'md', html_text: '<p>html</p>', extra: 1 };
    const edited = { title: 't', html_text: '<b>x</b>' };

    const created = await client.create(clipped);
    await client.update(created?.id ?? '', edited);

    const bodies = server.requests().map((request) => request.body);
    expect(bodies).toEqual([{ markdown_text: 'md' }, { title: 't' }]);
  });

  it('sends the key as a Bearer token and bodies as JSON', async () => {
    const stub = await startStubServer(reply(201, sampleNote()));
    try {
      await createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'secret-key' }).create({
        markdown_text: 'x',
      });

      expect(stub.received[0]?.headers).toMatchObject({
        authorization: 'Bearer secret-key',
        'content-type': 'application/json',
      });
    } finally {
      await stub.stop();
    }
  });

  it.each([
    ['without a trailing slash', ''],
    ['with a trailing slash', '/'],
    ['with several trailing slashes', '//'],
  ])('accepts the base URL %s', async (_, suffix) => {
    const slashed = createNotesClient({ baseUrl: server.baseUrl + suffix, apiKey: server.apiKey });

    const created = await slashed.create({ markdown_text: 'x' });
    await slashed.get(created?.id ?? '');

    expect(server.requests().map((request) => request.path)).toEqual([
      '/api/notes/',
      `/api/notes/${created?.id}`,
    ]);
  });

  it('normalizes base URLs and refuses what is not a web address', () => {
    expect(normalizeBaseUrl(' https://notes.example.com/api/ ')).toBe(
      'https://notes.example.com/api',
    );
    expect(normalizeBaseUrl('http://127.0.0.1:8080/api')).toBe('http://127.0.0.1:8080/api');
    expect(() => normalizeBaseUrl('notes.example.com/api')).toThrow(/options/);
    expect(() => normalizeBaseUrl('ftp://notes.example.com/api')).toThrow(/options/);
  });
});

describe('answers the interface does not pin down', () => {
  let stub: StubServer | undefined;
  afterEach(async () => {
    await stub?.stop();
    stub = undefined;
  });

  it('treats an empty 2xx answer to create as success without a note', async () => {
    stub = await startStubServer((_request, response) => response.writeHead(204).end());

    const created = await createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'k' }).create({
      markdown_text: 'x',
    });

    expect(created).toBeNull();
  });

  it('accepts a created note with a 200 and fields it does not know', async () => {
    stub = await startStubServer(reply(200, sampleNote({ deck_id: 'd', color: 'blue' })));

    const created = await createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'k' }).create({
      markdown_text: 'x',
    });

    expect(created).toEqual(sampleNote());
  });

  it.each([
    ['an empty body', ''],
    ['other JSON', { ok: true }],
  ])('accepts %s as the answer to an update', async (_, body) => {
    stub = await startStubServer(reply(200, body));

    const updated = await createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'k' }).update('n1', {
      title: 't',
    });

    expect(updated).toBeNull();
  });

  it('accepts any 2xx answer to delete', async () => {
    stub = await startStubServer(reply(200, { deleted: true }));

    await expect(
      createNotesClient({ baseUrl: stub.baseUrl, apiKey: 'k' }).delete('n1'),
    ).resolves.toBeUndefined();
    expect(stub.received[0]).toMatchObject({ method: 'DELETE', url: '/api/notes/n1' });
  });
});
