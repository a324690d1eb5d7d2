import { NotesApiError } from '../../../utils/api';
import type { ClipSummary } from '../../../utils/outbox';

/**
 * The command line's words for what goes wrong with the service. The library's sentences send a
 * user to "Clipdeck's options"; here the connection is NOTES_API_URL and NOTES_API_KEY.
 */
export function serviceSentence(error: unknown, baseUrl: string): string {
  if (!(error instanceof NotesApiError))
    return error instanceof Error ? error.message : String(error);
  switch (error.kind) {
    case 'auth':
      return (
        'The Notes service refused the API key in NOTES_API_KEY: set it to a current key (created in the service ' +
        'under Settings → Account Settings → ApiKey) and run the command again.'
      );
    case 'network':
      return (
        `Nothing answers at NOTES_API_URL (${baseUrl}): check the address and that the service ` +
        'is running, then run the command again.'
      );
    case 'timeout':
      return (
        `The Notes service at NOTES_API_URL (${baseUrl}) did not answer in time: check that it is ` +
        'running, then run the command again.'
      );
    case 'moved':
      return error.suggestedBaseUrl
        ? `NOTES_API_URL (${baseUrl}) redirects elsewhere; set NOTES_API_URL=${error.suggestedBaseUrl} (the key is never sent after a redirect).`
        : `NOTES_API_URL (${baseUrl}) redirects elsewhere; set NOTES_API_URL to the service's own base URL (the key is never sent after a redirect).`;
    case 'not-found':
    case 'protocol':
      return (
        `NOTES_API_URL (${baseUrl}) does not answer as a Notes API: set it to the service's base ` +
        'URL, which usually ends in /api.'
      );
    case 'invalid-request':
      if (!error.status) {
        return `NOTES_API_URL (${baseUrl}) is not a web address: set it to the service's base URL, such as https://notes.example.com/api.`;
      }
      return error.message;
    default:
      return error.message;
  }
}

/** Why a clip is waiting for the user, in the command line's words. */
export function attentionSentence(clip: ClipSummary, baseUrl: string): string {
  switch (clip.error?.kind) {
    case 'auth':
      return serviceSentence(new NotesApiError('auth', ''), baseUrl);
    case 'unknown-deck':
      return clip.deckId
        ? `The Notes service has no deck “${clip.deckId}”: check --deck and --deck-map, then run the command again.`
        : `NOTES_API_URL (${baseUrl}) answered “not found” for its notes: set it to the service's base URL.`;
    case 'too-large':
      return 'The Notes service refused this note as too large.';
    default:
      return clip.error?.message ?? 'The clip is still waiting in the outbox.';
  }
}
