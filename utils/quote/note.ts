import { safeInlineText, safeLinkDestination } from '../clip/markdown/escape';

/**
 * A quote as it is written into a note:
 *
 *     > first paragraph of the passage
 *     >
 *     > second paragraph
 *
 *     [Go to the passage](<https://page#:~:text=…> "Clipdeck quote at 1234 of 56789")
 *
 * The link's title carries the quote's place in the page (its first character's offset in the
 * page's visible text, and that text's length). A title survives the user's edits of the quote
 * and of the note around it, renders as nothing but a tooltip, and needs no HTML comment; quotes
 * are kept in page order by comparing offset / length, so a page that grew a little since an
 * earlier quote still orders sensibly. The words are English, like every Markdown Clipdeck
 * writes, so notes from two browsers match.
 */
export interface Quote {
  /** The passage as the page shows it: `\n` between blocks. Page-controlled. */
  text: string;
  /** Where the passage starts in the page's text, and that text's length. */
  offset: number;
  pageLength: number;
  /** The text-fragment link back to the passage; absent for a page that is not http(s). */
  link?: string;
}

const LINK_LABEL = 'Go to the passage';
const PLACE_TITLE = /"Clipdeck quote at (\d+) of (\d+)"\)\s*$/;

/** The quote's Markdown. Every page-supplied word goes through `safeInlineText`. */
export function quoteMarkdown(quote: Quote): string {
  const paragraphs = quote.text
    .split('\n')
    .map((line) => safeInlineText(line))
    .filter((line) => line !== '');
  const quoted = paragraphs.map((line) => `> ${line}`).join('\n>\n');
  const place = `"Clipdeck quote at ${Math.max(0, Math.round(quote.offset))} of ${Math.max(
    1,
    Math.round(quote.pageLength),
  )}"`;
  const destination = quote.link ? safeLinkDestination(quote.link) : undefined;
  if (!destination) return quoted;
  // The title needs the destination in its `<…>` form or as one run without spaces; both hold.
  return `${quoted}\n\n[${LINK_LABEL}](${destination} ${place})`;
}

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
 * user rewrote) gets it at the end, after a rule.
 */
export function insertQuote(markdown: string, quote: Quote): string {
  const addition = quoteMarkdown(quote);
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
