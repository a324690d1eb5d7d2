/**
 * Tag suggestions ranked from local knowledge only (site tags, the page's title and headings,
 * recent and most used tags). Pure functions: no storage, no messages, no network.
 */
export {
  DEFAULT_WEIGHTS,
  markdownHeadings,
  type PageWords,
  pageWords,
  type RankRequest,
  rankTags,
  SUGGESTIONS_BEFORE_TYPING,
  SUGGESTIONS_SHOWN,
  type TagAccount,
  type TagCount,
  type Weights,
} from './rank';
export { siteOf } from './site';
export { foldText, sameStem, WordSet, wordsOf } from './words';
