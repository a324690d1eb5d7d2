// First: zod must parse without eval before any schema is built (utils/jitless.ts).
import '../utils/jitless';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { installClipEngine } from '../utils/clip/in-page';

// Injected on demand by the background (utils/clipper); never registered on every page.
export default defineContentScript({
  registration: 'runtime',
  main() {
    installClipEngine();
  },
});
