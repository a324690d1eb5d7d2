/**
 * The popup's background side: preview a tab, save the edited draft through the outbox, "already
 * clipped", the selection for appending. A surface of its own, apart from ../index.ts, so the
 * popup's bundle never reaches the clipping engine these handlers run (it would slow the popup's
 * first paint for code that only the background executes).
 */
export { registerPopupBackground } from './handlers';
export { BROWSER_PAGE_MESSAGE, PDF_MESSAGE, previewTab, type TabPreview } from './preview';
export { NO_SELECTION_MESSAGE, readSelection } from './selection';
export { checkService } from './service-check';
export { classifyAddress, inspectTab, type TabInspection, type TabKind } from './tab';
