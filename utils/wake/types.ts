import type { Browser } from 'wxt/browser';
import type { AutomationHooks } from '../automation';
import type { MessageReply, MessageType, ReceivedMessage } from '../messaging';

/**
 * The background's work layer (utils/work, built to background-work.js): everything the worker
 * does once an event needs more than the toolbar mark. The entry (utils/wake) loads it on the
 * first event that needs it and calls these; nothing here adds a listener.
 */
export interface BackgroundWork {
  /**
   * Once per worker, before anything else is asked of it: the notes index and clip log follow the
   * outbox from now on, and, when the worker's start found clips waiting (utils/wake/start.ts),
   * the outbox resumes them (clips a stopped worker left queued or half sent).
   */
  start(options: { resumeOutbox: boolean }): void;
  handleMessage<K extends MessageType>(
    type: K,
    message: ReceivedMessage<K>,
  ): Promise<MessageReply<K>>;
  /** Any of the extension's alarms rang (the outbox's retries and watchdog). */
  alarmRang(name: string): Promise<void>;
  /** Installed or updated: the context menu is made. */
  installed(): Promise<void>;
  /** The browser started: the context menu again (Firefox may lose it), waiting clips go out. */
  browserStarted(): Promise<void>;
  /** A new key or address was saved: a paused outbox tries again. */
  connectionChanged(): Promise<void>;
  menuClicked(info: Browser.contextMenus.OnClickData, tab?: Browser.tabs.Tab): Promise<unknown>;
  command(command: string, tab?: Browser.tabs.Tab): Promise<unknown>;
  notificationClicked(notificationId: string): Promise<void>;
  /** The automation build's hooks (tests, the headless command); absent from the store build. */
  automation?: Omit<AutomationHooks, 'toolbarMark'>;
}

declare global {
  /** Set by background-work.js when it is loaded into the worker (or Firefox's event page). */
  var clipdeckWork: BackgroundWork | undefined;
}
