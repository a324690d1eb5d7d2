import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type NotesServer, type StoredNote, startNotesServer } from '../../../notes-server';
import { followOutboxSaves, refreshNotesIndex, updateNote } from '../../../utils/notes-index';
import { saveConnection } from '../../../utils/settings';
import {
  addSiteTags,
  MAX_SITES,
  readSiteTags,
  retagSiteNotes,
  SiteTagsAccumulator,
  siteTagsItem,
  TAGS_PER_SITE,
  tagsOfSite,
} from '../../../utils/site-tags';

/** 2,000 notes over 700 sites; every note of `news.example.org` is tagged "politics". */
function seed(): StoredNote[] {
  const start = Date.parse('2025-01-01T00:00:00Z');
  return Array.from({ length: 2000 }, (_, index) => {
    const at = new Date(start + index * 60_000).toISOString();
    const news = index % 4 === 0;
    const host = news ? 'news.example.org' : `site-${index % 700}.example.net`;
    return {
      id: `n-${index}`,
      title: `Note ${index}`,
      markdown_text: `**Source:** [Page ${index}](https://${host}/page/${index})\n\nText.`,
      tags: news ? ['politics', `t-${index % 30}`] : [`t-${index % 30}`],
      deck_id: 'default',
      created_at: at,
      updated_at: at,
    };
  });
}

let server: NotesServer;
beforeAll(async () => {
  server = await startNotesServer({ seed: seed() });
});
afterAll(() => server.stop());
beforeEach(async () => {
  fakeBrowser.reset();
  await saveConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey });
});

describe('site tags', () => {
  it('are gathered by the notes index’s full scan, from each note’s source, bounded', async () => {
    expect(await readSiteTags(server.baseUrl)).toBeNull();

    expect((await refreshNotesIndex({ force: true })).ok).toBe(true);

    const stored = await readSiteTags(server.baseUrl);
    const news = tagsOfSite(stored, 'https://www.example.org/another/page?utm_source=x');
    expect(news?.notes).toBe(500);
    expect(news?.tags[0]).toEqual({ tag: 'politics', count: 500 });
    expect(stored?.sites.length).toBeLessThanOrEqual(MAX_SITES);
    expect(stored?.sites.every((site) => site.tags.length <= TAGS_PER_SITE)).toBe(true);
    // Bounded for a big account: a few tens of kilobytes, not the notes.
    expect(JSON.stringify(stored).length).toBeLessThan(100_000);
  });

  it('grow with each saved clip, and belong to one service', async () => {
    await addSiteTags(server.baseUrl, [
      { sourceUrl: 'https://docs.example.com/a', tags: ['docs', 'rust'] },
      { sourceUrl: 'https://example.com/b', tags: ['rust'] },
      { sourceUrl: undefined, tags: ['lost'] },
    ]);
    const stored = await readSiteTags(server.baseUrl);
    expect(tagsOfSite(stored, 'https://example.com/c')).toEqual({
      site: 'example.com',
      notes: 2,
      tags: [
        { tag: 'rust', count: 2 },
        { tag: 'docs', count: 1 },
      ],
    });
    expect(await readSiteTags('https://elsewhere.example')).toBeNull();
  });

  it('follow a tag edit: the old tags leave the site, the new ones join, the notes stay', async () => {
    await addSiteTags(server.baseUrl, [
      { sourceUrl: 'https://blog.example.com/a', tags: ['inbox', 'rust'] },
      { sourceUrl: 'https://blog.example.com/b', tags: ['inbox'] },
    ]);
    await retagSiteNotes(server.baseUrl, [
      { sourceUrl: 'https://blog.example.com/b', before: ['inbox'], after: ['rust', 'async'] },
      // A site never seen before counts the note with the tags it has now.
      { sourceUrl: 'https://new.example.net/x', before: ['inbox'], after: ['go'] },
    ]);
    const stored = await readSiteTags(server.baseUrl);
    expect(tagsOfSite(stored, 'https://blog.example.com/')).toEqual({
      site: 'example.com',
      notes: 2,
      tags: [
        { tag: 'rust', count: 2 },
        { tag: 'async', count: 1 },
        { tag: 'inbox', count: 1 },
      ],
    });
    expect(tagsOfSite(stored, 'https://new.example.net/')).toEqual({
      site: 'example.net',
      notes: 1,
      tags: [{ tag: 'go', count: 1 }],
    });
  });

  it('follow the tag edits the outbox delivers, read from the note’s own source', async () => {
    followOutboxSaves();
    const response = await fetch(`${server.baseUrl}/notes/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title: 'Kelp',
        markdown_text:
          '**Source:** [Kelp](https://coast.example.org/kelp?utm_source=feed)\n\nText.',
        tags: ['inbox'],
      }),
    });
    const made = (await response.json()) as { id: string };
    await addSiteTags(server.baseUrl, [
      { sourceUrl: 'https://coast.example.org/kelp', tags: ['inbox'] },
    ]);

    expect(await updateNote(made.id, { tags: ['kelp-forests'] })).toMatchObject({
      ok: true,
    });

    await vi.waitFor(async () =>
      expect(tagsOfSite(await readSiteTags(server.baseUrl), 'https://coast.example.org/')).toEqual({
        site: 'example.org',
        notes: 1,
        tags: [{ tag: 'kelp-forests', count: 1 }],
      }),
    );
  });

  it('treat a damaged stored value as none', async () => {
    await siteTagsItem.setValue({ baseUrl: server.baseUrl, sites: [{ site: 3 }] } as never);
    expect(await readSiteTags(server.baseUrl)).toBeNull();
  });

  it('keep the most clipped sites and each site’s most used tags', () => {
    const gathered = new SiteTagsAccumulator();
    for (let index = 0; index < MAX_SITES + 50; index += 1) {
      gathered.add(`https://s${index}.example/`, []);
    }
    gathered.add(
      'https://big.example/1',
      Array.from({ length: 30 }, (_, tag) => `tag-${tag}`),
    );
    gathered.add('https://big.example/2', ['tag-29']);
    const entries = gathered.entries();
    expect(entries).toHaveLength(MAX_SITES);
    expect(entries[0]?.site).toBe('big.example');
    expect(entries[0]?.tags[0]).toEqual({ tag: 'tag-29', count: 2 });
    expect(entries[0]?.tags).toHaveLength(TAGS_PER_SITE);
  });
});
