/**
 * Import of read-later exports and bookmark files (issue 17): files become links, links become
 * bookmark notes. Runs in Node (the command line's `--from`) and on the options page alike: no
 * DOM, no extension storage.
 */
export { type BookmarkNote, type BookmarkNoteOptions, bookmarkNoteFromLink } from './bookmark-note';
export { MAX_IMPORT_BYTES } from './decode';
export { parseImportFile } from './parse';
export {
  type ImportChannel,
  type ImportFileInput,
  type ImportProgress,
  type ImportRun,
  type ImportRunOptions,
  runImport,
} from './run-import';
export {
  FORMAT_NAMES,
  IMPORT_FORMATS,
  type ImportError,
  type ImportErrorCode,
  type ImportErrorKind,
  type ImportErrorParams,
  type ImportedLink,
  type ImportFormat,
  type ImportOptions,
  type ImportResult,
  type SkippedEntry,
} from './types';
