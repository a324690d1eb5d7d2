import { type PageQuote, safeInlineText, safeLinkDestination } from '../../clip/light';
import { buildTextDirective, textFragmentUrl, wholeWords } from './fragment';
import { type MeasuredSelection, measureSelection } from './measure';

/** A passage the user selected, before it is written as Markdown. */
export interface Quote {
  /** The passage as the page shows it: `\n` between blocks. Page-controlled. */
  text: string;
  /** Where the passage starts in the page's text, and that text's length. */
  offset: number;
  pageLength: number;
  /** The text-fragment link back to the passage; absent for a page that is not http(s). */
  link?: string;
}

/**
 * The passage and its link. The link is the tab's address (tracking parameters stripped when the
 * user asks for it, any fragment replaced) with a text directive that finds this passage first.
 */
export function quoteFromMeasure(measured: MeasuredSelection, pageAddress: string): Quote | null {
  const { pageText } = measured;
  const [start, end] = wholeWords(pageText, measured.start, measured.end);
  if (end <= start) return null;
  const selected = pageText.slice(measured.start, measured.end).replace(/^[ \n]+|[ \n]+$/g, '');
  if (!selected) return null;
  const link = textFragmentUrl(pageAddress, buildTextDirective(pageText, start, end));
  return {
    text: selected,
    offset: start,
    pageLength: Math.max(pageText.length, 1),
    ...(link !== undefined && { link }),
  };
}

const LINK_LABEL = 'Go to the passage';

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
 * page's visible text, and that text's length), which `placedQuotes` (utils/quote/note.ts, in
 * the background) reads back. A title survives the user's edits of the quote and of the note
 * around it, renders as nothing but a tooltip, and needs no HTML comment; quotes are kept in page
 * order by comparing offset / length, so a page that grew a little since an earlier quote still
 * orders sensibly. The words are English, like every Markdown Clipdeck writes, so notes from two
 * browsers match. Every page-supplied word goes through `safeInlineText`.
 */
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

/**
 * The selection in `view` as the quote the background places in the page's note: measured, widened
 * to whole words, linked from `pageAddress` and written as Markdown here, so the background only
 * splices lines. Null when nothing (or only space) is selected.
 */
export function quoteOfSelection(view: typeof globalThis, pageAddress: string): PageQuote | null {
  const measured = measureSelection(view);
  const quote = measured && quoteFromMeasure(measured, pageAddress);
  if (!quote) return null;
  return {
    markdown: quoteMarkdown(quote),
    offset: quote.offset,
    pageLength: quote.pageLength,
    ...(quote.link !== undefined && { link: quote.link }),
  };
}
