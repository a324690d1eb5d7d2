/**
 * The clipping engine's public surface: functions over a Document and its URL, so the same code
 * runs in the page (through the injected script) and in tests under jsdom. What runs outside the
 * page (composing notes, escapes, types) is in ./light.ts, which code outside the engine imports
 * directly so that its bundle never holds the engine.
 */
export { DEFAULT_TIME_BUDGET_MS } from './budget';

import { clipWithSites, type EngineOptions } from './clip-document';
import { ALL_SITES } from './sites/registry';
import type { ClipRequest, ClipResult } from './types';

export type { EngineOptions } from './clip-document';
export { errorPageCode } from './error-page';
export * from './light';
export { extractMetadata } from './metadata/metadata';
export { SITE_MODULES } from './sites';

/**
 * The engine's entry point with every site's reader loaded (Node, tests, the benchmark): a clip
 * of `doc` as the request asks, or a structured error (a code the extension words for the user).
 * It never throws and never changes the live page. The engine in a tab loads the readers only
 * for the pages a site claims (sites/loading.ts).
 */
export function clipDocument(
  doc: Document,
  request: ClipRequest,
  options: EngineOptions = {},
): ClipResult {
  return clipWithSites(doc, request, ALL_SITES, options);
}
