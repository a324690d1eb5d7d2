import { t } from '../i18n';
import { isFromExtensionPage, onMessage } from '../messaging';
import { failure } from '../result';
import { checkDeck, listRecentNotes, readNoteDeck, testConnection } from './checks';

const REFUSED = failure('refused', t('options.check.refused'));

/** The background's side of the options page's checks. */
export function registerConnectionChecks(): void {
  onMessage('testConnection', (message) =>
    isFromExtensionPage(message) ? testConnection(message.data) : REFUSED,
  );
  onMessage('checkDeck', (message) =>
    isFromExtensionPage(message) ? checkDeck(message.data.deckId) : REFUSED,
  );
  onMessage('readNoteDeck', (message) =>
    isFromExtensionPage(message) ? readNoteDeck(message.data.noteId) : REFUSED,
  );
  onMessage('listRecentNotes', (message) =>
    isFromExtensionPage(message) ? listRecentNotes() : REFUSED,
  );
}
