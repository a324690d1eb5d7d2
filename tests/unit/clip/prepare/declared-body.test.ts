import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { pageFromHtml } from '../dom';

/**
 * The article body a page declares (schema.org `itemprop="articleBody"`, Instapaper's
 * `instapaper_body`): what the user gets when Readability takes the post header along with the
 * body, and when Readability misses the article altogether.
 */
const PARAGRAPHS = [1, 2, 3]
  .map(
    (index) =>
      `<p>Paragraph ${index} of the essay: the keepers wrote down the weather, the ships and the state of the lamp every evening, and the logs now fill a room.</p>`,
  )
  .join('');

const OTHER_STORIES = `<ul>${Array.from(
  { length: 60 },
  (_, index) =>
    `<li><a href="/story/${index}">Story number ${index} about the harbour, its boats and the island ferry</a></li>`,
).join('')}</ul>`;

function clip(body: string) {
  const result = clipDocument(
    pageFromHtml(
      `<!DOCTYPE html><html lang="en"><head><title>Keepers of the light</title></head><body>${body}</body></html>`,
    ),
    { mode: 'article' },
  );
  if (!result.ok) throw new Error(`Expected a clip, got ${result.error.code}`);
  return result.clip;
}

describe('the body a page declares', () => {
  it('leaves out the post header Readability took with it, but not the standfirst or the lead picture', () => {
    const header = `<div class="post-header">
      <div><a href="/tag/lighthouses">Lighthouses</a> <a href="/tag/history">History</a></div>
      <h1>Keepers of the light</h1>
      <p>How three families kept one lamp burning for a hundred and twenty years.</p>
      <div><span>12 min read</span> <a href="#comments">169</a></div>
      <div><strong>690</strong></div>
      <figure><img src="/lamp.jpg" alt="The lamp room"></figure>
    </div>`;
    const declared = clip(
      `<article>${header}<div itemprop="articleBody">${PARAGRAPHS}</div></article>`,
    );
    expect(declared.markdown).toContain('Paragraph 3 of the essay');
    expect(declared.markdown).toContain('How three families kept one lamp burning');
    expect(declared.markdown).toContain('![The lamp room](https://example.com/lamp.jpg)');
    expect(declared.markdown).not.toContain('12 min read');
    expect(declared.markdown).not.toContain('690');
    expect(declared.markdown).not.toContain('[Lighthouses]');
    // The same page without the declaration keeps what Readability took.
    const undeclared = clip(`<article>${header}<div>${PARAGRAPHS}</div></article>`);
    expect(undeclared.markdown).toContain('12 min read');
  });

  it('is the clip when Readability picks a list of other stories instead', () => {
    // A class Readability distrusts ("comment…") around the text, a long headline list beside it.
    const page = (attributes: string) => `<div class="post">
      <div><a href="/tag/lighthouses">Lighthouses</a><h1>Keepers of the light</h1><span>12 min read</span></div>
      <div class="commentOnSelection"><div ${attributes}>${PARAGRAPHS}</div></div></div>${OTHER_STORIES}`;
    const declared = clip(page('class="instapaper_body"'));
    expect(declared.notices).toEqual([]);
    expect(declared.markdown).toMatch(/^Paragraph 1 of the essay/);
    expect(declared.markdown).toMatch(/fill a room\.$/);
    // Without a declared body the whole page is kept, and the user is told why: never an empty clip.
    const undeclared = clip(page(''));
    expect(undeclared.notices).toEqual([{ code: 'no-article' }]);
    expect(undeclared.markdown).toContain('Paragraph 1 of the essay');
  });

  it('says nothing when several bodies are declared, as on a listing of teasers', () => {
    const listing = clip(`<article><p>Keep the lamp lit.</p>
      <div itemprop="articleBody">${PARAGRAPHS}</div>
      <div itemprop="articleBody"><p>The ferry to the island runs again from Monday, the harbour master said.</p></div>
      </article>`);
    // Were the first teaser taken for the page's body, the short line beside it would go.
    expect(listing.markdown).toMatch(/^Keep the lamp lit\./);
    expect(listing.markdown).toContain('The ferry to the island runs again');
  });
});
