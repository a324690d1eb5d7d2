import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { readSiteFixture } from '../../../support/site-fixtures';
import { pageFromHtml } from '../dom';
import { fixtureOptions } from '../fixture-page';

/**
 * Lobsters as its story page is rendered today: the whole thread sits in one more comment
 * subtree after the comment box's, and a saved copy opened from disk still links to the site.
 */
function clip(html: string, url?: string) {
  const result = clipDocument(pageFromHtml(html, url ?? fixtureOptions(html).url), {
    mode: 'article',
  });
  if (!result.ok) throw new Error(result.error.code);
  return result.clip;
}

const saved = () => readSiteFixture('lobsters/fixtures/saved-text-post-deep-thread.html');

describe('lobsters threads', { timeout: 30_000 }, () => {
  it('reads the thread inside the wrapping subtree, nested as deep as it goes', () => {
    const { markdown, site } = clip(saved());
    expect(site).toBe('lobsters');
    const authors = Array.from(markdown.matchAll(/^(?:> ?)+\*\*([^*]+)\*\*/gm), (m) => m[1]);
    expect(authors).toEqual([
      'tag_gardener',
      'ledger_lena',
      'tag_gardener',
      'linkrot_larry',
      'ledger_lena',
      'mod_mira',
      'hot_taker',
    ]);
    expect(markdown).toMatch(/^> > > > > That settles it, I am keeping copies\.$/m);
    expect(markdown).toContain('*Deleted comment*');
    // The comment box is no comment.
    expect(markdown).not.toMatch(/logged in to leave a comment/);
  });

  it('links a saved copy’s comments to the site, not to files beside the copy', () => {
    const { markdown } = clip(saved());
    expect(markdown).toContain(
      '(https://lobste.rs/s/w8e3qa/ask_how_do_you_keep_bookmarks_for_ten_years#c_ab12cd)',
    );
    expect(markdown).not.toContain('file:');
  });
});
