/**
 * What the popup page remembers between openings (the last deck). The background side of the
 * popup is ./background, kept apart so this page's bundle stays small.
 */

export type { TabPreview } from './background/preview';
export {
  initialDeck,
  type LastDeck,
  lastDeckItem,
  readLastDeck,
  rememberLastDeck,
} from './preferences';
