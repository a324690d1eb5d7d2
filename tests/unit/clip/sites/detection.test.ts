import { describe, expect, it } from 'vitest';
import { clipWithSites } from '../../../../utils/clip/clip-document';
import { loadedSites, type SiteModule } from '../../../../utils/clip/sites';
import { metaContent } from '../../../../utils/clip/sites/post-parts';
import { pageFromHtml } from '../dom';

const ARTICLE = `<html><head><title>A walk in the hills</title></head><body><article>
  <h1>A walk in the hills</h1>
  ${'<p>The path climbs through beech woods and out onto the open ridge, where the wind picks up and the view opens to the sea on one side and the valley on the other.</p>'.repeat(4)}
</article></body></html>`;

/** A module that counts how often the engine asks it whether it knows the page. */
function counting(claims: boolean): {
  module: SiteModule;
  calls: { detect: number; extract: number };
} {
  const calls = { detect: 0, extract: 0 };
  const module: SiteModule = {
    id: claims ? 'claiming' : 'passing',
    family: 'thread',
    detect: () => {
      calls.detect += 1;
      return claims;
    },
    extract: ({ doc, out }) => {
      calls.extract += 1;
      const content = out.importNode(doc.querySelector('article') as Element, true) as Element;
      out.body.append(content);
      return { content, metadata: {} };
    },
  };
  return { module, calls };
}

// Site detection runs on every article clip; on the pages no site claims (most of them) it is
// pure cost, so each detector is asked once per clip, never again when the engine reads the page.
describe('site detection per clip', () => {
  it('asks each detector once on a page no site claims, and the article is still clipped', () => {
    const { module, calls } = counting(false);
    const result = clipWithSites(pageFromHtml(ARTICLE), { mode: 'article' }, loadedSites([module]));
    expect(result.ok && result.clip.markdown).toContain('beech woods');
    expect(calls).toEqual({ detect: 1, extract: 0 });
  });

  it('asks the claiming detector once and reads the page with its module once', () => {
    const { module, calls } = counting(true);
    const result = clipWithSites(pageFromHtml(ARTICLE), { mode: 'article' }, loadedSites([module]));
    expect(result.ok && result.clip.site).toBe('claiming');
    expect(calls).toEqual({ detect: 1, extract: 1 });
  });
});

// Several detectors ask every page for a meta key (the forum software, a product's site name):
// during detection the page's meta elements are read once, and never kept past it, since the
// page can change between two clips (a single-page app moves to another post).
describe('meta elements during site detection', () => {
  const PAGE = ARTICLE.replace(
    '<title>',
    '<meta property="og:site_name" content="Elsewhere"><meta name="generator" content="Blog 1"><title>',
  );

  /** A detector that claims a page whose `key` is `value`; notes the meta reads so far and its answer. */
  function askingFor(
    key: string,
    value: string,
    seen: [number, boolean][],
    reads: () => number,
  ): SiteModule {
    return {
      id: `${key}-${value}`,
      family: 'thread',
      detect: (doc) => {
        const claims = metaContent(doc, key) === value;
        seen.push([reads(), claims]);
        return claims;
      },
      extract: () => null,
    };
  }

  it('reads them once for every detector, and afresh on the next clip', () => {
    const doc = pageFromHtml(PAGE);
    let metaReads = 0;
    const byTag = doc.getElementsByTagName.bind(doc);
    doc.getElementsByTagName = ((tag: string) => {
      if (tag === 'meta') metaReads += 1;
      return byTag(tag);
    }) as typeof doc.getElementsByTagName;
    const seen: [number, boolean][] = [];
    const sites = loadedSites([
      askingFor('generator', 'Forum 3', seen, () => metaReads),
      askingFor('og:site_name', 'Forum', seen, () => metaReads),
    ]);

    const first = clipWithSites(doc, { mode: 'article' }, sites);
    expect(first.ok && first.clip.site).toBeUndefined();
    // Both detectors asked; the page's meta elements were read for the first alone.
    expect(seen).toEqual([
      [1, false],
      [1, false],
    ]);

    doc.querySelector('meta[property="og:site_name"]')?.setAttribute('content', 'Forum');
    seen.length = 0;
    metaReads = 0;
    const second = clipWithSites(doc, { mode: 'article' }, sites);
    // The second clip reads the page as it is now, and the second detector claims it (its
    // reader finds nothing it knows, so the article is clipped as usual).
    expect(seen).toEqual([
      [1, false],
      [1, true],
    ]);
    expect(second.ok && second.clip.markdown).toContain('beech woods');
  });
});
