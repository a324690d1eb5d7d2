import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { readSiteFixture } from '../../../support/site-fixtures';
import { pageFromHtml } from '../dom';
import { fixtureOptions } from '../fixture-page';

/**
 * Discourse's post stream as a reader leaves it: a reply expanded inside another post's article,
 * and a deleted post marked on the item around its article.
 */
function clip(html: string) {
  const result = clipDocument(pageFromHtml(html, fixtureOptions(html).url), { mode: 'article' });
  if (!result.ok) throw new Error(result.error.code);
  return result.clip;
}

const page = () => readSiteFixture('discourse/fixtures/topic-replies-expanded.html');

describe('discourse post stream', { timeout: 30_000 }, () => {
  it('reads each post from its own part of the article, not from a reply expanded in it', () => {
    const { markdown } = clip(page());
    expect(markdown).toContain('> That did it: search is instant again. Thank you!');
    expect(markdown.match(/Turn off indexing of attachments/g)).toHaveLength(1);
    expect(markdown).toMatch(/^> \*\*arun_p\*\* · \[2026-02-01\]\([^)]*\/5521\/3\)$/m);
  });

  it('leaves out a post the stream marks as deleted', () => {
    const html = page().replace(
      'class="topic-post clearfix post--sticky-avatar sticky-avatar post--regular regular" data-post-number="2"',
      'class="topic-post clearfix post--sticky-avatar sticky-avatar post--deleted deleted post--regular regular" data-post-number="2"',
    );
    expect(html).not.toBe(page());
    const { markdown } = clip(html);
    expect(markdown).not.toContain('Turn off indexing of attachments. PDFs');
    expect(markdown).toContain('That did it');
  });
});
