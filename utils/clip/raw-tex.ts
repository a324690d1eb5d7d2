import { type MathDisplay, mathPlaceholder } from './math';

/**
 * TeX still in the page's text: `$…$`, `$$…$$`, `\(…\)`, `\[…\]`. A page that loads MathJax or
 * KaTeX typesets these in the reader's browser; when the clip is taken before that happens (or
 * the typesetting is lazy, or failed), the TeX is all there is, and it should reach the note as
 * math rather than as escaped dollar signs.
 *
 * Only pages that load such a renderer are read this way: elsewhere "$5 and $10" is money.
 */
const RENDERER = [
  'script[src*="mathjax" i]',
  'script[src*="katex" i]',
  'script[type="text/x-mathjax-config" i]',
  'link[href*="katex" i]',
].join(', ');
const RENDERER_CONFIG = /\bMathJax\b|renderMathInElement/;

/**
 * `$$…$$` and `\[…\]` (display), `\(…\)` and `$…$` (inline). A single dollar opens only before a
 * non-space and closes only after one, not before a digit: "$100 per unit" stays text.
 */
const DELIMITED_TEX =
  /\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\]|\\\(([\s\S]+?)\\\)|\$(?=[^\s$])([^$\n]*?[^\s$\\])\$(?!\d)/g;

/** Text inside these is code or not shown: never TeX to convert. */
const LITERAL = 'pre, code, kbd, samp, script, style, textarea, clipdeck-math';

export function pageRendersTex(doc: Document): boolean {
  if (doc.querySelector(RENDERER)) return true;
  // A configuration sits near the top; the page's other inline scripts need not all be read.
  return Array.from(doc.querySelectorAll('script:not([src])'))
    .slice(0, 30)
    .some((script) => RENDERER_CONFIG.test(script.textContent ?? ''));
}

export function normalizeRawTex(root: Element): void {
  const doc = root.ownerDocument;
  if (!pageRendersTex(doc)) return;
  const texts: Text[] = [];
  // 4: text nodes (NodeFilter is not a global in every DOM implementation).
  const walker = doc.createTreeWalker(root, 4);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    if (/[$\\]/.test(text.data) && !text.parentElement?.closest(LITERAL)) texts.push(text);
  }
  for (const text of texts) replaceDelimitedTex(text);
}

function replaceDelimitedTex(text: Text): void {
  const source = text.data;
  const parts: (string | Element)[] = [];
  let last = 0;
  for (const match of source.matchAll(DELIMITED_TEX)) {
    const [whole, displayDollars, displayBrackets, inlineParens, inlineDollar] = match;
    const tex = (displayDollars ?? displayBrackets ?? inlineParens ?? inlineDollar ?? '').trim();
    if (!tex) continue;
    const index = match.index ?? 0;
    // Display delimiters mid-sentence are typeset in the line by MathJax too: keep them inline.
    const alone =
      source.slice(0, index).trim() === '' && source.slice(index + whole.length).trim() === '';
    const display: MathDisplay =
      (displayDollars !== undefined || displayBrackets !== undefined) && alone && isWholeBlock(text)
        ? 'display'
        : 'inline';
    parts.push(source.slice(last, index), mathPlaceholder(text.ownerDocument, tex, display));
    last = index + whole.length;
  }
  if (last === 0) return;
  parts.push(source.slice(last));
  text.replaceWith(...parts.filter((part) => part !== ''));
}

/** The text node is all its parent block holds: a formula on a line of its own. */
function isWholeBlock(text: Text): boolean {
  const parent = text.parentElement;
  return parent !== null && (parent.textContent ?? '').trim() === text.data.trim();
}
