import { createAutomationHooks } from '../automation';
import { clipTab, clipTabs } from '../clipper';
import { registerImportMessages } from '../import/background';
import {
  isFromExtensionPage,
  type MessageHandler,
  type MessageRegistrar,
  type MessageType,
} from '../messaging';
import { getOutbox, OUTBOX_ALARM, registerOutboxMessages } from '../outbox';
import { followOutboxInBackground, registerPopupBackground } from '../popup/background';
import {
  createContextMenus,
  handleCommand,
  handleMenuClick,
  openForNotification,
} from '../quick-capture';
import { failure } from '../result';
import type { BackgroundWork } from '../wake';

const REFUSED = failure('refused', 'Only Clipdeck’s own pages may ask it to clip.');

function logFailure(error: unknown): void {
  console.error('[clipdeck background]', error);
}

/**
 * The background's work layer (built to background-work.js): every message handler, the outbox,
 * quick capture, the notes index and the clipper, behind the calls the entry (utils/wake) makes
 * when an event needs them. Making it registers nothing with the browser and sends nothing: the
 * worker's install imports the script once only to define it.
 */
export function createBackgroundWork(): BackgroundWork {
  const handlers = new Map<MessageType, MessageHandler<MessageType>>();
  const on: MessageRegistrar = (type, handler) => {
    handlers.set(type, handler as MessageHandler<MessageType>);
  };
  on('clipTab', (message) => (isFromExtensionPage(message) ? clipTab(message.data) : REFUSED));
  on('clipTabs', (message) => (isFromExtensionPage(message) ? clipTabs(message.data) : REFUSED));
  registerOutboxMessages(on);
  // The popup's save and "already clipped", its notes index and actions on notes (issues 7, 18).
  registerPopupBackground(on);
  // The options page's "Import links": export files into bookmark notes (issue 17).
  registerImportMessages(on);

  let started = false;

  return {
    start({ resumeOutbox }) {
      if (started) return;
      started = true;
      // Resumes deliveries a stopped worker or a browser restart interrupted; retries ride on
      // alarms, which the entry hands here. With nothing waiting there is nothing to resume: a
      // clip's own add sends it, and the next start with work waiting sweeps what is left over.
      if (resumeOutbox) getOutbox().start().catch(logFailure);
      followOutboxInBackground();
    },
    async handleMessage(type, message) {
      const handler = handlers.get(type) as MessageHandler<typeof type> | undefined;
      if (!handler) throw new Error(`No handler for ${type}`);
      return handler(message);
    },
    async alarmRang(name) {
      if (name === OUTBOX_ALARM) await getOutbox().pump();
    },
    installed: () => createContextMenus(),
    async browserStarted() {
      // Firefox's event page may start without the menu after a browser restart; Chromium keeps it.
      // The outbox's whole start, once a browser session: waiting clips go out, and draft bodies
      // a stopped worker left behind are swept even when nothing waited at a worker's start.
      await Promise.all([createContextMenus(), getOutbox().start()]);
    },
    connectionChanged: () => getOutbox().resumeAfterConnectionChange(),
    menuClicked: (info, tab) => handleMenuClick(info, tab),
    command: (command, tab) => handleCommand(command, tab),
    notificationClicked: (notificationId) => openForNotification(notificationId),
    ...(import.meta.env.MODE === 'automation' && { automation: createAutomationHooks() }),
  };
}
