/**
 * The clipping domain's surface for code that runs outside the page (the background, the options
 * page): composing a note from a clip, the escapes for page-supplied text and links, the engine's
 * types and its key. None of it reaches the engine (Readability, turndown, the markup rules, the
 * site modules), so importing it keeps the engine out of those bundles: the background's budget
 * (tests/packages) fails the build otherwise. Import this, not `utils/clip`, outside the engine.
 */
export {
  type ComposeOptions,
  composeNote,
  DEFAULT_NOTE_TEMPLATE,
  NOTE_TEMPLATES,
  type NoteTemplate,
  TEMPLATE_VARIABLES,
} from './compose/template';
export { ENGINE_KEY, type InPageClipEngine } from './engine-key';
export { safeInlineText, safeLinkDestination, safeMarkdownLink } from './markdown/escape';
export { stripTrackingParameters } from './markdown/urls';
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
