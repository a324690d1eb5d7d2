import { JSDOM } from 'jsdom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { installClipEngine } from '../../../utils/clip/in-page';
import {
  ENGINE_API,
  ENGINE_KEY,
  type InPageClipEngine,
  type NoteStyle,
} from '../../../utils/clip/light';
import {
  ALL_SITES,
  installSiteReaders,
  SITE_MODULES,
  SITE_READERS_KEY,
} from '../../../utils/clip/sites';
import { callEngine, composeFromTab, extractFromTab } from '../../../utils/clipper/extract';
import { readSiteFixture } from '../../support/site-fixtures';

/**
 * The background's injections (the engine's files, then a function that calls it) played in a
 * jsdom window as Chromium plays them in the tab's isolated world: the function is serialised and
 * evaluated there, where the window is the global object and the page's element ids and names
 * are globals too (named access).
 */
function tabWith(
  html: string,
  responseStatus?: number,
  url = 'https://example.com/story.html',
): JSDOM {
  const dom = new JSDOM(html, {
    url,
    runScripts: 'outside-only',
  });
  // jsdom keeps no navigation timing; a browser's entry carries the answer's status.
  if (responseStatus !== undefined) {
    Object.defineProperty(dom.window.performance, 'getEntriesByType', {
      value: (type: string) => (type === 'navigation' ? [{ responseStatus }] : []),
    });
  }
  const window = dom.window as unknown as typeof globalThis & { eval(code: string): unknown };
  const scripting = browser as unknown as { scripting: unknown };
  scripting.scripting = {
    executeScript: vi.fn(
      async (injection: { files?: string[]; func?: () => unknown; args?: unknown[] }) => {
        if (injection.files) {
          // The files the built extension has (entrypoints/*.content.ts).
          for (const file of injection.files) {
            if (file === '/content-scripts/extract.js') installClipEngine(window);
            else if (file === '/content-scripts/extract-sites.js')
              installClipEngine(window, ALL_SITES);
            else if (file === '/content-scripts/site-readers.js')
              installSiteReaders(window, SITE_MODULES);
            else throw new Error(`No such file in the extension: ${file}`);
          }
          return [{ frameId: 0 }];
        }
        const call = `(${String(injection.func)})(...${JSON.stringify(injection.args ?? [])})`;
        // A browser waits for a promise the function returns and answers with its value.
        return [{ frameId: 0, result: await window.eval(call) }];
      },
    ),
  };
  return dom;
}

const STORY = `<h1>Harbour lights</h1>${'<p>The harbour lights were lit at dusk by the keeper, who walked the pier with a lamp and a ladder every evening of the year.</p>'.repeat(6)}`;

describe('the in-page engine', () => {
  beforeEach(() => vi.restoreAllMocks());

  it('is found by the background on an ordinary page', async () => {
    tabWith(`<body>${STORY}</body>`);
    const result = await extractFromTab(1, { mode: 'article' });
    expect(result).toMatchObject({ ok: true, clip: { mode: 'article' } });
    if (result.ok) expect(result.clip.markdown).toContain('harbour lights were lit');
  });

  it('reads a page still being parsed once its document is complete, not before', async () => {
    const dom = tabWith('<body><h1>Harbour lights</h1><p>Only the start.</p></body>');
    const { document } = dom.window;
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    let settled = false;
    const clipped = extractFromTab(1, { mode: 'article' }).finally(() => {
      settled = true;
    });
    await new Promise((later) => setTimeout(later, 50));
    expect(settled).toBe(false);
    // The rest of the document arrives, then the parser says it is done.
    document.body.insertAdjacentHTML('beforeend', STORY);
    Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
    document.dispatchEvent(new dom.window.Event('DOMContentLoaded'));
    const result = await clipped;
    expect(result.ok && result.clip.markdown).toContain('harbour lights were lit');
  });

  for (const clobber of [
    '<div id="clipdeckEngine"></div>',
    '<form name="clipdeckEngine"><input name="clip"></form>',
    '<img name="clipdeckEngine" src="x.png"><a id="clipdeckEngine" href="#">x</a>',
    '<iframe name="clipdeckEngine"></iframe>',
  ]) {
    it(`cannot be hidden by an element the page names after it: ${clobber}`, async () => {
      const dom = tabWith(`<body>${clobber}${STORY}</body>`);
      // The page's element is a global of its own window…
      expect((dom.window as unknown as Record<string, unknown>).clipdeckEngine).toBeTruthy();
      // …and the clip still reaches the engine.
      const result = await extractFromTab(1, { mode: 'article' });
      expect(result).toMatchObject({ ok: true, clip: { mode: 'article' } });
      if (result.ok) expect(result.clip.markdown).toContain('harbour lights were lit');
    });
  }

  for (const status of [404, 410, 500, 403]) {
    it(`refuses a page the server answered with ${status}, with a sentence and no clip`, async () => {
      tabWith(
        `<head><title>Error response</title></head><body><h1>Error response</h1><p>Error code: ${status}</p>${STORY}</body>`,
        status,
      );
      for (const mode of ['article', 'full-page', 'bookmark'] as const) {
        const result = await extractFromTab(1, { mode });
        expect(result).toMatchObject({ ok: false, error: { kind: 'error-page' } });
        if (!result.ok) expect(result.error.message).toContain(`answered ${status}`);
      }
    });
  }

  describe('site readers', () => {
    const ENGINE = '/content-scripts/extract.js';
    const READERS = '/content-scripts/site-readers.js';
    const ENGINE_WITH_SITES = '/content-scripts/extract-sites.js';
    const HN_ITEM = 'https://news.ycombinator.com/item?id=40000001';
    const SAVED_COPY = 'file:///home/reader/Downloads/Ask%20HN.html';
    const injections = () =>
      vi
        .mocked(browser.scripting.executeScript)
        .mock.calls.flatMap(([injection]) => ('files' in injection ? [injection.files] : []));
    const hnComment = () => readSiteFixture('hacker-news/fixtures/comment-page.html');

    it('come with the engine, in one script, on the site’s own host', async () => {
      tabWith(hnComment(), undefined, HN_ITEM);
      const result = await extractFromTab(1, { mode: 'article' });
      expect(result).toMatchObject({ ok: true, clip: { site: 'hacker-news' } });
      expect(injections()).toEqual([[ENGINE_WITH_SITES]]);
      // Once in the page, nothing is injected again.
      expect(await extractFromTab(1, { mode: 'article' })).toMatchObject({ ok: true });
      expect(injections()).toEqual([[ENGINE_WITH_SITES]]);
    });

    it('follow when a site module claims a page elsewhere (a saved copy), and that module reads it', async () => {
      tabWith(hnComment(), undefined, SAVED_COPY);
      const result = await extractFromTab(1, { mode: 'article' });
      expect(result).toMatchObject({ ok: true, clip: { site: 'hacker-news' } });
      expect(injections()).toEqual([[ENGINE], [READERS]]);
      expect(await extractFromTab(1, { mode: 'article' })).toMatchObject({ ok: true });
      expect(injections()).toEqual([[ENGINE], [READERS]]);
    });

    it('are never loaded for a page no site claims', async () => {
      tabWith(`<body>${STORY}</body>`);
      for (const mode of ['article', 'full-page', 'bookmark'] as const) {
        expect(await extractFromTab(1, { mode })).toMatchObject({ ok: true });
      }
      expect(injections()).toEqual([[ENGINE]]);
    });

    it('are asked for by an engine without them, which does not read the page without them', () => {
      const dom = tabWith(hnComment(), undefined, HN_ITEM);
      const scope = dom.window as unknown as typeof globalThis;
      installClipEngine(scope);
      const engine = (scope as unknown as Record<symbol, InPageClipEngine>)[Symbol.for(ENGINE_KEY)];
      expect(engine?.clip({ mode: 'article' })).toEqual({ needs: 'site-readers' });
      // Modes that read no site do not wait for them.
      expect(engine?.clip({ mode: 'bookmark' })).toMatchObject({ ok: true });
      expect(engine?.clip({ mode: 'full-page' })).toMatchObject({ ok: true });
    });

    it('left in the page by another version of Clipdeck are replaced, not used', async () => {
      const dom = tabWith(hnComment(), undefined, SAVED_COPY);
      const stale = vi.fn(() => null);
      (dom.window as unknown as Record<symbol, unknown>)[Symbol.for(SITE_READERS_KEY)] = {
        api: ENGINE_API - 1,
        readers: new Map([['hacker-news', stale]]),
      };
      const result = await extractFromTab(1, { mode: 'article' });
      expect(stale).not.toHaveBeenCalled();
      expect(result).toMatchObject({ ok: true, clip: { site: 'hacker-news' } });
      expect(injections()).toEqual([[ENGINE], [READERS]]);
    });
  });

  it('clips a page the server answered with 200 or whose status the browser does not give', async () => {
    for (const status of [200, 0]) {
      tabWith(`<body>${STORY}</body>`, status);
      expect(await extractFromTab(1, { mode: 'article' })).toMatchObject({ ok: true });
    }
  });
});

/** The background's style in a German browser in Berlin, with the user's own template. */
const GERMAN: NoteStyle = {
  template: 'Quelle: [{{title}}]({{url}}) \\\nAm {{clipped}}\n\n{{content}}',
  now: '2026-03-14T23:30:00.000Z',
  locale: 'de-DE',
  timeZone: 'Europe/Berlin',
};

/** Selects the words `text` inside the element `id` of the tab's page. */
function select(dom: JSDOM, id: string, text: string): void {
  const document = dom.window.document;
  const node = document.getElementById(id)?.firstChild;
  if (!node?.textContent) throw new Error(`no text in #${id}`);
  const start = node.textContent.indexOf(text);
  const range = document.createRange();
  range.setStart(node, start);
  range.setEnd(node, start + text.length);
  dom.window.getSelection()?.removeAllRanges();
  dom.window.getSelection()?.addRange(range);
}

describe('notes written in the page (issue 18)', () => {
  beforeEach(() => vi.restoreAllMocks());

  it('a clip comes back with its note, in the background’s language and time zone', async () => {
    tabWith(`<head><title>Harbour lights</title></head><body>${STORY}</body>`);
    const result = await composeFromTab(1, { mode: 'article' }, GERMAN);
    if (!result.ok) throw new Error(result.error.message);
    // 23:30 UTC is already the 15th in Berlin.
    expect(result.note).toMatch(
      /^Quelle: \[Harbour lights\]\(https:\/\/example\.com\/story\.html\) \\\nAm 15\. März 2026\n/,
    );
    expect(result.note).toContain('harbour lights were lit');
  });

  it('a clip named after a file takes the file’s name as its site, and the note its address', async () => {
    tabWith(`<body>${STORY}</body>`);
    const address = 'file:///home/rosa/saved/harbour%20lights.html';
    const result = await composeFromTab(
      1,
      { mode: 'article' },
      { ...GERMAN, template: 'source-header', sourceAddress: address },
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(result.clip.url).toBe(address);
    expect(result.note).toContain(`Source: harbour lights.html (${address})`);
  });

  it('a clip of a file with no title of its own is titled with the file’s name', async () => {
    tabWith('<body><p>Test</p></body>');
    const address = 'file:///home/rosa/saved/tide%20notes.html';
    const result = await composeFromTab(
      1,
      { mode: 'article' },
      { ...GERMAN, template: 'source-header', sourceAddress: address },
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(result.clip.title).toBe('tide notes.html');
  });

  it('a quote comes back measured, linked and written, with the note it would start', async () => {
    const dom = tabWith(
      `<head><title>Tide tables | Coast</title></head><body><p id="a">The tide turns at noon.</p><p id="b">Later the tide turns at <b>midnight</b> again.</p></body>`,
    );
    select(dom, 'b', 'Later the tide turns at ');
    const answer = await callEngine(1, 'quote', {
      address: 'https://example.com/story.html',
      source: 'https://example.com/story.html',
      tabTitle: 'The tab’s own title',
      note: { ...GERMAN, template: 'content-only' },
    });
    expect(answer).toMatchObject({
      quote: { offset: 24, pageLength: 63, link: expect.stringContaining('#:~:text=Later') },
      note: { title: 'Tide tables | Coast' },
    });
    const { quote, note } = answer as { quote: { markdown: string }; note: { markdown: string } };
    expect(quote.markdown).toMatch(/^> Later the tide turns at\n\n\[Go to the passage\]\(https:/);
    expect(quote.markdown).toContain('"Clipdeck quote at 24 of 63")');
    expect(note.markdown).toBe(`${quote.markdown}\n`);
  });

  it('a quote on a page the engine refuses takes the tab’s title, else the host, for its note', async () => {
    const request = {
      address: 'https://example.com/story.html',
      source: 'https://example.com/story.html',
      note: { ...GERMAN, template: 'content-only' },
    };
    for (const [tabTitle, title] of [
      ['Not found — Harbour', 'Not found — Harbour'],
      ['  ', 'example.com'],
    ] as const) {
      const dom = tabWith(
        '<head><title>Error</title></head><body><p id="a">The harbour lights were lit.</p></body>',
        404,
      );
      select(dom, 'a', 'harbour lights were lit');
      expect(await callEngine(1, 'quote', { ...request, tabTitle })).toMatchObject({
        note: { title },
      });
    }
  });

  it('a quote with nothing selected is null, which the background tells from a page without an engine', async () => {
    tabWith(`<body>${STORY}</body>`);
    const answer = await callEngine(1, 'quote', {
      address: 'https://example.com/story.html',
      source: 'https://example.com/story.html',
      note: GERMAN,
    });
    expect(answer).toBeNull();
  });

  it('a link bookmark is written with the link’s words kept as words', async () => {
    tabWith(`<body>${STORY}</body>`);
    const answer = await callEngine(
      1,
      'linkBookmark',
      { url: 'https://guides.example.org/pools', text: ' [Pools](javascript:x) ' },
      { ...GERMAN, template: 'content-only' },
    );
    expect(answer).toEqual({
      title: '[Pools](javascript:x)',
      markdown: '[\\[Pools\\](javascript:x)](https://guides.example.org/pools)\n',
    });
  });

  it('an older Clipdeck’s engine left in the page is replaced, not called', async () => {
    const dom = tabWith(`<body>${STORY}</body>`);
    const old = vi.fn(() => ({ ok: true, clip: { title: 'old', markdown: 'old', url: 'x' } }));
    (dom.window as unknown as Record<symbol, unknown>)[Symbol.for(ENGINE_KEY)] = { clip: old };
    const result = await composeFromTab(1, { mode: 'article' }, GERMAN);
    expect(old).not.toHaveBeenCalled();
    expect(result).toMatchObject({ ok: true, note: expect.stringContaining('harbour lights') });
  });
});
