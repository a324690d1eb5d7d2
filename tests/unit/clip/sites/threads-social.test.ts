import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ClipRequest, clipDocument } from '../../../../utils/clip';
import { pageFromHtml } from '../dom';
import { fixtureOptions } from '../fixture-page';

/**
 * The thread and social site modules (Reddit, Hacker News, Lobsters, Discourse, Mastodon, X,
 * Bluesky) as a user meets them: how much discussion each comment depth keeps, and detection by
 * markup rather than address (every module's notes are checked for safety in safety.test.ts).
 */
const SITES = fileURLToPath(new URL('../../../../utils/clip/sites', import.meta.url));
function fixture(folder: string, name: string): string {
  return readFileSync(join(SITES, folder, 'fixtures', `${name}.html`), 'utf8');
}

function clip(html: string, request: Partial<ClipRequest> = {}, url?: string) {
  const doc = pageFromHtml(html, url ?? fixtureOptions(html).url);
  const result = clipDocument(doc, { mode: 'article', ...request });
  if (!result.ok) throw new Error(result.error.code);
  return result.clip;
}

/** The authors whose comments made it into the note, in order: `> **name**` at any depth. */
function commentAuthors(markdown: string): string[] {
  return Array.from(markdown.matchAll(/^(?:> ?)+\*\*([^*]+)\*\*/gm), (match) => match[1] ?? '');
}

/** How deep the deepest quoted line goes. */
function deepestQuote(markdown: string): number {
  return Math.max(
    0,
    ...Array.from(markdown.matchAll(/^((?:> ?)+)/gm), (m) => (m[1] ?? '').replace(/ /g, '').length),
  );
}

describe('comment depth', { timeout: 30_000 }, () => {
  const page = fixture('reddit', 'old-reddit');

  it('keeps the whole tree by default, nested, deleted parents kept for their replies', () => {
    const { markdown, site } = clip(page);
    expect(site).toBe('reddit');
    expect(commentAuthors(markdown)).toEqual([
      'u_readalot',
      'u_readalot',
      'BookwormBeth',
      'margin_notes',
      'quiet_lurker',
      'grumpy_reader',
      'still_here',
    ]);
    expect(deepestQuote(markdown)).toBe(4);
    expect(markdown).toContain('*Deleted comment*');
    // The "load more comments" and "continue this thread" stubs are not comments.
    expect(markdown).not.toMatch(/load more|continue this thread/i);
  });

  it('keeps only the top-level comments when asked', () => {
    const { markdown } = clip(page, { comments: 'top-level' });
    expect(commentAuthors(markdown)).toEqual(['u_readalot', 'quiet_lurker', 'grumpy_reader']);
    expect(deepestQuote(markdown)).toBe(1);
    expect(markdown).not.toContain('Deleted comment');
  });

  it('keeps the post alone when asked for no comments', () => {
    const { markdown } = clip(page, { comments: 'none' });
    expect(markdown).toContain('I tried apps, notebooks and index cards.');
    expect(markdown).not.toContain('## Comments');
    expect(commentAuthors(markdown)).toEqual([]);
  });

  it('keeps a Hacker News tree seven levels deep as seven nested quotes', () => {
    const { markdown } = clip(fixture('hacker-news', 'ask-hn-deep-tree'));
    expect(deepestQuote(markdown)).toBe(8);
    expect(markdown).toMatch(
      /^> > > > > > > > Seventh level: I use the same scheme for photos\.$/m,
    );
  });

  it('keeps the author’s thread on X but not the replies of others at depth none', () => {
    const { markdown } = clip(fixture('x', 'status-thread'), { comments: 'none' });
    expect(markdown).toContain('3/ Docs are generated from the schema');
    expect(markdown).toContain('Hot take: an API'); // the quoted post
    expect(markdown).not.toContain('How do you version the envelope?');
  });
});

describe('detection by markup', { timeout: 30_000 }, () => {
  it('reads a saved copy or a mirror by its markup, whatever its address', () => {
    for (const [folder, name] of [
      ['hacker-news', 'ask-hn-deep-tree'],
      ['reddit', 'new-reddit'],
      ['mastodon', 'status-with-replies'],
      ['x', 'status-thread'],
    ] as const) {
      const copy = clip(fixture(folder, name), {}, 'file:///home/reader/saved/page.html');
      expect(copy.site, `${folder}/${name}`).toBe(folder);
    }
  });

  it('knows a Discourse forum by its generator tag when a theme renames the outlet', () => {
    const themed = fixture('discourse', 'saved-crawler-view').replace(
      'id="main-outlet"',
      'id="forum-main"',
    );
    expect(clip(themed).site).toBe('discourse');
    const withoutGenerator = themed.replace(/<meta name="generator"[^>]*>/, '');
    expect(clip(withoutGenerator).site).toBeUndefined();
  });

  it('never claims a page for its address alone', () => {
    const article = `<html><head><title>Notes</title></head><body><article><h1>Notes</h1>${'<p>An ordinary article about keeping notes, long enough to be read as one.</p>'.repeat(8)}</article></body></html>`;
    for (const url of [
      'https://news.ycombinator.com/item?id=1',
      'https://www.reddit.com/r/notetaking/comments/abc/notes/',
      'https://x.com/someone/status/1',
      'https://bsky.app/profile/someone/post/1',
      'https://mastodon.social/@someone/1',
      'https://lobste.rs/s/abc/notes',
    ]) {
      expect(clip(article, {}, url).site, url).toBeUndefined();
    }
  });
});
