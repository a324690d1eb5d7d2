import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { AT_ONCE } from '../clipper/inject';

/**
 * Small questions asked of the page in the clicked frame. They run with the access the click or
 * the shortcut granted (activeTab) and answer `undefined` when the browser refuses to run them
 * there (its own pages, the store, the PDF viewer): the clip that follows then explains why.
 */
async function askPage<T>(
  tabId: number,
  frameId: number | undefined,
  schema: z.ZodMiniType<T>,
  func: (...args: string[]) => unknown,
  args: string[] = [],
): Promise<T | undefined> {
  try {
    const [injection] = await browser.scripting.executeScript({
      ...AT_ONCE,
      target: { tabId, ...(frameId !== undefined && { frameIds: [frameId] }) },
      func,
      args,
    });
    // What a page answers is input from outside the background, checked like any other.
    const parsed = schema.safeParse(injection?.result);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the frame has a selection the clipping engine would keep: text or an image. */
export function hasSelection(tabId: number, frameId?: number): Promise<boolean | undefined> {
  return askPage(tabId, frameId, z.boolean(), () => {
    const selection = globalThis.getSelection?.();
    if (!selection || selection.isCollapsed) return false;
    for (let index = 0; index < selection.rangeCount; index += 1) {
      const range = selection.getRangeAt(index);
      if (range.toString().trim() || range.cloneContents().querySelector('img')) return true;
    }
    return false;
  });
}

/**
 * The words of the link the user right-clicked. Chromium's menu click carries the link's address
 * but not its text (Firefox gives `linkText`), so the page is asked: the link's text, else the
 * label a screen reader would read, else an image's alt text.
 */
export function readLinkText(
  tabId: number,
  frameId: number | undefined,
  linkUrl: string,
): Promise<string | undefined> {
  return askPage(
    tabId,
    frameId,
    z.string(),
    (href) => {
      for (const anchor of Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'))) {
        if (anchor.href !== href) continue;
        const label =
          anchor.textContent?.trim() ||
          anchor.getAttribute('aria-label')?.trim() ||
          anchor.title.trim() ||
          anchor.querySelector('img')?.alt.trim();
        if (label) return label;
      }
      return '';
    },
    [linkUrl],
  );
}
