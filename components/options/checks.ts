import {
  type ConnectionTest,
  checkDeck,
  listRecentNotes,
  type NoteDeck,
  type RecentNote,
  readNoteDeck,
  testConnection,
} from '../../utils/connection';
import type { Result, UserError } from '../../utils/result';
import type { Connection } from '../../utils/settings';

/**
 * What the options page asks the service. The page waits on each answer, so the checks run here,
 * not in the background (which carries only what must run with no page open; issue 18): an
 * extension page may read the key and call the configured service through utils/api. A seam so
 * the sections can be tested with a fetch of their own.
 */
export interface OptionsChecks {
  testConnection(connection: Connection): Promise<ConnectionTest>;
  checkDeck(deckId: string): Promise<Result<{ noteCount: number }>>;
  readNoteDeck(noteId: string): Promise<Result<{ note: NoteDeck }>>;
  listRecentNotes(): Promise<Result<{ notes: RecentNote[] }>>;
}

export const pageChecks: OptionsChecks = {
  testConnection: (connection) => testConnection(connection),
  checkDeck: (deckId) => checkDeck(deckId),
  readNoteDeck: (noteId) => readNoteDeck(noteId),
  listRecentNotes: () => listRecentNotes(),
};

/**
 * Issue 14: the client never follows a redirect with the key; a test that met one fails with kind
 * `moved` and, when the new address is usable, `suggestedBaseUrl`, read defensively here.
 */
export function suggestedBaseUrlOf(error: UserError): string | undefined {
  if (error.kind !== 'moved') return undefined;
  const suggested = (error as UserError & { suggestedBaseUrl?: unknown }).suggestedBaseUrl;
  return typeof suggested === 'string' && suggested !== '' ? suggested : undefined;
}
