/**
 * The notes index: cached metadata of the user's notes (tags for suggestions, the most recent
 * notes, and the catalog of every note for search), gathered by paging the list endpoint in the
 * background, and the popup's actions on existing notes (one at a time or in bulk), which keep
 * it in step.
 */
export {
  appendToNote,
  deleteNote,
  type EditReply,
  getNote,
  type MoveReply,
  moveNote,
  type NoteActionDependencies,
  type NoteChanges,
  type NoteField,
  updateNote,
} from './actions';
export {
  applyNoteChange,
  applyRecentNotes,
  buildIndex,
  countTags,
  IndexAccumulator,
  lastTouched,
  type NoteChange,
  newestFirst,
  RECENT_KEPT,
  suggestTags,
} from './build';
export {
  BULK_BATCH,
  type BulkFailure,
  type BulkProgress,
  bulkProgressItem,
  dismissBulkRetag,
  parseBulkProgress,
  readBulkProgress,
  resumeBulkRetag,
  retagged,
  startBulkRetag,
} from './bulk';
export {
  type CatalogPlace,
  lookUpInCatalog,
  MAX_SHARDS,
  NOTES_PER_SHARD,
  readCatalog,
  shardsFor,
} from './catalog';
export { followOutboxSaves, newlySaved } from './follow-outbox';
export { registerNotesIndex, runNotesIndexInBackground } from './handlers';
export {
  CLOCK_MARGIN_MS,
  DECK_LOOKUPS,
  FULL_SCAN_AFTER_MS,
  type IndexDependencies,
  isFresh,
  MAX_SCAN_PAGES,
  noteChanged,
  onNoteDeleted,
  type RefreshOutcome,
  refreshNotesIndex,
  STALE_AFTER_MS,
  UNSORTED_RESCAN_AFTER_MS,
} from './refresh';
export {
  fold,
  prepareSearch,
  type SearchableNote,
  type SearchResults,
  searchNotes,
} from './search';
export {
  type IndexedNote,
  migrateIndexToV2,
  type NotesIndex,
  notesIndexItem,
  parseNotesIndex,
  readNotesIndex,
  readRecentTags,
  recentTagsItem,
  rememberUsedTags,
  type TagCount,
} from './store';
