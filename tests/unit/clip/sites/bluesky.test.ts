import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { detectSite } from '../../../../utils/clip/sites';
import { pageFromHtml } from '../dom';

/**
 * Bluesky beyond its golden notes: a post page saved before the app ran (bsky.app's server sends
 * the app's empty root and a summary of the post in `<noscript>`), whether the summary reaches
 * the engine as elements or, in a browser that runs scripts, as the text of the `<noscript>`;
 * and a link card sent through the app's redirector.
 */
const URL_ = 'https://bsky.app/profile/lio.bsky.social/post/3ls7lio';

const SUMMARY = `<div id="bsky_post_summary">
  <h3>Post</h3>
  <p id="bsky_display_name">Lio Marsh</p>
  <p id="bsky_handle">lio.bsky.social</p>
  <p id="bsky_did">did:plc:l10m4rsh</p>
  <p id="bsky_post_text">Tide tables printed and taped inside the shed door.

Low water at 6:12 tomorrow.</p>
  <p id="bsky_post_indexedat">2026-02-20T07:31:05.120Z</p>
</div>`;

const SIGNED_IN_ONLY = `<div id="bsky_post_summary">
  <h3>Post</h3>
  <p id="bsky_handle">lio.bsky.social</p>
      <p id="bsky_post_text">This author has chosen to make their posts visible only to people who are signed in.</p>
</div>`;

const savedBeforeTheApp = (summary: string) => `<!DOCTYPE html><html lang="en"><head>
<title>@lio.bsky.social on Bluesky</title>
<meta property="og:site_name" content="Bluesky Social"></head>
<body><div id="root"><div id="splash"><svg viewBox="0 0 64 57" aria-hidden="true"><path d="M13.873 3.805"></path></svg></div></div>
<noscript><h1 lang="en">JavaScript Required</h1><p lang="en">This is a heavily interactive web application, and JavaScript is required.</p>${summary}</noscript>
</body></html>`;

const CARD = `<!DOCTYPE html><html lang="en"><head><title>@lio.bsky.social on Bluesky</title></head>
<body><div id="root"><div data-testid="postThreadScreen">
<div data-testid="postThreadItem-by-lio.bsky.social" class="css-175oi2r">
<a href="/profile/lio.bsky.social" aria-label="Lio Marsh" role="link"><div dir="auto">Lio Marsh</div><div dir="auto">@lio.bsky.social</div></a>
<div dir="auto" data-word-wrap="1" style="white-space: pre-wrap;">This week's tide almanac:</div>
<a href="https://go.bsky.app/redirect?u=https%3A%2F%2Ftides.example.org%2Fweek-8" aria-label="Tide almanac, week 8" role="link"><div style="border-radius: 8px; overflow: hidden; border-width: 1px;"><div dir="auto">Tide almanac, week 8</div><div dir="auto">tides.example.org</div></div></a>
</div></div></div></body></html>`;

function clip(html: string) {
  const result = clipDocument(pageFromHtml(html, URL_), { mode: 'article' });
  if (!result.ok) throw new Error(result.error.code);
  return result.clip;
}

describe('Bluesky pages saved before the app ran', () => {
  it('reads the post from the summary the server puts in <noscript>', () => {
    const note = clip(savedBeforeTheApp(SUMMARY));
    expect(note.site).toBe('bluesky');
    expect(note.markdown).toContain('Tide tables printed and taped inside the shed door.');
    expect(note.markdown).toContain('Low water at 6:12 tomorrow.');
    expect(note.metadata.author).toBe('Lio Marsh (@lio.bsky.social)');
    expect(note.metadata.published).toBe('2026-02-20T07:31:05.120Z');
  });

  it('parses the summary when the browser keeps <noscript> as text', () => {
    const doc = pageFromHtml(savedBeforeTheApp(''), URL_);
    const noscript = doc.querySelector('noscript');
    if (!noscript) throw new Error('no noscript');
    noscript.replaceChildren(doc.createTextNode(`<h1>JavaScript Required</h1>${SUMMARY}`));
    expect(detectSite(doc)?.id).toBe('bluesky');
    const result = clipDocument(doc, { mode: 'article' });
    expect(result.ok && result.clip.markdown).toContain('Low water at 6:12 tomorrow.');
  });

  it('leaves a post only signed-in people may see to the generic engine', () => {
    const doc = pageFromHtml(savedBeforeTheApp(SIGNED_IN_ONLY), URL_);
    const result = clipDocument(doc, { mode: 'article' });
    // The page holds no post: the generic engine finds nothing to clip, and says so.
    expect(result.ok ? result.clip.site : undefined).toBeUndefined();
  });
});

describe('Bluesky link cards', () => {
  it('keeps the address a card sends through the app’s redirector', () => {
    expect(clip(CARD).markdown).toContain(
      '[Tide almanac, week 8](https://tides.example.org/week-8)',
    );
  });
});
