import { JSDOM } from 'jsdom';

/** A page as the engine sees it in a tab: a document with its own address. */
export function pageFromHtml(
  html: string,
  url = 'https://example.com/articles/page.html',
): Document {
  return new JSDOM(html, { url }).window.document;
}

/**
 * Gives the document a selection of several ranges. Chromium and jsdom keep one range per
 * selection, Firefox several (Ctrl-drag); the engine reads whatever `getSelection` reports.
 */
export function selectRanges(doc: Document, ranges: Range[]): void {
  const selection = {
    rangeCount: ranges.length,
    getRangeAt: (index: number) => ranges[index] as Range,
    toString: () => ranges.map((range) => range.toString()).join(''),
  } as unknown as Selection;
  doc.getSelection = () => selection;
}

export function rangeOver(doc: Document, selector: string): Range {
  const element = doc.querySelector(selector);
  if (!element) throw new Error(`No element matches ${selector}`);
  const range = doc.createRange();
  range.selectNodeContents(element);
  return range;
}
