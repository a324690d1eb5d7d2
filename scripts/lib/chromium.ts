import { existsSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Worker } from '@playwright/test';
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
  options: { headless?: boolean; profileDir?: string } = {},
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
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  return { context, worker, extensionId, close: () => context.close() };
}

/** The headless command's view of Chromium with Clipdeck loaded (see clip-browser.ts). */
export async function launchChromium(options: LaunchOptions): Promise<ClipBrowser> {
  const browser = await launchWithExtension(options.extensionDir, options);
  return clipBrowserOver({
    // Playwright serialises the function and its plain argument; nothing is unboxed here.
    inBackground: (fn, arg) => browser.worker.evaluate(fn as (arg: unknown) => never, arg),
    async openPage(url, limits) {
      const page = await browser.context.newPage();
      const opened = await openSettled(page, url, limits.timeoutMs);
      const close = () => page.close();
      return opened.ok ? { ok: true, url: () => page.url(), close } : { ...opened, close };
    },
    close: () => browser.close(),
  });
}
