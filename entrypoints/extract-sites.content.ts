// First: zod must parse without eval before any schema is built (utils/jitless.ts).
import '../utils/jitless';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { installClipEngine } from '../utils/clip/in-page';
import { ALL_SITES } from '../utils/clip/sites/registry';

// The engine with every site's reader, in one script: what the background injects on a site's
// own host (utils/clip/sites/hosts.ts), where the engine would ask for the readers at once.
// Injected on demand, never registered on every page.
export default defineContentScript({
  registration: 'runtime',
  main() {
    installClipEngine(globalThis, ALL_SITES);
  },
});
