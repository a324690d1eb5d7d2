/**
 * What the popup asks for and waits on, run in the popup itself (issue 18: the background carries
 * only what must run with no page open): the tab's preview through the lead's prepareClip (the
 * engine is injected into the tab, never bundled here), the selection for appending, one cheap
 * check of the service. The popup is the extension's own origin: it reads the saved key from
 * `local:` storage and calls the configured service through utils/api, as the background does.
 */
export { BROWSER_PAGE_MESSAGE, PDF_MESSAGE, previewTab, type TabPreview } from './preview';
export { NO_SELECTION_MESSAGE, readSelection } from './selection';
export { checkService } from './service-check';
export { classifyAddress, inspectTab, type TabInspection, type TabKind } from './tab';
