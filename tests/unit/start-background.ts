import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { wireBackground } from '../../utils/wake';
import { createBackgroundWork } from '../../utils/work';

let stopMessages: (() => void) | undefined;

/**
 * The background as the browser runs it, in one process: the work layer is put where
 * background-work.js defines it when loaded (there is no worker to import it into), then the
 * entry adds every listener, as entrypoints/background.ts does. A case may start it again after
 * `fakeBrowser.reset()`: the message listeners of the one before are removed first.
 */
export function startBackground(): void {
  stubMenuAndCommandEvents();
  stopMessages?.();
  globalThis.clipdeckWork ??= createBackgroundWork();
  stopMessages = wireBackground();
}

/**
 * WXT's fake browser has no context-menu or command events; a listener on them is kept and never
 * called here unless a test stubbed them itself (quick-capture/fake-tab.ts).
 */
function stubMenuAndCommandEvents(): void {
  const fake = fakeBrowser as unknown as {
    contextMenus: { onClicked?: { addListener: unknown } };
    commands: { onCommand?: { addListener: unknown } };
  };
  if (!vi.isMockFunction(fake.contextMenus.onClicked?.addListener)) {
    fake.contextMenus.onClicked = { addListener: vi.fn() };
  }
  if (!vi.isMockFunction(fake.commands.onCommand?.addListener)) {
    fake.commands.onCommand = { addListener: vi.fn() };
  }
}
