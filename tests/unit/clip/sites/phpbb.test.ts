import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { readSiteFixture } from '../../../support/site-fixtures';
import { pageFromHtml } from '../dom';
import { fixtureOptions } from '../fixture-page';

/** phpBB topics: the board's profile boxes, signatures and session ids are not the discussion. */
function clip(html: string, comments?: 'none' | 'top-level' | 'all') {
  const page = pageFromHtml(html, fixtureOptions(html).url);
  const result = clipDocument(page, { mode: 'article', ...(comments && { comments }) });
  if (!result.ok) throw new Error(result.error.code);
  return result.clip;
}

const board33 = () => readSiteFixture('phpbb/fixtures/topic-prosilver-33.html');
const board30 = () => readSiteFixture('phpbb/fixtures/saved-prosilver-30.html');

describe('phpBB topics', { timeout: 30_000 }, () => {
  it('keeps every reply under the first post, without profiles, signatures or sessions', () => {
    for (const html of [board33(), board30()]) {
      const { markdown, site } = clip(html);
      expect(site).toBe('phpbb');
      expect(markdown).toMatch(/^## Comments$/m);
      expect(markdown).not.toMatch(/sid=|Posts:|Joined:|User avatar|Select all|Who is online/);
    }
    const { markdown } = clip(board30());
    // Each reply is a quote led by its author and day; a 3.0 board prints the day as words.
    expect(markdown).toMatch(/^> \*\*hubmonkey\*\* · \[2012-02-05\]\([^)]*p=512240#p512240\)$/m);
    expect(markdown).not.toContain('too many spare parts');
    // The 3.0 code box (a `<dd>` of lines and breaks) is a code block; a smiley is its code.
    expect(markdown).toMatch(
      /> ```\n> drive side: cone 17mm, locknut 17mm, leave alone\n> non-drive/,
    );
    expect(markdown).toContain('one way round. ;)');
  });

  it("heads a quoted post with its author's line, without the jump arrow and date", () => {
    const { markdown } = clip(board33());
    expect(markdown).toMatch(/^> > \[kestrel_ops\]\([^)]*u=6120\) wrote:$/m);
    expect(markdown).not.toContain('↑');
    // The reply's paragraphs stay in the reply's quote.
    expect(markdown).toMatch(/talks again\.\n>\n> The proper fix/);
  });

  it('keeps the first post alone when asked for no comments', () => {
    const { markdown } = clip(board33(), 'none');
    expect(markdown).toContain('proper fix.');
    expect(markdown).not.toContain('Comments');
    expect(markdown).not.toContain('PersistentKeepalive');
  });

  it('leaves a page whose body is not phpBB’s to the engine', () => {
    const html = board33().replace('<body id="phpbb"', '<body id="forum"');
    expect(clip(html).site).toBeUndefined();
  });
});
