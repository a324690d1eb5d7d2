export { installAutomationHooks } from './automation';
export { clipTab } from './clip-tab';
export {
  type ClipTabsRequest,
  type ClipTabsResult,
  clipTabs,
  type TabClipFailure,
} from './clip-tabs';
export { ensureEngine, extractFromTab } from './extract';
export {
  NOT_CONFIGURED_MESSAGE,
  type PreparedClip,
  type PrepareRequest,
  prepareClip,
} from './prepare';
