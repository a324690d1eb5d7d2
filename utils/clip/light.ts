/**
 * The clipping domain's surface for code that runs outside the engine (the popup, the options
 * page, the background, the engine's page-side helpers): composing a note from a clip, the escapes
 * for page-supplied text and links, the engine's types, its key and the calls it answers. None of
 * it reaches the engine (Readability, turndown, the markup rules, the site modules), so importing
 * it keeps the engine out of those bundles: the background's budget (tests/packages) fails the
 * build otherwise. Import this, not `utils/clip`, outside the engine. The background takes only
 * types, the key and the tracking parameters from it: notes are composed in the page (issue 18).
 */
export {
  type ComposeOptions,
  composeNote,
  DEFAULT_NOTE_TEMPLATE,
  NOTE_TEMPLATES,
  type NoteTemplate,
  TEMPLATE_VARIABLES,
} from './compose/template';
export {
  type ClickedLink,
  type ClipNoteRequest,
  type ComposedClipResult,
  ENGINE_API,
  ENGINE_KEY,
  type InPageClipEngine,
  type NoteStyle,
  type PageNote,
  type PageQuote,
  type QuoteAnswer,
  type QuoteRequest,
} from './engine-key';
export {
  safeInlineText,
  safeLinkDestination,
  safeMarkdownLink,
  webHref,
} from './markdown/escape';
export { stripTrackingParameters } from './markdown/urls';
export { siteReadersLikely } from './sites/hosts';
export {
  type CommentDepth,
  commentDepths,
  DEFAULT_COMMENT_DEPTH,
  type SiteFamily,
} from './sites/types';
export {
  type Clip,
  type ClipError,
  type ClipErrorCode,
  type ClipErrorKind,
  type ClipMetadata,
  type ClipMode,
  type ClipNotice,
  type ClipNoticeCode,
  type ClipRequest,
  type ClipResult,
  clipModes,
  clipRequestSchema,
} from './types';
