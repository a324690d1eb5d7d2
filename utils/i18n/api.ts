import type { ApiSentence, ApiWords } from '../api/sentences';
import { formatNumber, quoted, t } from './core';

/**
 * The Notes client's sentences in the browser's language: the extension passes this as `words`
 * to `createWordedNotesClient`, so an error's `message` (shown in the popup, the options page, an
 * outbox clip's "Last problem") is already in the user's language. The command line keeps the
 * client's English default.
 */
export const apiSentenceText: ApiWords = (sentence) => {
  const text = sentenceText(sentence);
  return 'maybeSaved' in sentence && sentence.maybeSaved ? t('api.maybeSaved', { text }) : text;
};

function sentenceText(sentence: ApiSentence): string {
  switch (sentence.id) {
    case 'badBaseUrl':
    case 'noKey':
    case 'keyBadCharacters':
    case 'notJson':
    case 'movedUnknown':
    case 'keyRefused':
    case 'keyForbidden':
    case 'noDelete':
    case 'notAccepted':
    case 'serviceGaveUp':
    case 'noteTooLarge':
    case 'noSuchNote':
    case 'nothingToDelete':
    case 'noNotesHere':
      return t(`api.${sentence.id}`);
    case 'badNoteId':
      return t('api.badNoteId', { noteId: sentence.noteId });
    case 'timeout':
      return t('api.timeout', { duration: duration(sentence.ms) });
    case 'network':
      return t('api.network', { origin: sentence.origin });
    case 'tooLarge':
      return t(sentence.list ? 'api.tooLargeList' : 'api.tooLargeNote', {
        size: size(sentence.bytes),
      });
    case 'badField':
      return t('api.badField', { field: sentence.field, issue: sentence.issue });
    case 'moved':
      return sentence.suggestedBaseUrl
        ? t('api.movedSuggest', {
            location: sentence.location,
            suggested: sentence.suggestedBaseUrl,
          })
        : t('api.moved', { location: sentence.location });
    case 'rejected':
      if (sentence.server === undefined) {
        return t(sentence.note ? 'api.rejectedNote' : 'api.rejectedSearch');
      }
      return t(sentence.note ? 'api.rejectedNoteSaid' : 'api.rejectedSearchSaid', {
        said: quoted(sentence.server),
      });
    case 'conflict':
      return sentence.server === undefined
        ? t('api.conflict')
        : t('api.conflictSaid', { said: quoted(sentence.server) });
    case 'rateLimited':
      return sentence.ms === undefined
        ? t('api.rateLimited')
        : t('api.rateLimitedWait', { duration: duration(sentence.ms) });
    case 'serverProblem':
      return t('api.serverProblem', { status: String(sentence.status) });
    case 'refused':
      return sentence.server === undefined
        ? t('api.refused', { status: String(sentence.status) })
        : t('api.refusedSaid', { status: String(sentence.status), said: quoted(sentence.server) });
    case 'unexpectedStatus':
      return t('api.unexpectedStatus', { status: String(sentence.status) });
    case 'noDeck':
      return t('api.noDeck', { deck: sentence.deckId });
  }
}

/** Under a second in milliseconds, else seconds to a tenth: "500 ms", "15 seconds". */
function duration(ms: number): string {
  if (ms < 1000) {
    return formatNumber(ms, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' });
  }
  return formatNumber(Math.round(ms / 100) / 10, {
    style: 'unit',
    unit: 'second',
    unitDisplay: 'long',
    useGrouping: false,
  });
}

/** The client's read limits are whole mebibytes; MiB is the same symbol in every language. */
function size(bytes: number): string {
  const mebibytes = 1024 * 1024;
  if (bytes >= mebibytes) {
    return `${formatNumber(Math.round(bytes / mebibytes), { useGrouping: false })} MiB`;
  }
  return formatNumber(bytes, {
    style: 'unit',
    unit: 'byte',
    unitDisplay: 'long',
    useGrouping: false,
  });
}
