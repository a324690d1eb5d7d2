import type { Browser } from 'wxt/browser';

// Code passed to Playwright's `worker.evaluate` runs inside the extension's service worker, where
// Chromium provides the `chrome` global; the extension's own code imports `browser` instead.
declare global {
  const chrome: typeof Browser;
}
