import { defineContentScript } from 'wxt/utils/define-content-script';
import { installSiteReaders } from '../utils/clip/sites/loading';
import { SITE_MODULES } from '../utils/clip/sites/registry';

// The site modules' readers, injected by the background after the engine only when a site's
// detector claims the page (utils/clip/sites/loading.ts); never registered on every page.
export default defineContentScript({
  registration: 'runtime',
  main() {
    installSiteReaders(globalThis, SITE_MODULES);
  },
});
