import { resolve } from 'node:path';
import {
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type Worker,
} from '@playwright/test';
import { type NotesServer, startNotesServer } from '../../notes-server';
import { type ExtensionBrowser, launchWithExtension } from '../../scripts/lib/chromium';
import { type StaticServer, startStaticServer } from '../../scripts/lib/static-server';
import type { clipTab } from '../../utils/clipper/clip-tab';
import type { ClipTabRequest, ProtocolMap } from '../../utils/messaging';
import { PopupPage } from './pages/popup-page';

/** The automation build (`npx wxt build --mode automation`): see wxt.config.ts for why. */
export const AUTOMATION_BUILD = resolve('.output/chrome-mv3-automation');
/** Pages the tests clip, served over http from tests/fixtures/site. */
export const SITE_DIR = resolve('tests/fixtures/site');
/** Decks the test Notes server knows besides its default notebook. */
export const TEST_DECKS = ['deck-science', 'deck-reading'];
/** Screenshots the tests take, to be looked at (gitignored). */
export const ARTIFACTS_DIR = resolve('tests/e2e/artifacts');

interface Fixtures {
  extension: ExtensionBrowser;
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  notesServer: NotesServer;
  site: StaticServer;
  /** Opens an extension page (e.g. 'options.html') in a new tab. */
  openExtensionPage(path: string): Promise<Page>;
  /** Stores the connection in the extension the way the options page does. */
  configure(connection: { baseUrl: string; apiKey: string }): Promise<void>;
  /** Opens the popup in a new tab, acting on the tab that shows `tab` (as the toolbar button would). */
  openPopupFor(tab: Page): Promise<PopupPage>;
  /** Clips the tab that shows `tab` through the background's own clip handler. */
  clipTabOf(
    tab: Page,
    options?: Omit<ClipTabRequest, 'tabId'>,
  ): Promise<Awaited<ReturnType<typeof clipTab>> | undefined>;
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
  extension: async ({}, use) => {
    const extension = await launchWithExtension(AUTOMATION_BUILD);
    await use(extension);
    await extension.close();
  },
  context: async ({ extension }, use) => use(extension.context),
  worker: async ({ extension }, use) => use(extension.worker),
  extensionId: async ({ extension }, use) => use(extension.extensionId),
  // biome-ignore lint/correctness/noEmptyPattern: see above.
  notesServer: async ({}, use) => {
    const server = await startNotesServer({ decks: TEST_DECKS });
    await use(server);
    await server.stop();
  },
  // biome-ignore lint/correctness/noEmptyPattern: see above.
  site: async ({}, use) => {
    const server = await startStaticServer(SITE_DIR);
    await use(server);
    await server.stop();
  },
  openExtensionPage: async ({ context, extensionId }, use) => {
    await use(async (path) => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    });
  },
  configure: async ({ worker }, use) => {
    await use(async (connection) => {
      await worker.evaluate((value) => globalThis.clipdeckAutomation?.configure(value), connection);
    });
  },
  openPopupFor: async ({ context, worker, extensionId }, use) => {
    await use(async (tab) =>
      PopupPage.open(await context.newPage(), extensionId, await tabIdOf(worker, tab)),
    );
  },
  clipTabOf: async ({ worker }, use) => {
    await use(async (tab, options = {}) =>
      worker.evaluate((request) => globalThis.clipdeckAutomation?.clipTab(request), {
        ...options,
        tabId: await tabIdOf(worker, tab),
      }),
    );
  },
});

/** The id Chromium gives the tab showing `page`, for calling the background's clip handler. */
export async function tabIdOf(worker: Worker, page: Page): Promise<number> {
  const url = page.url();
  // Chromium (150 at least) hides the URL of the extension's own pages from tabs.query even with
  // host access to every site; such a page can name its own tab.
  if (url.startsWith('chrome-extension://')) {
    const ownTab = await page.evaluate(async () => (await chrome.tabs.getCurrent())?.id);
    if (ownTab !== undefined) return ownTab;
  }
  const tabId = await worker.evaluate(async (pageUrl) => {
    const tabs = await chrome.tabs.query({});
    return tabs.find((tab) => tab.url === pageUrl)?.id;
  }, url);
  if (tabId === undefined) throw new Error(`No tab shows ${url}`);
  return tabId;
}

/** Sends a ProtocolMap message from an extension page, in the messaging library's wire format. */
export async function ask<K extends keyof ProtocolMap>(
  page: Page,
  type: K,
  data: Parameters<ProtocolMap[K]>[0],
): Promise<ReturnType<ProtocolMap[K]>> {
  const reply = await page.evaluate(
    ({ type, data }) =>
      chrome.runtime.sendMessage({ id: Date.now(), type, data, timestamp: Date.now() }),
    { type, data },
  );
  return (reply as { res: ReturnType<ProtocolMap[K]> }).res;
}

/**
 * Stops the extension's service worker the way Chromium does when it reclaims an idle one. The
 * answer waits for the worker's next start (an event or a message wakes it).
 */
export async function stopServiceWorker(
  context: BrowserContext,
  page: Page,
): Promise<{ restarted(): Promise<void> }> {
  const devtools = await context.newCDPSession(page);
  await devtools.send('ServiceWorker.enable');
  const statuses: string[] = [];
  devtools.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    statuses.push(...versions.map((version) => version.runningStatus));
  });
  await devtools.send('ServiceWorker.stopAllWorkers');
  // An event still on its way (the load of a tab just opened) can start the worker again before
  // the poll sees it stop; the restart it then waits for would already be over. Stopped means
  // stopped last, stopping again if something woke it meanwhile.
  await expect
    .poll(async () => {
      const last = statuses.at(-1);
      if (last !== undefined && last !== 'stopped' && last !== 'stopping')
        await devtools.send('ServiceWorker.stopAllWorkers');
      return last;
    })
    .toBe('stopped');
  statuses.length = 0;
  return { restarted: () => expect.poll(() => statuses.includes('running')).toBe(true) };
}

export { expect };
