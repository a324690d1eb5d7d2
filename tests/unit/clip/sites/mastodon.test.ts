import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { pageFromHtml } from '../dom';

/**
 * Mastodon beyond its golden notes: servers still on 4.2 or earlier, whose status content puts
 * the content warning in its first paragraph next to a "show more" button and keeps the text in
 * the page (hidden by a class) while the warning is closed; and a single video, drawn by the
 * video player rather than the gallery.
 */
const URL_ = 'https://old.example/@kai/110000000000000001';

const page = (status: string) => `<!DOCTYPE html><html lang="en"><head>
<title>Kai: "Cooking" - old.example</title>
<meta content="old.example" property="og:site_name"></head>
<body><div id="mastodon" class="app-holder"><div class="scrollable"><div class="item-list">
<div class="focusable detailed-status__wrapper"><div class="detailed-status">
<a href="/@kai" class="detailed-status__display-name"><span class="display-name"><bdi><strong class="display-name__html">Kai</strong></bdi> <span class="display-name__account">@kai@old.example</span></span></a>
${status}
<div class="detailed-status__meta"><a class="detailed-status__datetime" href="/@kai/110000000000000001"><time datetime="2023-11-04T12:00:00.000Z">Nov 04, 2023</time></a></div>
</div></div>
</div></div></div></body></html>`;

const LEGACY_WARNING = `<div class="status__content status__content--with-spoiler" tabindex="0">
<p><span class="translate" lang="en">Food, with a burnt pan</span> <button type="button" class="status__content__spoiler-link status__content__spoiler-link--show-more" aria-expanded="false">Show more</button></p>
<div class="status__content__text translate" lang="en"><p>The caramel went too far, the pan survived.</p></div>
</div>`;

const VIDEO = `<div class="status__content" tabindex="0"><div class="status__content__text status__content__text--visible translate" lang="en"><p>Timelapse of the bread.</p></div></div>
<div class="video-player inactive" style="aspect-ratio: 16 / 9;"><canvas class="media-gallery__preview" width="32" height="32"></canvas>
<video src="https://files.old.example/media_attachments/files/110/original/bread.mp4" poster="https://files.old.example/media_attachments/files/110/small/bread.png" aria-label="Dough rising in a glass bowl" title="Dough rising in a glass bowl" lang="en" preload="metadata" playsinline=""></video>
<div class="video-player__controls"><button type="button" aria-label="Play"><svg class="icon icon-play"></svg></button></div></div>`;

const CLOSED_WARNING = `<div class="content-warning"><p id="_r_1_"><span>Food, with a burnt pan</span></p><button class="link-button" aria-describedby="_r_1_">Show more</button></div>`;

const CARD_WITH_DATE = `<div class="status__content" tabindex="0"><div class="status__content__text status__content__text--visible translate" lang="en"><p>Good read on pans.</p></div></div>
<a href="https://news.example/pans" class="status-card" target="_blank" rel="noopener"><div class="status-card__image"><img src="https://files.old.example/cache/preview_cards/pans.jpg" alt="" class="status-card__image-image"></div>
<div class="status-card__content" dir="auto"><span class="status-card__host"><span lang="en">news.example</span> · <time datetime="2021-02-01T00:00:00.000Z" title="Feb 1, 2021">Feb 1, 2021</time></span><strong class="status-card__title" lang="en">Why pans warp</strong></div></a>`;

function clip(status: string) {
  const result = clipDocument(pageFromHtml(page(status), URL_), { mode: 'article' });
  if (!result.ok) throw new Error(result.error.code);
  return result.clip;
}

describe('Mastodon content warnings and video', () => {
  it('keeps a 4.2 warning as its own line, and the text it hides, without the button', () => {
    const note = clip(LEGACY_WARNING);
    expect(note.site).toBe('mastodon');
    expect(note.markdown).toContain('**Content warning:** Food, with a burnt pan');
    expect(note.markdown).toContain('The caramel went too far, the pan survived.');
    expect(note.markdown).not.toContain('Show more');
  });

  it('reads a post whose 4.3+ warning is closed: the warning is all the page holds', () => {
    const note = clip(CLOSED_WARNING);
    expect(note.site).toBe('mastodon');
    expect(note.markdown).toContain('**Content warning:** Food, with a burnt pan');
    expect(note.metadata.title).toBe('Kai on Mastodon: Food, with a burnt pan');
  });

  it('dates the post by its own date, not by the date of the article its link card shows', () => {
    expect(clip(CARD_WITH_DATE).metadata.published).toBe('2023-11-04T12:00:00.000Z');
  });

  it('keeps a video as its poster linked to the file, described by its alt text', () => {
    const note = clip(VIDEO);
    expect(note.markdown).toContain(
      '[![Dough rising in a glass bowl](https://files.old.example/media_attachments/files/110/small/bread.png)](https://files.old.example/media_attachments/files/110/original/bread.mp4)',
    );
  });
});
