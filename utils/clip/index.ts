/**
 * The clipping engine's public surface: functions over a Document and its URL, so the same code
 * runs in the page (through the injected script) and in tests under jsdom. What runs outside the
 * page (composing notes, escapes, types) is in ./light.ts, which code outside the engine imports
 * directly so that its bundle never holds the engine.
 */
export { DEFAULT_TIME_BUDGET_MS } from './budget';
export { clipDocument, type EngineOptions } from './clip-document';
export { errorPageCode } from './error-page';
export * from './light';
export { extractMetadata } from './metadata/metadata';
export { SITE_MODULES } from './sites';
