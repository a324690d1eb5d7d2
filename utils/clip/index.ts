/**
 * The clipping engine's public surface: functions over a Document and its URL, so the same code
 * runs in the page (through the injected script) and in tests under jsdom.
 */
export { DEFAULT_TIME_BUDGET_MS } from './budget';
export { clipDocument, type EngineOptions } from './clip-document';
export { ENGINE_KEY, type InPageClipEngine } from './engine-key';
export { safeInlineText, safeLinkDestination, safeMarkdownLink } from './escape';
export { extractMetadata } from './metadata';
export {
  type ComposeOptions,
  composeNote,
  DEFAULT_NOTE_TEMPLATE,
  NOTE_TEMPLATES,
  type NoteTemplate,
  TEMPLATE_VARIABLES,
} from './template';
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
export { stripTrackingParameters } from './urls';
