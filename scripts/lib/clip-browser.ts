import { launchWithExtension } from './chromium';
import { findFirefox, launchFirefoxWithExtension } from './firefox';
import { automationBuildDir, type BrowserName, ensureAutomationBuild } from './headless-clip';

/**
 * The browser `npm start` clips in (`--browser chromium|firefox`), with the automation build
 * loaded: only what the command uses, so both launchers fit it.
 */
export interface ClipBrowser {
  /** Runs a function where the background's automation hooks and `chrome` are in scope. */
  worker: BackgroundScope;
  context: { newPage(): Promise<ClipPage> };
  close(): Promise<void>;
}

export interface BackgroundScope {
  evaluate<R>(fn: () => R | Promise<R>): Promise<R>;
  evaluate<R, Arg>(fn: (arg: Arg) => R | Promise<R>, arg: Arg): Promise<R>;
}

export interface ClipPage {
  goto(url: string, options: { waitUntil: 'load'; timeout: number }): Promise<unknown>;
  url(): string;
  close(): Promise<void>;
}

export const BROWSER_NAMES: readonly BrowserName[] = ['chromium', 'firefox'];

export function isBrowserName(name: string): name is BrowserName {
  return (BROWSER_NAMES as readonly string[]).includes(name);
}

/**
 * Builds the automation build for `name` if it is stale, then starts the browser with it. A
 * missing browser is found before the build, so the command fails at once, in one line.
 */
export async function launchClipBrowser(
  name: BrowserName,
  options: { headless: boolean; log(line: string): void },
): Promise<ClipBrowser> {
  if (name === 'chromium') {
    ensureAutomationBuild(options.log, name);
    return launchWithExtension(automationBuildDir(name), { headless: options.headless });
  }
  findFirefox();
  ensureAutomationBuild(options.log, name);
  const firefox = await launchFirefoxWithExtension(automationBuildDir(name), {
    headless: options.headless,
    // The command calls the background's hooks directly and waits on them for up to minutes;
    // Firefox counts no such call as activity and would unload the event page after 30 s idle.
    keepBackgroundLoaded: true,
  });
  // An extension page stands in for Chromium's service worker: it reaches the same hooks.
  const host = await firefox.openExtensionPage('options.html');
  return {
    worker: {
      evaluate: async <R, Arg>(fn: (arg: Arg) => R | Promise<R>, arg?: Arg): Promise<R> => {
        await firefox.bridgeAutomation(host);
        // Puppeteer serialises the function and its argument as Playwright does for a worker.
        return (await host.evaluate(fn as (arg: unknown) => unknown, arg)) as R;
      },
    },
    context: { newPage: () => firefox.browser.newPage() },
    close: () => firefox.close(),
  };
}
