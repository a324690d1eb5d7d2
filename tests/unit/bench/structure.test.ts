import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../bench/metrics/markdown';
import {
  srcsetUrls,
  structureOfHtml,
  structureOfMarkdown,
  survival,
  textOfElement,
  urlKey,
  wordsSurvive,
} from '../../../bench/metrics/structure';

const PAGE = 'http://fakehost/test/page.html';
const body = (html: string) => new JSDOM(html, { url: PAGE }).window.document.body;

const EXPECTED = `
  <h2>History<span>[<a href="http://fakehost/w/edit">edit</a>]</span></h2>
  <p>See <a href="http://fakehost/test/other.html#part">the other page</a>.</p>
  <img src="http://fakehost/test/cat.png" alt="A cat">
  <ul><li>First item</li><li>Second <em>item</em></li></ul>
  <pre><code>const a = 1;</code></pre>
  <table><tr><th>Name</th><td>Value</td></tr></table>`;

describe('urlKey', () => {
  it('compares paths, not hosts, so a relative URL matches its resolved form', () => {
    expect(urlKey('other.html#part', PAGE)).toBe('/test/other.html#part');
    expect(urlKey('http://127.0.0.1:4000/test/other.html#part', PAGE)).toBe(
      '/test/other.html#part',
    );
  });

  it('gives every link within the page one key, whatever its anchor', () => {
    expect(urlKey('#cite_note-1', PAGE)).toBe(urlKey('http://fakehost/test/page.html#fn1', PAGE));
    expect(urlKey('/test/page.html', PAGE)).toBe('/test/page.html');
  });

  it('treats a percent-encoded path as the same link', () => {
    expect(urlKey('/wiki/Division_%28business%29', PAGE)).toBe(
      urlKey('/wiki/Division_(business)', PAGE),
    );
  });

  it('keeps non-web URLs whole', () => {
    expect(urlKey('mailto:a@example.com', PAGE)).toBe('mailto:a@example.com');
  });
});

describe('structure survival', () => {
  const expected = structureOfHtml(body(EXPECTED), PAGE);

  it('finds every element kind in expected HTML', () => {
    expect(expected.links).toEqual(['/w/edit', '/test/other.html#part']);
    expect(expected.images).toEqual(['/test/cat.png']);
    expect(expected.headings).toEqual(['History edit']);
    expect(expected.listItems).toEqual(['First item', 'Second item']);
    expect(expected.codeBlocks).toEqual(['const a 1']);
    expect(expected.tableCells).toEqual(['Name', 'Value']);
  });

  it('counts every element as surviving in a faithful Markdown rendering', () => {
    const markdown = [
      'History\n-------\n\n[edit](/w/edit)',
      'See [the other page](other.html#part).',
      '![A cat](cat.png)',
      '* First item\n* Second _item_',
      '~~~\nconst a = 1;\n~~~',
      '| Name | Value |\n| --- | --- |',
    ].join('\n\n');
    const result = survival(expected, structureOfMarkdown(parseMarkdown(markdown), PAGE));
    for (const kind of Object.values(result)) expect(kind.survived).toBe(kind.expected);
  });

  it('counts what a lossy rendering dropped', () => {
    const markdown = 'History\n\nSee the other page.\n\n- First item\n\nName Value';
    const result = survival(expected, structureOfMarkdown(parseMarkdown(markdown), PAGE));
    expect(result.links).toEqual({ expected: 2, survived: 0 });
    expect(result.images).toEqual({ expected: 1, survived: 0 });
    expect(result.headings).toEqual({ expected: 1, survived: 0 });
    expect(result.listItems).toEqual({ expected: 2, survived: 1 });
    expect(result.codeBlocks).toEqual({ expected: 1, survived: 0 });
    expect(result.tableCells).toEqual({ expected: 2, survived: 0 });
  });

  it('matches each output element once, so duplicates in the expected HTML need duplicates', () => {
    const twice = structureOfHtml(body('<ul><li>Same</li><li>Same</li></ul>'), PAGE);
    const once = structureOfMarkdown(parseMarkdown('- Same'), PAGE);
    expect(survival(twice, once).listItems).toEqual({ expected: 2, survived: 1 });
  });

  it('counts elements a pipeline kept as raw HTML', () => {
    const markdown = '<table><tr><td>Name</td><td>Value</td></tr></table>';
    const result = survival(expected, structureOfMarkdown(parseMarkdown(markdown), PAGE));
    expect(result.tableCells).toEqual({ expected: 2, survived: 2 });
  });

  it('counts an image shown at another of its srcset resolutions as kept, a placeholder as lost', () => {
    const lazy = structureOfHtml(
      body('<img srcset="/img/cat-320.jpg 320w, /img/cat-800.jpg 800w" alt="Cat">'),
      PAGE,
    );
    const picked = structureOfMarkdown(parseMarkdown('![Cat](/img/cat-800.jpg)'), PAGE);
    const placeholder = structureOfMarkdown(
      parseMarkdown('![Cat](data:image/gif;base64,R0lG)'),
      PAGE,
    );
    expect(survival(lazy, picked).images).toEqual({ expected: 1, survived: 1 });
    expect(survival(lazy, placeholder).images).toEqual({ expected: 1, survived: 0 });
  });

  it('counts an image shown at the resolution a lazy-loading attribute names as kept', () => {
    const lazy = structureOfHtml(
      body(`<img src="/img/dog-400.jpg" data-hi-res-src="/img/dog-1484.jpg" alt="Dog">
        <img src="data:image/gif;base64,R0lG" data-srcset="/img/owl-80.jpg 80w, /img/owl-800.jpg 800w">`),
      PAGE,
    );
    const picked = structureOfMarkdown(
      parseMarkdown('![Dog](/img/dog-1484.jpg)\n\n![](/img/owl-800.jpg)'),
      PAGE,
    );
    const other = structureOfMarkdown(parseMarkdown('![Dog](/img/cat-1484.jpg)'), PAGE);
    expect(survival(lazy, picked).images).toEqual({ expected: 2, survived: 2 });
    expect(survival(lazy, other).images).toEqual({ expected: 2, survived: 0 });
  });

  it('counts citations rendered as GFM footnotes as kept links and notes-list items', () => {
    const citations = structureOfHtml(
      body(`<p>Claim<sup><a href="#cite_note-1">[1]</a></sup>.</p>
        <ol><li id="cite_note-1"><a href="#cite_ref-1">^</a> A source, 2019.</li></ol>`),
      PAGE,
    );
    const footnotes = structureOfMarkdown(
      parseMarkdown('Claim[^1].\n\n[^1]: A source, 2019.'),
      PAGE,
    );
    expect(survival(citations, footnotes).links).toEqual({ expected: 2, survived: 2 });
    expect(survival(citations, footnotes).listItems).toEqual({ expected: 1, survived: 1 });
  });

  it('counts a note cited twice as two references and two back-links, as a renderer draws it', () => {
    const citedTwice = structureOfHtml(
      body(`<p>Claim<sup><a href="#cite_note-1">[1]</a></sup> and again<sup><a href="#cite_note-1">[1]</a></sup>.</p>
        <ol><li id="cite_note-1">^ <a href="#cite_ref-1a">a</a> <a href="#cite_ref-1b">b</a> A source.</li></ol>`),
      PAGE,
    );
    const footnotes = structureOfMarkdown(
      parseMarkdown('Claim[^1] and again[^1].\n\n[^1]: A source.'),
      PAGE,
    );
    const citedOnce = structureOfMarkdown(
      parseMarkdown('Claim[^1] and again.\n\n[^1]: A source.'),
      PAGE,
    );
    expect(survival(citedTwice, footnotes).links).toEqual({ expected: 4, survived: 4 });
    expect(survival(citedTwice, citedOnce).links).toEqual({ expected: 4, survived: 2 });
  });

  it('reads a srcset whose candidates have no space after the comma, or commas in their URLs', () => {
    const page = structureOfHtml(
      body(`<img src="/img/a-600.jpg?q=75" srcset="/img/a-600.jpg?q=90 600w,/img/a-2048.jpg?q=90 2048w">
        <img data-srcset="/c_fill,w_80/cat.jpg 80w, /c_fit,w_800/cat.jpg 800w">`),
      PAGE,
    );
    const largest = structureOfMarkdown(
      parseMarkdown('![](/img/a-2048.jpg?q=90)\n\n![](/c_fit,w_800/cat.jpg)'),
      PAGE,
    );
    const halves = structureOfMarkdown(parseMarkdown('![](/c_fit)\n\n![](/w_800/cat.jpg)'), PAGE);
    expect(survival(page, largest).images).toEqual({ expected: 2, survived: 2 });
    expect(survival(page, halves).images).toEqual({ expected: 2, survived: 0 });
    expect(srcsetUrls('a.jpg 1x,b.jpg 2x, c,d.jpg')).toEqual(['a.jpg', 'b.jpg', 'c,d.jpg']);
  });

  it('counts a formula image rendered as its TeX as kept', () => {
    const formula = structureOfHtml(
      body('<img src="/math/render/svg/28a0" alt="{\\displaystyle a_{ij} = b}">'),
      PAGE,
    );
    const asMath = structureOfMarkdown(parseMarkdown('See $a_{ij}=b$ here.'), PAGE);
    const asText = structureOfMarkdown(parseMarkdown('See a_ij = b here.'), PAGE);
    expect(survival(formula, asMath).images).toEqual({ expected: 1, survived: 1 });
    expect(survival(formula, asText).images).toEqual({ expected: 1, survived: 0 });
  });

  it('reads the TeX of an older formula image from its bare alt text', () => {
    const formula = structureOfHtml(
      body('<img src="https://wikimedia.org/api/rest_v1/media/math/render/svg/7daf" alt="A">'),
      PAGE,
    );
    const asMath = structureOfMarkdown(parseMarkdown('Let $A$ be'), PAGE);
    expect(survival(formula, asMath).images).toEqual({ expected: 1, survived: 1 });
  });

  it('reads TeX that differs only in braces and spaces as the same formula', () => {
    const formula = structureOfHtml(
      body(
        '<img src="https://wikimedia.org/api/rest_v1/media/math/render/svg/8c2" alt="\\lambda_\\min">',
      ),
      PAGE,
    );
    const braced = structureOfMarkdown(parseMarkdown('reaches $\\lambda _{\\min }$ when'), PAGE);
    const other = structureOfMarkdown(parseMarkdown('reaches $\\lambda _{\\max }$ when'), PAGE);
    expect(survival(formula, braced).images).toEqual({ expected: 1, survived: 1 });
    expect(survival(formula, other).images).toEqual({ expected: 1, survived: 0 });
  });

  it('accepts a heading that lost an edit link, not one that lost most of its words', () => {
    expect(wordsSurvive('History edit', 'History')).toBe(true);
    expect(wordsSurvive('A long heading about history', 'history')).toBe(false);
    expect(wordsSurvive('Name', '')).toBe(false);
  });
});

describe('textOfElement', () => {
  it('keeps block boundaries so words of adjacent paragraphs stay apart', () => {
    expect(
      textOfElement(body('<p>one</p><p>two<b>three</b></p>')).split(/\s+/).filter(Boolean),
    ).toEqual(['one', 'twothree']);
  });
});
