import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import { stripTrackingParameters } from '../../../utils/clip/markdown/urls';
import {
  CLIP_LOG_SIZE,
  canonicalUrl,
  clipsOfPage,
  findClippedPage,
  loggedClipOfPage,
  readClipLog,
  recordClips,
} from '../../../utils/clip-log';
import { saveConnection } from '../../../utils/settings';

describe('canonicalUrl', () => {
  it('ignores tracking parameters, the fragment, parameter order and a trailing slash', () => {
    const plain = canonicalUrl('https://news.example/story/42?page=2&lang=en');
    expect(
      canonicalUrl(
        'https://NEWS.example/story/42/?utm_source=mail&lang=en&fbclid=x&page=2#comments',
      ),
    ).toBe(plain);
    expect(plain).toBe('https://news.example/story/42?lang=en&page=2');
  });

  it('knows every tracking parameter the clipper strips from links', () => {
    // One list for both: a link clipped without its s_cid is the page the log already holds.
    const url = 'https://news.example/story/42?id=7';
    expect(canonicalUrl(stripTrackingParameters(`${url}&s_cid=abc&wickedid=1`))).toBe(
      canonicalUrl(`${url}&s_cid=abc&wickedid=1&rb_clickid=2`),
    );
    expect(canonicalUrl(`${url}&s_cid=abc`)).toBe(canonicalUrl(url));
  });

  it('keeps parameters that choose the content', () => {
    expect(canonicalUrl('https://shop.example/item?id=1')).not.toBe(
      canonicalUrl('https://shop.example/item?id=2'),
    );
  });

  it('has no canonical form for what is not a web page', () => {
    expect(canonicalUrl('chrome://settings')).toBeUndefined();
    expect(canonicalUrl('not a url')).toBeUndefined();
  });
});

describe('the log', () => {
  beforeEach(() => fakeBrowser.reset());

  it('finds a page by any of its addresses, newest clip first, and lists a note once', async () => {
    await recordClips([
      { sourceUrl: 'https://a.example/post', noteId: 'n1', title: 'First', clippedAt: 1 },
      {
        sourceUrl: 'https://a.example/post?utm_medium=rss',
        noteId: 'n2',
        title: 'Second',
        clippedAt: 2,
      },
    ]);
    await recordClips([
      { sourceUrl: 'https://a.example/post', noteId: 'n1', title: 'First', clippedAt: 3 },
    ]);

    const clips = await clipsOfPage('https://a.example/post/#top');
    expect(clips.map((clip) => [clip.noteId, clip.clippedAt])).toEqual([
      ['n1', 3],
      ['n2', 2],
    ]);
  });

  it('forgets the oldest clips past its size', async () => {
    await recordClips(
      Array.from({ length: CLIP_LOG_SIZE + 5 }, (_, index) => ({
        sourceUrl: `https://a.example/${index}`,
        noteId: `n${index}`,
        title: `${index}`,
        clippedAt: index,
      })),
    );
    const log = await readClipLog();
    expect(log).toHaveLength(CLIP_LOG_SIZE);
    expect(log[0]?.noteId).toBe('n5');
  });

  it('drops a damaged entry and keeps the rest', async () => {
    await fakeBrowser.storage.local.set({
      clipLog: [{ url: 'https://a.example/x', noteId: 'n1', title: 't', clippedAt: 1 }, { url: 5 }],
    });
    expect(await readClipLog()).toHaveLength(1);
  });
});

describe('findClippedPage', () => {
  let server: NotesServer;
  beforeAll(async () => {
    server = await startNotesServer({ decks: ['deck-reading'] });
  });
  afterAll(() => server.stop());
  beforeEach(async () => {
    fakeBrowser.reset();
    await saveConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  });

  async function createNote(title: string): Promise<string> {
    const response = await fetch(`${server.baseUrl}/notes/?deck_id=deck-reading`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title, markdown_text: 'text', tags: ['kept'] }),
    });
    return ((await response.json()) as { id: string }).id;
  }

  it('offers the note the service still has, with its current title, deck and tags', async () => {
    const id = await createNote('Renamed since');
    await recordClips([
      { sourceUrl: 'https://a.example/p', noteId: id, title: 'Old title', clippedAt: 7 },
    ]);

    expect(await findClippedPage('https://a.example/p?utm_campaign=x')).toEqual({
      ok: true,
      clipped: {
        noteId: id,
        title: 'Renamed since',
        clippedAt: 7,
        deckId: 'deck-reading',
        verified: true,
        tags: ['kept'],
      },
    });
  });

  it('skips and forgets a note deleted in the service, offering an older one', async () => {
    const kept = await createNote('Kept');
    const deleted = await createNote('Deleted');
    await recordClips([
      { sourceUrl: 'https://a.example/p', noteId: kept, title: 'Kept', clippedAt: 1 },
      { sourceUrl: 'https://a.example/p', noteId: deleted, title: 'Deleted', clippedAt: 2 },
    ]);
    await fetch(`${server.baseUrl}/notes/${deleted}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${server.apiKey}` },
    });

    const found = await findClippedPage('https://a.example/p');

    expect(found.ok && found.clipped?.noteId).toBe(kept);
    expect((await readClipLog()).map((entry) => entry.noteId)).toEqual([kept]);
  });

  it('answers from the log, as the toolbar mark does, when the service cannot be asked', async () => {
    const id = await createNote('Somewhere');
    await recordClips([{ sourceUrl: 'https://a.example/p', noteId: id, title: 't', clippedAt: 1 }]);
    server.setFaults({ serverErrorRate: 1 });
    try {
      const logged = await loggedClipOfPage('https://a.example/p?utm_source=x');
      expect(logged?.noteId).toBe(id);
      expect(await findClippedPage('https://a.example/p')).toEqual({
        ok: true,
        clipped: { noteId: id, title: 't', clippedAt: 1, verified: false },
      });
      expect(await readClipLog()).toHaveLength(1);
    } finally {
      server.setFaults({});
    }
  });
});
