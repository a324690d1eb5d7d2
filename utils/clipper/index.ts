export { installAutomationHooks } from './automation';
export { clipTab, NOT_CONFIGURED_MESSAGE } from './clip-tab';
export { extractFromTab } from './extract';
