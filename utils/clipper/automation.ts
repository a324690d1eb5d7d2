import type { ClipTabRequest } from '../messaging';
import { type Connection, connectionItem } from '../settings/connection';
import { clipTab } from './clip-tab';

/**
 * Hooks for the automation build only (tests and the headless command drive the extension through
 * Playwright's `worker.evaluate`, which can reach the service worker's globals but not its
 * modules). They call the very handlers the popup uses.
 */
export interface AutomationHooks {
  configure(connection: Connection): Promise<void>;
  clipTab: typeof clipTab;
}

declare global {
  var clipdeckAutomation: AutomationHooks | undefined;
}

export function installAutomationHooks(): void {
  globalThis.clipdeckAutomation = {
    configure: (connection) => connectionItem.setValue(connection),
    clipTab: (request: ClipTabRequest) => clipTab(request),
  };
}
