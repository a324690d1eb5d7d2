import { existsSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from '@playwright/test';
import { type ClipBrowser, clipBrowserOver, type LaunchOptions } from './clip-browser';
import { openSettled } from './page-load';

/**
 * Finding and launching a Chromium that loads unpacked extensions. Branded Google Chrome ignores
 * --load-extension since version 137, so only Chromium (or Chrome for Testing) will do.
 */
const COMMON_LOCATIONS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

export class ChromiumNotFoundError extends Error {
  constructor() {
    super(
      'No Chromium found. Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set ' +
        'CHROMIUM_PATH to a Chromium or Chrome for Testing binary; branded Google Chrome no longer ' +
        'loads unpacked extensions from the command line.',
    );
    this.name = 'ChromiumNotFoundError';
  }
}

export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) {
      throw new Error(`CHROMIUM_PATH is set to ${configured}, but there is no file there.`);
    }
    return configured;
  }
  const found = COMMON_LOCATIONS.find((path) => existsSync(path));
  if (!found) throw new ChromiumNotFoundError();
  return found;
}

/**
 * Chromium flags from CLIPDECK_CHROMIUM_ARGS, a JSON array of strings: a machine's own needs
 * (a proxy, a resolver rule). The bulk benchmark uses it so that, in a sandbox whose firewall
 * leaves connections to other hosts hanging, the corpus pages' third-party scripts fail at once
 * as they do on a machine without a network.
 */
function argsFromEnvironment(env: NodeJS.ProcessEnv = process.env): string[] {
  const text = env.CLIPDECK_CHROMIUM_ARGS;
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {}
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new Error(
      'CLIPDECK_CHROMIUM_ARGS must be a JSON array of strings, like ["--proxy-server=host:3128"].',
    );
  }
  return value;
}

export interface ExtensionBrowser {
  context: BrowserContext;
  /** The extension's background service worker: `evaluate` runs code in it. */
  worker: Worker;
  extensionId: string;
  close(): Promise<void>;
}

/**
 * Launches Chromium with the built extension loaded, in a fresh profile (or `profileDir`, kept
 * between runs). Headless unless a display is available and `headless: false` is asked for.
 */
export async function launchWithExtension(
  extensionDir: string,
  options: { headless?: boolean; profileDir?: string; extraArgs?: readonly string[] } = {},
): Promise<ExtensionBrowser> {
  let userDataDir = options.profileDir;
  if (userDataDir) await mkdir(userDataDir, { recursive: true });
  else userDataDir = await mkdtemp(join(tmpdir(), 'clipdeck-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium(),
    headless: options.headless ?? true,
    // The command stops the browser itself on Ctrl-C, after its journal is written.
    handleSIGINT: false,
    handleSIGTERM: false,
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      // The machine's network is closed: without these Chromium keeps trying to reach Google.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      ...(options.extraArgs ?? []),
      ...argsFromEnvironment(),
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  return { context, worker, extensionId, close: () => context.close() };
}

/**
 * What the command's browser need not do: the clip reads the document, so images are not fetched
 * or decoded (their addresses stay in the page and the note).
 *
 * Nor does it give every cross-site frame a process of its own. Real pages embed players, ads and
 * widgets from other sites; with site isolation each such frame starts a renderer process that
 * lives a few seconds (100 corpus pages started about 40; without it 19), and on two cores those
 * processes were the largest cost left (see bench/bulk/bulk.md). This browser is the command's own:
 * a profile made for the run (or kept beside its journal until the run ends), signed in nowhere,
 * holding no cookies a frame could be read for, and the extension keeps its own process either
 * way (extension processes are not site isolation's). The user's browser is never started this way.
 *
 * The back-forward cache (tabs are reused, see below) is already off: Playwright passes
 * --disable-back-forward-cache. No --disable-features here: Chromium keeps only the last one
 * given, which would switch back on every feature Playwright's own list turns off.
 */
const COMMAND_ARGS = ['--blink-settings=imagesEnabled=false', '--disable-site-isolation-trials'];

/** Tabs kept for the next page; one per job is enough. */
const IDLE_TABS_KEPT = 16;
/**
 * Requests a tab's pages may make before the tab is closed and a new one opened. Playwright keeps
 * an object for every request a page made (and its response and frames, on both its client and
 * server side, all in this process) until the page is closed, about 8.5 KB each: a tab reused for
 * a whole reading list made the command's memory grow with the number of links (bench/bulk/bulk.md).
 * Closing a tab after this many keeps that bounded by jobs × ~7 MB. Counted in requests, not
 * pages, because that is what is kept, and because a new tab is not free either: its renderer
 * compiles the clipping engine again (closing every 10 corpus pages, ~30 requests each, made 100
 * pages 62 s instead of 54).
 */
export const REQUESTS_PER_TAB = 800;

/** The headless command's view of Chromium with Clipdeck loaded (see clip-browser.ts). */
export async function launchChromium(options: LaunchOptions): Promise<ClipBrowser> {
  const browser = await launchWithExtension(options.extensionDir, {
    ...options,
    extraArgs: COMMAND_ARGS,
  });
  // A tab is navigated to the next page instead of being closed and a new one opened: opening a
  // tab costs a new renderer process and a target for Playwright, a navigation within the same
  // site keeps both. The previous document is gone once the next one loads.
  const idle: Page[] = [];
  // Requests each open tab's pages made (every frame, the whole time it was open).
  const requests = new WeakMap<Page, number>();
  const newTab = async () => {
    const tab = await browser.context.newPage();
    requests.set(tab, 0);
    tab.on('request', () => requests.set(tab, (requests.get(tab) ?? 0) + 1));
    return tab;
  };
  return clipBrowserOver({
    // Playwright serialises the function and its plain argument; nothing is unboxed here.
    inBackground: (fn, arg) => browser.worker.evaluate(fn as (arg: unknown) => never, arg),
    async openPage(url, limits) {
      const reused = idle.pop();
      let page = reused ?? (await newTab());
      let opened = await openSettled(page, url, limits.timeoutMs);
      // A navigation the previous page had scheduled (a script's redirect) can cut this one
      // short: the page is opened again in a fresh tab rather than reported as failed.
      if (reused && !opened.ok && opened.error.kind === 'not-opened') {
        await page.close().catch(() => undefined);
        page = await newTab();
        opened = await openSettled(page, url, limits.timeoutMs);
      }
      const tab = page;
      let crashed = false;
      tab.once('crash', () => {
        crashed = true;
      });
      const settled = opened;
      const close = async () => {
        // A tab that failed to open (it may still be loading, or be a download) is not reused,
        // nor one whose pages made their share of requests.
        if (
          settled.ok &&
          !crashed &&
          !tab.isClosed() &&
          (requests.get(tab) ?? 0) < REQUESTS_PER_TAB &&
          idle.length < IDLE_TABS_KEPT
        ) {
          tab.removeAllListeners('crash');
          idle.push(tab);
        } else {
          await tab.close();
        }
      };
      return settled.ok ? { ok: true, url: () => tab.url(), close } : { ...settled, close };
    },
    close: () => browser.close(),
  });
}
