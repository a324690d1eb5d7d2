import { browser } from 'wxt/browser';
import { isWaiting, type Outbox } from './entry';

const WAITING_COLOUR = '#3a6ea5';
const ATTENTION_COLOUR = '#c62828';

/**
 * The toolbar badge counts clips not yet saved, red when any of them needs the user. Firefox's
 * Manifest V2 build has browserAction where Chromium has action.
 */
export async function showOutboxOnBadge(outbox: Outbox): Promise<void> {
  const action = browser.action ?? browser.browserAction;
  if (!action) return;
  const waiting = outbox.entries.filter(isWaiting);
  const attention = waiting.some((entry) => entry.state === 'needs-attention');
  await action.setBadgeText({ text: waiting.length ? String(waiting.length) : '' });
  await action.setBadgeBackgroundColor({ color: attention ? ATTENTION_COLOUR : WAITING_COLOUR });
}
