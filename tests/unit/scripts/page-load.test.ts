import { describe, expect, it } from 'vitest';
import { REFRESH_FOLLOWED_WITHIN_S, refreshTarget } from '../../../scripts/lib/page-load';

/** The refreshes the headless command follows as redirects (page-load.ts), read as browsers do. */
const PAGE = 'https://short.example/go/42?ref=mail';

describe('a refresh that sends the reader on', () => {
  it.each([
    ['0;url=https://news.example.org/tides', 'https://news.example.org/tides'],
    ['0; URL=https://news.example.org/tides', 'https://news.example.org/tides'],
    ["1; url='https://news.example.org/tides?id=7'", 'https://news.example.org/tides?id=7'],
    ['0, url="/2026/tides.html"', 'https://short.example/2026/tides.html'],
    ['0;https://news.example.org/tides', 'https://news.example.org/tides'],
    ['2.5; url=article.html', 'https://short.example/go/article.html'],
    [`${REFRESH_FOLLOWED_WITHIN_S}; url=https://news.example.org/`, 'https://news.example.org/'],
  ])('%s goes to %s', (content, target) => {
    expect(refreshTarget(content, PAGE)).toBe(target);
  });

  it.each([
    ['a reload every five minutes', '300'],
    ['a reload with no address', '0'],
    ['the page itself', `0; url=${PAGE}#top`],
    ['a page to read first', `${REFRESH_FOLLOWED_WITHIN_S + 1}; url=https://news.example.org/`],
    ['a script address', '0; url=javascript:alert(1)'],
    ['a data address', '0; url=data:text/html,<p>hi</p>'],
    ['no delay', 'url=https://news.example.org/'],
    ['nothing', ''],
  ])('is not followed: %s', (_, content) => {
    expect(refreshTarget(content, PAGE)).toBeUndefined();
  });
});
