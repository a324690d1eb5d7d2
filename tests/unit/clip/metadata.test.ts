import { describe, expect, it } from 'vitest';
import { extractMetadata, stripTrackingParameters } from '../../../utils/clip';
import { pageFromHtml } from './dom';

function metadataOf(head: string, body = '') {
  const doc = pageFromHtml(
    `<html><head>${head}</head><body>${body}</body></html>`,
    'https://news.example/a/b',
  );
  return extractMetadata(doc, doc.URL);
}

describe('page metadata', () => {
  it('prefers og:title unless it is only the brand', () => {
    expect(
      metadataOf(
        '<title>Storm closes ferries | Island Times</title><meta property="og:title" content="Storm closes ferries">',
      ).title,
    ).toBe('Storm closes ferries');
    expect(
      metadataOf(
        '<title>Storm closes ferries | Island Times</title><meta property="og:title" content="Island Times"><meta property="og:site_name" content="Island Times">',
      ).title,
    ).toBe('Storm closes ferries');
  });

  it('uses the first heading when the title tag wraps it with extra words', () => {
    expect(
      metadataOf(
        '<title>Breaking: Storm closes ferries - live updates</title>',
        '<h1>Storm closes ferries</h1>',
      ).title,
    ).toBe('Storm closes ferries');
  });

  it('takes the heading that names what the title names, not a logo set in an h1', () => {
    // The V8 blog: the site's logo is the page's first <h1>, and also the title's suffix.
    expect(
      metadataOf(
        '<title>Launching Ignition and TurboFan · V8</title>',
        '<header><h1><a href="/"><img src="/logo.svg" alt="">V8</a></h1></header><article><h1>Launching Ignition and TurboFan</h1><p>Today we are excited…</p></article>',
      ).title,
    ).toBe('Launching Ignition and TurboFan');
  });

  it('ignores a JSON-LD headline that neither the title nor the heading agrees with', () => {
    // Wikipedia writes the article's short description there ("Wikimedia list article").
    const wikipedia = metadataOf(
      '<title>List of sourdough breads - Wikipedia</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","name":"List of sourdough breads","headline":"Wikimedia list article","publisher":{"@type":"Organization","name":"Wikimedia Foundation, Inc."}}</script>',
      '<h1 id="firstHeading" class="firstHeading mw-first-heading"><span class="mw-page-title-main">List of sourdough breads</span></h1>',
    );
    expect(wikipedia.title).toBe('List of sourdough breads');
    const agreeing = metadataOf(
      '<title>Ferries stop | Island Times</title><script type="application/ld+json">{"@type":"NewsArticle","headline":"Ferries stop for two days"}</script>',
    );
    expect(agreeing.title).toBe('Ferries stop for two days');
  });

  it('reads author, dates, description, language and images from meta tags and JSON-LD', () => {
    const metadata = metadataOf(
      `<title>x</title><link rel="canonical" href="/a/b-canonical"><meta name="description" content="Ferries stop for two days.">
       <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"NewsArticle","author":{"@type":"Person","name":"Ann Lee"},"datePublished":"2025-11-02T07:00:00Z","image":{"url":"/img/storm.jpg"},"publisher":{"name":"Island Times"}}]}</script>`,
    );
    expect(metadata).toEqual({
      title: 'x',
      author: 'Ann Lee',
      siteName: 'Island Times',
      published: '2025-11-02T07:00:00Z',
      description: 'Ferries stop for two days.',
      canonicalUrl: 'https://news.example/a/b-canonical',
      leadImage: 'https://news.example/img/storm.jpg',
    });
  });

  it('leaves missing and placeholder fields out entirely', () => {
    const metadata = metadataOf(
      '<meta name="author" content="undefined"><meta property="og:site_name" content="null">',
    );
    expect(metadata).toEqual({});
  });
});

describe('stripTrackingParameters', () => {
  it('removes tracking parameters and keeps the ones that choose content', () => {
    expect(
      stripTrackingParameters('https://shop.example/p?id=4&utm_source=x&fbclid=y#reviews'),
    ).toBe('https://shop.example/p?id=4#reviews');
    expect(stripTrackingParameters('https://shop.example/p?utm_medium=email')).toBe(
      'https://shop.example/p',
    );
    expect(stripTrackingParameters('not a url')).toBe('not a url');
  });
});
