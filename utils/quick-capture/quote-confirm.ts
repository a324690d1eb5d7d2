import { quoted, t } from '../i18n';
import type { QuoteOutcome } from '../quote';
import { readQuickCaptureSettings } from '../settings';
import { type Confirmation, deckLabelFor, describeOutcome, markTab, notify } from './confirm';

/**
 * How a quote went, in the words of a clip's confirmation: added to the page's note, or a new
 * note (saved, or kept in the outbox and why). A quote kept apart from the page's note because
 * that note could not be reached says so, so the user knows where to find it.
 */
export function describeQuote(outcome: QuoteOutcome, deckLabel: string): Confirmation {
  if (!outcome.ok) return describeOutcome(outcome, deckLabel);
  if (outcome.appended || outcome.joinedWaiting) {
    const title = quoted(
      (outcome.appended ? outcome.title : outcome.clip.title) || t('common.untitled'),
    );
    return {
      title: t('quote.added'),
      // Added to the stored note, or to the page's note while it still waits in the outbox.
      message: outcome.appended
        ? t('quote.addedTo', { title })
        : t('quote.joinedWaiting', { title }),
      onClick: 'open-popup',
    };
  }
  const notice = outcome.keptSeparately
    ? t('quote.keptSeparately', { reason: outcome.keptSeparately.message })
    : undefined;
  return describeOutcome(
    { ok: true, clip: outcome.clip, ...(notice !== undefined && { notice }) },
    deckLabel,
  );
}

export async function confirmQuote(outcome: QuoteOutcome, tabId?: number): Promise<void> {
  const { notifications } = await readQuickCaptureSettings();
  const deckLabel = await deckLabelFor(
    outcome.ok && !outcome.appended ? { clip: outcome.clip } : {},
  );
  const confirmation = describeQuote(outcome, deckLabel);
  if (notifications && (await notify(confirmation))) return;
  if (!outcome.ok && tabId !== undefined) await markTab(tabId, confirmation);
}
