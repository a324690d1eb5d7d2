import { quoted, t } from '../i18n';
import type { ClipSummary } from '../outbox';
import type { UserError } from '../result';
import type { ServiceHealth } from './state';

/**
 * The popup's own sentences for the states where the service is not answering as it should.
 * The outbox and the API client word their errors for any caller ("the note may have been saved
 * anyway"); the popup knows more: the clip is in the outbox, which finds an earlier copy before it
 * sends again, so the user is told what happens next, not what might have happened.
 */

/** Why a queued clip waits and what happens to it, in one or two sentences. */
export function queuedSentence(clip: ClipSummary): string {
  const title = quoted(clip.title || t('common.untitled'));
  const error = clip.error;
  if (!error) return t('popup.queued.sending', { title });
  switch (error.kind) {
    case 'network':
      return t('popup.queued.network', { title });
    case 'timeout':
      return t('popup.queued.timeout', { title });
    case 'server':
      return t('popup.queued.server', { title });
    case 'rate-limited':
      return t('popup.queued.rateLimited', { title });
    case 'protocol':
      return t('popup.queued.protocol', { title });
    default:
      return t('popup.queued.other', { title, reason: error.message });
  }
}

/** A queued clip whose service cannot be reached may have a wrong address: offer the options. */
export function queuedNeedsOptions(clip: ClipSummary): boolean {
  return clip.error?.kind === 'network' || clip.error?.kind === 'protocol';
}

/** The banner over the editor for a service that is known to be in trouble. */
export function serviceSentence(health: ServiceHealth): string | undefined {
  switch (health.status) {
    case 'key-refused':
      return t('popup.service.keyRefused');
    case 'unreachable':
      return unreachableSentence(health.error);
    default:
      return undefined;
  }
}

function unreachableSentence(error: UserError): string {
  switch (error.kind) {
    case 'server':
      return t('popup.service.server');
    case 'timeout':
      return t('popup.service.timeout');
    case 'network':
      return t('popup.service.network');
    default:
      return t('popup.service.other');
  }
}

/** The sign on recent notes shown from the cache while the service cannot confirm them. */
export function staleSentence(health: ServiceHealth): string | undefined {
  if (health.status === 'key-refused') {
    return t('popup.service.staleRefused');
  }
  if (health.status === 'unreachable') {
    return t('popup.service.staleUnreachable');
  }
  return undefined;
}
