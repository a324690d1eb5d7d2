/**
 * What the Notes client tells its user, as an id and its values rather than words: the client
 * also runs in Node (the command line), which keeps these English sentences, while the extension
 * passes `words` to `createNotesClient` and reads each id from locales/<lang>.yml (utils/i18n,
 * `apiSentenceText`). Values are raw (milliseconds, bytes, the service's own text) so that each
 * wording formats them its own way.
 */
export type ApiSentence =
  | { id: 'badBaseUrl' }
  | { id: 'noKey' }
  | { id: 'keyBadCharacters' }
  | { id: 'badNoteId'; noteId: string }
  | { id: 'timeout'; ms: number; maybeSaved: boolean }
  | { id: 'network'; origin: string; maybeSaved: boolean }
  | { id: 'tooLarge'; bytes: number; list: boolean; maybeSaved: boolean }
  | { id: 'notJson'; maybeSaved: boolean }
  | { id: 'badField'; field: string; issue: string; maybeSaved: boolean }
  | { id: 'movedUnknown' }
  | { id: 'moved'; location: string; suggestedBaseUrl?: string }
  | { id: 'rejected'; server?: string; note: boolean }
  | { id: 'keyRefused' }
  | { id: 'keyForbidden' }
  | { id: 'noDelete' }
  | { id: 'notAccepted' }
  | { id: 'serviceGaveUp' }
  | { id: 'conflict'; server?: string }
  | { id: 'noteTooLarge' }
  | { id: 'rateLimited'; ms?: number }
  | { id: 'serverProblem'; status: number }
  | { id: 'refused'; status: number; server?: string }
  | { id: 'unexpectedStatus'; status: number }
  | { id: 'noSuchNote' }
  | { id: 'nothingToDelete' }
  | { id: 'noDeck'; deckId: string }
  | { id: 'noNotesHere' };

/** How a client turns an `ApiSentence` into the user's words. */
export type ApiWords = (sentence: ApiSentence) => string;

const OPTIONS_HINT = 'Check the base URL in Clipdeck’s options (it usually ends in /api)';
const MAYBE_SAVED = 'The note may have been saved anyway: look for it before clipping again.';

/** The command line's (and the default) wording. */
export const englishApiWords: ApiWords = (sentence) => {
  const text = englishSentence(sentence);
  return 'maybeSaved' in sentence && sentence.maybeSaved ? `${text} ${MAYBE_SAVED}` : text;
};

function englishSentence(sentence: ApiSentence): string {
  switch (sentence.id) {
    case 'badBaseUrl':
      return (
        'The Notes service address is not a web address. Open Clipdeck’s options and enter it in ' +
        'full, for example https://notes.example.com/api.'
      );
    case 'noKey':
      return 'No API key is set. Open Clipdeck’s options and paste your Notes API key.';
    case 'keyBadCharacters':
      return (
        'The API key contains characters an API key cannot have (spaces or non-ASCII letters). ' +
        'Open Clipdeck’s options and paste the key again, exactly as the service shows it.'
      );
    case 'badNoteId':
      return (
        `“${sentence.noteId}” is not a note id Clipdeck can send: a note id cannot be empty, “.” ` +
        'or “..”, or contain a slash. Copy the id again from the note in the Notes service.'
      );
    case 'timeout':
      return (
        `The Notes service did not answer within ${formatDuration(sentence.ms)}. Check your ` +
        'connection and try again.'
      );
    case 'network':
      return (
        `Clipdeck could not reach the Notes service at ${sentence.origin}. Check your ` +
        'connection and the base URL in Clipdeck’s options, then try again.'
      );
    case 'tooLarge':
      return (
        `The Notes service sent an answer larger than Clipdeck reads (over ${formatBytes(sentence.bytes)}` +
        `${sentence.list ? ' for one page of notes' : ' for one note'}), so it was ` +
        `not read. ${OPTIONS_HINT}; if it is right, the service is sending more than a Notes ` +
        'API should.'
      );
    case 'notJson':
    case 'badField':
      return (
        'The Notes service sent an answer Clipdeck does not understand ' +
        `(${sentence.id === 'notJson' ? 'the body is not JSON' : `${sentence.field}: ${sentence.issue}`}). ` +
        `${OPTIONS_HINT}; if it is right, the service may have changed.`
      );
    case 'movedUnknown':
      return (
        'The Notes service answered from another address and did not say which, so Clipdeck did ' +
        `not send your API key on. ${OPTIONS_HINT}.`
      );
    case 'moved':
      return (
        `The Notes service answered from another address: it moved to ${sentence.location}. ` +
        'Clipdeck did not send your API key there. Check the base URL in Clipdeck’s options' +
        (sentence.suggestedBaseUrl
          ? ` and change it to ${sentence.suggestedBaseUrl} if that is your service.`
          : '.')
      );
    case 'rejected':
      return (
        `The Notes service rejected the request${sentence.server === undefined ? ' as invalid' : `: “${sentence.server}”`}. ` +
        (sentence.note
          ? 'Check the note’s title, text and tags, then try again.'
          : 'Check the search settings, then try again.')
      );
    case 'keyRefused':
      return (
        'The Notes service refused the API key. Open Clipdeck’s options and paste a current key ' +
        '(keys stop working after “Refresh Key”).'
      );
    case 'keyForbidden':
      return (
        'The Notes service does not allow this API key to do that. Check the key in the service’s ' +
        'account settings, or create a new one and paste it into Clipdeck’s options.'
      );
    case 'noDelete':
      return (
        'This service does not support deleting notes through its API. Delete the note in the ' +
        'Notes service itself.'
      );
    case 'notAccepted':
      return `The Notes service does not accept this request at that address. ${OPTIONS_HINT}.`;
    case 'serviceGaveUp':
      return 'The Notes service gave up waiting for the request. Try again.';
    case 'conflict':
      return `The Notes service reported a conflict${sentence.server === undefined ? '' : `: “${sentence.server}”`}. Refresh and try again.`;
    case 'noteTooLarge':
      return (
        'The note is too large for the Notes service. Clip a shorter page or a part of it and try ' +
        'again.'
      );
    case 'rateLimited':
      return (
        'The Notes service is receiving too many requests. ' +
        `Wait ${sentence.ms === undefined ? 'a minute' : formatDuration(sentence.ms)} and try again.`
      );
    case 'serverProblem':
      return `The Notes service had a problem on its side (HTTP ${sentence.status}). Try again in a few minutes.`;
    case 'refused':
      return (
        `The Notes service refused the request (HTTP ${sentence.status}` +
        `${sentence.server === undefined ? '' : `: “${sentence.server}”`}). ${OPTIONS_HINT}, then try again.`
      );
    case 'unexpectedStatus':
      return `The Notes service answered with HTTP ${sentence.status}, which Clipdeck does not expect. ${OPTIONS_HINT}.`;
    case 'noSuchNote':
      return 'The Notes service has no such note: it may have been deleted. Refresh and try again.';
    case 'nothingToDelete':
      return (
        'The Notes service found nothing to delete: the note is not found (already deleted?) or ' +
        'deleting isn’t supported by this service.'
      );
    case 'noDeck':
      return (
        `The Notes service did not find the notebook “${sentence.deckId}”. Check the deck id, and ` +
        'the base URL in Clipdeck’s options (it usually ends in /api).'
      );
    case 'noNotesHere':
      return `The Notes service has no notes at this address. ${OPTIONS_HINT}.`;
  }
}

function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 100) / 10;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MiB` : `${bytes} bytes`;
}
