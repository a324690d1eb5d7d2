import { JSDOM } from 'jsdom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { installClipEngine } from '../../../utils/clip/in-page';
import { extractFromTab } from '../../../utils/clipper/extract';

/**
 * The background's two injections (the engine file, then a function that calls it) played in a
 * jsdom window as Chromium plays them in the tab's isolated world: the function is serialised and
 * evaluated there, where the window is the global object and the page's element ids and names
 * are globals too (named access).
 */
function tabWith(html: string, responseStatus?: number): JSDOM {
  const dom = new JSDOM(html, {
    url: 'https://example.com/story.html',
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
          installClipEngine(window);
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

  it('clips a page the server answered with 200 or whose status the browser does not give', async () => {
    for (const status of [200, 0]) {
      tabWith(`<body>${STORY}</body>`, status);
      expect(await extractFromTab(1, { mode: 'article' })).toMatchObject({ ok: true });
    }
  });
});
