import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { inspectTab, PDF_MESSAGE, previewTab } from '../../../utils/popup/tab';
import { saveClipDefaults, saveConnection } from '../../../utils/settings';
import { inspectMarkdown, paragraphLines } from '../clip/safety/note-safety';

/**
 * fakeBrowser has no `scripting` and its tabs carry no URL: both are stood in for here, with the
 * answers Chromium gives (a probe result, or a refusal for pages extensions may not enter).
 */
function stubTab(tab: { url: string; title?: string }, probe: unknown | Error) {
  const browser = fakeBrowser as unknown as Record<string, unknown>;
  (fakeBrowser.tabs as unknown as Record<string, unknown>).get = vi.fn(async () => ({
    id: 3,
    ...tab,
  }));
  browser.scripting = {
    executeScript: vi.fn(async () => {
      if (probe instanceof Error) throw probe;
      return [{ frameId: 0, result: probe }];
    }),
  };
}

beforeEach(() => fakeBrowser.reset());

describe('inspectTab', () => {
  it('a web page with text selected', async () => {
    stubTab({ url: 'https://a.example/post' }, { selection: true, contentType: 'text/html' });
    expect(await inspectTab(3)).toMatchObject({ kind: 'web', hasSelection: true });
  });

  it('the PDF viewer, by the document’s type or the address when injection is refused', async () => {
    stubTab(
      { url: 'https://a.example/paper' },
      { selection: false, contentType: 'application/pdf' },
    );
    expect((await inspectTab(3)).kind).toBe('pdf');
    stubTab({ url: 'https://a.example/paper.PDF?x=1' }, new Error('Cannot access contents'));
    expect((await inspectTab(3)).kind).toBe('pdf');
  });

  it('a browser page is recognised without trying to inject', async () => {
    stubTab({ url: 'chrome://extensions/' }, { selection: false, contentType: 'text/html' });
    expect(await inspectTab(3)).toMatchObject({ kind: 'browser-page', hasSelection: false });
    expect(
      (fakeBrowser as unknown as { scripting: { executeScript: ReturnType<typeof vi.fn> } })
        .scripting.executeScript,
    ).not.toHaveBeenCalled();
  });

  it('a page that refuses injection for another reason counts as one that cannot be clipped', async () => {
    stubTab({ url: 'https://a.example/' }, new Error('Cannot access contents'));
    expect((await inspectTab(3)).kind).toBe('browser-page');
  });
});

describe('previewTab on a PDF', () => {
  beforeEach(async () => {
    await saveConnection({ baseUrl: 'http://127.0.0.1:1/api', apiKey: 'k' });
    await saveClipDefaults({
      tags: ['papers'],
      mode: 'article',
      template: { kind: 'builtin', id: 'content-only' },
      stripTracking: true,
    });
    stubTab(
      { url: 'https://a.example/files/tide-pools.pdf', title: 'Tide [pools] study' },
      { selection: false, contentType: 'application/pdf' },
    );
  });

  it('explains that the PDF cannot be read and offers a bookmark', async () => {
    expect(await previewTab(3)).toEqual({
      ok: false,
      error: { kind: 'pdf', message: PDF_MESSAGE },
    });
  });

  it('as a bookmark: the title and a link, with the default tags', async () => {
    const result = await previewTab(3, 'bookmark');
    expect(result).toMatchObject({
      ok: true,
      preview: {
        title: 'Tide [pools] study',
        markdown: '[Tide \\[pools\\] study](https://a.example/files/tide-pools.pdf)\n',
        tags: ['papers'],
        mode: 'bookmark',
      },
    });
  });

  it('as a bookmark: a hostile PDF title stays words, with the user’s template', async () => {
    await saveClipDefaults({
      tags: [],
      mode: 'article',
      template: { kind: 'builtin', id: 'source-header' },
      stripTracking: true,
    });
    const title = '<img src=x onerror=alert(1)> [x](javascript:alert(1))\n# Heading';
    stubTab(
      { url: 'https://a.example/files/%E0%A4%A.pdf?utm_source=feed', title },
      { selection: false, contentType: 'application/pdf' },
    );
    const result = await previewTab(3, 'bookmark');
    if (!result.ok) throw new Error(result.error.message);
    const findings = inspectMarkdown(result.preview.markdown);
    expect(findings.badDestinations).toEqual([]);
    expect(findings.pageHtml).toEqual([]);
    expect(paragraphLines(result.preview.markdown, 1)).toEqual([
      '<img src=x onerror=alert(1)> [x](javascript:alert(1)) # Heading',
    ]);
    expect(result.preview.sourceUrl).toBe('https://a.example/files/%E0%A4%A.pdf');
  });

  it('as a bookmark: a file name with a malformed escape is named as it is written', async () => {
    stubTab(
      { url: 'https://a.example/files/100%25%E0%A4%A.pdf' },
      { selection: false, contentType: 'application/pdf' },
    );
    const result = await previewTab(3, 'bookmark');
    expect(result).toMatchObject({ ok: true, preview: { title: '100%25%E0%A4%A.pdf' } });
  });
});
