import type { ClipSummary } from '../outbox';
import type { UserError } from '../result';
import type { ServiceHealth } from './state';

/**
 * The popup's own sentences for the states where the service is not answering as it should.
 * The outbox and the API client word their errors for any caller ("the note may have been saved
 * anyway"); the popup knows more: the clip is in the outbox, which finds an earlier copy before it
 * sends again, so the user is told what happens next, not what might have happened.
 */

const KEPT = 'It is kept in Clipdeck’s outbox and will be sent when the service is back';
const kept = (title: string) => `${title} is kept in Clipdeck’s outbox`;

/** Why a queued clip waits and what happens to it, in one or two sentences. */
export function queuedSentence(clip: ClipSummary): string {
  const title = `“${clip.title || 'Untitled'}”`;
  const error = clip.error;
  if (!error) {
    return `Sending ${title}. It is kept in Clipdeck’s outbox, so closing this popup loses nothing.`;
  }
  switch (error.kind) {
    case 'network':
      return `Clipdeck could not reach your Notes service, so ${title} was not sent yet. ${KEPT}.`;
    case 'timeout':
      return (
        `Your Notes service did not answer in time. ${kept(title)}; before sending it again ` +
        'Clipdeck checks whether it arrived, so it is not saved twice.'
      );
    case 'server':
      return `Your Notes service had a problem on its side, so ${title} was not saved yet. ${KEPT}.`;
    case 'rate-limited':
      return `Your Notes service asked Clipdeck to slow down. ${title} is kept and sent shortly.`;
    case 'protocol':
      return (
        `Your Notes service sent an answer Clipdeck does not understand. ${kept(title)} and ` +
        'sent again; check the base URL in the options if this lasts.'
      );
    default:
      return `${kept(title)} and will be sent again. ${error.message}`;
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
      return (
        'Your Notes service refused Clipdeck’s API key (it stops working after “Refresh Key”). ' +
        'Paste the current key in the options: clips wait in the outbox until then.'
      );
    case 'unreachable':
      return unreachableSentence(health.error);
    default:
      return undefined;
  }
}

function unreachableSentence(error: UserError): string {
  const lead =
    error.kind === 'server'
      ? 'Your Notes service is having a problem on its side.'
      : error.kind === 'timeout'
        ? 'Your Notes service is not answering in time.'
        : error.kind === 'network'
          ? 'Clipdeck cannot reach your Notes service.'
          : 'Your Notes service did not answer as expected.';
  return `${lead} You can still clip: the clip is kept in the outbox and sent when the service is back.`;
}

/** The sign on recent notes shown from the cache while the service cannot confirm them. */
export function staleSentence(health: ServiceHealth): string | undefined {
  if (health.status === 'key-refused') {
    return 'Shown from Clipdeck’s copy: the service refused the key, so these may be out of date.';
  }
  if (health.status === 'unreachable') {
    return 'Shown from Clipdeck’s copy: the service is not answering, so these may be out of date.';
  }
  return undefined;
}
