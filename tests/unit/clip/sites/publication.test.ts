import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { detectSite } from '../../../../utils/clip/sites';
import { pageFromHtml } from '../dom';

/** The publication modules (Substack, Steam news) beyond their golden notes. */
const clip = (html: string, url: string) => {
  const result = clipDocument(pageFromHtml(html, url), { mode: 'article' });
  if (!result.ok) throw new Error(result.error.code);
  return result.clip;
};

const steamPage = (body: string) => {
  const events = [
    { gid: '42', event_name: 'Patch 2', announcement_body: { posttime: 1736942400, body } },
  ];
  const data = JSON.stringify(events).replace(/"/g, '&quot;');
  return `<html><head><title>Game - Patch 2 - News</title></head><body>
<div id="application_config" data-partnereventstore="${data}"></div><div id="application_root"></div>
</body></html>`;
};

describe('Steam news', () => {
  it('clips a post the page holds only as data for its script (the page itself has no text)', () => {
    const note = clip(
      steamPage('[p]Servers are back. See [url="https://example.org/s"]the status page[/url].[/p]'),
      'https://store.steampowered.com/news/app/1/view/42',
    );
    expect(note.site).toBe('steam-news');
    expect(note.title).toBe('Patch 2');
    expect(note.markdown).toContain(
      'Servers are back. See [the status page](https://example.org/s).',
    );
  });

  it('never turns a BBCode link to a script or data address into a link', () => {
    const { markdown } = clip(
      steamPage('[p][url="javascript:alert(1)"]one[/url] [url]data:text/html,x[/url][/p]'),
      'https://store.steampowered.com/news/app/1/view/42',
    );
    expect(markdown).not.toMatch(/\]\(\s*(?:javascript|data):/i);
    expect(markdown).toContain('one');
  });

  it('an empty page that no module knows is still refused with what to do next', () => {
    const result = clipDocument(
      pageFromHtml('<html><body><div></div></body></html>', 'https://e.org/'),
      {
        mode: 'article',
      },
    );
    expect(result.ok).toBe(false);
  });
});

describe('Substack detection', () => {
  it('is by markup: a substack.com address alone is not claimed', () => {
    const doc = pageFromHtml(
      '<html><body><article><h1>Hello</h1><p>Plain page.</p></article></body></html>',
      'https://someone.substack.com/p/hello',
    );
    expect(detectSite(doc)?.id).not.toBe('substack');
  });

  it('a `.post .body.markup` without Substack’s component markers or CDN is not claimed', () => {
    const doc = pageFromHtml(
      '<html><body><div class="post"><div class="body markup"><p>Some blog.</p></div></div></body></html>',
      'https://blog.example/p/x',
    );
    expect(detectSite(doc)?.id).not.toBe('substack');
  });

  it('a note page with the only note and no permalink unit keeps the note and its image', () => {
    const note = clip(
      `<html><head><meta property="og:title" content="Ann (@ann)"></head><body><div>
<div><a href="/@ann"><img src="https://e.org/a.jpg" alt=""></a><div><a href="/@ann">Ann</a><a href="/@ann/note/c-1">2d</a></div></div>
<div><div class="ProseMirror FeedProseMirror"><p>Tide is out.</p></div></div>
<div class="imageGrid-AbC"><img src="https://e.org/s.jpg" srcset="https://e.org/s.jpg 320w, https://e.org/l.jpg 960w" alt=""></div>
</div><div class="ProseMirror"><p>not a note</p></div></body></html>`,
      'https://substack.com/@ann/note/c-1',
    );
    expect(note.site).toBe('substack');
    expect(note.metadata.author).toBe('Ann');
    expect(note.markdown).toBe('Tide is out.\n\n![](https://e.org/l.jpg)');
  });
});
