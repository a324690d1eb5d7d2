/**
 * What the page says about the selection: the page's visible text as a browser's text search sees
 * it (whitespace collapsed, `\n` between blocks), and where the selection sits in it. The offset
 * is the quote's place in the page, which orders quotes in the note.
 */
export interface MeasuredSelection {
  pageText: string;
  start: number;
  end: number;
}

/** Text past this is not read (the work per quote stays bounded on a huge page). */
export const MAX_PAGE_TEXT = 2_000_000;

/**
 * Walks the visible text nodes of the document of `view` (the page's global object) once, building the text and noting where the
 * selection's first and last characters fall. Null without a text selection (or one past
 * `maxLength`). Runs in the page, inside the injected engine; changes nothing there.
 */
export function measureSelection(
  view: typeof globalThis,
  maxLength = MAX_PAGE_TEXT,
): MeasuredSelection | null {
  const selection = view.getSelection?.();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const document = view.document;
  const skipped = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'IFRAME', 'OBJECT', 'SVG']);
  const inlineCache = new Map<Element, boolean>();
  const visibleCache = new Map<Element, boolean>();
  const isInline = (element: Element): boolean => {
    let known = inlineCache.get(element);
    if (known === undefined) {
      const display = view.getComputedStyle(element).display;
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
        : view.getComputedStyle(element).visibility !== 'hidden' &&
          view.getComputedStyle(element).display !== 'none';
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
  const { FILTER_ACCEPT, FILTER_REJECT, SHOW_TEXT } = view.NodeFilter;
  const walker = document.createTreeWalker(root, SHOW_TEXT, {
    acceptNode(node) {
      const parent = node.parentElement;
      if (!parent || skipped.has(parent.tagName.toUpperCase())) return FILTER_REJECT;
      if (parent.closest('script,style,noscript,template')) return FILTER_REJECT;
      return isVisible(parent) ? FILTER_ACCEPT : FILTER_REJECT;
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
  return { pageText: text, start, end };
}
