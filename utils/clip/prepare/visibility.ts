import type { TimeBudget } from '../budget';
import { holdsClass, showsSomething } from '../presence';
import { TABBED_PANELS } from './structure';

/** Set on the clone only: the live page is never modified. */
export const HIDDEN_ATTRIBUTE = 'data-clipdeck-hidden';

/**
 * `computed` asks the browser for each element's computed style (the real page); `inline` reads
 * only attributes and inline styles (jsdom, whose style cascade is slow and incomplete).
 */
export type StyleSource = 'computed' | 'inline';

// Never rendered, or rendered by the clip rules themselves: their own style says nothing.
const NOT_RENDERED = new Set([
  'HEAD',
  'SCRIPT',
  'STYLE',
  'TEMPLATE',
  'NOSCRIPT',
  'TITLE',
  'META',
  'LINK',
  'svg',
  'SVG',
  'math',
  'MATH',
]);

/**
 * Text-level elements are not asked for their computed style: stylesheets hide blocks (menus,
 * dialogs, banners), and one style lookup per word-level element would double the walk's cost.
 * Their attributes and inline styles still count, and a styled span holding only a short text is
 * measured for the screen-reader label's pixel (clippedToAPixel).
 */
const PHRASING = new Set([
  'A',
  'SPAN',
  'EM',
  'STRONG',
  'B',
  'I',
  'U',
  'S',
  'CODE',
  'KBD',
  'SAMP',
  'VAR',
  'SMALL',
  'SUP',
  'SUB',
  'ABBR',
  'CITE',
  'DFN',
  'TIME',
  'Q',
  'MARK',
  'BR',
  'WBR',
  'BDI',
  'BDO',
  'DATA',
  'INS',
  'DEL',
]);

const HEADING_TAGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

/**
 * Text-level elements whose gap to the next word a page may set with CSS alone. Code, super-
 * and subscripts and quotations are left out: their glued neighbours belong to them (`map`s,
 * x², a footnote's mark, "word"s), and their margins and marks are typography, not a word break.
 */
const SPACED_BY_STYLE = new Set(
  Array.from(PHRASING).filter(
    (tag) => !['BR', 'WBR', 'CODE', 'KBD', 'SAMP', 'VAR', 'SUP', 'SUB', 'Q'].includes(tag),
  ),
);

/** Set on the clone only: where the page sets two words apart by style, not by a space. */
const GAP_ATTRIBUTE = 'data-clipdeck-gap';

/**
 * The share of the font size a margin must reach to read as a word break: a space is about a
 * quarter of an em, and Stack Overflow's 2 px at 13 px (0.15 em) reads as one. Letter-spacing
 * effects set on single letters stay well under it.
 */
const GAP_EM = 0.1;

const HIDDEN_INLINE_STYLE =
  /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important)?\s*(?:;|$)/i;

export function defaultStyleSource(doc: Document): StyleSource {
  const view = doc.defaultView;
  if (!view || typeof view.getComputedStyle !== 'function') return 'inline';
  return /jsdom|happy-?dom/i.test(view.navigator?.userAgent ?? '') ? 'inline' : 'computed';
}

/** Hidden by its attributes from every reader, from screen readers alone, or not at all. */
function hiddenByAttributes(element: Element): 'everyone' | 'screen-readers' | undefined {
  const hidden = element.getAttribute('hidden');
  // `hidden="until-found"` is collapsed content the reader can expand: it is part of the page.
  if (hidden !== null && hidden !== 'until-found' && !isStreamedSegment(element)) return 'everyone';
  const style = element.getAttribute('style');
  if (style && HIDDEN_INLINE_STYLE.test(style)) return 'everyone';
  if (element.getAttribute('aria-hidden') === 'true' && !holdsMainContent(element))
    return 'screen-readers';
  return undefined;
}

function hiddenByComputedStyle(element: Element, view: Window): boolean {
  // One native call answers for nearly every element: rendered and not visibility-hidden means
  // shown. It cannot tell "hidden by itself" from "inside folded content" or "inside a hidden
  // body", so any other answer is settled by the computed style below, as before. Asking it
  // first saves a style object per element, the walk's main cost.
  if (element.checkVisibility?.({ visibilityProperty: true })) return false;
  const style = view.getComputedStyle(element);
  if (style.display === 'none') return true;
  if (style.visibility !== 'hidden') return false;
  // Visibility is inherited: only the element that sets it hides its subtree. Inherited from the
  // body (an anti-flicker `body { visibility: hidden }` that a script lifts), it hides nothing.
  const parent = element.parentElement;
  return !parent || view.getComputedStyle(parent).visibility !== 'hidden';
}

/**
 * When the stylesheet hides nearly the whole page, a script was meant to reveal it (an
 * anti-flicker snippet, a paywall teaser swap); what the reader will see is the page, so the
 * stylesheet's verdicts are dropped and only attributes count.
 */
const MOSTLY_HIDDEN_SHARE = 0.85;

function dropStyleVerdictsIfPageVanishes(body: Element): void {
  const marked = Array.from(body.querySelectorAll(`[${HIDDEN_ATTRIBUTE}="style"]`));
  if (marked.length === 0) return;
  const hidden = marked.reduce((sum, element) => sum + (element.textContent ?? '').length, 0);
  if (hidden === 0) return;
  if (textLengthExceeds(body, hidden / MOSTLY_HIDDEN_SHARE)) return;
  for (const element of marked) element.removeAttribute(HIDDEN_ATTRIBUTE);
}

/**
 * React's streamed HTML sends late content as `<div hidden id="S:0">` at the end of the page and a
 * script that swaps it for the loading placeholder `<template id="B:0">`. When that script has not
 * run (scripts off, a clip taken mid-load), the hidden segment is the article.
 */
function isStreamedSegment(element: Element): boolean {
  return /^S:\d+$/.test(element.id) && element.localName === 'div';
}

/** Puts each streamed segment where its placeholder is, in place of the loading skeleton. */
export function resolveStreamedSegments(root: Element): void {
  for (const segment of Array.from(root.querySelectorAll('div[hidden][id^="S:"]'))) {
    if (!isStreamedSegment(segment)) continue;
    const placeholder = root.ownerDocument.getElementById(`B:${segment.id.slice(2)}`);
    if (!placeholder || !root.contains(placeholder)) continue;
    // The fallback runs from the placeholder to React's closing `<!--/$-->` marker; without that
    // marker the placeholder has no fallback, and nothing after it may go.
    let end = placeholder.nextSibling;
    while (end && !(end.nodeType === 8 && end.nodeValue === '/$')) end = end.nextSibling;
    if (end) {
      while (placeholder.nextSibling && placeholder.nextSibling !== end)
        placeholder.nextSibling.remove();
    }
    placeholder.replaceWith(...Array.from(segment.childNodes));
    segment.remove();
  }
}

/**
 * Whether the text under `root` is longer than `limit` characters, counted node by node and
 * stopping there: the whole page's text need not be built to learn that it is long.
 */
function textLengthExceeds(root: Element, limit: number): boolean {
  let length = 0;
  // 4: text nodes (NodeFilter is not a global in every DOM implementation).
  const walker = root.ownerDocument.createTreeWalker(root, 4);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    length += (node.nodeValue ?? '').length;
    if (length > limit) return true;
  }
  return false;
}

/**
 * Some sites put aria-hidden on a wrapper around the whole article (a modal pattern); taking that
 * out would leave nothing, so aria-hidden alone never hides the page's main content.
 */
function holdsMainContent(element: Element): boolean {
  return (
    element.matches('main, article, [role="main"]') ||
    !!element.querySelector('main, article, [role="main"]')
  );
}

export interface VisibleCloneOptions {
  styleSource: StyleSource;
  budget: TimeBudget;
}

export interface VisibleClone {
  clone: Document;
  /** False when the time budget ran out and the rest of the page was checked by attributes only. */
  checkedEveryStyle: boolean;
  /** Whether the page has tab panels, so that labelTabPanels need not look for them again. */
  hasTabs: boolean;
}

interface WalkState {
  view: Window | null;
  useComputed: boolean;
  checkedEveryStyle: boolean;
  visited: number;
  budget: TimeBudget;
  /** Elements with an attribute hiddenByAttributes reads; most elements have none. */
  withHidingAttributes: Set<Element>;
  folded: Set<Element>;
}

/** What the walk does with an element (see judge). */
const DESCEND = 0;
const SKIP = 1;
const HIDDEN_BY_ATTRIBUTES = 2;
const HIDDEN_BY_STYLE = 3;
const UNFOLD = 4;
const SHOWN_HALF = 5;
const HIDDEN_FROM_SCREEN_READERS = 6;
type Verdict =
  | typeof DESCEND
  | typeof SKIP
  | typeof HIDDEN_BY_ATTRIBUTES
  | typeof HIDDEN_FROM_SCREEN_READERS
  | typeof HIDDEN_BY_STYLE
  | typeof UNFOLD
  | typeof SHOWN_HALF;

/**
 * Judges one element of the live page. The copy is looked up only for the few verdicts that
 * change it (applyVerdict): fetching every copy would double the walk's calls into the DOM.
 */
function judge(live: Element, state: WalkState): Verdict {
  state.visited += 1;
  if (state.useComputed && state.visited % 256 === 0 && state.budget.spent(0.3)) {
    state.useComputed = false;
    state.checkedEveryStyle = false;
  }
  // Folded content is shown on the copy and never judged hidden.
  if (state.folded.size > 0 && state.folded.has(live)) return UNFOLD;
  const tag = live.tagName;
  if (NOT_RENDERED.has(tag)) return SKIP;
  let shown: Verdict = DESCEND;
  if (state.withHidingAttributes.has(live)) {
    const hidden = hiddenByAttributes(live);
    if (hidden === 'everyone') return HIDDEN_BY_ATTRIBUTES;
    if (hidden === 'screen-readers') {
      if (!shownHalfOfPair(live, state)) return HIDDEN_FROM_SCREEN_READERS;
      shown = SHOWN_HALF;
    }
  }
  if (state.useComputed && state.view) {
    if (PHRASING.has(tag)) {
      if (tag === 'SPAN' && clippedToAPixel(live, state.view)) return HIDDEN_BY_STYLE;
    } else if (hiddenByComputedStyle(live, state.view)) {
      return HIDDEN_BY_STYLE;
    } else if (HEADING_TAGS.has(tag) && clippedToAPixel(live, state.view)) {
      // A section's name for screen readers ("Article", "Story continues"): as a label's.
      return HIDDEN_BY_STYLE;
    }
  }
  return shown;
}

/** An icon font's glyph (`<span class="material-icons" aria-hidden="true">arrow_forward</span>`). */
const ICON_CLASS = /icon|symbol|glyph/i;

/**
 * Text shown to the eye and hidden from screen readers, beside its spoken form in a label only
 * screen readers get: `15<span class="sr-only"> minutes</span> <span aria-hidden="true">mins
 * </span>` (WordPress Recipe Maker's times), "★★★★☆" beside "Rated 4 out of 5". Each half alone
 * is dropped (the label in applyVisibilityMarks, the hidden text here), and the note read
 * "Prep Time 15"; the shown half is what the reader sees, so it stays. Only a short text within
 * a line counts, never an icon font's ligature, and the label must be the element beside it or
 * within its few words.
 */
function shownHalfOfPair(live: Element, state: WalkState): boolean {
  // Words within a line: a hidden block or item is a variant of the layout (BBC's share list
  // for desktops beside the one for phones), and a hidden link a card's second way in.
  if (!PHRASING.has(live.tagName) || live.tagName === 'A') return false;
  // Asked of text hidden from screen readers alone (hiddenByAttributes); `until-found` or a
  // streamed segment's `hidden` besides is not one of a pair.
  if (live.hasAttribute('hidden')) return false;
  const className = live.getAttribute('class');
  if (className && ICON_CLASS.test(className)) return false;
  const text = (live.textContent ?? '').trim();
  if (text === '' || text.length > SCREEN_READER_TEXT_LIMIT) return false;
  const isLabel = (element: Element) =>
    SCREEN_READER_ONLY.some((name) => element.classList.contains(name)) ||
    (state.useComputed && !!state.view && clippedToAPixel(element, state.view));
  // The label is the element beside it, or inside that one's few words (`15<span …> minutes`).
  for (const beside of [live.previousElementSibling, live.nextElementSibling]) {
    if (!beside || (beside.textContent ?? '').trim().length > SCREEN_READER_TEXT_LIMIT) continue;
    // A link's label names the link ("Next", "about the lamp"), not the text beside it.
    if (beside.localName === 'a' || beside.localName === 'button') continue;
    if (isLabel(beside)) return true;
    const spans = beside.getElementsByTagName('span');
    for (let index = 0; index < spans.length && index < 4; index += 1)
      if (isLabel(spans[index] as Element)) return true;
  }
  return false;
}

/**
 * A label only screen readers get, styled by the page's own class rather than a known name (CSS-
 * in-JS writes `.css-1dv1kvn{position:absolute;clip:rect(0 0 0 0);width:1px;height:1px}`): the
 * New York Times puts "Image" before every picture and "Credit" before its credit that way, and
 * they read as stray words in a note; a heading so styled names a section for screen readers
 * alone. Only a styled span or heading holding nothing but a short text is measured (a box read,
 * far cheaper than a style lookup), inside a parent that is laid out (closed folds and
 * `until-found` content measure nothing and stay); the few that measure a pixel or less are
 * confirmed by their style: taken out of the flow and clipped or cut to that box.
 */
function clippedToAPixel(live: Element, view: Window): boolean {
  // A label is an element the page styles (by class, or inline): a bare one styles nothing.
  if (!live.hasAttribute('class') && !live.hasAttribute('style')) return false;
  const text = live.firstChild;
  if (!text || text !== live.lastChild || text.nodeType !== 3) return false;
  const words = text.nodeValue ?? '';
  if (words.length > SCREEN_READER_TEXT_LIMIT || !/\S/.test(words)) return false;
  const box = live as HTMLElement;
  if (!(box.offsetWidth <= 1 && box.offsetHeight <= 1)) return false;
  const parent = live.parentElement as HTMLElement | null;
  if (!parent || parent.offsetWidth <= 1) return false;
  const style = view.getComputedStyle(live);
  if (style.position !== 'absolute' && style.position !== 'fixed') return false;
  return (
    (style.clip !== '' && style.clip !== 'auto') ||
    (style.clipPath !== '' && style.clipPath !== 'none') ||
    style.overflow === 'hidden'
  );
}

/** Letters and digits: where two of them meet with no space between, two words run together. */
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

function isWordCharacter(character: string): boolean {
  if (character === '') return false;
  const code = character.charCodeAt(0);
  // ASCII answered without the Unicode pattern: this runs for every word-level element.
  if (code < 128) return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122);
  return WORD_CHARACTER.test(character);
}

/** The first or last character of what a node shows, looking down its first or last children. */
function edgeCharacter(node: Node | null, edge: 'first' | 'last'): string {
  let current = node;
  // A few levels reach the text of any word-level markup; deeper, the answer is "not glued".
  for (let depth = 0; current && depth < 6; depth += 1) {
    if (current.nodeType === 3) {
      const text = current.nodeValue ?? '';
      return edge === 'first' ? text.charAt(0) : text.charAt(text.length - 1);
    }
    if (current.nodeType !== 1 || NOT_RENDERED.has((current as Element).tagName)) return '';
    current = edge === 'first' ? current.firstChild : current.lastChild;
  }
  return '';
}

function glued(before: Node | null, after: Node | null): boolean {
  return (
    isWordCharacter(edgeCharacter(before, 'last')) && isWordCharacter(edgeCharacter(after, 'first'))
  );
}

/**
 * Marks, on the copy, the sides of a word-level element that the page sets apart from the words
 * next to it by style alone: `<span class="mr2">Asked</span><time>1 year ago</time>` shows
 * "Asked 1 year ago" and would be "Asked1 year ago" in a note. Three signals, none tied to a
 * site: the element is laid out as a block (as `display: block`, or as a flex or grid item,
 * where the browser's own innerText breaks the line too), its margin on that side is a visible
 * gap, or the stylesheet draws something there (a `::before` or `::after` with content). Only
 * elements whose text touches a neighbour's, letter to letter, are asked for their style: most
 * are not, and a style lookup per word-level element would double the walk. Never inside code,
 * and never for a drop cap (one letter, or floated beside the text).
 */
function markStyledGaps(live: Element, state: WalkState, copy: () => Element): void {
  const view = state.view;
  if (!state.useComputed || !view || !SPACED_BY_STYLE.has(live.tagName)) return;
  const left = glued(live.previousSibling, live);
  const right = glued(live, live.nextSibling);
  if (!left && !right) return;
  // Inside code, spaces are the code's own: a line number's margin is not one.
  if (live.closest('pre, code, samp, kbd')) return;
  // A drop cap or a styled initial is one letter of the word beside it, floated or set apart.
  if ((live.textContent ?? '').trim().length < 2) return;
  const style = view.getComputedStyle(live);
  if (style.cssFloat !== 'none' && style.cssFloat !== '') return;
  // `none` too: a word-level element's own style never hides it here (see PHRASING).
  const block = !/^(?:inline|contents|ruby|none|$)/.test(style.display);
  const fontSize = Number.parseFloat(style.fontSize) || 16;
  const gap = (margin: string) => (Number.parseFloat(margin) || 0) >= GAP_EM * fontSize;
  // A separator the stylesheet draws (`.tag + .tag::before { content: "·" }`, a breadcrumb's
  // chevron) is something between the words too; its own characters stay the page's style.
  const draws = (pseudo: '::before' | '::after') =>
    !/^(?:none|normal|""|)$/.test(view.getComputedStyle(live, pseudo).content ?? '');
  const before = left && (block || gap(style.marginLeft) || draws('::before'));
  const after = right && (block || gap(style.marginRight) || draws('::after'));
  if (before || after) {
    copy().setAttribute(GAP_ATTRIBUTE, before && after ? 'both' : before ? 'before' : 'after');
  }
}

/** Writes a verdict on the copy; true when the element's subtree is not to be looked at. */
function applyVerdict(verdict: Verdict, copy: () => Element): boolean {
  switch (verdict) {
    case DESCEND:
      return false;
    case SKIP:
      return true;
    case HIDDEN_BY_ATTRIBUTES:
      copy().setAttribute(HIDDEN_ATTRIBUTE, '');
      return true;
    case HIDDEN_FROM_SCREEN_READERS:
      copy().setAttribute(HIDDEN_ATTRIBUTE, SHOWN_TO_THE_EYE);
      return true;
    case HIDDEN_BY_STYLE:
      copy().setAttribute(HIDDEN_ATTRIBUTE, 'style');
      return true;
    case UNFOLD: {
      const element = copy() as HTMLElement;
      element.style?.removeProperty('display');
      element.removeAttribute('hidden');
      element.removeAttribute('aria-hidden');
      return false;
    }
    case SHOWN_HALF:
      // Readability drops what is aria-hidden; this text is what the page shows.
      copy().removeAttribute('aria-hidden');
      return false;
  }
}

/** Queried one by one: three single selectors are cheaper than one list of them on long pages. */
const HIDING_ATTRIBUTES = ['[hidden]', '[style]', '[aria-hidden]'];
/**
 * Folded content the reader opens with a click is part of the page, like `hidden="until-found"`:
 * Obsidian Publish folds a callout by setting `display: none` on its content (FOLDED_CONTENT). The
 * clone's copy is unfolded too, or Readability, which skips what is styled hidden, would drop it.
 */
const FOLDED_CONTENT = '.callout.is-collapsible > .callout-content';

/**
 * Clones the document and marks, on the clone, what the live page does not show. Readability and
 * the Markdown rules only see the clone, and a clone has no computed styles, so the live page is
 * judged element by element and each verdict written on the clone's element at the same place.
 * Open shadow roots are copied into the clone afterwards (slotted light children go where their
 * slot is), because cloning drops them.
 */
export function cloneVisibleDocument(doc: Document, options: VisibleCloneOptions): VisibleClone {
  const clone = copyWithoutSheets(doc);
  const view = doc.defaultView;
  const liveRoot = doc.body;
  const cloneRoot = clone.body;
  if (!liveRoot || !cloneRoot) return { clone, checkedEveryStyle: true, hasTabs: false };
  const state: WalkState = {
    view,
    useComputed: options.styleSource === 'computed' && !!view,
    checkedEveryStyle: true,
    visited: 0,
    budget: options.budget,
    withHidingAttributes: new Set(
      HIDING_ATTRIBUTES.flatMap((selector) => Array.from(liveRoot.querySelectorAll(selector))),
    ),
    // Only a collapsible callout can fold: most pages have none, and a class lookup says so.
    folded: new Set(
      holdsClass(liveRoot, ['is-collapsible']) ? liveRoot.querySelectorAll(FOLDED_CONTENT) : [],
    ),
  };
  // A tab's panel waits for a click, as folded content does, whether its attribute or the
  // style sheet hides it: the note shows every panel under its tab's name (labelTabPanels in
  // structure.ts).
  const panels = liveRoot.querySelectorAll('[role="tabpanel"]');
  for (const panel of Array.from(panels)) state.folded.add(panel);
  const tabbed = holdsClass(liveRoot, ['tabbed-set']);
  if (tabbed)
    for (const panel of Array.from(liveRoot.querySelectorAll(TABBED_PANELS)))
      state.folded.add(panel);
  const hasTabs = panels.length > 0 || tabbed;

  // A clone holds the same elements in the same document order: the i-th element of the live body
  // is the i-th of the clone's. Walking both lists by index costs no stack and no child lists.
  const liveElements = liveRoot.getElementsByTagName('*');
  const copyElements = cloneRoot.getElementsByTagName('*');
  const count = liveElements.length;
  const hosts: Array<[Element, Element]> = [];
  if (copyElements.length !== count) {
    walkPairs([[liveRoot, cloneRoot]], clone, state, true);
  } else {
    for (let index = 0; index < count; index += 1) {
      const live = liveElements[index] as Element;
      const verdict = judge(live, state);
      if (verdict !== DESCEND && applyVerdict(verdict, () => copyElements[index] as Element)) {
        index += live.getElementsByTagName('*').length;
        continue;
      }
      markStyledGaps(live, state, () => copyElements[index] as Element);
      const shadow = live.shadowRoot;
      if (shadow && shadow.childNodes.length > 0)
        hosts.push([live, copyElements[index] as Element]);
    }
    for (const [live, copy] of hosts) {
      const stack: Array<[Element, Element]> = [];
      flattenShadowRoot(live.shadowRoot as ShadowRoot, copy, clone, stack);
      walkPairs(stack, clone, state, false);
    }
  }
  dropStyleVerdictsIfPageVanishes(cloneRoot);
  return { clone, checkedEveryStyle: state.checkedEveryStyle, hasTabs };
}

/**
 * A deep copy of the document whose `<style>` elements are there but empty. A browser parses a
 * style sheet when its element enters a document, a copy without a window too: on a page that
 * inlines its CSS (CSS-in-JS, a saved page), that parse was most of the copy's cost, 10 ms of an
 * 11 ms copy for half a megabyte of CSS in Chromium, and the baseline's `cloneNode` pays it as
 * well. Nothing reads the copy's sheets: what the page shows is judged on the live page, and the
 * style rules read the live page's own sheets (own-sheets.ts). The elements stay, so the i-th
 * element of the copy is still the i-th of the page. The copy is made out of the document (as
 * `cloneNode` would make it: `importNode` is the same deep clone) and emptied before it goes in.
 */
function copyWithoutSheets(doc: Document): Document {
  if (doc.getElementsByTagName('style').length === 0) return doc.cloneNode(true) as Document;
  const copy = doc.cloneNode(false) as Document;
  for (const child of Array.from(doc.childNodes)) {
    const imported = copy.importNode(child, true);
    if (imported.nodeType === 1) emptySheets(imported as Element);
    copy.appendChild(imported);
  }
  return copy;
}

/** SVG's `<style>` elements too, which the browser parses all the same. */
function emptySheets(root: Element | DocumentFragment): void {
  for (const style of Array.from(root.querySelectorAll('style'))) style.textContent = '';
}

/**
 * The same verdicts by a walk of live and copy side by side, for what the index walk cannot
 * reach: the content of shadow roots (imported into the clone as it goes).
 */
function walkPairs(
  stack: Array<[Element, Element]>,
  clone: Document,
  state: WalkState,
  skipFirst: boolean,
): void {
  let first = skipFirst;
  while (stack.length > 0) {
    const [live, copy] = stack.pop() as [Element, Element];
    if (!first && applyVerdict(judge(live, state), () => copy)) continue;
    first = false;
    markStyledGaps(live, state, () => copy);
    pushPairs(stack, live.children, copy.children);
    const shadow = live.shadowRoot;
    if (shadow && shadow.childNodes.length > 0) flattenShadowRoot(shadow, copy, clone, stack);
  }
}

function pushPairs(
  stack: Array<[Element, Element]>,
  live: HTMLCollection,
  copy: HTMLCollection,
): void {
  const count = Math.min(live.length, copy.length);
  // Pushed in reverse so the walk visits the page in document order.
  for (let index = count - 1; index >= 0; index -= 1) {
    stack.push([live[index] as Element, copy[index] as Element]);
  }
}

function flattenShadowRoot(
  shadow: ShadowRoot,
  host: Element,
  clone: Document,
  stack: Array<[Element, Element]>,
): void {
  const imported = clone.createDocumentFragment();
  for (const child of Array.from(shadow.childNodes))
    imported.appendChild(clone.importNode(child, true));
  // A component's styles sit in its shadow root: unread in the copy, as copyWithoutSheets says.
  emptySheets(imported);
  const importedElements = imported.children;
  pushPairs(stack, shadow.children, importedElements);
  const lightChildren = Array.from(host.childNodes);
  for (const slot of Array.from(imported.querySelectorAll('slot'))) {
    const name = slot.getAttribute('name') ?? '';
    const assigned = lightChildren.filter((node) =>
      node.nodeType === 1
        ? ((node as Element).getAttribute('slot') ?? '') === name
        : name === '' && node.nodeType === 3,
    );
    if (assigned.length > 0) slot.replaceWith(...assigned);
    else slot.replaceWith(...Array.from(slot.childNodes));
  }
  host.replaceChildren(imported);
}

/** The mark of what only screen readers are not given: the eye still sees it on the page. */
const SHOWN_TO_THE_EYE = 'aria';

/**
 * The node beside an element (before or after it), looked for across the inline elements
 * around it; null when a block's edge comes first.
 */
function besideNode(element: Element, side: 'before' | 'after'): Node | null {
  let node: Node = element;
  for (;;) {
    const sibling = side === 'before' ? node.previousSibling : node.nextSibling;
    if (sibling) return sibling;
    const parent = node.parentElement;
    if (!parent || !PHRASING.has(parent.tagName)) return null;
    node = parent;
  }
}

/**
 * Whether an element hidden from screen readers alone stands between two words: a separator
 * (`7 min read<span aria-hidden="true"> · </span>Mar 12`), an icon between two labels. The eye
 * sees the words apart, and taking the element out glued them ("7 min readMar 12"), so a space
 * takes its place. An empty element shows nothing and sets nothing apart.
 */
function setsWordsApart(element: Element): boolean {
  // Letters or digits on both sides: punctuation after it (a link's hidden "…" before a full
  // stop) never took a space.
  return (
    glued(besideNode(element, 'before'), besideNode(element, 'after')) && showsSomething(element)
  );
}

/**
 * Applies on the clone what cloneVisibleDocument marked: takes out what is hidden, and writes a
 * space where the page sets a gap by style. The spaces wait until now because a selection is
 * mapped onto the clone by child positions, which a new text node would shift.
 */
export function applyVisibilityMarks(root: Element): void {
  for (const element of Array.from(root.querySelectorAll(`[${HIDDEN_ATTRIBUTE}]`))) {
    if (element.getAttribute(HIDDEN_ATTRIBUTE) === SHOWN_TO_THE_EYE && setsWordsApart(element))
      element.replaceWith(' ');
    else element.remove();
  }
  for (const element of Array.from(root.querySelectorAll(`[${GAP_ATTRIBUTE}]`))) {
    const side = element.getAttribute(GAP_ATTRIBUTE);
    element.removeAttribute(GAP_ATTRIBUTE);
    if (side !== 'after') element.before(' ');
    if (side !== 'before') element.after(' ');
  }
  // A lookup per class name: far cheaper than one selector list matched against every element.
  for (const className of SCREEN_READER_ONLY) {
    for (const element of Array.from(root.getElementsByClassName(className))) {
      if ((element.textContent ?? '').trim().length <= SCREEN_READER_TEXT_LIMIT) element.remove();
    }
  }
}

/**
 * Text only screen readers get ("(opens in a new tab)", "Continue reading", "Toggle navigation",
 * "Posted on", "Image caption"): the usual classes of WordPress, Bootstrap, Tailwind and Drupal,
 * and the plain "off-screen" of sites that write their own. Its styles clip it to a pixel rather
 * than hide it: the live walk measures that pixel on a styled span holding only its text
 * (clippedToAPixel), but a label with markup inside, a saved copy read without its styles and
 * jsdom have only the class to go by; in a note it reads as stray words. Long text under such a
 * class is left alone: that is not a label.
 */
const SCREEN_READER_ONLY = [
  'screen-reader-text',
  'sr-only',
  'visually-hidden',
  'visuallyhidden',
  'element-invisible',
  'screenreader-only',
  'screen-reader-only',
  'u-visually-hidden',
  'a11y-hidden',
  'off-screen',
  'offscreen',
];
const SCREEN_READER_TEXT_LIMIT = 80;
