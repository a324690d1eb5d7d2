/**
 * What the popup page remembers between openings (the last deck). The background side of the
 * popup is ./background, kept apart so this page's bundle stays small.
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
export type { TabPreview } from './background/preview';
export {
  initialDeck,
  type LastDeck,
  lastDeckItem,
  readLastDeck,
  rememberLastDeck,
} from './preferences';
