export { apiSentenceText } from './api';
export { clipErrorToUserError, clipNoticeText } from './clip';
export {
  formatBytes,
  formatDate,
  formatList,
  formatNumber,
  type MessageKey,
  type PluralKey,
  plural,
  quoted,
  t,
  uiLanguage,
} from './core';
export { importErrorText, importFormatName } from './import';
