import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { readSiteFixture } from '../../../support/site-fixtures';
import { pageFromHtml } from '../dom';
import { fixtureOptions } from '../fixture-page';

/**
 * Substack's post page beyond its golden notes: the nodes today's editor serves empty and draws
 * in the browser (a LaTeX block, a mention), the embedded-post card, and the paywall that ends a
 * paid post's free part.
 */
function clip(fixture: string): { markdown: string; site?: string } {
  const html = readSiteFixture(`substack/fixtures/${fixture}`);
  const result = clipDocument(pageFromHtml(html, fixtureOptions(html).url), { mode: 'article' });
  if (!result.ok) throw new Error(result.error.code);
  return { markdown: result.clip.markdown, site: result.clip.site };
}

describe('substack post components', () => {
  const { markdown, site } = clip('post-components-2026.html');

  it('is read by the substack module', () => {
    expect(site).toBe('substack');
  });

  it('keeps a LaTeX block from its data-attrs as display math', () => {
    expect(markdown).toContain('$$\nN \\approx \\frac{F}{r \\, t}\n$$');
  });

  it('writes a mention as the person it names', () => {
    expect(markdown).toContain('an idea from [Tamsin Rook](https://open.substack.com/users/');
  });

  it('makes an embedded post one link with its title and publication', () => {
    expect(markdown).toContain(
      '[The moth light fiasco](https://lanternworks.substack.com/p/the-moth-light-fiasco) (Lanternworks)',
    );
    expect(markdown).not.toContain('Read more');
    expect(markdown).not.toContain('40 likes');
    expect(markdown).not.toContain('utm_campaign=post_embed');
  });
});

describe('substack paid post', () => {
  it('ends on the paywall heading so the note does not pass for the whole post', () => {
    const { markdown, site } = clip('post-paywalled.html');
    expect(site).toBe('substack');
    expect(markdown.trimEnd().endsWith('*This post is for paid subscribers*')).toBe(true);
    expect(markdown).not.toContain('Sign in');
  });
});

describe('substack post saved before the app drew it', () => {
  it('reads the post from the page data (window._preloads) when the page has no body', () => {
    const { markdown, site } = clip('post-saved-preloads.html');
    expect(site).toBe('substack');
    expect(markdown).toContain('*Notes from a harbour that runs on 1987');
    expect(markdown).toContain('## Crossing times');
    expect(markdown).toContain('[^1]: The engine was replaced in 2004');
    expect(markdown).not.toContain('Subscribe now');
  });
});
