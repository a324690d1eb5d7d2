import type { HTTPResponse } from 'puppeteer-core';
import { failure, type UserError } from '../../utils/result';
import { type ClipBrowser, clipBrowserOver, type LaunchOptions } from './clip-browser';
import { findFirefox, launchFirefoxWithExtension } from './firefox';
import {
  followingRefreshes,
  navigationFailure,
  QUIET_MS,
  refusedResponse,
  SETTLE_CAP_MS,
} from './page-load';

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
  return clipBrowserOver({
    inBackground,
    async openPage(url, limits) {
      const page = await firefox.browser.newPage();
      const close = () => page.close();
      const openAt = async (
        address: string,
        timeoutMs: number,
      ): Promise<{ ok: true } | { ok: false; error: UserError }> => {
        let response: HTTPResponse | null;
        try {
          response = await page.goto(address, {
            waitUntil: 'domcontentloaded',
            timeout: timeoutMs,
          });
        } catch (error) {
          return failure(...navigationFailure(address, error, timeoutMs));
        }
        const refused = response ? refusedResponse(response) : undefined;
        if (refused) return refused;
        // BiDi reports no per-request activity to wait on here, so a short quiet period stands in
        // for Chromium's "no request open" settle (page-load.ts), capped the same way.
        await new Promise((resolve) => setTimeout(resolve, Math.min(QUIET_MS * 2, SETTLE_CAP_MS)));
        return { ok: true };
      };
      const opened = await followingRefreshes(page, url, limits.timeoutMs, openAt);
      return opened.ok ? { ok: true, url: () => page.url(), close } : { ...opened, close };
    },
    close: () => firefox.close(),
  });
}
