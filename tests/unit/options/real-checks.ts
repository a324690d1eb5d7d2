import type { OptionsChecks } from '../../../components/options/checks';
import {
  type CheckDependencies,
  checkDeck,
  listRecentNotes,
  readNoteDeck,
  testConnection,
} from '../../../utils/connection';

/**
 * The background's real checks, called directly instead of through a message: the sections are
 * tested against the real check code and the real local Notes server. Host access is granted,
 * as it is once the user has allowed the origin.
 */
export function realChecks(
  dependencies: CheckDependencies = { hasHostPermission: async () => true },
): OptionsChecks {
  return {
    testConnection: (connection) => testConnection(connection, dependencies),
    checkDeck: (deckId) => checkDeck(deckId, dependencies),
    readNoteDeck: (noteId) => readNoteDeck(noteId, dependencies),
    listRecentNotes: () => listRecentNotes(dependencies),
  };
}
