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
  const text = waiting.length ? String(waiting.length) : '';
  const color = attention ? ATTENTION_COLOUR : WAITING_COLOUR;
  // The outbox is written several times a clip; most writes leave the badge as it is.
  if (shown?.text === text && shown.color === color) return;
  shown = undefined;
  await action.setBadgeText({ text });
  await action.setBadgeBackgroundColor({ color });
  shown = { text, color };
}

/** What this worker last put on the badge (only this module sets the badge for every tab). */
let shown: { text: string; color: string } | undefined;
