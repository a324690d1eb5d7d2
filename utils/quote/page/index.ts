/**
 * The page side of "Quote to note" (issue 18): what the injected engine runs in the tab
 * (utils/clip/in-page.ts) to measure the selection, link it with a text fragment and write it as
 * Markdown. Apart from utils/quote's index, which is the background's and places the quote.
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
export { MAX_PAGE_TEXT, type MeasuredSelection, measureSelection } from './measure';
export { type Quote, quoteFromMeasure, quoteMarkdown, quoteOfSelection } from './quote';
