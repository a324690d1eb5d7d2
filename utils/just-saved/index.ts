import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';

/**
 * "Save first, edit after" (issue 18): a quick capture (shortcut or context menu) leaves a mark
 * naming the clip it just stored and the tab it came from; the popup, opened on that tab soon
 * after (by `action.openPopup()`, by a click on the notification, or by the user), shows that
 * note to edit instead of a new clip. Only extension pages and the background read it: nothing
 * of it reaches the web page.
 */
export const justSavedSchema = z.object({
  clipId: z.string().check(z.minLength(1)),
  tabId: z.int(),
  /** Epoch milliseconds. */
  at: z.number(),
});
export type JustSaved = z.infer<typeof justSavedSchema>;

export const justSavedItem = storage.defineItem<JustSaved | null>('local:justSaved', {
  fallback: null,
  version: 1,
});

/** How long after the capture the popup still opens on the note just made. */
export const JUST_SAVED_FOR_MS = 2 * 60_000;

export function rememberJustSaved(mark: JustSaved): Promise<void> {
  return justSavedItem.setValue(mark);
}

/** The mark for this tab, if it is recent; anything else (old, damaged, another tab) is none. */
export async function readJustSaved(tabId: number | undefined, now = Date.now()) {
  const parsed = justSavedSchema.safeParse(await justSavedItem.getValue());
  if (!parsed.success || tabId === undefined) return undefined;
  const mark = parsed.data;
  return mark.tabId === tabId && now - mark.at >= 0 && now - mark.at < JUST_SAVED_FOR_MS
    ? mark
    : undefined;
}

/** The user is done with the note just made (closed, undone, or it closed itself). */
export function forgetJustSaved(): Promise<void> {
  return justSavedItem.removeValue();
}
