import { Readability } from '@mozilla/readability';
import { hasText } from './presence';

/** The parts of Readability 0.6.0's instance the overrides below read. */
interface ReadabilityInternals {
  REGEXPS: { byline: RegExp };
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
