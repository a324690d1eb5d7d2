import type { PageQuote } from '../clip/light';

/**
 * Where a quote sits in a note: its link's title, `"Clipdeck quote at <offset> of <page length>"`,
 * as `quoteMarkdown` (utils/quote/page, run in the page) writes it.
 */
const PLACE_TITLE = /"Clipdeck quote at (\d+) of (\d+)"\)\s*$/;

interface PlacedQuote {
  /** First line of the quote (its blockquote), and the line of its link. */
  firstLine: number;
  lastLine: number;
  place: number;
}

/** The quotes Clipdeck wrote into a note, found by their links' titles. */
export function placedQuotes(markdown: string): PlacedQuote[] {
  const lines = markdown.split('\n');
  const found: PlacedQuote[] = [];
  lines.forEach((line, index) => {
    const match = PLACE_TITLE.exec(line);
    if (!match) return;
    const offset = Number(match[1]);
    const length = Math.max(1, Number(match[2]));
    let first = index;
    // The blockquote above the link (one blank line between), if the user left it there.
    let cursor = index - 1;
    if (cursor >= 0 && lines[cursor]?.trim() === '') cursor -= 1;
    while (cursor >= 0 && /^\s*>/.test(lines[cursor] ?? '')) {
      first = cursor;
      cursor -= 1;
    }
    found.push({ firstLine: first, lastLine: index, place: offset / length });
  });
  return found;
}

/**
 * The note's Markdown with the quote in its page order: before the first quote that comes later
 * in the page, else after the last quote. A note without quotes (a whole-page clip, or one the
 * user rewrote) gets it at the end, after a rule. The quote's Markdown comes from the page's
 * engine, which escaped every page-supplied word; this only splices lines.
 */
export function insertQuote(markdown: string, quote: PageQuote): string {
  const addition = quote.markdown;
  const place = quote.offset / Math.max(1, quote.pageLength);
  const placed = placedQuotes(markdown);
  const lines = markdown.split('\n');
  const later = placed.find((existing) => existing.place > place);
  if (later) {
    const before = lines.slice(0, later.firstLine);
    const after = lines.slice(later.firstLine);
    return [...before, ...addition.split('\n'), '', ...after].join('\n');
  }
  const last = placed.at(-1);
  if (last) {
    const before = lines.slice(0, last.lastLine + 1);
    const after = lines.slice(last.lastLine + 1);
    return [...before, '', ...addition.split('\n'), ...after].join('\n');
  }
  return `${markdown.trimEnd()}\n\n---\n\n${addition}\n`;
}
