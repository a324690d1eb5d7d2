import { metaContent } from './sites/post-parts';

/**
 * A saved copy of a page (a file the headless command clips) is served from a loopback address
 * that is gone when the command ends. Its relative links and images mean addresses on the site it
 * was saved from, not on that server: read against the server, every one of them would lead
 * nowhere in the note.
 */

/** What a browser writes at the top of a page it saves: `<!-- saved from url=(0044)https://… -->`. */
const SAVED_FROM = /^\s*saved from url=\(\d+\)(\S+)/i;

const WEB_ADDRESS = /^https?:\/\/[^/\s]/i;

/**
 * The address a saved copy's relative addresses are read against: the page's own `<base>` when
 * it names a web address, else the address it says it was saved from (a browser's "saved from"
 * comment, its canonical link, its `og:url`). A copy that names none gets `about:blank`, against
 * which no relative address resolves: such links are kept as their text, such images dropped.
 */
export function savedCopyBase(doc: Document): string {
  const base = doc.querySelector('base[href]')?.getAttribute('href')?.trim();
  if (base && isWebAddress(base)) return base;
  return declaredAddress(doc) ?? 'about:blank';
}

/**
 * The web address a copy of a page says it was saved from: a browser's "saved from" comment, its
 * canonical link, its `og:url`, the first that is an absolute web address.
 */
export function declaredAddress(doc: Document): string | undefined {
  return [
    savedFromComment(doc),
    doc.querySelector('link[rel~="canonical" i][href]')?.getAttribute('href')?.trim(),
    metaContent(doc, 'og:url'),
  ].find(isWebAddress);
}

export function isWebAddress(address: string | null | undefined): address is string {
  return !!address && WEB_ADDRESS.test(address) && URL.canParse(address);
}

/** The browser's "saved from" comment: before `<html>`, or first in it (Chromium writes it there). */
function savedFromComment(doc: Document): string | undefined {
  const candidates = [
    ...Array.from(doc.childNodes),
    ...Array.from(doc.documentElement?.childNodes ?? []).slice(0, 3),
  ];
  for (const node of candidates) {
    // 8: a comment (Node's constants are not globals in every DOM implementation).
    if (node.nodeType !== 8) continue;
    const match = SAVED_FROM.exec(node.nodeValue ?? '');
    if (match) return match[1];
  }
  return undefined;
}

/**
 * Makes `base` the base address of `doc`, a copy the engine made (never the live page, where a
 * new base would load the page's images and styles again): ahead of the page's own `<base>`,
 * which it replaces. A page's own policy may refuse it (`base-uri 'self'`, which Chromium applies
 * to the engine's copies too): the headless command serves saved pages without their policies
 * (scripts/lib/static-server.ts), so every address the engine reads, in links, sources, sets and
 * lazy attributes alike, is read against `base`.
 */
export function setBase(doc: Document, base: string): void {
  const element = doc.createElement('base');
  element.setAttribute('href', base);
  const head = doc.head ?? doc.documentElement;
  head?.prepend(element);
}
