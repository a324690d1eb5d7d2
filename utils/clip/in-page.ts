import { ENGINE_KEY, type InPageClipEngine } from './engine-key';
import { errorPageFailure } from './error-page';
import { clipDocument } from './index';

export type { InPageClipEngine } from './engine-key';

/**
 * The injected script installs the engine once per page (in the extension's isolated world, which
 * the page's scripts cannot see), under the symbol engine-key.ts describes; the background then
 * calls it with the request's arguments through a second `executeScript({ func, args })`.
 * Injecting twice is harmless.
 */
type EngineHolder = Record<symbol, InPageClipEngine | undefined>;

/** The engine installed in this world (`scope` is its global object), if any. */
export function inPageEngine(scope: object = globalThis): InPageClipEngine | undefined {
  return (scope as EngineHolder)[Symbol.for(ENGINE_KEY)];
}

export function installClipEngine(scope: typeof globalThis = globalThis): void {
  const holder = scope as unknown as EngineHolder;
  holder[Symbol.for(ENGINE_KEY)] ??= {
    clip(request) {
      const errorPage = errorPageFailure(scope);
      if (errorPage) return errorPage;
      try {
        return clipDocument(scope.document, request);
      } catch (error) {
        return {
          ok: false,
          error: { kind: 'internal', code: 'internal', params: { detail: String(error) } },
        };
      }
    },
  };
}
