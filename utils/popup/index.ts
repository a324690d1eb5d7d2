/**
 * The popup page's logic: its state machine (state.ts), what it remembers between openings (the
 * last deck, the default notebook's id), its sentences for the hard states. What it does to the tab
 * (preview, selection) is ./tab, the background's side ./background, both kept apart from this
 * index so the state logic's tests and the page's first chunk stay small.
 */

export {
  ALL_WEB_ORIGINS,
  type AllTabsPlan,
  describeProgress,
  pages,
  planAllTabs,
  tabs,
  type WindowTab,
  waitingCount,
} from './all-tabs';
export {
  type DefaultNotebook,
  defaultNotebookItem,
  notebookName,
  noteInDefaultNotebook,
  readDefaultNotebookId,
  rememberDefaultNotebookId,
} from './notebooks';
export {
  initialDeck,
  type LastDeck,
  lastDeckItem,
  readLastDeck,
  rememberLastDeck,
} from './preferences';
export { queuedNeedsOptions, queuedSentence, serviceSentence, staleSentence } from './sentences';
export {
  type ClipDraft,
  EMPTY_DRAFT,
  healthOf,
  INITIAL_STATE,
  isEditing,
  NO_TAB_ERROR,
  outcomeSpeaksOfService,
  type Phase,
  type PopupEvent,
  type PopupState,
  type PopupTab,
  popupReducer,
  type SaveOutcome,
  type ServiceHealth,
  type UpdateState,
} from './state';
export type { TabPreview } from './tab/preview';
