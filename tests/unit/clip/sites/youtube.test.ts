import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { readSite } from '../../../../utils/clip/sites';
import { readSiteFixture } from '../../../support/site-fixtures';
import { pageFromHtml } from '../dom';
import { fixtureOptions } from '../fixture-page';

/**
 * YouTube's watch page beyond its golden notes: the pieces of today's page that go stale or
 * move (a closed panel still holding an earlier video's rows, chapters of another video, the
 * channel's box without its older wrapper), made from the saved page with the newer
 * transcript panel open.
 */
const html = readSiteFixture('youtube/fixtures/watch-modern-transcript.html');
const OTHER = 'oLdV1de0x9Q';

function watchPage(): Document {
  return pageFromHtml(html, fixtureOptions(html).url);
}

function clip(doc: Document): { markdown: string; site?: string } {
  const result = clipDocument(doc, { mode: 'article' });
  if (!result.ok) throw new Error(result.error.code);
  return { markdown: result.clip.markdown, site: result.clip.site };
}

function moduleMetadata(doc: Document) {
  const extraction = readSite(doc, 'none').clip?.extraction;
  if (!extraction) throw new Error('the youtube module did not read the page');
  return extraction.metadata;
}

function panel(doc: Document, targetId: string): Element {
  const found = doc.querySelector(
    `ytd-engagement-panel-section-list-renderer[target-id="${targetId}"]`,
  );
  if (!found) throw new Error(`no panel ${targetId}`);
  return found;
}

/** Classic transcript rows, as the older panel renders them. */
function classicRows(count: number, words: string): string {
  let rows = '';
  for (let index = 0; index < count; index += 1) {
    rows += `<ytd-transcript-segment-renderer><div class="segment" role="button"><div class="segment-start-offset"><div class="segment-timestamp">0:${String(index).padStart(2, '0')}</div></div><yt-formatted-string class="segment-text">${words} ${index}</yt-formatted-string></div></ytd-transcript-segment-renderer>`;
  }
  return `<ytd-transcript-renderer><div id="body"><ytd-transcript-segment-list-renderer><div id="segments-container">${rows}</div></ytd-transcript-segment-list-renderer></div></ytd-transcript-renderer>`;
}

describe('youtube: the newer transcript panel', () => {
  it('reads the open panel, not a closed one still holding an earlier video’s rows', () => {
    const doc = watchPage();
    // More rows than the open panel, so only its being closed can rule it out.
    const stale = panel(doc, 'engagement-panel-searchable-transcript');
    stale
      .querySelector('[id="content"]')
      ?.insertAdjacentHTML('beforeend', classicRows(40, 'stale line'));
    const { markdown } = clip(doc);
    expect(markdown).not.toContain('stale line');
    expect(markdown).toContain('This is a 1972 portable that sat in a garage');
  });

  it('reads the labelled panel when it is the one open, chapter headers or not', () => {
    const doc = watchPage();
    const open = doc.querySelector(
      'ytd-engagement-panel-section-list-renderer[is-sync-scroll-panel]',
    );
    const list = open?.querySelector('yt-section-list-renderer');
    const labelled = panel(doc, 'PAmodern_transcript_view');
    if (!open || !list) throw new Error('no open panel');
    for (const header of Array.from(list.querySelectorAll('[id="header"]'))) header.remove();
    labelled.querySelector('[id="content"]')?.replaceChildren(list);
    labelled.setAttribute('visibility', 'ENGAGEMENT_PANEL_VISIBILITY_EXPANDED');
    open.remove();
    const { markdown } = clip(doc);
    expect(markdown).toContain(
      '[9:40](https://www.youtube.com/watch?v=Tq3vW8pLx2A&t=580s) Clean, even letters',
    );
    expect(markdown).not.toContain('29 minutes');
  });

  it('takes the chapters from the panel’s headers when the page names them nowhere else', () => {
    const doc = watchPage();
    for (const item of Array.from(doc.querySelectorAll('ytd-macro-markers-list-item-renderer'))) {
      item.remove();
    }
    for (const script of Array.from(doc.querySelectorAll('script'))) {
      if (script.textContent?.includes('ytInitialData')) script.remove();
    }
    const { markdown } = clip(doc);
    expect(markdown).toContain(
      '## Chapters\n\n- [0:00](https://www.youtube.com/watch?v=Tq3vW8pLx2A&t=0s) Why this machine\n- [1:12](https://www.youtube.com/watch?v=Tq3vW8pLx2A&t=72s) Taking off the shell',
    );
    expect(markdown).toContain('### Cleaning the segment');
  });
});

describe('youtube: what goes stale after navigating without a reload', () => {
  it('leaves out chapters that link to another video', () => {
    const doc = watchPage();
    for (const item of Array.from(doc.querySelectorAll('ytd-macro-markers-list-item-renderer'))) {
      item.querySelector('a')?.setAttribute('href', `/watch?v=${OTHER}&t=30s`);
      const title = item.querySelector('h4');
      if (title) title.textContent = 'A chapter of the earlier video';
    }
    const { markdown } = clip(doc);
    expect(markdown).not.toContain('A chapter of the earlier video');
    expect(markdown).toContain(
      '- [4:30](https://www.youtube.com/watch?v=Tq3vW8pLx2A&t=270s) Cleaning the segment',
    );
  });

  it('is read when the head is not a watch page’s (no og:site_name)', () => {
    const doc = watchPage();
    doc.querySelector('meta[property="og:site_name"]')?.remove();
    expect(clip(doc).site).toBe('youtube');
  });

  it('trusts the page’s VideoObject only when it names the video shown', () => {
    const doc = watchPage();
    // The player's data and the date under the title no longer help: another video's data, a
    // relative date.
    for (const script of Array.from(doc.querySelectorAll('script'))) {
      script.textContent = (script.textContent ?? '').replaceAll('"Tq3vW8pLx2A"', `"${OTHER}"`);
    }
    const info = doc.querySelector('ytd-watch-info-text [id="info"]');
    if (info) info.innerHTML = '<span>12K views  </span><span>3 weeks ago</span>';
    expect(moduleMetadata(doc).published).toBe('2026-02-09T07:00:12-08:00');

    const schema = doc.querySelector('ytd-player-microformat-renderer script');
    if (schema) {
      schema.textContent = (schema.textContent ?? '').replaceAll('Tq3vW8pLx2A', OTHER);
    }
    expect(moduleMetadata(doc).published).toBeUndefined();
  });
});

describe('youtube: the watch metadata box', () => {
  it('finds the channel in the owner box without its ytd-channel-name wrapper', () => {
    const doc = watchPage();
    doc.querySelector('[id="owner"]')?.removeAttribute('id');
    doc.querySelector('ytd-channel-name')?.replaceWith(
      Object.assign(doc.createElement('div'), {
        id: 'channel-name',
        innerHTML: '<a href="/@TypebarClub">Typebar Club</a>',
      }),
    );
    expect(moduleMetadata(doc).author).toBe('Typebar Club');
  });

  it('keeps the description when the expanded box is still empty', () => {
    const doc = watchPage();
    doc.querySelector('[id="expanded"] yt-attributed-string')?.replaceChildren();
    expect(clip(doc).markdown).toContain(
      'Thirty years in a garage, and one afternoon on the bench.',
    );
  });
});
