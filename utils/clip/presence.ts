/**
 * Whether a page holds any element a rule works on, asked before the rule's own query. Lookups
 * by tag and class name are the browser's fast paths and stop at the first hit, where a selector
 * list would be matched against every element of the page: most rules find nothing on most pages,
 * and every clip runs them all.
 */
export function holdsTag(root: Element, tags: readonly string[]): boolean {
  return tags.some((tag) => root.getElementsByTagName(tag).item(0) !== null);
}

export function holdsClass(root: Element, classNames: readonly string[]): boolean {
  return classNames.some((name) => root.getElementsByClassName(name).item(0) !== null);
}

/**
 * Whether any text shows in the node (white space aside): stops at the first text that holds
 * some, instead of building the node's whole text. Text and CDATA nodes count, as in
 * `textContent` (an HTML parser makes no CDATA nodes; an XHTML page can have them), so the
 * answer is `textContent.trim() !== ''`: JavaScript's `trim` and `\s` agree on white space.
 * Depth first by child and sibling links, with nothing allocated on the way: Readability's
 * empty-block check asks this of every block (utils/clip/readability.ts).
 */
export function hasText(node: Node): boolean {
  if (isTextNode(node)) return /\S/.test(node.nodeValue ?? '');
  if (node.nodeType !== 1) return false;
  let current: Node | null = node.firstChild;
  while (current) {
    if (isTextNode(current)) {
      if (/\S/.test(current.nodeValue ?? '')) return true;
    } else if (current.firstChild) {
      current = current.firstChild;
      continue;
    }
    while (current !== node && !current.nextSibling) current = current.parentNode as Node;
    if (current === node) return false;
    current = current.nextSibling;
  }
  return false;
}

/**
 * Whether `parent` shows no text but `child`'s. By sibling links, not a copy of the child list:
 * a heading's parent is often the article's body, with hundreds of children, and the answer is
 * usually the first sibling with text.
 */
export function holdsOnly(parent: Element, child: Element): boolean {
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node !== child && hasText(node)) return false;
  }
  return true;
}

/**
 * The text a node holds on one line: white space runs read as one space, none at the ends. What
 * the clip rules weigh and compare (a block's length, a name, a label), however the page's
 * markup is indented.
 */
export function lineText(node: Node | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** What shows without text: a picture, a video, a sound, a frame. */
export const SHOWN_WITHOUT_TEXT = 'img, picture, video, audio, iframe, svg';

/**
 * The outermost ancestor (inside `root`) whose text is exactly this element's text and that
 * holds no picture beside the element's own: the wrappers that show nothing else.
 */
export function outermostWithSameText(element: Element, root: Element, text: string): Element {
  let current = element;
  const media = current.querySelectorAll(SHOWN_WITHOUT_TEXT).length;
  while (current.parentElement && current.parentElement !== root) {
    const parent = current.parentElement;
    // An author's photo has no text: the line next to it must not take it along.
    if (lineText(parent) !== text || parent.querySelectorAll(SHOWN_WITHOUT_TEXT).length !== media)
      break;
    current = current.parentElement;
  }
  return current;
}

/** Whether a node shows anything: words, or a picture, video or frame. */
export function showsSomething(node: Node): boolean {
  if (isTextNode(node)) return /\S/.test(node.nodeValue ?? '');
  if (node.nodeType !== 1) return false;
  const element = node as Element;
  return (
    hasText(element) ||
    element.matches(SHOWN_WITHOUT_TEXT) ||
    !!element.querySelector(SHOWN_WITHOUT_TEXT)
  );
}

/** The heading elements' tag names, for `holdsTag`. */
export const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

/** Whether the element is a heading, `<h1>` to `<h6>`. */
export function isHeading(element: Element): boolean {
  return /^h[1-6]$/.test(element.localName);
}

/** A heading's rank, 1 for `<h1>` to 6 for `<h6>`. */
export function headingRank(heading: Element): number {
  return Number(heading.localName.charAt(1));
}

/** 3: text, 4: CDATA (Node's constants are not globals in every DOM implementation). */
function isTextNode(node: Node): boolean {
  return node.nodeType === 3 || node.nodeType === 4;
}

/**
 * The element right before or after this one, with only white space or comments between it and
 * this one; undefined when text or nothing stands there. What a reader sees as two blocks side
 * by side, however the markup is indented.
 */
export function elementBeside(
  element: Element,
  side: 'previousSibling' | 'nextSibling',
): Element | undefined {
  for (let node = element[side]; node; node = node[side]) {
    // 8: a comment; 3: text (Node's constants are not globals in every DOM implementation).
    if (node.nodeType === 8 || (node.nodeType === 3 && !(node.nodeValue ?? '').trim())) continue;
    return node.nodeType === 1 ? (node as Element) : undefined;
  }
  return undefined;
}
