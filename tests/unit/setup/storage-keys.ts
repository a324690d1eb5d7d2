import { fakeBrowser } from 'wxt/testing/fake-browser';

// The fake browser's `storage.local.getKeys` throws "not implemented"; Chrome 130+ and Firefox
// have it. The keys of the fake's own storage, so code that lists keys runs as in a browser.
fakeBrowser.storage.local.getKeys = async () =>
  Object.keys(await fakeBrowser.storage.local.get(null));
