import type { HTTPResponse } from 'puppeteer-core';
import { failure } from '../../utils/result';
import type { ClipBrowser, LaunchOptions } from './clip-browser';
import { findFirefox, launchFirefoxWithExtension } from './firefox';
import { navigationFailure, QUIET_MS, refusedResponse, SETTLE_CAP_MS } from './page-load';

/**
 * The headless command's browser in Firefox: the same ClipBrowser as Chromium's
 * (scripts/lib/chromium.ts), over Puppeteer and WebDriver BiDi. Firefox's MV3 background is an
 * event page with no worker to evaluate in, so an extension page stands in for it and reaches the
 * same automation hooks (`bridgeAutomation`, scripts/lib/firefox.ts).
 */
export async function launchFirefox(options: LaunchOptions): Promise<ClipBrowser> {
  // A missing Firefox is said at once, in one line, before anything starts.
  findFirefox();
  const firefox = await launchFirefoxWithExtension(options.extensionDir, {
    headless: options.headless,
    // The command calls the background's hooks directly and waits on them for up to minutes;
    // Firefox counts no such call as activity and would unload the event page after 30 s idle.
    keepBackgroundLoaded: true,
    ...(options.profileDir !== undefined && { profileDir: options.profileDir }),
  });
  const host = await firefox.openExtensionPage('options.html');
  const inBackground = async <R, Arg>(fn: (arg: Arg) => R | Promise<R>, arg: Arg): Promise<R> => {
    await firefox.bridgeAutomation(host);
    return (await host.evaluate(fn as (arg: unknown) => unknown, arg)) as R;
  };
  const claimed = new Set<number>();
  return {
    async open(url, limits) {
      const page = await firefox.browser.newPage();
      let tabId: number | undefined;
      const close = async () => {
        if (tabId !== undefined) claimed.delete(tabId);
        await page.close().catch(() => undefined);
      };
      let response: HTTPResponse | null;
      try {
        response = await page.goto(url, {
          waitUntil: 'domcontentloaded',
          timeout: limits.timeoutMs,
        });
      } catch (error) {
        return { ...failure(...navigationFailure(url, error, limits.timeoutMs)), close };
      }
      if (response) {
        const refused = refusedResponse(response);
        if (refused) return { ...refused, close };
      }
      // BiDi reports no per-request activity to wait on here, so a short quiet period stands in
      // for Chromium's "no request open" settle (page-load.ts), capped the same way.
      await new Promise((resolve) => setTimeout(resolve, Math.min(QUIET_MS * 2, SETTLE_CAP_MS)));
      tabId = await inBackground(
        async ({ pageUrl, taken }) => {
          const tabs = await chrome.tabs.query({});
          return tabs.find(
            (tab) => tab.url === pageUrl && tab.id !== undefined && !taken.includes(tab.id),
          )?.id;
        },
        { pageUrl: page.url(), taken: [...claimed] },
      );
      if (tabId === undefined) {
        return {
          ok: false,
          error: {
            kind: 'not-opened',
            message: 'The page did not open in a tab the extension can read.',
          },
          close,
        };
      }
      claimed.add(tabId);
      return { ok: true, tabId, close };
    },
    call: (name, ...args) =>
      inBackground(
        ({ name, args }) => {
          const hooks = globalThis.clipdeckAutomation;
          if (!hooks) throw new Error('This build of Clipdeck has no automation hooks.');
          return (hooks[name] as (...values: unknown[]) => unknown)(...args);
        },
        { name, args },
      ) as never,
    close: () => firefox.close(),
  };
}
