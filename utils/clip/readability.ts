import { Readability } from '@mozilla/readability';
import { hasText } from './presence';

/** The parts of Readability 0.6.0's instance the overrides below read. */
interface ReadabilityInternals {
  REGEXPS: { byline: RegExp };
  _doc: Document;
  _postProcessContent(this: unknown, articleContent: Element): void;
  _getClassWeight(element: Element): number;
}

/**
 * Readability with three of its per-node checks reordered, the cheap test first. They run on
 * every node (or every block) of every attempt, and as written they pay for what their answer
 * rarely needs:
 * - `_isValidByline` reads the node's whole `textContent` (on `<body>`, the whole page) before it
 *   looks at `rel`, `itemprop` and the class and id it is given; only a node that passes those
 *   needs its text measured.
 * - `_isElementWithoutContent` (every div, section, header and heading, and again when nested
 *   blocks are simplified) builds the block's whole text, the page's text for an outer wrapper,
 *   to learn whether it holds any; `hasText` stops at the first text with more than white space.
 * - `_isProbablyVisible` asks for `node.style` twice, which makes the browser build the node's
 *   inline style object; a node with no `style` attribute has no inline display or visibility.
 * The answers are exactly Readability's: the same conditions, in a different order, with no side
 * effects skipped. The package is pinned (package.json), and tests/unit/clip/readability.test.ts
 * checks that the methods replaced still exist under these names, so an upgrade that renames them
 * fails there rather than silently running the slow originals.
 */
export class PreparedReadability<T = string> extends Readability<T> {
  /** The address the page's links mean, as it was handed over (its own or a saved copy's base). */
  readonly #base: string;

  /** Each heading of the page with the blocks it stands between, as the page had them. */
  #headings: { heading: Element; before: Element; after: Element }[] = [];

  constructor(doc: Document, options?: ConstructorParameters<typeof Readability<T>>[1]) {
    super(doc, options);
    this.#base = doc.baseURI;
  }

  /**
   * Readability builds the article from the block it chose and those of its siblings that score
   * as prose; a heading between two of them scores nothing and stays behind. On a page whose
   * sections are each a block of their own under one parent (`<div class="section-content">`,
   * the heading between), the note had every section's prose and none of their headings. Which
   * heading stood between which blocks is noted before the page is taken apart, and put back in
   * _postProcessContent. Pages whose headings sit inside the block Readability chose lose none.
   */
  override parse(): ReturnType<Readability<T>['parse']> {
    const doc = (this as unknown as ReadabilityInternals)._doc;
    for (const heading of Array.from(doc.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
      const before = heading.previousElementSibling;
      const after = heading.nextElementSibling;
      if (before && after) this.#headings.push({ heading, before, after });
    }
    return super.parse();
  }

  /**
   * Readability takes the page's root for chrome when its class or id says so (`<html
   * class="header-spacing">`) and removes it before it scores anything; the body, still held,
   * becomes the article. The `<head>` goes with the root, and with it the `<base>`, so the
   * article's links were read against the document's own address (for a saved copy, the server
   * it was opened from), by Readability and by every step after it. A root holding the base the
   * page was handed with stands in from here on. Pages that keep their root are not touched.
   */
  _postProcessContent(articleContent: Element): void {
    const readability = this as unknown as ReadabilityInternals;
    for (const { heading, before, after } of this.#headings) {
      // Left in the page it was read from (a heading Readability removed is nowhere), while the
      // blocks on either side are side by side in the article: its place is between them. One
      // whose class Readability distrusts stays out, as it would inside the article (its
      // _cleanHeaders).
      if (
        heading.isConnected &&
        after.previousElementSibling === before &&
        articleContent.contains(before) &&
        !articleContent.contains(heading) &&
        readability._getClassWeight(heading) >= 0
      )
        after.before(heading);
    }
    const doc = readability._doc;
    if (!doc.documentElement && doc.baseURI !== this.#base) {
      const root = doc.appendChild(doc.createElement('html'));
      const head = root.appendChild(doc.createElement('head'));
      head.appendChild(doc.createElement('base')).setAttribute('href', this.#base);
    }
    const original = (Readability.prototype as unknown as ReadabilityInternals)._postProcessContent;
    original.call(this, articleContent);
  }

  _isValidByline(node: Element, matchString: string): boolean {
    const itemprop = node.getAttribute('itemprop');
    const named =
      node.getAttribute('rel') === 'author' ||
      (itemprop?.includes('author') ?? false) ||
      (this as unknown as ReadabilityInternals).REGEXPS.byline.test(matchString);
    if (!named) return false;
    const length = (node.textContent ?? '').trim().length;
    return length > 0 && length < 100;
  }

  _isElementWithoutContent(node: Node): boolean {
    if (node.nodeType !== 1 || hasText(node)) return false;
    const element = node as Element;
    const count = element.children.length;
    return (
      count === 0 ||
      count ===
        element.getElementsByTagName('br').length + element.getElementsByTagName('hr').length
    );
  }

  _isProbablyVisible(node: Element): boolean {
    if (node.hasAttribute('style')) {
      const style = (node as HTMLElement).style;
      if (style && (style.display === 'none' || style.visibility === 'hidden')) return false;
    }
    if (node.hasAttribute('hidden')) return false;
    // Wikimedia's math images are `aria-hidden` fallbacks that Readability keeps.
    if (node.getAttribute('aria-hidden') !== 'true') return true;
    const className = (node as { className?: unknown }).className;
    return typeof className === 'string' && className.includes('fallback-image');
  }
}
