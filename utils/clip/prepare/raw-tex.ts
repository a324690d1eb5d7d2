import { type MathDisplay, mathPlaceholder } from './math';

/**
 * TeX still in the page's text: `$…$`, `$$…$$`, `\(…\)`, `\[…\]`. A page that loads MathJax or
 * KaTeX typesets these in the reader's browser; when the clip is taken before that happens (or
 * the typesetting is lazy, or failed), the TeX is all there is, and it should reach the note as
 * math rather than as escaped dollar signs.
 *
 * Only pages that load such a renderer are read this way: elsewhere "$5 and $10" is money.
 */
const RENDERER_SOURCE = /mathjax|katex/i;
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
  // Plain collection walks: cheaper than attribute selectors on pages with hundreds of scripts.
  let inlineScriptsRead = 0;
  for (const script of Array.from(doc.getElementsByTagName('script'))) {
    const source = script.getAttribute('src');
    if (source) {
      if (RENDERER_SOURCE.test(source)) return true;
      continue;
    }
    const type = script.getAttribute('type') ?? '';
    if (/mathjax-config/i.test(type)) return true;
    // A configuration sits near the top; data blocks (JSON) and later scripts need not be read.
    if (/json/i.test(type) || inlineScriptsRead >= 30) continue;
    inlineScriptsRead += 1;
    // A script's one text node, read without copying it (textContent builds a new string).
    const only = script.firstChild;
    const code =
      only && only === script.lastChild && only.nodeType === 3
        ? (only.nodeValue ?? '')
        : (script.textContent ?? '');
    // Plain substring searches first: inline scripts can be hundreds of kilobytes.
    if (
      (code.includes('MathJax') || code.includes('renderMathInElement')) &&
      RENDERER_CONFIG.test(code)
    )
      return true;
  }
  return Array.from(doc.getElementsByTagName('link')).some((link) =>
    /katex/i.test(link.getAttribute('href') ?? ''),
  );
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
