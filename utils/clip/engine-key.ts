import type { ClipRequest, ClipResult } from './types';

/**
 * Where the injected engine waits in the page's isolated world: `globalThis[Symbol.for(ENGINE_KEY)]`.
 * A symbol, not a named global: the page's DOM reaches the isolated world through named access
 * (an element with `id="clipdeckEngine"` is `window.clipdeckEngine` there too), and only string
 * keys can be named that way. `Symbol.for` lets a caller serialised into the page, which can
 * import nothing, find the engine from this name alone (passed to it as an argument).
 */
export const ENGINE_KEY = 'clipdeckEngine';

export interface InPageClipEngine {
  clip(request: ClipRequest): ClipResult;
}
