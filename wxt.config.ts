import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import {
  readabilityOnlyWhereUsed,
  zodWithoutEval,
  zodWithoutJsonSchema,
} from './scripts/lib/bundle-plugins';
import { MANIFEST_COMMANDS } from './utils/quick-capture/actions';

/**
 * Two builds share one source tree:
 * - the store build (`wxt build`) asks only for activeTab, scripting, storage, alarms,
 *   contextMenus and notifications, and
 *   requests the Notes API origin as an optional host permission when the user saves it;
 * - the automation build (`wxt build --mode automation`) is what tests and `npm start` load:
 *   automation can never grant activeTab (no real toolbar click) and `permissions.request` gets
 *   no answer headless, so it is given host access up front.
 */
export default defineConfig({
  manifestVersion: 3,
  // Explicit imports everywhere: a reader can follow every name to its module.
  imports: false,
  // Every user-facing string lives in locales/<lang>.yml; the module writes _locales/*/messages.json
  // and the typed keys behind utils/i18n (issue 16).
  modules: ['@wxt-dev/i18n/module'],
  // No Function constructor in any bundle (see utils/jitless.ts), and Readability only where it
  // runs: store reviewers read every bundle.
  vite: () => ({
    plugins: [preact(), zodWithoutEval(), zodWithoutJsonSchema(), readabilityOnlyWhereUsed()],
  }),
  // `npm run zip`: the Chrome/Edge zip, the Firefox zip and, with it, the sources AMO asks for.
  // The sources are what the build reads and nothing else (no tests, corpus, server or bench);
  // tests/packages/packages.test.ts rebuilds the Firefox package from them and compares.
  zip: {
    includeSources: [
      'package.json',
      'package-lock.json',
      'wxt.config.ts',
      'tsconfig.json',
      'entrypoints/**',
      'components/**',
      'utils/**',
      'public/**',
      'assets/**',
      'locales/**',
      'scripts/lib/bundle-plugins.ts',
      'store/notes-for-reviewers.md',
    ],
  },
  manifest: ({ mode, browser }) => {
    const automation = mode === 'automation';
    return {
      default_locale: 'en',
      name: '__MSG_manifest_name__',
      description: '__MSG_manifest_description__',
      // alarms: the outbox's retries must outlive the service worker (issue 5).
      // contextMenus, notifications: quick capture from the right-click menu, confirmed by a
      // notification the user can turn off (issue 7). Neither grants access to any page.
      // tabs: the toolbar mark (issue 18) reads the address of the tab brought to the front to
      // say whether it is in the user's notes, from the local clip log; without it Chromium hides
      // a tab's address until the user clicks Clipdeck there. It grants no access to any page.
      // unlimitedStorage: waiting clips live in the outbox in local storage, and a few long pages
      // would fill its default 10 MB; it shows no warning at install and grants no page access.
      permissions: [
        'activeTab',
        'scripting',
        'storage',
        'unlimitedStorage',
        'alarms',
        'contextMenus',
        'notifications',
        'tabs',
      ],
      // Keyboard shortcuts for quick capture; the names are the ones the background handles.
      commands: MANIFEST_COMMANDS,
      // The toolbar's icon (public/icon, from assets/icon.svg). Chromium would fall back to
      // `icons`; Firefox shows its puzzle piece without this.
      action: { default_icon: { 16: 'icon/16.png', 32: 'icon/32.png' } },
      optional_host_permissions: ['https://*/*', 'http://*/*'],
      host_permissions: automation ? ['<all_urls>'] : [],
      // Firefox (MV3, `wxt build -b firefox --mv3`; ARCHITECTURE.md says what differs). 140 is
      // the ESR line that reads data_collection_permissions (nothing leaves the browser but the
      // clips, to the user's own service) and has optional_host_permissions (128) and
      // scripting with results (102); the suite runs in Debian's firefox-esr 153.
      ...(browser === 'firefox' && {
        browser_specific_settings: {
          gecko: {
            id: 'clipdeck@clipdeck.dev',
            strict_min_version: '140.0',
            data_collection_permissions: { required: ['none'] },
          },
          // Firefox for Android reads data_collection_permissions from 142 on; below that the
          // key would be unknown there, so Android's floor is 142 (web-ext lint warns otherwise).
          gecko_android: { strict_min_version: '142.0' },
        },
      }),
    };
  },
});
