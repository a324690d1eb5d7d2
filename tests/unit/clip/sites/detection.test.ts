import { describe, expect, it } from 'vitest';
import { clipWithSites } from '../../../../utils/clip/clip-document';
import { loadedSites, type SiteModule } from '../../../../utils/clip/sites';
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
