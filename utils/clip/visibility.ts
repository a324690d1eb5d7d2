import type { TimeBudget } from './budget';

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
 * Their attributes and inline styles still count.
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

const HIDDEN_INLINE_STYLE =
  /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important)?\s*(?:;|$)/i;

export function defaultStyleSource(doc: Document): StyleSource {
  const view = doc.defaultView;
  if (!view || typeof view.getComputedStyle !== 'function') return 'inline';
  return /jsdom|happy-?dom/i.test(view.navigator?.userAgent ?? '') ? 'inline' : 'computed';
}

/**
 * Folded content the reader opens with a click is part of the page, like `hidden="until-found"`:
 * Obsidian Publish folds a callout by setting `display: none` on its content. The clone's copy is
 * unfolded too, or Readability, which skips what is styled hidden, would drop it.
 */
function isFoldedContent(element: Element): boolean {
  // The class test first: a selector match on every element of the page costs more.
  return (
    element.classList.contains('callout-content') &&
    element.matches('.callout.is-collapsible > .callout-content')
  );
}

function hiddenByAttributes(element: Element): boolean {
  const hidden = element.getAttribute('hidden');
  // `hidden="until-found"` is collapsed content the reader can expand: it is part of the page.
  if (hidden !== null && hidden !== 'until-found') return true;
  const style = element.getAttribute('style');
  if (style && HIDDEN_INLINE_STYLE.test(style)) return true;
  return element.getAttribute('aria-hidden') === 'true' && !holdsMainContent(element);
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
  const total = (body.textContent ?? '').length;
  const hidden = marked.reduce((sum, element) => sum + (element.textContent ?? '').length, 0);
  if (total > 0 && hidden > total * MOSTLY_HIDDEN_SHARE) {
    for (const element of marked) element.removeAttribute(HIDDEN_ATTRIBUTE);
  }
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
}

/**
 * Clones the document and marks, on the clone, what the live page does not show. Readability and
 * the Markdown rules only see the clone, and a clone has no computed styles, so the live tree is
 * walked in parallel with the clone. Open shadow roots are copied into the clone at the same time
 * (slotted light children go where their slot is), because cloning drops them.
 */
export function cloneVisibleDocument(doc: Document, options: VisibleCloneOptions): VisibleClone {
  const clone = doc.cloneNode(true) as Document;
  const view = doc.defaultView;
  let useComputed = options.styleSource === 'computed' && !!view;
  let checkedEveryStyle = true;
  const liveRoot = doc.body;
  const cloneRoot = clone.body;
  if (!liveRoot || !cloneRoot) return { clone, checkedEveryStyle };

  const stack: Array<[Element, Element]> = [[liveRoot, cloneRoot]];
  let visited = 0;
  while (stack.length > 0) {
    const [live, copy] = stack.pop() as [Element, Element];
    visited += 1;
    if (useComputed && visited % 256 === 0 && options.budget.spent(0.3)) {
      useComputed = false;
      checkedEveryStyle = false;
    }
    // Tested once per element (the walk visits every element of the page): folded content is
    // shown on the copy and never judged hidden.
    const folded = isFoldedContent(live);
    if (folded) (copy as HTMLElement).style?.removeProperty('display');
    if (!folded && live !== liveRoot && !NOT_RENDERED.has(live.tagName)) {
      if (hiddenByAttributes(live)) {
        copy.setAttribute(HIDDEN_ATTRIBUTE, '');
        continue;
      }
      if (useComputed && view && !PHRASING.has(live.tagName) && hiddenByComputedStyle(live, view)) {
        copy.setAttribute(HIDDEN_ATTRIBUTE, 'style');
        continue;
      }
    }
    if (NOT_RENDERED.has(live.tagName)) continue;
    const shadow = live.shadowRoot;
    if (shadow && shadow.childNodes.length > 0) {
      pushPairs(stack, live.children, copy.children);
      flattenShadowRoot(shadow, copy, clone, stack);
      continue;
    }
    pushPairs(stack, live.children, copy.children);
  }
  dropStyleVerdictsIfPageVanishes(cloneRoot);
  return { clone, checkedEveryStyle };
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

/** Takes out what cloneVisibleDocument marked. */
export function removeHiddenElements(root: ParentNode): void {
  for (const element of Array.from(root.querySelectorAll(`[${HIDDEN_ATTRIBUTE}]`)))
    element.remove();
}
