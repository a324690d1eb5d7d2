import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

/**
 * Finding and launching a Firefox with the built extension in it, driven by Puppeteer over
 * WebDriver BiDi (Playwright's Firefox is a patched build that cannot be had here, and geckodriver
 * is not packaged). What is known about driving Firefox this way is in ../shared/TOOLCHAIN.md.
 */
const COMMON_LOCATIONS = [
  '/usr/bin/firefox-esr',
  '/usr/bin/firefox',
  '/snap/bin/firefox',
  '/Applications/Firefox.app/Contents/MacOS/firefox',
];

export class FirefoxNotFoundError extends Error {
  constructor() {
    super(
      'No Firefox found. Install it (Debian/Ubuntu: `sudo apt-get install firefox-esr`) or set ' +
        'FIREFOX_PATH to a Firefox binary.',
    );
    this.name = 'FirefoxNotFoundError';
  }
}

export function findFirefox(
  env: NodeJS.ProcessEnv = process.env,
  locations: readonly string[] = COMMON_LOCATIONS,
): string {
  const configured = env.FIREFOX_PATH;
  if (configured) {
    if (!existsSync(configured)) {
      throw new Error(`FIREFOX_PATH is set to ${configured}, but there is no file there.`);
    }
    return configured;
  }
  const found = locations.find((path) => existsSync(path));
  if (!found) throw new FirefoxNotFoundError();
  return found;
}

/** The add-on id the build declares (browser_specific_settings.gecko.id in wxt.config.ts). */
export function geckoIdOf(extensionDir: string): string {
  const manifest = JSON.parse(readFileSync(join(extensionDir, 'manifest.json'), 'utf8'));
  const id = manifest.browser_specific_settings?.gecko?.id;
  if (typeof id !== 'string')
    throw new Error(`${extensionDir} is not a Firefox build (no gecko id).`);
  return id;
}

export interface FirefoxLaunchOptions {
  headless?: boolean;
  /**
   * A profile folder to keep between launches (a restart is a second launch on the same folder).
   * Without one, a fresh profile is made and removed on close.
   */
  profileDir?: string;
  /**
   * How the add-on gets in. `temporary` (default): installed over WebDriver BiDi, as
   * about:debugging does, gone when Firefox closes. `profile`: installed in the profile itself,
   * as an add-on the user installed stays across restarts (a proxy file naming the unpacked
   * build; ESR honours `xpinstall.signatures.required`, release builds do not).
   */
  install?: 'temporary' | 'profile';
  /** The extension's internal UUID (its pages' host); random unless given. */
  uuid?: string;
  /**
   * Never unload the MV3 event page when idle (Firefox does after 30 s). Only for callers that
   * wait on the background's hooks, which Firefox does not count as activity; tests leave it off
   * so the extension meets the unloads a user's browser makes.
   */
  keepBackgroundLoaded?: boolean;
  /** How long the event page may idle before Firefox unloads it (Firefox's default: 30 s). */
  backgroundIdleTimeoutMs?: number;
  /**
   * Answer "Allow" to every optional permission request, as a user would (headless Firefox
   * shows no prompt to click). Firefox still refuses a request made outside a user action.
   */
  allowPermissionRequests?: boolean;
  /**
   * A dark system theme, as a user who chose one has: pages see `prefers-color-scheme: dark`
   * (Puppeteer's media emulation needs CDP, which Firefox does not speak).
   */
  darkTheme?: boolean;
}

export interface FirefoxExtensionBrowser {
  browser: Browser;
  /** The gecko id. */
  extensionId: string;
  /** `moz-extension://<uuid>/`: where the extension's pages live. */
  origin: string;
  /**
   * Opens an extension page (e.g. 'options.html') in a new tab, resolved once its document has
   * loaded (Firefox never reports "load" to BiDi for a moz-extension page: see the TOOLCHAIN).
   */
  openExtensionPage(path: string): Promise<Page>;
  /**
   * Brings the background's automation hooks (automation build only) into an extension page as
   * `globalThis.clipdeckAutomation`, so code written for Chromium's service worker runs there.
   * Firefox's MV3 background is an event page: it may be unloaded and come back as a new window,
   * so bridge again before each use rather than keep the reference.
   */
  bridgeAutomation(page: Page): Promise<void>;
  close(): Promise<void>;
}

export async function launchFirefoxWithExtension(
  extensionDir: string,
  options: FirefoxLaunchOptions = {},
): Promise<FirefoxExtensionBrowser> {
  const dir = resolve(extensionDir);
  const extensionId = geckoIdOf(dir);
  const uuid = options.uuid ?? randomUUID();
  const ownProfile = options.profileDir === undefined;
  const profileDir = options.profileDir ?? (await mkdtemp(join(tmpdir(), 'clipdeck-firefox-')));
  const prefs: Record<string, unknown> = {
    // A fixed host for the extension's pages (Firefox gives each install a random one).
    'extensions.webextensions.uuids': JSON.stringify({ [extensionId]: uuid }),
    // ...kept when the add-on is installed again (tests reinstall it for a clean slate; its
    // storage still goes with the uninstall).
    'extensions.webextensions.keepUuidOnUninstall': true,
  };
  if (options.keepBackgroundLoaded) prefs['extensions.background.idle.enabled'] = false;
  if (options.backgroundIdleTimeoutMs !== undefined) {
    prefs['extensions.background.idle.timeout'] = options.backgroundIdleTimeoutMs;
  }
  if (options.allowPermissionRequests) prefs['extensions.webextOptionalPermissionPrompts'] = false;
  if (options.darkTheme) prefs['ui.systemUsesDarkTheme'] = 1;
  if (options.install === 'profile') {
    Object.assign(prefs, {
      'xpinstall.signatures.required': false,
      // Add-ons found in the profile's folder start enabled, without asking.
      'extensions.autoDisableScopes': 0,
    });
    await mkdir(join(profileDir, 'extensions'), { recursive: true });
    await writeFile(join(profileDir, 'extensions', extensionId), dir);
  }
  const firefox = await puppeteer.launch({
    browser: 'firefox',
    executablePath: findFirefox(),
    headless: options.headless ?? true,
    userDataDir: profileDir,
    // Since Firefox 153, WebDriver may not open moz-extension:// pages without this.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: prefs,
  });
  try {
    if (options.install !== 'profile') await firefox.installExtension(dir);
  } catch (error) {
    await firefox.close();
    throw error;
  }
  const origin = `moz-extension://${uuid}/`;
  return {
    browser: firefox,
    extensionId,
    origin,
    openExtensionPage: async (path) => {
      const page = await firefox.newPage();
      const url = new URL(path, origin).href;
      // The navigation's promise never settles with "load" here, so it only reports a refusal.
      let refusal: Error | undefined;
      page.goto(url, { timeout: 30_000 }).catch((error: Error) => {
        if (error.name !== 'TimeoutError') refusal = error;
      });
      await untilLoaded(page, url, 30_000, () => refusal);
      return page;
    },
    bridgeAutomation: async (page) => {
      const present = await page.evaluate(async () => {
        // Firefox's extension pages have `chrome` too, promise-based in MV3.
        const background = (await chrome.runtime.getBackgroundPage()) as
          | (Window & typeof globalThis)
          | null;
        globalThis.clipdeckAutomation = background?.clipdeckAutomation;
        return globalThis.clipdeckAutomation !== undefined;
      });
      if (!present)
        throw new Error('The extension has no automation hooks: load the automation build.');
    },
    close: async () => {
      await firefox.close();
      if (ownProfile) await rm(profileDir, { recursive: true, force: true });
    },
  };
}

/**
 * Polls until the page shows `url`, loaded, or its navigation was refused. While a navigation replaces the document, BiDi's
 * evaluate can fail on the realm that is going away; such a failure is a "not yet".
 */
async function untilLoaded(
  page: Page,
  url: string,
  timeoutMs: number,
  refusal: () => Error | undefined,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const refused = refusal();
    if (refused) throw refused;
    const loaded = await page
      .evaluate((expected) => location.href === expected && document.readyState === 'complete', url)
      .catch(() => false);
    if (loaded) return;
    if (Date.now() > deadline) throw new Error(`${url} did not load within ${timeoutMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
