/**
 * The clip log: which pages (canonical address, tracking parameters ignored) became which notes,
 * so the popup can say a page was clipped before and offer to update that note instead.
 */

export { canonicalUrl } from './canonical-url';
export { type ClippedPage, findClippedPage, forgetDeletedNotes, logOutboxSaves } from './check';
export {
  CLIP_LOG_SIZE,
  type ClipLogEntry,
  type ClipToLog,
  clipLogItem,
  clipsOfPage,
  forgetNote,
  loggedClipOfPage,
  loggedPages,
  readClipLog,
  recordClips,
} from './log';
export { noteSourceUrl } from './note-source';
