import { browser } from 'wxt/browser';
import type { AutomationHooks } from '../automation';
import { MESSAGE_TYPES, onMessage } from '../messaging';
import { connectionItem } from '../settings';
import { markShown, registerToolbarMark } from '../toolbar-mark';
import { installWorkScript, loadWork, waitingAtStart } from './load';
import type { BackgroundWork } from './types';

function logFailure(error: unknown): void {
  console.error('[clipdeck background]', error);
}

/** An event handed to the work layer, loaded first if this worker has not yet. */
function toWork(act: (work: BackgroundWork) => Promise<unknown>): void {
  loadWork().then(act).catch(logFailure);
}

/**
 * The background as the browser starts it (entrypoints/background.ts). Every listener is added
 * here, synchronously in the worker's first run, as Manifest V3 needs for an event to wake a
 * stopped worker; what an event sets off lives in the work layer (utils/work), loaded on the first
 * event that needs it. The toolbar mark alone runs here: a tab brought to the front is what wakes
 * the worker most, and it needs only the clip log (issue 18: the bundle every start loads).
 * Returns what removes its message listeners.
 */
export function wireBackground(): () => void {
  installWorkScript();

  const stopListening = MESSAGE_TYPES.map((type) =>
    onMessage(type, async (message) => (await loadWork()).handleMessage(type, message)),
  );

  browser.alarms.onAlarm.addListener((alarm) => toWork((work) => work.alarmRang(alarm.name)));
  browser.runtime.onInstalled.addListener(() => toWork((work) => work.installed()));
  browser.runtime.onStartup.addListener(() => toWork((work) => work.browserStarted()));
  browser.contextMenus.onClicked.addListener((info, tab) =>
    toWork((work) => work.menuClicked(info, tab)),
  );
  browser.commands.onCommand.addListener((command, tab) =>
    toWork((work) => work.command(command, tab)),
  );
  browser.notifications.onClicked.addListener((notificationId) =>
    toWork((work) => work.notificationClicked(notificationId)),
  );
  connectionItem.watch((next, previous) => {
    if (next.apiKey !== previous?.apiKey || next.baseUrl !== previous?.baseUrl) {
      toWork((work) => work.connectionChanged());
    }
  });

  // The toolbar icon shows when the tab's page is in the user's notes (issue 18).
  registerToolbarMark();

  // Clips a stopped worker or a browser restart left unsent go on without waiting for an event.
  waitingAtStart()
    .then((waiting) => (waiting ? loadWork() : undefined))
    .catch(logFailure);

  if (import.meta.env.MODE === 'automation') installAutomationHooks();

  // A browser starts the background once; tests start one per case and stop its messages.
  return () => {
    for (const stop of stopListening) stop();
  };
}

/**
 * The automation build's hooks on the worker's global scope (tests and the headless command reach
 * them with Playwright's `worker.evaluate`): each loads the work layer and calls its hook, as a
 * message would; the toolbar mark's is answered here, where the mark is kept.
 */
function installAutomationHooks(): void {
  const forward =
    <K extends Exclude<keyof AutomationHooks, 'toolbarMark'>>(name: K) =>
    async (...args: Parameters<AutomationHooks[K]>) => {
      const hooks = (await loadWork()).automation;
      if (!hooks) throw new Error('This build has no automation hooks.');
      return (hooks[name] as (...given: typeof args) => unknown)(...args);
    };
  globalThis.clipdeckAutomation = {
    configure: forward('configure'),
    clipTab: forward('clipTab'),
    waitForClip: forward('waitForClip'),
    listOutbox: forward('listOutbox'),
    configureOutbox: forward('configureOutbox'),
    prepareTabs: forward('prepareTabs'),
    submitClips: forward('submitClips'),
    clipStates: forward('clipStates'),
    retryClips: forward('retryClips'),
    handleMenuClick: forward('handleMenuClick'),
    handleCommand: forward('handleCommand'),
    toolbarMark: async (tabId) => ({
      marked: markShown(tabId),
      title: await browser.action.getTitle({ tabId }),
    }),
  } as AutomationHooks;
}
