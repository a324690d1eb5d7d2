import type { ClipTabRequest } from '../messaging';
import {
  type ClipSummary,
  getOutbox,
  type OutboxConfig,
  outboxConfigItem,
  summarizeClip,
} from '../outbox';
import { handleCommand, handleMenuClick } from '../quick-capture';
import { type Connection, saveConnection } from '../settings';
import { clipTab } from './clip-tab';

/**
 * Hooks for the automation build only (tests and the headless command drive the extension through
 * Playwright's `worker.evaluate`, which can reach the service worker's globals but not its
 * modules). They call the very handlers the popup uses.
 */
export interface AutomationHooks {
  configure(connection: Connection): Promise<void>;
  clipTab: typeof clipTab;
  /**
   * The clip once it is saved or needs the user, or as it stands after `timeoutMs`; undefined
   * when it is not in the outbox.
   */
  waitForClip(id: string, timeoutMs: number): Promise<ClipSummary | undefined>;
  /** Every clip in the outbox, as the popup lists them. */
  listOutbox(): Promise<ClipSummary[]>;
  /** Tests shorten the outbox's delays this way (they are stored settings, not constants). */
  configureOutbox(config: Partial<OutboxConfig>): Promise<void>;
  /** Quick capture: what a context menu click or a keyboard shortcut runs (issue 7). */
  handleMenuClick: typeof handleMenuClick;
  handleCommand: typeof handleCommand;
}

declare global {
  var clipdeckAutomation: AutomationHooks | undefined;
}

export function installAutomationHooks(): void {
  globalThis.clipdeckAutomation = {
    // Tests configure as a user types: the key given is meant for this address.
    configure: async (connection) => {
      await saveConnection(connection, { keyEntered: true });
    },
    clipTab: (request: ClipTabRequest) => clipTab(request),
    waitForClip: async (id, timeoutMs) => {
      const entry = await getOutbox().waitFor(id, timeoutMs);
      return entry && summarizeClip(entry);
    },
    listOutbox: async () => (await getOutbox().list()).entries.map(summarizeClip),
    configureOutbox: (config) => outboxConfigItem.setValue(config),
    handleMenuClick,
    handleCommand,
  };
}
