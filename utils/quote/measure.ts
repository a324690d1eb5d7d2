import * as z from 'zod/mini';

/**
 * What the page probe reports about the selection: the page's visible text as a browser's text
 * search sees it (whitespace collapsed, `\n` between blocks), and where the selection sits in it.
 * The offset is the quote's place in the page, which orders quotes in the note.
 */
export const measuredSelectionSchema = z.object({
  pageText: z.string(),
  start: z.int().check(z.nonnegative()),
  end: z.int().check(z.nonnegative()),
  /** The page text was cut at MAX_PAGE_TEXT: offsets past the cut are not known. */
  truncated: z.boolean(),
});
export type MeasuredSelection = z.infer<typeof measuredSelectionSchema>;

/** Text past this is not sent back (memory per quote stays bounded on a huge page). */
export const MAX_PAGE_TEXT = 2_000_000;

/**
 * Runs in the page (serialised by `scripting.executeScript({ func })`, so it can import nothing
 * and leaves nothing behind): walks the visible text nodes once, building the text and noting
 * where the selection's first and last characters fall. Null without a text selection.
 */
export function measureSelectionInPage(maxLength: number): MeasuredSelection | null {
  const selection = globalThis.getSelection?.();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const skipped = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'IFRAME', 'OBJECT', 'SVG']);
  const inlineCache = new Map<Element, boolean>();
  const visibleCache = new Map<Element, boolean>();
  const isInline = (element: Element): boolean => {
    let known = inlineCache.get(element);
    if (known === undefined) {
      const display = getComputedStyle(element).display;
      known = display === 'inline' || display === 'contents';
      inlineCache.set(element, known);
    }
    return known;
  };
  const isVisible = (element: Element): boolean => {
    let known = visibleCache.get(element);
    if (known === undefined) {
      const check = (element as Element & { checkVisibility?: () => boolean }).checkVisibility;
      known = check
        ? check.call(element)
        : getComputedStyle(element).visibility !== 'hidden' &&
          getComputedStyle(element).display !== 'none';
      visibleCache.set(element, known);
    }
    return known;
  };
  const blockOf = (node: Node): Element | null => {
    let element = node.parentElement;
    while (element && element !== document.body && isInline(element)) {
      element = element.parentElement;
    }
    return element;
  };
  let text = '';
  let start: number | undefined;
  let end: number | undefined;
  let lastBlock: Element | null = null;
  const root = document.body ?? document.documentElement;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      const parent = node.parentElement;
      if (!parent || skipped.has(parent.tagName.toUpperCase())) return NodeFilter.FILTER_REJECT;
      if (parent.closest('script,style,noscript,template')) return NodeFilter.FILTER_REJECT;
      return isVisible(parent) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT;
    },
  });
  for (let node = walker.nextNode(); node && text.length < maxLength; node = walker.nextNode()) {
    const data = (node as Text).data;
    const block = blockOf(node);
    if (lastBlock !== null && block !== lastBlock && text && !text.endsWith('\n')) {
      text = text.endsWith(' ') ? `${text.slice(0, -1)}\n` : `${text}\n`;
    }
    lastBlock = block;
    const inRange = range.intersectsNode(node);
    const from = node === range.startContainer ? range.startOffset : 0;
    const to = node === range.endContainer ? range.endOffset : data.length;
    for (let index = 0; index <= data.length; index += 1) {
      if (inRange && index === from && start === undefined) start = text.length;
      if (inRange && index === to) end = text.length;
      if (index === data.length) break;
      const character = data[index] as string;
      if (/\s/.test(character)) {
        if (text && !text.endsWith(' ') && !text.endsWith('\n')) text += ' ';
      } else {
        text += character;
      }
    }
  }
  if (start === undefined || end === undefined || end <= start) return null;
  return { pageText: text, start, end, truncated: text.length >= maxLength };
}
