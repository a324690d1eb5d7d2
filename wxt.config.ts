import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
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
  vite: () => ({ plugins: [preact()] }),
  manifest: ({ mode, browser }) => {
    const automation = mode === 'automation';
    return {
      default_locale: 'en',
      name: '__MSG_manifest_name__',
      description: '__MSG_manifest_description__',
      // alarms: the outbox's retries must outlive the service worker (issue 5).
      // contextMenus, notifications: quick capture from the right-click menu, confirmed by a
      // notification the user can turn off (issue 7). Neither grants access to any page.
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
      ],
      // Keyboard shortcuts for quick capture; the names are the ones the background handles.
      commands: MANIFEST_COMMANDS,
      optional_host_permissions: ['https://*/*', 'http://*/*'],
      host_permissions: automation ? ['<all_urls>'] : [],
      ...(browser === 'firefox' && {
        browser_specific_settings: {
          gecko: {
            id: 'clipdeck@clipdeck.dev',
            data_collection_permissions: { required: ['none'] },
          },
        },
      }),
    };
  },
});
