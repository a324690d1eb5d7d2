import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteReadersLikely } from '../../../../utils/clip/light';
import { SITE_MODULES } from '../../../../utils/clip/sites';
import { fixtureOptions } from '../../../support/fixture-options';

const SITES_DIR = join(__dirname, '../../../../utils/clip/sites');

// Forums and servers anyone runs under a name of their own: no host tells their pages.
const UNDER_ANY_NAME = new Set(['discourse', 'mastodon', 'phpbb']);

/** The addresses of the fixtures a module must read. */
function addressesReadBy(id: string): string[] {
  const dir = join(SITES_DIR, id, 'fixtures');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.html'))
    .map((name) => fixtureOptions(readFileSync(join(dir, name), 'utf8')))
    .filter((options) => options.site === id && options.url)
    .map((options) => options.url as string);
}

describe('the hint that brings the site readers with the engine (sites/hosts.ts)', () => {
  for (const site of SITE_MODULES.filter((module) => !UNDER_ANY_NAME.has(module.id))) {
    it(`is given on ${site.id}’s own host`, () => {
      const addresses = addressesReadBy(site.id).filter((address) => /^https?:/.test(address));
      expect(addresses.length).toBeGreaterThan(0);
      expect(addresses.filter(siteReadersLikely), addresses.join(', ')).not.toEqual([]);
    });
  }

  it('is given on the sites’ other hosts (mobile, old, the network’s sites)', () => {
    for (const address of [
      'https://en.m.wikipedia.org/wiki/Selvik',
      'https://old.reddit.com/r/x/comments/1/',
      'https://unix.stackexchange.com/questions/1',
      'https://twitter.com/someone/status/1',
      'https://lanternworks.substack.com/p/tide',
    ]) {
      expect(siteReadersLikely(address), address).toBe(true);
    }
  });

  it('is not given elsewhere: other hosts, names that merely contain a site’s, saved copies', () => {
    for (const address of [
      'https://www.nytimes.com/2026/11/01/science/tides.html',
      'https://github.blog/news-insights/2026-tides/',
      'https://notgithub.com/acme/widgets/issues/1',
      'https://fox.com/news',
      'https://example.com/news.ycombinator.com/item?id=1',
      'file:///home/reader/Downloads/github.com.html',
      'javascript:alert(1)',
      'not an address',
    ]) {
      expect(siteReadersLikely(address), address).toBe(false);
    }
  });
});
