/**
 * "Quote to note" (issue 18): a selection becomes a blockquote with a text-fragment link back to
 * the passage, gathered in page order in the page's note. The quote is measured and written by
 * the engine in the page (utils/quote/page, its own surface); this side, the background's, asks
 * for it and places its lines in the note.
 */
export { insertQuote, placedQuotes } from './note';
export { type QuoteOutcome, quoteSelection } from './quote';
