/**
 * The clipping engine's public surface: functions over a Document and its URL, so the same code
 * runs in the page (through the injected script) and in tests under jsdom.
 */
export { DEFAULT_TIME_BUDGET_MS } from './budget';
export { clipDocument, type EngineOptions } from './clip-document';
export {
  type ComposeOptions,
  composeNote,
  DEFAULT_NOTE_TEMPLATE,
  NOTE_TEMPLATES,
  type NoteTemplate,
  TEMPLATE_VARIABLES,
} from './compose/template';
export { ENGINE_KEY, type InPageClipEngine } from './engine-key';
export { errorPageCode } from './error-page';
export { safeInlineText, safeLinkDestination, safeMarkdownLink } from './markdown/escape';
export { stripTrackingParameters } from './markdown/urls';
export { extractMetadata } from './metadata/metadata';
export {
  type CommentDepth,
  commentDepths,
  DEFAULT_COMMENT_DEPTH,
  SITE_MODULES,
  type SiteFamily,
} from './sites';
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
