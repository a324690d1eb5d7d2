/**
 * The popup's background side (preview, save, already clipped, selection) and what the popup
 * remembers between openings (the last deck).
 */
export { registerPopupBackground } from './handlers';
export {
  initialDeck,
  type LastDeck,
  lastDeckItem,
  readLastDeck,
  rememberLastDeck,
} from './preferences';
export { BROWSER_PAGE_MESSAGE, PDF_MESSAGE, previewTab, type TabPreview } from './preview';
export { NO_SELECTION_MESSAGE, readSelection } from './selection';
export { classifyAddress, inspectTab, type TabInspection, type TabKind } from './tab';
