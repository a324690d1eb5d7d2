import { browser } from 'wxt/browser';
import { quoted, t } from '../i18n';
import type { ClipSummary } from '../outbox';
import type { Result, UserError } from '../result';
import { defaultNotebookLabel, loadSettings, readQuickCaptureSettings } from '../settings';

/** What a quick capture answered: the clip as the outbox holds it, or why nothing was clipped. */
export type CaptureOutcome = Result<{
  clip: ClipSummary;
  /** How the clip differs from what the user asked for. */
  notice?: string;
}>;

/** What the user is told, and where a click on the notification takes them. */
export interface Confirmation {
  title: string;
  message: string;
  onClick: 'open-options' | 'open-popup';
}

/** Notifications need an image: the extension's own 48 px icon (public/icon). */
const NOTIFICATION_ICON = '/icon/48.png';

const NOTIFICATION_PREFIX = 'clipdeck-capture';
const FAILURE_BADGE = '!';
const FAILURE_COLOUR = '#c62828';

/** Failures a new key or address in the options fixes. */
const FIXED_IN_OPTIONS = new Set(['not-configured', 'auth']);

export function describeOutcome(outcome: CaptureOutcome, deckLabel: string): Confirmation {
  if (!outcome.ok) return describeFailure(outcome.error);
  const { clip, notice } = outcome;
  const title = quoted(clip.title);
  switch (clip.state) {
    case 'saved':
      return {
        title: t('quickCapture.clipped'),
        message: notice
          ? t('quickCapture.savedInWithNotice', { title, deck: deckLabel, notice })
          : t('quickCapture.savedIn', { title, deck: deckLabel }),
        onClick: 'open-popup',
      };
    case 'needs-attention':
      return {
        title: t('quickCapture.needsAttention'),
        message: t('quickCapture.keptNotSaved', {
          title,
          reason: clip.error?.message ?? '',
        }).trim(),
        onClick:
          clip.error && FIXED_IN_OPTIONS.has(clip.error.kind) ? 'open-options' : 'open-popup',
      };
    default:
      return {
        title: t('quickCapture.waiting'),
        message: t('quickCapture.keptWillSend', {
          title,
          reason: clip.error?.message ?? '',
        }).trim(),
        onClick:
          clip.error && FIXED_IN_OPTIONS.has(clip.error.kind) ? 'open-options' : 'open-popup',
      };
  }
}

function describeFailure(error: UserError): Confirmation {
  return {
    title: t('quickCapture.nothingClipped'),
    message: error.message,
    onClick: FIXED_IN_OPTIONS.has(error.kind) ? 'open-options' : 'open-popup',
  };
}

/**
 * Tells the user how a quick capture went. With notifications on, a notification says it; with
 * them off, the toolbar badge (which the outbox keeps) is the confirmation, and a capture that
 * clipped nothing marks the tab's badge with “!” and puts the reason in its tooltip, so a
 * shortcut pressed on a page that cannot be clipped is never silently ignored.
 */
export async function confirmCapture(outcome: CaptureOutcome, tabId?: number): Promise<void> {
  const { notifications } = await readQuickCaptureSettings();
  const confirmation = describeOutcome(outcome, await deckLabelFor(outcome.ok ? outcome : {}));
  if (notifications && (await notify(confirmation))) return;
  if (!outcome.ok && tabId !== undefined) await markTab(tabId, confirmation);
}

export async function deckLabelFor(outcome: { clip?: ClipSummary }): Promise<string> {
  const deckId = outcome.clip?.deckId;
  if (deckId === undefined) return defaultNotebookLabel();
  const { decks } = await loadSettings();
  return (
    decks.decks.find((deck) => deck.id === deckId)?.label ??
    t('quickCapture.unknownDeck', { id: quoted(deckId) })
  );
}

let shown = 0;

/** False when the browser would not show it (no notifications API, or it refused). */
export async function notify(confirmation: Confirmation): Promise<boolean> {
  if (!browser.notifications?.create) return false;
  shown += 1;
  const id = `${NOTIFICATION_PREFIX}:${confirmation.onClick}:${Date.now()}-${shown}`;
  try {
    await browser.notifications.create(id, {
      type: 'basic',
      iconUrl: browser.runtime.getURL(NOTIFICATION_ICON),
      title: confirmation.title,
      message: confirmation.message,
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * A tab-specific badge: the browser drops it when the tab goes to another page, and it leaves
 * the outbox's count on every other tab alone.
 */
export async function markTab(tabId: number, confirmation: Confirmation): Promise<void> {
  const action = browser.action ?? browser.browserAction;
  if (!action) return;
  try {
    await action.setBadgeText({ tabId, text: FAILURE_BADGE });
    await action.setBadgeBackgroundColor({ tabId, color: FAILURE_COLOUR });
    await action.setTitle({
      tabId,
      title: t('quickCapture.badgeTitle', {
        title: confirmation.title,
        message: confirmation.message,
      }),
    });
  } catch {
    // The tab closed in the meantime: there is nobody left to tell.
  }
}

/** Where a click on one of Clipdeck's notifications leads. */
export async function openForNotification(notificationId: string): Promise<void> {
  const [prefix, onClick] = notificationId.split(':');
  if (prefix !== NOTIFICATION_PREFIX) return;
  await browser.notifications.clear(notificationId);
  if (onClick === 'open-options') {
    await browser.runtime.openOptionsPage();
    return;
  }
  // The popup lists the outbox; opening it needs a recent browser, so an older one does nothing.
  const action = browser.action as { openPopup?: () => Promise<void> } | undefined;
  await action?.openPopup?.().catch(() => undefined);
}
