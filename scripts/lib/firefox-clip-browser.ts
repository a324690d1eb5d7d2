import type { HTTPResponse, Page } from 'puppeteer-core';
import { failure, type UserError } from '../../utils/result';
import { serialQueue } from '../../utils/serial';
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
  // Tabs are opened and closed one at a time: with two pages clipped at once, Firefox's
  // WebDriver BiDi failed a tab's creation now and then ("BrowsingContext does no longer exist")
  // when another tab was closed at the same moment, and the command stopped (1 run in 2 of the
  // 364 corpus pages with --jobs 2).
  const oneAtATime = serialQueue();
  return clipBrowserOver({
    inBackground,
    async openPage(url, limits) {
      const page = await oneAtATime(() => firefox.browser.newPage());
      const close = () => oneAtATime(() => page.close());
      const openAt = async (
        address: string,
        timeoutMs: number,
      ): Promise<{ ok: true } | { ok: false; error: UserError }> => {
        const before = page.url();
        const deadline = Date.now() + timeoutMs;
        let response: HTTPResponse | null;
        let document: HTTPResponse | undefined;
        const noteDocument = (answer: HTTPResponse) => {
          if (answer.request().isNavigationRequest() && answer.frame() === page.mainFrame())
            document = answer;
        };
        page.on('response', noteDocument);
        try {
          response = await page.goto(address, {
            waitUntil: 'domcontentloaded',
            timeout: timeoutMs,
          });
        } catch (error) {
          // Firefox's WebDriver BiDi fails a navigation ("Address rejected") when a frame in the
          // page shows an error page (an advert's frame whose host does not answer), though the
          // page itself loaded: 5 of 364 corpus pages, now and then. The page is kept when the
          // tab shows a document the server answered, not an error page.
          const until = Math.min(deadline, Date.now() + LOADED_DESPITE_WAIT_MS);
          const loaded = await loadedDocument(page, before, () => document, until);
          if (!loaded) return failure(...navigationFailure(address, error, timeoutMs));
          response = loaded;
        } finally {
          page.off('response', noteDocument);
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

/**
 * How long a navigation reported failed is watched for the page it asked for: a real failure
 * (an address that does not answer, a download) shows an error page or stays where it was.
 */
const LOADED_DESPITE_WAIT_MS = 3_000;

/**
 * The page's own response, when the tab, which showed `before`, now shows a web page of its own,
 * parsed (not an error page, whose document is `about:neterror…` under the page's address), and
 * that response was seen (`answer`); both are waited for until `deadline`, since a failure is
 * reported before they are known here. Undefined otherwise.
 */
async function loadedDocument(
  page: Page,
  before: string,
  answer: () => HTTPResponse | undefined,
  deadline: number,
): Promise<HTTPResponse | undefined> {
  for (;;) {
    const state = await page
      .evaluate(
        (previous) =>
          location.href === previous
            ? 'before'
            : !/^https?:$/.test(location.protocol) || document.documentURI !== location.href
              ? 'not-the-page'
              : document.readyState,
        before,
      )
      .catch(() => 'before');
    if (state === 'not-the-page') return undefined;
    const response = answer();
    if (state !== 'before' && state !== 'loading' && response) return response;
    if (Date.now() >= deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
