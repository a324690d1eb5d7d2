import { clipTab, type PrepareRequest, prepareClip } from '../clipper';
import { clipNoticeText } from '../i18n';
import type { ClipTabRequest } from '../messaging';
import {
  BATCH_SIZE,
  type ClipSummary,
  getOutbox,
  type NewClip,
  type OutboxConfig,
  outboxConfigItem,
  summarizeClip,
} from '../outbox';
import { handleCommand, handleMenuClick } from '../quick-capture';
import type { Result } from '../result';
import { type Connection, saveConnection } from '../settings';

/** One tab of the headless command's run, with that link's own mode, deck and tags. */
export type PrepareTabRequest = PrepareRequest & { tabId: number };

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
  /**
   * The headless command's bulk run (scripts/lib/bulk): each tab extracted into a clip ready for
   * the outbox, without storing it, so the command can store them in batches (submitClips).
   */
  prepareTabs(requests: PrepareTabRequest[]): Promise<Array<Result<PreparedTab>>>;
  /** Stores clips in the outbox, at most BATCH_SIZE per write, and starts their delivery. */
  submitClips(clips: NewClip[]): Promise<ClipSummary[]>;
  /** The clips' states now, in the order asked; undefined for one no longer in the outbox. */
  clipStates(ids: string[]): Promise<Array<ClipSummary | undefined>>;
  /** Sends clips that need the user again (the command's user fixed what stopped them). */
  retryClips(ids: string[]): Promise<void>;
  /** Quick capture: what a context menu click or a keyboard shortcut runs (issue 7). */
  handleMenuClick: typeof handleMenuClick;
  handleCommand: typeof handleCommand;
  /** The toolbar mark on a tab (issue 18): shown or not, and the tooltip it left. */
  toolbarMark(tabId: number): Promise<{ marked: boolean | undefined; title: string }>;
}

/** A tab read for the headless command. */
export interface PreparedTab {
  clip: NewClip;
  notices: string[];
  /**
   * How much the engine read: its Markdown's length without the note's header, which the user's
   * template writes. The command watches a nearly empty read for a page that moves on.
   */
  contentChars: number;
}

declare global {
  var clipdeckAutomation: AutomationHooks | undefined;
}

/**
 * The hooks as the work layer (utils/work) implements them. The entry (utils/wake) puts a hook of
 * its own for each on the global scope, which loads the work layer and calls this one; the toolbar
 * mark's it answers itself, where the mark is kept.
 */
export function createAutomationHooks(): Omit<AutomationHooks, 'toolbarMark'> {
  return {
    // Tests configure as a user types: the key given is meant for this address.
    configure: async (connection) => {
      await saveConnection(connection, { keyEntered: true });
    },
    clipTab: (request: ClipTabRequest) => clipTab(request),
    waitForClip: async (id, timeoutMs) => {
      const entry = await getOutbox().waitFor(id, timeoutMs);
      return entry && summarizeClip(entry);
    },
    prepareTabs: (requests) =>
      Promise.all(
        requests.map(async ({ tabId, ...request }): Promise<Result<PreparedTab>> => {
          const prepared = await prepareClip(tabId, request);
          if (!prepared.ok) return prepared;
          return {
            ok: true,
            clip: {
              draft: prepared.draft,
              ...(prepared.deckId !== undefined && { deckId: prepared.deckId }),
              sourceUrl: prepared.clip.url,
            },
            // What the popup would show above the clip (the whole page was saved, the page was
            // too big to keep every rule): the command says it too.
            notices: prepared.clip.notices.map(clipNoticeText),
            contentChars: prepared.clip.markdown.trim().length,
          };
        }),
      ),
    submitClips: async (clips) => {
      if (clips.length > BATCH_SIZE) throw new Error(`At most ${BATCH_SIZE} clips per batch.`);
      return (await getOutbox().addMany(clips)).map(summarizeClip);
    },
    clipStates: async (ids) => {
      const entries = new Map((await getOutbox().list()).entries.map((entry) => [entry.id, entry]));
      return ids.map((id) => {
        const entry = entries.get(id);
        return entry && summarizeClip(entry);
      });
    },
    retryClips: async (ids) => {
      for (const id of ids) await getOutbox().retry(id);
    },
    listOutbox: async () => (await getOutbox().list()).entries.map(summarizeClip),
    configureOutbox: (config) => outboxConfigItem.setValue(config),
    handleMenuClick,
    handleCommand,
  };
}
