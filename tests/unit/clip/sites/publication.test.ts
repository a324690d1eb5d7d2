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

  const listingPage = (drawn = '') => {
    const events = {
      events: [
        {
          gid: '42',
          appid: 7,
          event_name: 'Patch 2',
          rtime32_start_time: 1736942400,
          announcement_body: { gid: '43', posttime: 1736942400, body: '[p]Servers are back.[/p]' },
        },
        {
          gid: '41',
          appid: 7,
          event_name: 'Patch 1',
          rtime32_start_time: 1736424000,
          announcement_body: { gid: '40', posttime: 1736424000, body: '[p]First fix.[/p]' },
        },
      ],
    };
    const data = JSON.stringify(events).replace(/"/g, '&quot;');
    // The head's date is the newest post's, which would date the whole listing.
    return `<html><head><title>Game - News Hub</title>
<meta property="article:published_time" content="2025-01-15T12:00:00Z"></head><body>
<div id="application_config" data-initialevents="${data}"></div><div id="application_root">${drawn}</div>
</body></html>`;
  };

  it('clips a news listing the page holds only as data as its posts, linked, with their days', () => {
    const note = clip(listingPage(), 'https://store.steampowered.com/news/app/7');
    expect(note.site).toBe('steam-news');
    expect(note.markdown).toContain(
      '- [Patch 2](https://store.steampowered.com/news/app/7/view/42) · 2025-01-15\n' +
        '- [Patch 1](https://store.steampowered.com/news/app/7/view/41) · 2025-01-09',
    );
    // A listing has no author or date of its own.
    expect(note.metadata.published).toBeUndefined();
  });

  it('a post the app opened over its listing is clipped as that post, not as the list', () => {
    const note = clip(listingPage(), 'https://store.steampowered.com/news/app/7/view/41');
    expect(note.title).toBe('Patch 1');
    expect(note.markdown).toContain('First fix.');
    expect(note.markdown).not.toContain('Patch 2');
  });

  it('a post the listing data does not hold is read from what the app drew', () => {
    const drawn = `<article><h1>Patch 0</h1>${'<p>The first patch fixed the harbour lights and the ferry timetable for every port on the coast.</p>'.repeat(4)}</article>`;
    const note = clip(listingPage(drawn), 'https://store.steampowered.com/news/app/7/view/39');
    expect(note.markdown).toContain('fixed the harbour lights');
    expect(note.markdown).not.toContain('[Patch 2]');
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
