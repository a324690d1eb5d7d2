import { browser } from 'wxt/browser';
import { rememberJustSaved } from '../just-saved';
import type { CaptureOutcome } from './confirm';

/**
 * Shows the note a quick capture just stored in the popup, to edit in place (issue 18), by
 * `action.openPopup()`. Chromium (127 and later) opens it from the background without a user
 * gesture, in the focused window; Firefox 140 to 148 honours it only in the user action's own
 * task (gone once the clip is read), and any browser refuses it without a focused window. False
 * then, and the caller confirms with the notification as before; the mark stays, so the popup
 * opened by hand on that tab in the next two minutes still shows the note.
 */
export async function showJustSaved(
  outcome: CaptureOutcome,
  tabId: number | undefined,
): Promise<boolean> {
  if (!outcome.ok || tabId === undefined) return false;
  try {
    await rememberJustSaved({ clipId: outcome.clip.id, tabId, at: Date.now() });
  } catch {
    return false;
  }
  const action = browser.action as { openPopup?: () => Promise<void> } | undefined;
  if (!action?.openPopup) return false;
  try {
    await action.openPopup();
    return true;
  } catch {
    return false;
  }
}
