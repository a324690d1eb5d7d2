import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * The extension APIs these measurements run the real modules on, in Node: WXT's fake browser
 * (storage in memory, as in the unit tests). Imported first, before any module of utils/: some
 * read `globalThis.chrome`, or word a sentence, as they load (utils/outbox/failure.ts does). The
 * fake browser has no i18n; sentences are not measured, so each message key stands for its words.
 */
(globalThis as { chrome?: unknown }).chrome = fakeBrowser;
fakeBrowser.i18n.getMessage = ((key: string) => key) as typeof fakeBrowser.i18n.getMessage;
fakeBrowser.i18n.getUILanguage = () => 'en';

export { fakeBrowser };
