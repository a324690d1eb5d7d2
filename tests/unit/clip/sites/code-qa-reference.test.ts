import { describe, expect, it } from 'vitest';
import { type CommentDepth, clipDocument } from '../../../../utils/clip';
import { detectSite } from '../../../../utils/clip/sites';
import { readSiteFixture } from '../../../support/site-fixtures';
import { pageFromHtml } from '../dom';
import { fixtureOptions } from '../fixture-page';

/** The code-host, Q&A and reference modules beyond their golden notes: depth, saved copies. */
const fixture = readSiteFixture;

function clipAt(path: string, comments?: CommentDepth, url?: string) {
  const html = fixture(path);
  const doc = pageFromHtml(html, url ?? fixtureOptions(html).url);
  const result = clipDocument(doc, { mode: 'article', ...(comments && { comments }) });
  if (!result.ok) throw new Error(result.error.code);
  return result.clip;
}

describe('comment depth', () => {
  it('GitHub discussion: none keeps the question, top-level the answers, all the replies too', () => {
    const none = clipAt('github/fixtures/discussion.html', 'none').markdown;
    const top = clipAt('github/fixtures/discussion.html', 'top-level').markdown;
    const all = clipAt('github/fixtures/discussion.html').markdown;
    for (const markdown of [none, top, all]) expect(markdown).toContain('point them at one file');
    expect(none).not.toContain('## Comments');
    expect(top).toContain('put the shared file at the root');
    expect(top).toContain('A symlink works too');
    expect(top).not.toContain('keys set in the workspace win');
    expect(all).toContain('> > It does: keys set in the workspace win over included ones.');
  }, 30_000);

  it('GitLab: top-level keeps a thread’s first note, not its replies', () => {
    const top = clipAt('gitlab/fixtures/issue.html', 'top-level').markdown;
    expect(top).toContain('Does this also affect');
    expect(top).not.toContain('the prefix is read as before');
    expect(clipAt('gitlab/fixtures/issue.html').markdown).toContain('the prefix is read as before');
  });

  it('Stack Exchange: answers stay whatever the depth; comments follow it', () => {
    const none = clipAt('stack-exchange/fixtures/stackoverflow-question.html', 'none').markdown;
    const all = clipAt('stack-exchange/fixtures/stackoverflow-question.html', 'all').markdown;
    for (const markdown of [none, all]) {
      expect(markdown).toContain('### ✓ Accepted answer');
      expect(markdown).toContain('_.sortBy(ages);');
    }
    expect(none).not.toContain('misorders `NaN`');
    expect(all).toContain('misorders `NaN`');
  });
});

describe('detection', () => {
  it('reads a saved copy (a file address) by its markup', () => {
    for (const [path, site] of [
      ['github/fixtures/issue-react.html', 'github'],
      ['github/fixtures/pull-request.html', 'github'],
      ['gitlab/fixtures/issue.html', 'gitlab'],
      ['stack-exchange/fixtures/unix-no-accepted-answer.html', 'stack-exchange'],
      ['wikipedia/fixtures/article-infobox.html', 'wikipedia'],
      ['mdn/fixtures/array-flat.html', 'mdn'],
    ] as const) {
      const clip = clipAt(path, undefined, 'file:///home/me/Downloads/saved-page.html');
      expect(clip.site, path).toBe(site);
    }
  }, 60_000);

  it('claims no article that merely lives on one of these hosts', () => {
    const article = pageFromHtml(
      '<html><head><title>Our blog</title></head><body><main><article><h1>Release notes</h1><p>Plenty of text about a release, with a <a href="/x">link</a>.</p></article></main></body></html>',
      'https://github.com/blog/release',
    );
    expect(detectSite(article)).toBeUndefined();
    const wiki = pageFromHtml(
      '<html><body><div class="mw-parser-output"><p>Text from a wiki page without MediaWiki’s frame.</p></div></body></html>',
      'https://en.wikipedia.org/wiki/Example',
    );
    expect(detectSite(wiki)).toBeUndefined();
  });
});

describe('GitHub permalink snippets', () => {
  it('are code without line numbers or the indentation the excerpt shares', () => {
    const doc = pageFromHtml(
      `<html><body><h1 class="gh-header-title"><span class="js-issue-title">Crash on load</span></h1>
<div class="js-discussion"><div class="timeline-comment js-comment"><a class="author" href="/ann">ann</a>
<div class="js-comment-body"><p>It fails here:</p>
<div class="border rounded-2 my-2"><p class="mb-0">Line 12 in <a href="/o/r/commit/abc">abc</a></p>
<div class="blob-wrapper"><table class="highlight js-file-line-container"><tbody>
<tr><td id="L12" class="blob-num" data-line-number="12"></td><td id="LC12" class="blob-code blob-code-inner">    if (!sheet) {</td></tr>
<tr><td id="L13" class="blob-num" data-line-number="13"></td><td id="LC13" class="blob-code blob-code-inner">      return null;</td></tr>
</tbody></table></div></div></div></div></div></body></html>`,
      'https://github.com/o/r/issues/1',
    );
    const result = clipDocument(doc, { mode: 'article' });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.clip.site).toBe('github');
    expect(result.clip.markdown).toContain('```\nif (!sheet) {\n  return null;\n```');
  });
});

/** A Q&A discussion as GitHub draws it since 2026: replies sit inside their comment's box. */
describe('GitHub discussion answered (2026 markup)', () => {
  const answered = () => clipAt('github/fixtures/discussion-answered-2026.html');

  it('marks the chosen answer the way Stack Exchange marks an accepted one', () => {
    const { markdown } = answered();
    expect(markdown).toContain(
      '> **haruto-k** · 2026-08-11 · ✓ Accepted answer · 6 upvotes · 🎉 3',
    );
    expect(markdown.split('✓ Accepted answer').length).toBe(2);
    // The preview of the answer under the question is not a comment of its own.
    expect(markdown.split('Run the migration once').length).toBe(2);
  });

  it('signs each comment with its own author, not that of a reply inside it', () => {
    const clip = answered();
    expect(clip.metadata.author).toBe('lenaw');
    expect(clip.markdown).toContain('> **haruto-k** · 2026-08-11');
    expect(clip.markdown).toContain('> > **lenaw** · 2026-08-11\n> >\n> > That was it');
    expect(clip.markdown).toContain(
      '> **pmarsh** · 2026-08-12 · 1 upvote\n>\n> Same here on 3.2.1.',
    );
  });

  it("gives the question's and each answer's upvotes, as Stack Exchange notes give votes", () => {
    const { markdown } = answered();
    expect(markdown).toContain(
      'Is this a known change, or did I miss a migration step?\n\n4 upvotes · 👍 2',
    );
    // A reply has no upvote button of its own: it never shows its answer's count.
    expect(markdown).not.toMatch(/\*\*lenaw\*\*[^\n]*upvote/);
  });
});
