import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { type ClipRequest, clipDocument } from '../../../utils/clip';
import { articleLooksIncomplete } from '../../../utils/clip/clip-document';
import { inPageEngine, installClipEngine } from '../../../utils/clip/in-page';
import { pageFromHtml, rangeOver, selectRanges } from './dom';

const ARTICLE = `
  <h1>Lighthouses of the north coast</h1>
  <p>For two centuries the lighthouses of the north coast kept ships off the rocks. Most were built by
  one family of engineers, who designed the towers, the lamps and even the keepers' cottages.</p>
  <p>Keeping a light was lonely work. Three keepers shared each station, working four-hour watches
  through the night to trim the wicks and wind the clockwork that turned the lens.</p>
  <p>The last keepers left in 1998, when the final station was automated. Today the lights are
  monitored from a control room hundreds of kilometres away, and several of the cottages are
  holiday lets with some of the best views in the country.</p>`;

function article(extra = '', head = ''): string {
  return `<!DOCTYPE html><html lang="en"><head><title>Lighthouses | Coast Stories</title>${head}</head>
  <body><nav><a href="/">Home</a></nav><article>${ARTICLE}${extra}</article><footer>© Coast Stories</footer></body></html>`;
}

function clipOk(doc: Document, request: ClipRequest = { mode: 'article' }) {
  const result = clipDocument(doc, request);
  if (!result.ok)
    throw new Error(`Expected a clip, got ${result.error.kind}: ${result.error.code}`);
  return result.clip;
}

describe('clipDocument', () => {
  it('leaves out what the live page hides by its stylesheet, without touching the live page', () => {
    const doc = pageFromHtml(
      article(
        '<p class="promo">Subscribe now for 50% off!</p><p>The lens of the last light now stands in a museum.</p>',
        '<style>.promo { display: none }</style>',
      ),
    );
    const before = doc.documentElement.outerHTML;
    const result = clipDocument(doc, { mode: 'article' }, { styleSource: 'computed' });
    expect(result.ok && result.clip.markdown).toContain('The lens of the last light');
    expect(result.ok && result.clip.markdown).not.toContain('Subscribe now');
    expect(doc.documentElement.outerHTML).toBe(before);
  });

  it('clips a page that an anti-flicker stylesheet hides until its scripts run', () => {
    const doc = pageFromHtml(article('', '<style>body { visibility: hidden !important }</style>'));
    const result = clipDocument(doc, { mode: 'article' }, { styleSource: 'computed' });
    expect(result.ok && result.clip.markdown).toContain('Keeping a light was lonely work.');
  });

  it('clips a page whose stylesheet hides nearly all of it until a script swaps it in', () => {
    const doc = pageFromHtml(article('', '<style>article { display: none }</style>'));
    const result = clipDocument(doc, { mode: 'article' }, { styleSource: 'computed' });
    expect(result.ok && result.clip.markdown).toContain('Keeping a light was lonely work.');
  });

  it('leaves out what the stylesheet hides when the rest of the page is the article', () => {
    const doc = pageFromHtml(
      article(
        '<div class="promo">Subscribe to Coast Stories today!</div>',
        '<style>.promo { display: none }</style>',
      ),
    );
    const result = clipDocument(doc, { mode: 'article' }, { styleSource: 'computed' });
    expect(result.ok && result.clip.markdown).toContain('Keeping a light was lonely work.');
    expect(result.ok && result.clip.markdown).not.toContain('Subscribe to Coast Stories');
  });

  it('keeps apart the words a stylesheet sets apart, by a margin or a block, and nothing else', () => {
    const head =
      '<style>.mr2 { margin-right: 2px } .line { display: block } .tight { margin-left: 1px } code { margin: 0 3px }' +
      ' .cap { float: left; margin-right: 4px } .initial { margin-right: 3px } .ln { display: inline-block; user-select: none; margin-right: 8px }</style>';
    const extra =
      '<p id="facts"><span class="mr2">Asked</span><time>1 year ago</time>, <span class="mr2">Viewed</span>1k times</p>' +
      '<p><a href="/tides"><span class="line">Tide tables</span><span class="line">Printed each spring</span></a></p>' +
      '<p>Lamps use <code>wick</code>s; the <span class="tight">ke</span>rning stays.</p>' +
      '<p><span class="cap">“T</span>ides turn twice a day. <span class="initial">W</span>aves do not.</p>' +
      '<pre><code class="language-python"><span><span class="ln">10</span><span># heights</span></span>\n<span><span class="ln">11</span><span>tide = 3</span></span></code></pre>';
    const doc = pageFromHtml(article(extra, head));
    const result = clipDocument(doc, { mode: 'article' }, { styleSource: 'computed' });
    const markdown = result.ok ? result.clip.markdown : '';
    expect(markdown).toContain('Asked 1 year ago, Viewed 1k times');
    expect(markdown).toContain('[Tide tables Printed each spring](https://example.com/tides)');
    expect(markdown).toContain('Lamps use `wick`s; the kerning stays.');
    // Drop caps, floated or set apart by a margin, are one letter of the word beside them.
    expect(markdown).toContain('“Tides turn twice a day. Waves do not.');
    // In code, a line number's margin is no space of the code's.
    expect(markdown).toContain('```python\n# heights\ntide = 3\n```');

    selectRanges(doc, [rangeOver(doc, '#facts')]);
    const selected = clipDocument(doc, { mode: 'selection' }, { styleSource: 'computed' });
    expect(selected.ok && selected.clip.markdown).toBe('Asked 1 year ago, Viewed 1k times');
  });

  it('leaves out the labels only screen readers get, under the usual class names, but not long text', () => {
    const caption = (label: string) =>
      `<figure><img src="/keeper.jpg" alt="A keeper"><figcaption><span class="${label}">Image caption</span> The last keeper of Muckle Flugga</figcaption></figure>`;
    for (const label of ['sr-only', 'visually-hidden', 'screen-reader-text', 'off-screen']) {
      const markdown = clipOk(pageFromHtml(article(caption(label)))).markdown;
      expect(markdown, label).toContain('The last keeper of Muckle Flugga');
      expect(markdown, label).not.toContain('Image caption');
    }
    const long = `<p class="off-screen">${'Every station kept a log of the weather, the ships that passed and the state of the lamp. '.repeat(2)}</p>`;
    expect(clipOk(pageFromHtml(article(long))).markdown).toContain('Every station kept a log');
  });

  it('reads text inside open shadow roots, slotted content in place', () => {
    const doc = pageFromHtml(
      article('<fancy-note><span slot="body">slotted light text</span></fancy-note>'),
    );
    const host = doc.querySelector('fancy-note') as Element;
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<p>Shadow intro sentence. <slot name="body"></slot></p>';
    const clip = clipOk(doc, { mode: 'full-page' });
    expect(clip.markdown).toContain('Shadow intro sentence. slotted light text');
  });

  it('keeps the posts a page sets in forms, and drops the forms that ask for input', () => {
    // Old Reddit sets every post and comment body in a form of its own (for editing in place),
    // with only hidden inputs showing; the reply box and the search box below ask for input.
    const doc =
      pageFromHtml(`<!DOCTYPE html><html lang="en"><head><title>Thread</title></head><body>
      <form class="usertext"><input type="hidden" name="thing_id" value="t1_a"><div class="md"><p>Congrats! What did you track?</p></div><div class="usertext-edit" style="display: none"><textarea>Congrats!</textarea><button>save</button></div></form>
      <form class="usertext"><input type="hidden" name="thing_id" value="t1_b"><div class="md"><p>Five columns: date, title, link, one sentence.</p></div></form>
      <form class="reply"><p>Reply to this thread</p><textarea name="text"></textarea><button>comment</button></form>
      <form role="search"><label>Search the forum</label><input type="search"></form>
      <form class="legacy"><div>Powered by an old board</div></form></body></html>`);
    const { markdown } = clipOk(doc, { mode: 'full-page' });
    expect(markdown).toContain('Congrats! What did you track?');
    expect(markdown).toContain('Five columns: date, title, link, one sentence.');
    expect(markdown).not.toContain('Reply to this thread');
    expect(markdown).not.toContain('Search the forum');
    expect(markdown).not.toContain('Powered by');
  });

  it('trusts a short article on a heavy page, but not a teaser on a listing', () => {
    // Sizes from the extraction benchmark: a paywalled article of 369 characters on a page of
    // 134,339 was exactly right; a 120-character teaser on a 9,000-character listing is not.
    expect(articleLooksIncomplete(369, 134_339)).toBe(false);
    expect(articleLooksIncomplete(1_054, 40_025)).toBe(false);
    expect(articleLooksIncomplete(120, 9_000)).toBe(true);
  });

  it('keeps the whole page when the article is one short teaser among many links', () => {
    // Readability scores the one paragraph and leaves the headline list out: on a page with
    // thousands of characters more, that short article is probably not what the user meant.
    const listing = (stories: number) =>
      pageFromHtml(`<!DOCTYPE html><html lang="en"><head><title>Harbour news</title></head><body>
        <div><div><h1>Harbour news</h1><p>The ferry to the island runs again from Monday, the
        harbour master said this morning.</p></div><div><ul>${Array.from(
          { length: stories },
          (_, index) =>
            `<li><a href="/story/${index}">Story number ${index} about the harbour, its boats and the island ferry</a></li>`,
        ).join('')}</ul></div></div></body></html>`);
    const short = clipOk(listing(40), { mode: 'article' });
    expect(short.notices).toEqual([]);
    expect(short.markdown).not.toContain('Story number');
    const long = clipOk(listing(60), { mode: 'article' });
    expect(long.notices).toEqual([{ code: 'small-article' }]);
    expect(long.markdown).toContain('The ferry to the island runs again');
    expect(long.markdown).toContain('[Story number 59 about the harbour');
  });

  it('falls back to the article with a notice when nothing is selected', () => {
    const doc = pageFromHtml(article());
    selectRanges(doc, []);
    const clip = clipOk(doc, { mode: 'selection' });
    expect(clip.notices).toEqual([{ code: 'selection-empty' }]);
    expect(clip.markdown).toContain('Keeping a light was lonely work.');
  });

  it('clips a selection made in the live page, hidden parts left out', () => {
    const doc = pageFromHtml(
      article('<p id="pick">Visible words <span style="display:none">secret words</span> end.</p>'),
    );
    selectRanges(doc, [rangeOver(doc, '#pick')]);
    expect(clipOk(doc, { mode: 'selection' }).markdown).toBe('Visible words end.');
  });

  it('clips a selection and hides what the stylesheet hides on a page that inlines its CSS', () => {
    // The copy's style sheets are left empty (visibility.ts, copyWithoutSheets): the selection is
    // found in the copy by position, and what is hidden is judged on the live page.
    const doc = pageFromHtml(
      article(
        '<style>.promo { display: none }</style><svg><style>circle { fill: red }</style></svg>' +
          '<p class="promo">Subscribe now for 50% off!</p>' +
          '<div id="pick"><p>Visible words.</p><p class="promo">Secret words.</p><p>End.</p></div>',
        `<style>${'.unused-rule { color: blue } '.repeat(200)}</style>`,
      ),
    );
    const before = doc.documentElement.outerHTML;
    selectRanges(doc, [rangeOver(doc, '#pick')]);
    const options = { styleSource: 'computed' } as const;
    const selection = clipDocument(doc, { mode: 'selection' }, options);
    expect(selection.ok && selection.clip.markdown).toBe('Visible words.\n\nEnd.');
    const whole = clipDocument(doc, { mode: 'article' }, options);
    expect(whole.ok && whole.clip.markdown).toContain('Keeping a light was lonely work.');
    expect(whole.ok && whole.clip.markdown).not.toMatch(/Subscribe now|Secret words|color: blue/);
    expect(doc.documentElement.outerHTML).toBe(before);
  });

  it('refuses browser pages, PDFs and empty pages with a sentence for the user', () => {
    const internal = clipDocument(pageFromHtml(article(), 'chrome://settings/'), {
      mode: 'article',
    });
    expect(internal).toMatchObject({ ok: false, error: { kind: 'unclippable' } });
    const empty = clipDocument(pageFromHtml('<html><body>  </body></html>'), { mode: 'article' });
    expect(empty).toMatchObject({ ok: false, error: { kind: 'empty' } });
    if (!empty.ok) expect(empty.error.code).toBe('not-loaded');
    const pdf = clipDocument(
      pageFromHtml('<html><body><embed type="application/pdf" src="a.pdf"></body></html>'),
      { mode: 'article' },
    );
    expect(pdf).toMatchObject({ ok: false, error: { kind: 'unsupported' } });
  });

  it('still saves an empty page as a bookmark', () => {
    const doc = pageFromHtml(
      '<html><head><title>Coming soon</title><meta name="description" content="Our new site opens in May."></head><body></body></html>',
    );
    const clip = clipOk(doc, { mode: 'bookmark' });
    expect(clip).toMatchObject({ title: 'Coming soon', markdown: 'Our new site opens in May.' });
  });

  it('explains a frameset it cannot read instead of throwing', () => {
    const doc = new JSDOM(
      '<html><frameset cols="50%,50%"><frame src="a.html"><frame src="b.html"></frameset></html>',
      { url: 'https://old.example/' },
    ).window.document;
    const result = clipDocument(doc, { mode: 'article' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'frames' } });
  });

  it('answers a malformed request with a structured error', () => {
    const result = clipDocument(pageFromHtml(article()), {
      mode: 'poster',
    } as unknown as ClipRequest);
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    const image = clipDocument(pageFromHtml(article()), { mode: 'image' });
    expect(image).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
  });

  it('clips a large page, taking the cheaper path once its time budget is spent', () => {
    const paragraphs = Array.from(
      { length: 1000 },
      (_, index) =>
        `<p>Paragraph ${index} of the archive, with <a href="/n/${index}">a link</a>, <em>emphasis</em> and enough words to look like prose.</p>`,
    ).join('');
    const doc = pageFromHtml(
      `<html><head><title>Archive</title></head><body><article>${paragraphs}</article></body></html>`,
    );
    const started = performance.now();
    const clip = clipOk(doc, { mode: 'article', timeBudgetMs: 1 });
    // jsdom is many times slower than a tab; the benchmark measures real speed in Chromium.
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(clip.markdown).toContain('Paragraph 999 of the archive');
    expect(clip.notices).toContainEqual({ code: 'time-budget' });
  }, 60_000);
});

describe('the in-page engine', () => {
  it('is installed once and answers with a Result', () => {
    const doc = pageFromHtml(article());
    const globals = globalThis as { document?: Document };
    const previous = globals.document;
    globals.document = doc;
    try {
      installClipEngine();
      const result = inPageEngine()?.clip({ mode: 'bookmark' });
      expect(result).toMatchObject({
        ok: true,
        clip: { title: 'Lighthouses | Coast Stories', mode: 'bookmark' },
      });
    } finally {
      globals.document = previous;
      delete (globalThis as Record<symbol, unknown>)[Symbol.for('clipdeckEngine')];
    }
  });
});
