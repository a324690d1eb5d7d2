import { type ClipRequest, type ClipResult, clipDocument } from './index';

/**
 * The injected script installs the engine once per page (in the extension's isolated world, which
 * the page cannot see); the background then calls it with the request's arguments through a
 * second `executeScript({ func, args })`. Injecting twice is harmless.
 */
export interface InPageClipEngine {
  clip(request: ClipRequest): ClipResult;
}

declare global {
  var clipdeckEngine: InPageClipEngine | undefined;
}

export function installClipEngine(): void {
  globalThis.clipdeckEngine ??= {
    clip(request) {
      try {
        return clipDocument(document, request);
      } catch (error) {
        return {
          ok: false,
          error: {
            kind: 'internal',
            message: `Clipdeck could not read this page (${String(error)}). Try another clip mode, or save it as a bookmark.`,
          },
        };
      }
    },
  };
}
