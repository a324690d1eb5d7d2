export { clientForSavedConnection, getOutbox } from './background';
export { showOutboxOnBadge } from './badge';
export {
  DEFAULT_OUTBOX_CONFIG,
  type OutboxConfig,
  outboxConfigItem,
  resolveOutboxConfig,
} from './config';
export { findExtraCopies, findStoredNote, type ListedNote } from './dedupe';
export {
  appendedText,
  changedFields,
  type NoteAction,
  type NoteRef,
} from './edits';
export {
  ATTENTION_REASONS,
  type AttentionReason,
  CLIP_STATES,
  type ClipState,
  type EditedNote,
  ENTRY_KINDS,
  type EntryKind,
  isWaiting,
  kindOf,
  migrateOutboxV1ToV2,
  type NoteDraft,
  type NoteEdit,
  OUTBOX_VERSION,
  type Outbox,
  type OutboxEntry,
  outboxItem,
  parseOutbox,
  targetOf,
} from './entry';
export {
  type DeliveryFailure,
  holdMessage,
  judgeFailure,
  KEY_REFUSED_MESSAGE,
  MAX_HOLD_MS,
  toDeliveryFailure,
} from './failure';
export {
  countNotes,
  type ListPages,
  type RecentSearch,
  type RecentSearchOptions,
  searchRecent,
} from './locate';
export { registerOutboxMessages } from './messages';
export {
  BATCH_SIZE,
  type BatchProgress,
  type ClipOutbox,
  createOutbox,
  OUTBOX_ALARM,
  type OutboxClient,
  type OutboxDependencies,
  type Outcome,
} from './outbox';
export {
  describeSetAside,
  exportSetAside,
  keepAside,
  outboxSetAsideItem,
  readSetAside,
  SET_ASIDE_REASONS,
  type SetAside,
  type SetAsideClip,
  splitOutbox,
} from './set-aside';
export { heldBecause, NOT_STORED_MESSAGE, submitClip } from './submit';
export { type ClipSummary, summarizeClip, summarizeOutbox } from './summary';
export {
  afterFailure,
  backoffDelay,
  beginAttempt,
  capHolds,
  createEntry,
  isDue,
  markSaved,
  type NewClip,
  nextWakeAt,
  recoverInterrupted,
  requeueByUser,
  resumeAfterNewKey,
  type UserChanges,
} from './transitions';
