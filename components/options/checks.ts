import type { ConnectionTest, NoteDeck, RecentNote } from '../../utils/connection';
import { sendMessage } from '../../utils/messaging';
import type { Result, UserError } from '../../utils/result';
import type { Connection } from '../../utils/settings';
import { backgroundGone } from './status';

/**
 * What the options page asks the service, through the background (the one place that talks to
 * the API). A seam so the sections can be tested against the real checks and the real local
 * server without a background page in between.
 */
export interface OptionsChecks {
  testConnection(connection: Connection): Promise<ConnectionTest>;
  checkDeck(deckId: string): Promise<Result<{ noteCount: number }>>;
  readNoteDeck(noteId: string): Promise<Result<{ note: NoteDeck }>>;
  listRecentNotes(): Promise<Result<{ notes: RecentNote[] }>>;
}

export const backgroundChecks: OptionsChecks = {
  testConnection: (connection) => sendMessage('testConnection', connection).catch(backgroundGone),
  checkDeck: (deckId) => sendMessage('checkDeck', { deckId }).catch(backgroundGone),
  readNoteDeck: (noteId) => sendMessage('readNoteDeck', { noteId }).catch(backgroundGone),
  listRecentNotes: () => sendMessage('listRecentNotes', undefined).catch(backgroundGone),
};

/**
 * Issue 14: the client never follows a redirect with the key; a test that met one fails with kind
 * `moved` and, when the new address is usable, `suggestedBaseUrl`. The field rides on the error
 * object across the message boundary, so it is read defensively here.
 */
export function suggestedBaseUrlOf(error: UserError): string | undefined {
  if (error.kind !== 'moved') return undefined;
  const suggested = (error as UserError & { suggestedBaseUrl?: unknown }).suggestedBaseUrl;
  return typeof suggested === 'string' && suggested !== '' ? suggested : undefined;
}
