import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type NotesServer, type NotesServerOptions, startNotesServer } from '../../notes-server';
import {
  type FirefoxExtensionBrowser,
  type FirefoxLaunchOptions,
  launchFirefoxWithExtension,
} from '../../scripts/lib/firefox';
import { type StaticServer, startStaticServer } from '../../scripts/lib/static-server';
import type { ProtocolMap } from '../../utils/messaging';
import type { OutboxConfig } from '../../utils/outbox';

/** The Firefox automation build (`npm run build:automation:firefox`): see wxt.config.ts for why. */
export const FIREFOX_AUTOMATION_BUILD = resolve('.output/firefox-mv3-automation');
/** Pages the tests clip, served over http (the same ones the Chromium suite clips). */
export const SITE_DIR = resolve('tests/fixtures/site');
/** Screenshots the suite takes, to be looked at (gitignored). */
export const ARTIFACTS_DIR = resolve('tests/firefox/artifacts');
/** Clip defaults with one tag, stored by tests of quick capture (what a shortcut saves with). */
export const SHORE_DEFAULTS = {
  tags: ['shore'],
  mode: 'article',
  template: { kind: 'builtin', id: 'source-header' },
  stripTracking: true,
};
/** Decks the test Notes server knows besides its default notebook. */
export const TEST_DECKS = ['deck-science', 'deck-reading'];

export function launchFirefox(
  options: FirefoxLaunchOptions = {},
): Promise<FirefoxExtensionBrowser> {
  return launchFirefoxWithExtension(FIREFOX_AUTOMATION_BUILD, options);
}

/**
 * A fresh copy of the extension in a running Firefox: uninstalled and installed again, so one
 * test's storage, outbox and alarms never reach the next (a Firefox start costs ~9 s, an install
 * well under one).
 */
export async function reinstall(firefox: FirefoxExtensionBrowser): Promise<void> {
  await firefox.browser.uninstallExtension(firefox.extensionId);
  await firefox.browser.installExtension(FIREFOX_AUTOMATION_BUILD);
}

/** Sends a ProtocolMap message from an extension page, in the messaging library's wire format. */
export async function ask<K extends keyof ProtocolMap>(
  page: Page,
  type: K,
  data: Parameters<ProtocolMap[K]>[0],
): Promise<ReturnType<ProtocolMap[K]>> {
  const reply = await page.evaluate(
    (type, data) =>
      chrome.runtime.sendMessage({ id: Date.now(), type, data, timestamp: Date.now() }),
    type,
    data as never,
  );
  return (reply as { res: ReturnType<ProtocolMap[K]> }).res;
}

/** The id Firefox gives the tab that shows `url`, as the toolbar button would name it. */
export async function tabIdFor(extensionPage: Page, url: string): Promise<number> {
  const tabId = await extensionPage.evaluate(async (wanted) => {
    const tabs = await chrome.tabs.query({});
    return tabs.find((tab) => tab.url === wanted)?.id;
  }, url);
  if (tabId === undefined) throw new Error(`No tab shows ${url}`);
  return tabId;
}

/** Stores the connection the way the options page does (tests that are not about the page). */
export async function configure(
  firefox: FirefoxExtensionBrowser,
  page: Page,
  connection: { baseUrl: string; apiKey: string },
  outbox: Partial<OutboxConfig> = {},
): Promise<void> {
  await firefox.bridgeAutomation(page);
  await page.evaluate(
    async (connection, outbox) => {
      await globalThis.clipdeckAutomation?.configure(connection);
      await globalThis.clipdeckAutomation?.configureOutbox(outbox);
    },
    connection,
    outbox,
  );
}

/** The toolbar badge: how many clips wait. */
export function badgeOf(page: Page): Promise<string> {
  return page.evaluate(() => chrome.action.getBadgeText({}));
}

/** Text of the status line in the options page's section whose heading has `headingId`. */
export const statusOf = (page: Page, headingId: string) =>
  page.evaluate(
    (id) => document.querySelector(`[aria-labelledby="${id}"] .status`)?.textContent ?? null,
    headingId,
  );

/** The enabled button whose words are exactly `name`, once there is one. */
export async function button(page: Page, name: string): Promise<ElementHandle<HTMLButtonElement>> {
  const handle = await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll('button')].find(
        (candidate) => candidate.textContent?.trim() === name && !candidate.disabled,
      ),
    { polling: 50 },
    name,
  );
  return handle as ElementHandle<HTMLButtonElement>;
}

/** Types the address and key into the options page's Connection form and clicks Save. */
export async function saveConnectionInOptions(options: Page, baseUrl: string, apiKey: string) {
  await options.waitForSelector('#base-url');
  await options.type('#base-url', baseUrl);
  await options.type('#api-key', apiKey);
  await (await button(options, 'Save')).click();
}

/** Selects the words `text` inside the element `selector`, as a user's drag would. */
export async function select(page: Page, selector: string, text: string): Promise<void> {
  await page.evaluate(
    (css, words) => {
      const node = document.querySelector(css)?.firstChild;
      if (!(node instanceof Text)) throw new Error(`no text in ${css}`);
      const start = node.data.indexOf(words);
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, start + words.length);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
    },
    selector,
    text,
  );
}

/** Runs a keyboard command's handler for the tab that shows `url`. */
export async function runCommand(helper: Page, command: string, url: string): Promise<unknown> {
  const tabId = await tabIdFor(helper, url);
  return helper.evaluate(
    async (name, id) => {
      const tab = await chrome.tabs.get(id);
      const outcome = await globalThis.clipdeckAutomation?.handleCommand(name, tab);
      // Across the event page's compartment: a plain copy for WebDriver to return.
      return JSON.parse(JSON.stringify(outcome ?? null));
    },
    command,
    tabId,
  );
}

/** One Firefox and the served pages for a test file, and a Notes server and fresh add-on per test. */
export interface ExtensionSuite {
  readonly firefox: FirefoxExtensionBrowser;
  readonly site: StaticServer;
  /** This test's Notes server: by default empty, with TEST_DECKS. */
  readonly server: NotesServer;
  /** Replaces this test's Notes server with one started with `options` (a seeded account). */
  useServer(options: NotesServerOptions): Promise<NotesServer>;
  /** An extension page with the automation hooks, this test's connection and `settings` stored. */
  extensionPage(settings?: Record<string, unknown>): Promise<Page>;
  /** A new tab showing the served page at `path`. */
  openSitePage(path: string): Promise<{ page: Page; url: string }>;
  /**
   * The popup as a tab aimed at the tab that shows `url` (Puppeteer cannot click the toolbar
   * button), at the toolbar popup's width.
   */
  openPopupFor(helper: Page, url: string, height?: number): Promise<Page>;
}

/**
 * Registers the hooks every extension test file needs: Firefox started once for the file; before
 * each test a Notes server; after it, every tab but the first closed (Firefox would close its
 * window with the last one), the add-on installed afresh and the server stopped.
 */
export function extensionSuite(options: FirefoxLaunchOptions = {}): ExtensionSuite {
  let firefox: FirefoxExtensionBrowser | undefined;
  let site: StaticServer | undefined;
  let server: NotesServer | undefined;
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started`);
    return value;
  };
  beforeAll(async () => {
    [firefox, site] = await Promise.all([
      launchFirefox(options),
      startStaticServer(SITE_DIR),
      mkdir(ARTIFACTS_DIR, { recursive: true }),
    ]);
  });
  afterAll(async () => {
    await firefox?.close();
    await site?.stop();
  });
  beforeEach(async () => {
    server = await startNotesServer({ decks: TEST_DECKS });
  });
  afterEach(async () => {
    if (firefox) {
      const [, ...opened] = await firefox.browser.pages();
      await Promise.all(opened.map((page) => page.close()));
      await reinstall(firefox);
    }
    await server?.stop();
  });
  const suite: ExtensionSuite = {
    get firefox() {
      return need(firefox, 'Firefox');
    },
    get site() {
      return need(site, 'The page server');
    },
    get server() {
      return need(server, 'The Notes server');
    },
    async useServer(serverOptions) {
      await server?.stop();
      server = await startNotesServer({ decks: TEST_DECKS, ...serverOptions });
      return server;
    },
    async extensionPage(settings = {}) {
      const page = await suite.firefox.openExtensionPage('options.html');
      await configure(suite.firefox, page, {
        baseUrl: suite.server.baseUrl,
        apiKey: suite.server.apiKey,
      });
      if (Object.keys(settings).length) {
        await page.evaluate((values) => chrome.storage.local.set(values), settings);
      }
      return page;
    },
    async openSitePage(path) {
      const page = await suite.firefox.browser.newPage();
      const url = suite.site.urlFor(path);
      await page.goto(url);
      return { page, url };
    },
    async openPopupFor(helper, url, height = 600) {
      const tabId = await tabIdFor(helper, url);
      const popup = await suite.firefox.openExtensionPage(`popup.html?tabId=${tabId}`);
      await popup.setViewport({ width: 400, height });
      return popup;
    },
  };
  return suite;
}

/** Waits until the popup's editor holds the page's Markdown, ready to edit. */
export async function waitForPreview(popup: Page): Promise<void> {
  await popup.waitForFunction(
    () => {
      const markdown = document.querySelector<HTMLTextAreaElement>(
        'textarea[aria-describedby$="-words"]',
      );
      return markdown && !markdown.disabled && markdown.value !== '';
    },
    { polling: 50 },
  );
}

/**
 * What Firefox answers when an extension page asks for a second "Clip link" menu item: a refusal
 * naming the duplicate id while Clipdeck's own item is there, nothing when it is missing (the
 * test's item then stands in for it; tests end with a reinstall).
 */
export function duplicateMenuRefusal(extensionPage: Page): Promise<string | undefined> {
  return extensionPage.evaluate(
    () =>
      new Promise<string | undefined>((resolve) => {
        chrome.contextMenus.create({ id: 'clipdeck-clip-link', title: 'again' }, () =>
          resolve(chrome.runtime.lastError?.message),
        );
      }),
  );
}
