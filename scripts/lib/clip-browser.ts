import type { AutomationHooks } from '../../utils/automation';
import type { UserError } from '../../utils/result';

/**
 * What the headless command needs from a browser with Clipdeck loaded, whichever browser it is:
 * scripts/lib/chromium.ts launches one; another launcher (Firefox) implements the same shape and
 * is added to LAUNCHERS in scripts/lib/launchers.ts.
 */
export interface ClipBrowser {
  /**
   * Opens the address in a new tab and waits until its document is ready and settled
   * (page-load.ts). The tab stays open until `close` so the extension can clip it.
   */
  open(url: string, limits: PageLimits): Promise<OpenedTab>;
  /** Calls one of the extension's automation hooks (utils/automation/hooks.ts). */
  call<K extends HookName>(
    name: K,
    ...args: Parameters<AutomationHooks[K]>
  ): Promise<Awaited<ReturnType<AutomationHooks[K]>>>;
  close(): Promise<void>;
}

export type HookName = Exclude<keyof AutomationHooks, 'handleMenuClick' | 'handleCommand'>;

export interface PageLimits {
  /** The per-page time limit: the document must be ready within it. */
  timeoutMs: number;
}

export type OpenedTab =
  | {
      ok: true;
      tabId: number;
      /** The tab's address now: a page can move on by itself (a script's or a refresh's redirect). */
      url(): string;
      close(): Promise<void>;
    }
  | { ok: false; error: UserError; close(): Promise<void> };

export interface LaunchOptions {
  extensionDir: string;
  headless: boolean;
  /** A profile kept between runs (a journaled import keeps its outbox there); else a fresh one. */
  profileDir?: string;
}

export type Launcher = (options: LaunchOptions) => Promise<ClipBrowser>;

/** Runs a self-contained function where the background's hooks and `chrome` are in scope. */
export type InBackground = <R, Arg>(fn: (arg: Arg) => R | Promise<R>, arg: Arg) => Promise<R>;

const TAB_MATCH_ATTEMPTS = 5;
const TAB_MATCH_WAIT_MS = 200;

/** A page a launcher opened: ready to clip, or why not; closed either way by the caller. */
export type LoadedPage =
  | { ok: true; url(): string; close(): Promise<unknown> }
  | { ok: false; error: UserError; close(): Promise<unknown> };

/**
 * What every browser's ClipBrowser shares: matching an opened page to its tab and calling the
 * automation hooks. A launcher gives only how it opens a page and reaches the background.
 */
export function clipBrowserOver(parts: {
  inBackground: InBackground;
  openPage(url: string, limits: PageLimits): Promise<LoadedPage>;
  close(): Promise<void>;
}): ClipBrowser {
  // Tabs already matched to a page: two pages may show the same address (links that redirect to
  // one page), and each must be clipped from a tab of its own.
  const claimed = new Set<number>();
  return {
    async open(url, limits) {
      const page = await parts.openPage(url, limits);
      let tabId: number | undefined;
      const close = async () => {
        if (tabId !== undefined) claimed.delete(tabId);
        await page.close().catch(() => undefined);
      };
      if (!page.ok) return { ok: false, error: page.error, close };
      // A page still moving (a refresh the browser fires as the command follows it) shows
      // another address in its tab for a moment: asked again, a few times, before giving up.
      for (let attempt = 0; attempt < TAB_MATCH_ATTEMPTS && tabId === undefined; attempt += 1) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, TAB_MATCH_WAIT_MS));
        tabId = await parts.inBackground(
          async ({ pageUrl, taken }) => {
            const tabs = await chrome.tabs.query({});
            return tabs.find(
              (tab) => tab.url === pageUrl && tab.id !== undefined && !taken.includes(tab.id),
            )?.id;
          },
          { pageUrl: page.url(), taken: [...claimed] },
        );
      }
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
      return { ok: true, tabId, url: () => page.url(), close };
    },
    call: (name, ...args) =>
      parts.inBackground(
        ({ name, args }) => {
          const hooks = globalThis.clipdeckAutomation;
          if (!hooks) throw new Error('This build of Clipdeck has no automation hooks.');
          return (hooks[name] as (...values: unknown[]) => unknown)(...args);
        },
        { name, args },
      ) as never,
    close: parts.close,
  };
}
