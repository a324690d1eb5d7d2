import { defineExtensionMessaging, type ExtensionMessage } from '@webext-core/messaging';
import { browser } from 'wxt/browser';
import type { NoteDeck, RecentNote } from '../connection';
import type { ClipSummary, NoteDraft } from '../outbox';
import type { Result } from '../result';
import type { Connection } from '../settings';

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
  /** The options page's checks (handlers in utils/connection); the key stays in extension pages. */
  testConnection(connection: Connection): Result<{ noteCount: number }>;
  checkDeck(request: { deckId: string }): Result<{ noteCount: number }>;
  readNoteDeck(request: { noteId: string }): Result<{ note: NoteDeck }>;
  listRecentNotes(): Result<{ notes: RecentNote[] }>;
}

export const { sendMessage, onMessage } = defineExtensionMessaging<ProtocolMap>();

/**
 * Only the extension's own pages may ask the background for anything. Content scripts run inside
 * web pages and get their work to the background as the return value of an injected script, never
 * as a message, so a message whose sender is not an extension page is refused.
 */
export function isFromExtensionPage(message: Pick<ExtensionMessage, 'sender'>): boolean {
  const { sender } = message;
  return sender.id === browser.runtime.id && !!sender.url?.startsWith(browser.runtime.getURL('/'));
}
