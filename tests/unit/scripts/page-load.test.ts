import { describe, expect, it } from 'vitest';
import {
  followingRefreshes,
  REFRESH_FOLLOWED_WITHIN_S,
  refreshTarget,
} from '../../../scripts/lib/page-load';

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

/**
 * The order of opening and following, with a stand-in page: `at` is where the page is once an
 * address is opened (an HTTP redirect's target), `refreshOf` what each page's refresh says.
 */
async function follow(
  url: string,
  at: (address: string) => string,
  refreshOf: (address: string) => string | null,
) {
  const opened: string[] = [];
  let current = '';
  const page = {
    url: () => current,
    evaluate: async () => refreshOf(current),
  };
  const result = await followingRefreshes(page, url, 5_000, async (address) => {
    opened.push(address);
    current = at(address);
    return { ok: true as const };
  });
  return { opened, result, at: current };
}

describe('opening a page that may send the reader on', () => {
  it('opens a page an HTTP redirect answered once, where it settled', async () => {
    const { opened, at } = await follow(
      'http://news.example.org/tides',
      (address) => address.replace('http://', 'https://www.'),
      () => null,
    );
    expect(opened).toEqual(['http://news.example.org/tides']);
    expect(at).toBe('https://www.news.example.org/tides');
  });

  it('follows a refresh to the page it leads to, and stops there', async () => {
    const { opened } = await follow(
      'https://short.example/go/42',
      (address) => address,
      (address) =>
        address.includes('short.example') ? '0; url=https://news.example.org/tides' : null,
    );
    expect(opened).toEqual(['https://short.example/go/42', 'https://news.example.org/tides']);
  });

  it('follows three refreshes in a row at most', async () => {
    const { opened } = await follow(
      'https://loop.example/0',
      (address) => address,
      (address) => `0; url=https://loop.example/${Number(address.split('/').pop()) + 1}`,
    );
    expect(opened).toEqual([0, 1, 2, 3].map((hop) => `https://loop.example/${hop}`));
  });
});
