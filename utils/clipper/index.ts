export { clipTab } from './clip-tab';
export {
  type ClipTabsRequest,
  type ClipTabsResult,
  clipTabs,
  type TabClipFailure,
} from './clip-tabs';
export {
  callEngine,
  ensureEngine,
  extractFromTab,
} from './extract';
export {
  NOT_CONFIGURED_MESSAGE,
  noteStyle,
  type PreparedClip,
  type PrepareRequest,
  prepareClip,
} from './prepare';
