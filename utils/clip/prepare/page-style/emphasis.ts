import { elementBeside, hasText, holdsTag, showsSomething } from '../../presence';
import { classesOf, ownClassRules } from './own-sheets';

/**
 * Emphasis as the reader sees it. Pages set bold and italics in more ways than `<strong>` and
 * `<em>`: by a class (LaTeXML, utility-class frameworks), by an inline style (Google Docs, the
 * editors of Blogger and WordPress, text pasted from Word), and they wrap whole passages in an
 * emphasis element that the style then sets back to normal (Google Docs' `<b style=
 * "font-weight:normal" id="docs-internal-guid-…">` around everything pasted from it). Markdown's
 * emphasis lives inside one paragraph, so each is written as what it looks like, inside the blocks.
 */

/** Class names that set italics or bold and nothing else: LaTeXML's, Tailwind's, Bootstrap's. */
const ITALIC_CLASS = /^(?:ltx_font_italic|italic|font-italic|fst-italic|is-italic)$/;
const BOLD_CLASS = /^(?:ltx_font_bold|font-bold|fw-bold|is-bold)$/;

const BOLD_TAGS = new Set(['b', 'strong']);
const ITALIC_TAGS = new Set(['i', 'em']);

/** Inline marks Markdown writes with delimiters, which pages also wrap around whole blocks. */
const WRAPPING_SELECTOR = 'b, strong, i, em, s, strike, del, mark';
/** Blocks an emphasis element may wrap: Markdown cannot write emphasis across them. */
const BLOCK_SELECTOR =
  'address, article, aside, blockquote, dd, details, div, dl, dt, figure, footer, header, h1, h2, h3, h4, h5, h6, hr, li, ol, p, pre, section, table, ul';
/** Where a span's emphasis is the reader's: running text. */
const RUNNING_TEXT = 'p, li, blockquote, td, dd';
/** Blocks that keep no emphasis of their own: headings are bold already, code and tables are left as they are. */
const UNEMPHASISED_BLOCK = /^(?:h[1-6]|hr|pre|table)$/;

/** The weight an inline style sets: 'bold' (600 and over), 'normal' (400 and under), or none. */
function styledWeight(element: Element): 'bold' | 'normal' | undefined {
  return weightOf((element as HTMLElement).style?.fontWeight);
}

/** A `font-weight` value read as 'bold' (600 and over), 'normal' (400 and under), or neither. */
function weightOf(value: string | undefined): 'bold' | 'normal' | undefined {
  const weight = value?.trim().toLowerCase();
  if (!weight) return undefined;
  if (weight === 'bold' || weight === 'bolder') return 'bold';
  if (weight === 'normal' || weight === 'lighter') return 'normal';
  const number = Number(weight);
  if (!Number.isFinite(number)) return undefined;
  return number >= 600 ? 'bold' : number <= 400 ? 'normal' : undefined;
}

/** The slant an inline style sets: 'italic' (italic or oblique), 'normal', or none. */
function styledSlant(element: Element): 'italic' | 'normal' | undefined {
  return slantOf((element as HTMLElement).style?.fontStyle);
}

/** A `font-style` value read as 'italic' (italic or oblique), 'normal', or neither. */
function slantOf(value: string | undefined): 'italic' | 'normal' | undefined {
  const slant = value?.trim().toLowerCase();
  if (!slant) return undefined;
  if (slant.startsWith('italic') || slant.startsWith('oblique')) return 'italic';
  return slant === 'normal' ? 'normal' : undefined;
}

/**
 * An emphasis element whose own style takes the emphasis back (`<b style="font-weight:normal">`)
 * is what it looks like: plain text.
 */
function unwrapsItsOwnEmphasis(element: Element): boolean {
  const name = element.localName;
  if (BOLD_TAGS.has(name)) return styledWeight(element) === 'normal';
  if (ITALIC_TAGS.has(name)) return styledSlant(element) === 'normal';
  return false;
}

/**
 * The emphasis of an element that wraps blocks, moved into them: each run of inline content (in
 * it and in the blocks it holds) gets an element of the same kind, and the wrapper goes. Turndown
 * would otherwise write the delimiters on lines of their own around the blocks ("**" or "~~"
 * alone), where a renderer shows them as text. Strike-through and highlights are moved the same way.
 */
function moveEmphasisIntoBlocks(wrapper: Element): void {
  const doc = wrapper.ownerDocument;
  const wrapRuns = (container: Element) => {
    let run: Node[] = [];
    const flush = () => {
      if (run.some(hasText)) {
        const emphasis = doc.createElement(wrapper.localName);
        run[0]?.parentNode?.insertBefore(emphasis, run[0]);
        emphasis.append(...run);
      }
      run = [];
    };
    for (const child of Array.from(container.childNodes)) {
      const element = child.nodeType === 1 ? (child as Element) : undefined;
      if (element?.matches(BLOCK_SELECTOR)) {
        flush();
        if (!UNEMPHASISED_BLOCK.test(element.localName)) wrapRuns(element);
      } else if (element?.querySelector(BLOCK_SELECTOR)) {
        // An inline element around blocks (`<strong><span><p>`): its own runs take the emphasis.
        flush();
        wrapRuns(element);
      } else {
        run.push(child);
      }
    }
    flush();
  };
  wrapRuns(wrapper);
  wrapper.replaceWith(...Array.from(wrapper.childNodes));
}

/**
 * A span in running text (a paragraph, list item, quote, cell), outside headings and code: a
 * heading is bold already, and a span that is the whole of its block (the nearest one, a div
 * too: Google Docs sets each line of a table's header cell in a div of its own) is a styled block.
 */
function inRunningText(span: Element): boolean {
  const block = span.closest(`${RUNNING_TEXT}, h1, h2, h3, h4, h5, h6, pre, code`);
  if (!block || /^(?:h[1-6]|pre|code)$/.test(block.localName)) return false;
  const text = (span.textContent ?? '').trim();
  const nearest = span.parentElement?.closest(BLOCK_SELECTOR) ?? block;
  if (!text || text === (block.textContent ?? '').trim()) return false;
  if (block.contains(nearest) && text === (nearest.textContent ?? '').trim()) return false;
  return !span.querySelector('p, div, li, table, pre, blockquote');
}

/** The span's content wrapped in `<em>`, `<strong>` or both, inside the span. */
function emphasise(span: Element, italic: boolean, bold: boolean): void {
  const doc = span.ownerDocument;
  let inner: Element = doc.createElement(italic ? 'em' : 'strong');
  inner.append(...Array.from(span.childNodes));
  if (italic && bold) {
    const outer = doc.createElement('strong');
    outer.append(inner);
    inner = outer;
  }
  span.append(inner);
}

/**
 * Emphasis elements that take their emphasis back are unwrapped, those wrapping blocks have it
 * moved into the blocks, and a span whose class or inline style says italic or bold becomes
 * emphasis, as `<em>` and `<strong>` are, where it sits in running text.
 */
export function normalizeEmphasis(
  root: Element,
  sheetClasses: ReadonlyMap<string, ClassEmphasis> = new Map(),
): void {
  for (const element of Array.from(root.querySelectorAll(WRAPPING_SELECTOR))) {
    if (element.hasAttribute('style') && unwrapsItsOwnEmphasis(element)) {
      element.replaceWith(...Array.from(element.childNodes));
      continue;
    }
    // Most emphasis holds only text: nothing to look for inside it.
    if (!element.firstElementChild || !element.parentNode || element.closest('pre, code')) continue;
    if (element.querySelector(BLOCK_SELECTOR)) moveEmphasisIntoBlocks(element);
  }
  // Every name ITALIC_CLASS and BOLD_CLASS accept holds one of these words, and an inline style
  // that sets either holds "font": the selector leaves out the page's other spans (thousands on
  // some pages) before any name or style is read. A page whose own style sheet sets emphasis by
  // class (Google Docs' `.c4{font-weight:700}`) has its spans with a class looked at too.
  const selector = sheetClasses.size > 0 ? 'span[class], span[style*="font"]' : SPAN_SELECTOR;
  for (const span of Array.from(root.querySelectorAll(selector))) {
    const names = classesOf(span);
    const fromSheet = (kind: 'bold' | 'italic') =>
      names.some((name) => sheetClasses.get(name)?.[kind] === true);
    // The inline style wins over the class, as it does on screen; inside emphasis of the same
    // kind already, a second would read "**" or worse.
    const slant = styledSlant(span);
    const weight = styledWeight(span);
    const italic =
      slant !== 'normal' &&
      (slant === 'italic' ||
        names.some((name) => ITALIC_CLASS.test(name)) ||
        fromSheet('italic')) &&
      !span.closest('em, i');
    const bold =
      weight !== 'normal' &&
      (weight === 'bold' || names.some((name) => BOLD_CLASS.test(name)) || fromSheet('bold')) &&
      !span.closest('strong, b');
    if ((italic || bold) && inRunningText(span)) emphasise(span, italic, bold);
  }
}

const SPAN_SELECTOR = 'span[class*="italic"], span[class*="bold"], span[style*="font"]';

/** What a class of the page's own style sheet makes of a span's text: bold, italic, or either back to normal. */
type ClassEmphasis = { bold?: boolean; italic?: boolean };

/** A rule for a class that sets a weight or a slant, somewhere in a sheet's text: the class. */
const CLASS_EMPHASIS_HINT =
  /\.([\w-]+)\s*\{[^{}]*font-(?:weight|style)\s*:\s*(?:bold|[6-9]00|italic|oblique)/gi;
/** Spans looked at per class before the class is taken as one running text never uses. */
const SPANS_PER_CLASS = 50;

/** Whether a span in running text has this class: what makes a sheet's rule for it matter. */
function classInRunningText(doc: Document, name: string): boolean {
  const elements = doc.getElementsByClassName(name);
  for (let index = 0; index < elements.length && index < SPANS_PER_CLASS; index += 1) {
    const element = elements[index] as Element;
    if (element.localName === 'span' && element.closest(RUNNING_TEXT)) return true;
  }
  return false;
}

/**
 * The classes the page's own `<style>` sheets give a weight or a slant (own-sheets.ts), in the
 * order the cascade applies them: a later rule for the same class overrides an earlier one.
 */
export function emphasisClassesOfOwnSheets(doc: Document): Map<string, ClassEmphasis> {
  const classes = new Map<string, ClassEmphasis>();
  const rules = ownClassRules(doc, CLASS_EMPHASIS_HINT, (name) => classInRunningText(doc, name));
  for (const { classes: names, style } of rules) {
    const weight = weightOf(style.fontWeight);
    const slant = slantOf(style.fontStyle);
    if (!weight && !slant) continue;
    for (const name of names) {
      const entry = classes.get(name) ?? {};
      if (weight) entry.bold = weight === 'bold';
      if (slant) entry.italic = slant === 'italic';
      classes.set(name, entry);
    }
  }
  // Only classes that set emphasis are worth a look: "normal" entries only override earlier rules.
  for (const [name, entry] of classes) if (!entry.bold && !entry.italic) classes.delete(name);
  return classes;
}

/** Inline marks by the delimiter Markdown writes them with: tags of one kind merge. */
const DELIMITER_KIND: Record<string, string> = {
  em: 'em',
  i: 'em',
  strong: 'strong',
  b: 'strong',
  s: 'strike',
  strike: 'strike',
  del: 'strike',
  mark: 'mark',
  code: 'code',
};
const EMPHASIS_SELECTOR = Object.keys(DELIMITER_KIND).join(', ');

/** For each kind, the tags that write it: what an element's enclosing emphasis of its kind is found by. */
const TAGS_OF_KIND = new Map<string, string>();
for (const [tag, kind] of Object.entries(DELIMITER_KIND)) {
  TAGS_OF_KIND.set(kind, TAGS_OF_KIND.has(kind) ? `${TAGS_OF_KIND.get(kind)}, ${tag}` : tag);
}

/**
 * Each run of emphasis written with its delimiter once. Emphasis inside emphasis of the same
 * kind (`<strong><strong>…</strong></strong>`, `<i>… <em>word</em> …</i>`, from editors that
 * wrap again what is already set) looks no different on the page, but Markdown would write its
 * delimiters twice: `****Watch next****`. The inner element goes, its content stays (code inside
 * code is one span already). Then emphasis split into touching elements (`<em>b</em><em>y Your
 * Name</em>`, from editors that style a word letter by letter, or `<b>Keep</b><strong>ers</strong>`
 * where two editors met), or a space apart, becomes one element: Markdown has no way to write two
 * runs of one delimiter with nothing between them (`*b**y Your Name*` and `~~a~~~~b~~` read as
 * something else).
 */
export function mergeAdjacentEmphasis(root: Element): void {
  const elements = Array.from(root.querySelectorAll(EMPHASIS_SELECTOR));
  for (const element of elements) {
    const kind = DELIMITER_KIND[element.localName] as string;
    if (kind === 'code') continue;
    const outer = element.parentElement?.closest(TAGS_OF_KIND.get(kind) as string);
    if (outer && root.contains(outer)) {
      element.replaceWith(...Array.from(element.childNodes));
    }
  }
  // Innermost first, so punctuation at the end of nested emphasis leaves all of it.
  for (let index = elements.length - 1; index >= 0; index -= 1) {
    const element = elements[index] as Element;
    if (element.parentNode && DELIMITER_KIND[element.localName] !== 'code')
      moveEdgePunctuationOut(element);
  }
  for (const element of elements) {
    if (element.parentNode) liftInnerEmphasisToNeighbours(element);
  }
  for (const element of elements) {
    if (!element.parentNode) continue;
    const kind = DELIMITER_KIND[element.localName];
    for (;;) {
      // Runs a space apart (`<b>DevTools Fission</b> <b>M2</b>`) read as one run on the page
      // too, and `**DevTools Fission** **M2**` shows its stars in the middle. Code spans a space
      // apart are two pieces of code, and stay two.
      const space =
        kind !== 'code' && element.nextSibling && isBlankText(element.nextSibling)
          ? element.nextSibling
          : undefined;
      const next = (space ?? element).nextSibling;
      if (next?.nodeType !== 1) break;
      if (DELIMITER_KIND[(next as Element).localName] !== kind) break;
      if (space) element.append(' ');
      space?.remove();
      element.append(...Array.from(next.childNodes));
      next.remove();
    }
  }
}

/** The inline marks Markdown writes with delimiters around their words: links and emphasis. */
const DELIMITED_SELECTOR = `a, ${Object.keys(DELIMITER_KIND)
  .filter((tag) => DELIMITER_KIND[tag] !== 'code')
  .join(', ')}`;

/**
 * Line breaks that open or close a link or emphasis move out of it, where the page shows them
 * anyway. Markdown writes the break as a backslash at the end of the line, so `<strong>INSIGHT]
 * <br></strong><a>Lakers…</a>` (the Express's related links) closed its stars at the start of
 * the next line, `**INSIGHT]\` then `**[Lakers…`, where they open instead: the rest of the
 * paragraph turned bold and the stars showed. A link ending in a break (`<a>August 2002<br></a>`,
 * a blog's archive list) was written `[August 2002\](…)`, its bracket escaped: no link at all.
 * Innermost first, so a break at the end of nested marks leaves all of them.
 */
export function moveBreaksOutOfInlineMarks(root: Element): void {
  // No break, nothing to move: a tag lookup says so before the selector runs.
  if (!holdsTag(root, ['br'])) return;
  const elements = Array.from(root.querySelectorAll(DELIMITED_SELECTOR));
  for (let index = elements.length - 1; index >= 0; index -= 1) {
    const element = elements[index] as Element;
    if (element.firstElementChild) moveEdgeBreaksOut(element);
  }
}

function moveEdgeBreaksOut(element: Element): void {
  for (let last = lastShown(element); last?.nodeName === 'BR'; last = lastShown(element)) {
    element.after(last);
  }
  for (let first = firstShown(element); first?.nodeName === 'BR'; first = firstShown(element)) {
    element.before(first);
  }
}

/** Marks CommonMark counts as punctuation beside a delimiter (Unicode P and S). */
const EDGE_PUNCTUATION_END = /[\p{P}\p{S}]+$/u;
const EDGE_PUNCTUATION_START = /^[\p{P}\p{S}]+/u;
const WORD_START = /^[\p{L}\p{N}]/u;
const WORD_END = /[\p{L}\p{N}]$/u;

/**
 * Punctuation at the edge of emphasis, against a word outside it, moves out. CommonMark closes
 * `**` after punctuation only before a space or more punctuation, and opens it before
 * punctuation only after one: a bold quote mark opening a sentence (`wrote. **"**The course`),
 * `in print**,”** she said` and `*The Scholars of Night “*should’ve` showed their stars and
 * set no emphasis at all. The mark looks the same unstyled; emphasis left with nothing goes.
 */
function moveEdgePunctuationOut(element: Element): void {
  const last = element.lastChild;
  if (last?.nodeType === 3 && WORD_START.test(textBeside(element, 'after'))) {
    const text = last.nodeValue ?? '';
    const marks = EDGE_PUNCTUATION_END.exec(text)?.[0];
    if (marks) {
      last.nodeValue = text.slice(0, text.length - marks.length);
      element.after(marks);
    }
  }
  const first = element.firstChild;
  if (first?.nodeType === 3 && WORD_END.test(textBeside(element, 'before'))) {
    const text = first.nodeValue ?? '';
    const marks = EDGE_PUNCTUATION_START.exec(text)?.[0];
    if (marks) {
      first.nodeValue = text.slice(marks.length);
      element.before(marks);
    }
  }
  if (!showsSomething(element)) element.replaceWith(...Array.from(element.childNodes));
}

/**
 * The text right before or after the element, where its delimiter's flanking is read: a text
 * node beside it. Beside an element the Markdown writes its own syntax (a link's `)`, a break's
 * backslash), never that element's words, so nothing is read there.
 */
function textBeside(element: Element, side: 'before' | 'after'): string {
  const node = side === 'after' ? element.nextSibling : element.previousSibling;
  return node?.nodeType === 3 ? (node.nodeValue ?? '') : '';
}

/** The last child that is not white space. */
function lastShown(element: Element): ChildNode | null {
  let node = element.lastChild;
  while (node && isBlankText(node)) node = node.previousSibling;
  return node;
}

/** The first child that is not white space. */
function firstShown(element: Element): ChildNode | null {
  let node = element.firstChild;
  while (node && isBlankText(node)) node = node.nextSibling;
  return node;
}

/** A text node of white space only: what separates two runs by a space, however indented. */
function isBlankText(node: Node): boolean {
  return node.nodeType === 3 && !hasText(node);
}

/**
 * Emphasis of one kind whose whole content is emphasis of another, beside runs of that other kind,
 * turned inside out: `<strong>the </strong><i><strong>direction</strong></i><strong> is</strong>`
 * (what Google Docs and most rich-text editors write for a bold sentence with an italic phrase)
 * becomes three bold runs in a row, which the merge makes one: `**the *direction* is**`, not
 * `**the** ***direction*** **is**`. Both nestings look the same on the page.
 */
function liftInnerEmphasisToNeighbours(element: Element): void {
  const kind = DELIMITER_KIND[element.localName];
  const inner = element.firstElementChild;
  if (kind === 'code' || !inner || element.firstChild !== inner || element.lastChild !== inner)
    return;
  const innerKind = DELIMITER_KIND[inner.localName];
  if (!innerKind || innerKind === kind || innerKind === 'code') return;
  const besideInnerKind = (neighbour: Element | undefined) =>
    neighbour !== undefined && DELIMITER_KIND[neighbour.localName] === innerKind;
  if (
    !besideInnerKind(elementBeside(element, 'previousSibling')) &&
    !besideInnerKind(elementBeside(element, 'nextSibling'))
  )
    return;
  element.replaceWith(inner);
  element.append(...Array.from(inner.childNodes));
  inner.append(element);
}
