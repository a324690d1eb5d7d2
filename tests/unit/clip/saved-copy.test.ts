import { describe, expect, it } from 'vitest';
import { type ClipRequest, clipDocument } from '../../../utils/clip';
import { readSiteFixture } from '../../support/site-fixtures';
import { pageFromHtml } from './dom';

/**
 * A saved page the headless command clips is served from a loopback address that is gone when
 * the command ends (scripts/lib/static-server.ts); its relative addresses mean the site it was
 * saved from. The request says so (`savedCopy`), and the note never links to the loopback server.
 */
const LOOPBACK = 'http://127.0.0.1:41234/lighthouses.html';

const ARTICLE = `
  <article>
  <h1>Lighthouses of the north coast</h1>
  <p>For two centuries the lighthouses of the north coast kept ships off the rocks. Most were built
  by one family of engineers, who designed the towers, the lamps and the <a href="/keepers/cottages">keepers' cottages</a>.</p>
  <p><img src="images/lens.jpg" alt="The lens of the last light"></p>
  <p>Keeping a light was lonely work. Three keepers shared each station, working four-hour watches
  through the night to trim the wicks (see <a href="watches.html">the watch rota</a>) and wind the clockwork.</p>
  <p>The last keepers left in 1998, when the final station was automated; the
  <a href="https://museum.example.org/lens">lens now stands in a museum</a>.</p>
  </article>`;

function page(head: string, before = ''): string {
  return `${before}<!DOCTYPE html><html lang="en"><head><title>Lighthouses</title>${head}</head><body>${ARTICLE}</body></html>`;
}

function markdownOf(html: string, request: Partial<ClipRequest> = { savedCopy: true }): string {
  const result = clipDocument(pageFromHtml(html, LOOPBACK), { mode: 'article', ...request });
  if (!result.ok) throw new Error(result.error.code);
  return result.clip.markdown;
}

describe('a saved copy', () => {
  it('reads its relative links and images against the address it declares', () => {
    const markdown = markdownOf(
      page('<link rel="canonical" href="https://coast.example.com/stories/lighthouses">'),
    );
    expect(markdown).toContain("[keepers' cottages](https://coast.example.com/keepers/cottages)");
    expect(markdown).toContain('](https://coast.example.com/stories/watches.html)');
    expect(markdown).toContain(
      '![The lens of the last light](https://coast.example.com/stories/images/lens.jpg)',
    );
    expect(markdown).toContain('[lens now stands in a museum](https://museum.example.org/lens)');
    expect(markdown).not.toContain('127.0.0.1');
  });

  it("takes a browser's 'saved from' comment before the canonical link, and its own <base> first", () => {
    const comment = '<!-- saved from url=(0040)https://archive.example.net/2019/light/ -->\n';
    const fromComment = markdownOf(
      page('<link rel="canonical" href="https://coast.example.com/stories/lighthouses">', comment),
    );
    expect(fromComment).toContain('](https://archive.example.net/2019/light/watches.html)');

    const withBase = markdownOf(page('<base href="https://mirror.example.org/copy/">', comment));
    expect(withBase).toContain('](https://mirror.example.org/copy/watches.html)');
  });

  it('keeps a relative link as its text, and leaves out a relative image, when it declares no address', () => {
    const markdown = markdownOf(page('<link rel="canonical" href="/stories/lighthouses">'));
    expect(markdown).toContain("the keepers' cottages.");
    expect(markdown).toContain('(see the watch rota)');
    expect(markdown).not.toContain('lens.jpg');
    expect(markdown).toContain('[lens now stands in a museum](https://museum.example.org/lens)');
    expect(markdown).not.toContain('127.0.0.1');
  });

  it('keeps its address when its root is classed like page chrome', () => {
    // Readability removes a root whose class says "header" (a newspaper template's
    // `<html class="header-spacing">`), and the <head> and its <base> with it.
    const chrome = (head: string) =>
      page(head).replace('<html lang="en">', '<html lang="en" class="header-spacing">');
    const declared = markdownOf(
      chrome('<link rel="canonical" href="https://coast.example.com/stories/lighthouses">'),
    );
    expect(declared).toContain("[keepers' cottages](https://coast.example.com/keepers/cottages)");
    expect(declared).not.toContain('127.0.0.1');
    const undeclared = markdownOf(chrome(''));
    expect(undeclared).toContain("the keepers' cottages.");
    expect(undeclared).not.toContain('127.0.0.1');
  });

  it('is not how a page at its own address is read', () => {
    const markdown = markdownOf(
      page('<link rel="canonical" href="https://coast.example.com/stories/lighthouses">'),
      {},
    );
    expect(markdown).toContain("[keepers' cottages](http://127.0.0.1:41234/keepers/cottages)");
  });

  it("gives a site module the copy's address too", () => {
    const html = `<!-- saved from url=(0029)https://news.ycombinator.com/ -->\n${readSiteFixture('hacker-news/fixtures/front-page.html')}`;
    const result = clipDocument(pageFromHtml(html, LOOPBACK), { mode: 'article', savedCopy: true });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.clip.site).toBe('hacker-news');
    expect(result.clip.markdown).toContain('](https://news.ycombinator.com/item?id=43100201)');
    expect(result.clip.markdown).not.toContain('127.0.0.1');
  });
});
