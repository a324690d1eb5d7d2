import {
  defineExtensionMessaging,
  type ExtensionMessage,
  type GetReturnType,
  type Message,
} from '@webext-core/messaging';
import { browser } from 'wxt/browser';
import type { NoteWithDeck } from '../api';
import type { ClippedPage } from '../clip-log';
import type { ImportClipState, ImportedClip } from '../import/background';
import type { EditReply, MoveReply, NoteChanges, RefreshOutcome } from '../notes-index';
import type { BatchProgress, ClipSummary, NoteDraft } from '../outbox';
import type { Result, UserError } from '../result';

/**
 * The one message protocol between extension pages (popup, options) and the background.
 * Names are camelCase verbs. Every reply is a Result: handlers never throw across the boundary.
 */
export interface ClipTabRequest {
  tabId: number;
  deckId?: string;
  tags?: string[];
}

export interface ProtocolMap {
  /**
   * Answers once the clip is stored in the outbox, with the state it reached after a short wait
   * for a fast delivery: 'saved' when the service is healthy, else queued or needs-attention.
   */
  clipTab(request: ClipTabRequest): Result<{ clip: ClipSummary }>;
  /** The outbox (handlers in utils/outbox): newest first, and whether a refused key stops it. */
  listOutbox(): Result<{ clips: ClipSummary[]; pausedForAuth: boolean }>;
  getClip(request: { id: string }): Result<{ clip: ClipSummary; draft: NoteDraft }>;
  retryClip(request: { id: string }): Result<{ clip: ClipSummary }>;
  /** Edit and resend, or change notebook (deckId null: the default notebook). */
  editClip(request: {
    id: string;
    draft?: NoteDraft;
    deckId?: string | null;
  }): Result<{ clip: ClipSummary }>;
  discardClip(request: { id: string }): Result;
  /**
   * Bulk clipping, e.g. every tab of a window (the page asks for host access first): stored in
   * batches of at most 100; tabs that cannot be clipped come back with their reason.
   */
  clipTabs(request: {
    tabIds: number[];
    deckId?: string;
    tags?: string[];
    /** Host patterns granted only for this batch: the background gives them back when done. */
    giveBack?: string[];
  }): Result<{
    clips: ClipSummary[];
    failures: Array<{ tabId: number; error: UserError }>;
    /** The API origin's pattern when giving back took its access too: ask for it again. */
    apiAccessLost?: string;
  }>;
  /**
   * Outbox entries Clipdeck could not read (damaged, or from a newer version), kept aside and
   * never deleted (utils/outbox/set-aside.ts): how many, with a sentence; and as a JSON file.
   */
  listSetAside(): Result<{ count: number; message: string | null }>;
  exportSetAside(): Result<{ count: number; json: string }>;
  /** How far a bulk clip has got: counts by state of the given clips. */
  clipProgress(request: { ids: string[] }): Result<{ progress: BatchProgress }>;
  /** Saves the popup's (possibly edited) draft through the outbox; deckId null: default notebook. */
  saveDraft(request: {
    draft: NoteDraft;
    deckId: string | null;
    sourceUrl?: string;
  }): Result<{ clip: ClipSummary }>;
  /** The newest note made from this page that the service still has (utils/clip-log). */
  findClippedPage(request: { url: string }): Result<{ clipped: ClippedPage | null }>;
  /** The notes index (utils/notes-index): rescan unless fresh; the popup reads the stored index. */
  refreshNotesIndex(request?: { force?: boolean }): Result<RefreshOutcome>;
  getNote(request: { id: string }): Result<{ note: NoteWithDeck }>;
  /**
   * Changes to notes ride the outbox (issue 18): stored first, sent in order per note, retried
   * when the service is down. When sent, PUT carries only the fields that differ from the note as
   * the service has it then. The reply (EditReply) is `queued: true` when the service did not
   * answer within the outbox's short wait: the change is kept and sent when it does.
   */
  updateNote(request: { id: string; changes: NoteChanges }): Result<EditReply>;
  appendToNote(request: { id: string; markdown: string }): Result<EditReply>;
  /** `queued`: the delete is kept in the outbox and sent when the service answers. */
  deleteNote(request: { id: string }): Result<{ queued?: true; clip?: ClipSummary }>;
  /**
   * Moves a note to another notebook (null: the default notebook): a copy is created there and the
   * original deleted once the copy is confirmed (MoveReply: the copy's new id, or `queued`).
   */
  moveNote(request: { id: string; deckId: string | null }): Result<MoveReply>;
  /**
   * Bulk retag (utils/notes-index/bulk.ts): tags added to and removed from these notes in the
   * background, a PUT per note that changes; progress in the stored `local:bulkRetagProgress`.
   * Refused (`busy`) while another runs.
   */
  bulkRetag(request: { ids: string[]; add: string[]; remove: string[] }): Result<{
    jobId: string;
  }>;
  /** Forgets a finished bulk retag (its progress and failures). */
  dismissBulkRetag(): Result;
  /**
   * The options page's "Import links" (utils/import/background): up to 100 bookmark notes the
   * page built from the export's links into the outbox, and where each of those clips stands.
   * (Which links the service already has, the page asks the service itself.)
   */
  importLinks(request: { clips: ImportedClip[] }): Result<{ ids: string[] }>;
  importProgress(request: { ids: string[] }): Result<{
    states: ImportClipState[];
    attention?: string;
  }>;
}

export const { sendMessage, onMessage } = defineExtensionMessaging<ProtocolMap>();

export type MessageType = keyof ProtocolMap;
/** A message as its handler receives it: the request (`data`) and who sent it (`sender`). */
export type ReceivedMessage<K extends MessageType> = Message<ProtocolMap, K> & ExtensionMessage;
export type MessageReply<K extends MessageType> = GetReturnType<ProtocolMap[K]>;
export type MessageHandler<K extends MessageType> = (
  message: ReceivedMessage<K>,
) => MessageReply<K> | Promise<MessageReply<K>>;
/**
 * How a domain declares its handlers. The background's work layer (utils/work) collects them in a
 * table; the worker's entry (utils/wake) listens for every type and hands each message over.
 */
export type MessageRegistrar = <K extends MessageType>(type: K, handler: MessageHandler<K>) => void;

/**
 * Every message type, as a list the worker can listen for before the handlers are loaded: a
 * stopped service worker is woken only by listeners added in its first run (utils/wake).
 */
export const MESSAGE_TYPES = [
  'clipTab',
  'clipTabs',
  'listOutbox',
  'getClip',
  'retryClip',
  'editClip',
  'discardClip',
  'listSetAside',
  'exportSetAside',
  'clipProgress',
  'saveDraft',
  'findClippedPage',
  'refreshNotesIndex',
  'getNote',
  'updateNote',
  'appendToNote',
  'deleteNote',
  'moveNote',
  'bulkRetag',
  'dismissBulkRetag',
  'importLinks',
  'importProgress',
] as const satisfies readonly MessageType[];

// A type added to ProtocolMap and not to the list would never reach its handler: a type error.
type Unlisted = Exclude<MessageType, (typeof MESSAGE_TYPES)[number]>;
export const EVERY_TYPE_LISTED: [Unlisted] extends [never] ? true : Unlisted = true;

/**
 * Only the extension's own pages may ask the background for anything. Content scripts run inside
 * web pages and get their work to the background as the return value of an injected script, never
 * as a message, so a message whose sender is not an extension page is refused.
 */
export function isFromExtensionPage(message: Pick<ExtensionMessage, 'sender'>): boolean {
  const { sender } = message;
  return sender.id === browser.runtime.id && !!sender.url?.startsWith(browser.runtime.getURL('/'));
}
