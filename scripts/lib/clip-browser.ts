import type { AutomationHooks } from '../../utils/clipper/automation';
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
  /** Calls one of the extension's automation hooks (utils/clipper/automation.ts). */
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
  | { ok: true; tabId: number; close(): Promise<void> }
  | { ok: false; error: UserError; close(): Promise<void> };

export interface LaunchOptions {
  extensionDir: string;
  headless: boolean;
  /** A profile kept between runs (a journaled import keeps its outbox there); else a fresh one. */
  profileDir?: string;
}

export type Launcher = (options: LaunchOptions) => Promise<ClipBrowser>;
