import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fixtureOptions } from './fixture-options';

/**
 * The site modules' golden fixtures (utils/clip/sites/<id>/fixtures) as a real browser meets
 * them: served at their own URL path on a local server, with the lines their golden note must
 * hold. Shared by the Chromium spec (tests/e2e/capture/site-clips.spec.ts) and the Firefox suite
 * (tests/firefox/site-clips.test.ts).
 */
export const SITES_DIR = resolve('utils/clip/sites');

/** A site fixture's text, by its path under SITES_DIR (`mdn/fixtures/array-flat.html`). */
export function readSiteFixture(path: string): string {
  return readFileSync(join(SITES_DIR, path), 'utf8');
}

export interface SiteFixture {
  folder: string;
  /** The fixture's file name, for messages. */
  name: string;
  html: string;
  /** Path and query of the fixture's own URL: where the local server serves it. */
  path: string;
  /** Lines of its golden note's content (the front matter left out). */
  golden: string[];
}

/**
 * Fixtures a module must read with its default depth, in article mode: what a plain clip does.
 * `each: 'first'` keeps the first of each folder (so folders added later are covered too).
 */
export function siteFixtures(each: 'first' | 'all' = 'first'): SiteFixture[] {
  const found: SiteFixture[] = [];
  for (const folder of readdirSync(SITES_DIR).sort()) {
    const dir = join(SITES_DIR, folder, 'fixtures');
    if (!statSync(join(SITES_DIR, folder)).isDirectory() || !existsSync(dir)) continue;
    for (const name of readdirSync(dir)
      .filter((file) => file.endsWith('.html'))
      .sort()) {
      const html = readFileSync(join(dir, name), 'utf8');
      const options = fixtureOptions(html);
      if (options.site !== folder || options.comments || (options.mode ?? 'article') !== 'article')
        continue;
      if (!options.url) throw new Error(`${folder}/${name}: its clip comment has no url.`);
      const url = new URL(options.url);
      const golden = readFileSync(join(dir, name.replace(/\.html$/, '.md')), 'utf8')
        .replace(/^[\s\S]*?\n---\n/, '')
        .split('\n')
        .map((line) => line.trim())
        // Lines with links or images are left out: the page is served from another host, so
        // relative addresses resolve differently.
        .filter((line) => line && !line.startsWith('<!--') && !line.includes(']('));
      found.push({ folder, name, html, path: url.pathname + url.search, golden });
      if (each === 'first') break;
    }
  }
  return found;
}

/** Serves each fixture at its own path, as the site would. */
export async function serveSiteFixtures(fixtures: readonly Pick<SiteFixture, 'path' | 'html'>[]) {
  // The address's fragment never reaches the server, so two fixtures can share a path and query
  // (a mail account's threads, one page in two front ends): the second is served under the
  // server's other name, so each is clipped from its own address.
  const hosts = ['127.0.0.1', 'localhost'];
  const pages = new Map<string, string>();
  const hostOf = new Map<Pick<SiteFixture, 'path' | 'html'>, string>();
  for (const fixture of fixtures) {
    const host = hosts.find((name) => !pages.has(name + fixture.path));
    if (!host) throw new Error(`More than ${hosts.length} site fixtures at ${fixture.path}.`);
    pages.set(host + fixture.path, fixture.html);
    hostOf.set(fixture, host);
  }
  const server = createServer((request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    const html = pages.get(host + (request.url ?? ''));
    response.writeHead(html ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(html ?? 'not found');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    /** A fixture's address (or a path's, on the first name). */
    urlFor: (target: string | Pick<SiteFixture, 'path' | 'html'>) =>
      typeof target === 'string'
        ? `http://127.0.0.1:${port}${target}`
        : `http://${hostOf.get(target) ?? '127.0.0.1'}:${port}${target.path}`,
    // The browser keeps its connection open while the page is: close() alone waited for it
    // (110 s a test).
    stop: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
