/**
 * "Quote to note" (issue 18): a selection becomes a blockquote with a text-fragment link back to
 * the passage, gathered in page order in the page's note. The page-side probe (measure.ts) is
 * serialised into the tab for one call; the rest runs in the background and carries no engine.
 */
export {
  buildTextDirective,
  directiveText,
  encodeDirectivePart,
  LONG_SELECTION,
  resolveTextDirective,
  type TextDirective,
  textFragmentUrl,
  wholeWords,
} from './fragment';
export { MAX_PAGE_TEXT, type MeasuredSelection, measureSelectionInPage } from './measure';
export { insertQuote, placedQuotes, type Quote, quoteMarkdown } from './note';
export { type QuoteOutcome, quoteFromMeasure, quoteSelection } from './quote';
