import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { pageFromHtml } from '../dom';

// Markup that a page keeps as text is parsed apart from the page (utils/clip/prepare/inert.ts): these
// check that what the user gets from it did not change when innerHTML went away.

const STORY = `<p>For two centuries the lighthouses of the north coast kept ships off the rocks. Most were
  built by one family of engineers, who designed the towers, the lamps and the keepers' cottages.</p>
  <p>Keeping a light was lonely work. Three keepers shared each station, working four-hour watches
  through the night to trim the wicks and wind the clockwork that turned the lens.</p>`;

function clipMarkdown(doc: Document): string {
  const result = clipDocument(doc, { mode: 'full-page' });
  if (!result.ok) throw new Error(result.error.code);
  return result.clip.markdown;
}

describe('markup kept as text in the page', () => {
  it('turns the MathML of a MathJax 2 script into TeX', () => {
    const doc = pageFromHtml(`<html><body><h1>Lights</h1>${STORY}
      <p>The beam turns once every <script type="math/mml"><math><mfrac><mi>a</mi><mi>b</mi></mfrac></math></script> seconds.</p></body></html>`);
    expect(clipMarkdown(doc)).toContain('$\\frac{a}{b}$');
  });

  it('takes the image a <noscript> holds as text (scripting on) when no lazy image stands beside it', () => {
    const doc = pageFromHtml(
      `<html><body><h1>Lights</h1>${STORY}<div><noscript></noscript></div></body></html>`,
    );
    const noscript = doc.querySelector('noscript');
    if (!noscript) throw new Error('no noscript');
    noscript.textContent = '<img src="/images/lens.jpg" alt="The lens" width="600" height="400">';
    expect(clipMarkdown(doc)).toContain('![The lens](https://example.com/images/lens.jpg)');
  });
});
