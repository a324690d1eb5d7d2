import { browser } from 'wxt/browser';
import { canonicalUrl, clipLogItem, loggedClipOfPage, loggedPages } from '../clip-log';
import { t } from '../i18n';

/**
 * The toolbar mark (issue 18): the tab's icon shows a check on the note card when the tab's page
 * is in the user's notes. The answer comes from the local clip log only (`loggedClipOfPage`, the
 * lookup the popup's "already clipped" starts from), so a tab switch asks the service nothing.
 *
 * A per-tab icon rather than the badge: the outbox owns the badge's text for every tab (clips
 * waiting, "!" when one needs the user) and quick capture marks a failed tab with "!", so the two
 * signals never compete for four characters; the icon variant (public/icon/marked-*.png, from
 * assets/icon-marked.svg) keeps the badge readable on top of it. The tooltip says it in words.
 */
export const MARKED_ICON = { 16: 'icon/marked-16.png', 32: 'icon/marked-32.png' };
export const PLAIN_ICON = { 16: 'icon/16.png', 32: 'icon/32.png' };

/**
 * What the mark last set per tab: the icon, and whether the tooltip is ours. Cleared when the tab
 * navigates (the browser may have reset both, or not for a same-document navigation), so the next
 * mark asks; kept otherwise, so a change to the clip log touches only the tabs whose answer moved.
 * A bulk import changes the log with every clip while its tabs navigate: before, every change
 * asked each tab's tooltip and every navigation redrew the icon (bench/bulk/bulk.md).
 */
interface TabMark {
  marked: boolean;
  ourTitle: boolean;
}
const shown = new Map<number, TabMark>();

function action() {
  return browser.action ?? browser.browserAction;
}

/**
 * The icons as pixels, decoded once: `setIcon({ path })` fetches and decodes the PNGs again on
 * every call (in a service worker, through a canvas), which a bulk import's navigations paid a
 * few hundred times a run. Undefined where the worker cannot decode (then `path` is used).
 */
type IconPixels = Record<number, ImageData>;
const pixels = new Map<Record<number, string>, Promise<IconPixels | undefined>>();

function iconPixels(icon: Record<number, string>): Promise<IconPixels | undefined> {
  let decoded = pixels.get(icon);
  if (!decoded) {
    decoded = decodeIcon(icon).catch(() => undefined);
    pixels.set(icon, decoded);
  }
  return decoded;
}

async function decodeIcon(icon: Record<number, string>): Promise<IconPixels | undefined> {
  if (typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap !== 'function') {
    return undefined;
  }
  const entries = await Promise.all(
    Object.entries(icon).map(async ([size, path]) => {
      const response = await fetch(browser.runtime.getURL(`/${path}` as '/icon/16.png'));
      const bitmap = await createImageBitmap(await response.blob());
      const side = Number(size);
      const canvas = new OffscreenCanvas(side, side);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.drawImage(bitmap, 0, 0, side, side);
      return [side, context.getImageData(0, 0, side, side)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

async function setIcon(tabId: number, icon: Record<number, string>): Promise<void> {
  const toolbar = action();
  const imageData = await iconPixels(icon);
  if (imageData) {
    try {
      await toolbar.setIcon({ tabId, imageData: imageData as Record<string, ImageData> });
      return;
    } catch {
      // Refused as pixels (or the tab closed, which the path below says again).
    }
  }
  await toolbar.setIcon({ tabId, path: icon });
}

/** Sets the tab's icon and tooltip to what the clip log says of its page. */
export async function markTab(tabId: number, url: string | undefined): Promise<boolean> {
  const marked = url ? (await loggedClipOfPage(url)) !== undefined : false;
  await showMark(tabId, marked);
  return marked;
}

async function showMark(tabId: number, marked: boolean): Promise<void> {
  const toolbar = action();
  if (!toolbar) return;
  const before = shown.get(tabId);
  try {
    if (before?.marked !== marked) await setIcon(tabId, marked ? MARKED_ICON : PLAIN_ICON);
    const markedTitle = t('toolbar.marked');
    let ourTitle = before?.ourTitle ?? false;
    if (marked) {
      if (!before?.ourTitle) await toolbar.setTitle({ tabId, title: markedTitle });
      ourTitle = true;
    } else if (before === undefined || before.ourTitle) {
      // Only our own words are taken back: quick capture's failure tooltip stays.
      if ((await toolbar.getTitle({ tabId })) === markedTitle) {
        await toolbar.setTitle({ tabId, title: t('manifest.name') });
      }
      ourTitle = false;
    }
    shown.set(tabId, { marked, ourTitle });
  } catch {
    // The tab closed meanwhile.
    shown.delete(tabId);
  }
}

/** Whether the mark shows on this tab now (automation hooks; undefined: never set). */
export function markShown(tabId: number): boolean | undefined {
  return shown.get(tabId)?.marked;
}

/** Every open tab whose address the extension may read is marked again (after the log changed). */
async function markAllTabs(): Promise<void> {
  const tabs = await browser.tabs.query({});
  // One read of the log for every tab, not one each.
  const inLog = await loggedPages();
  await Promise.all(
    tabs.flatMap((tab) => {
      if (tab.id === undefined) return [];
      const page = tab.url ? canonicalUrl(tab.url) : undefined;
      return [showMark(tab.id, page !== undefined && inLog.has(page))];
    }),
  );
}

function logFailure(error: unknown): void {
  console.error('[clipdeck toolbar mark]', error);
}

/**
 * Wires the mark: a tab brought to the front, a tab that goes to another address, and any change
 * to the clip log (a clip saved, a note deleted or found gone). Listeners are added
 * synchronously, as a stopped service worker needs.
 */
export function registerToolbarMark(): void {
  browser.tabs.onActivated.addListener(({ tabId }) => {
    browser.tabs
      .get(tabId)
      .then((tab) => markTab(tabId, tab.url))
      .catch(logFailure);
  });
  browser.tabs.onUpdated.addListener((tabId, change, tab) => {
    // A navigation resets a tab's own icon in Chromium; mark again once the address is known.
    if (change.url !== undefined || change.status === 'complete') {
      shown.delete(tabId);
      markTab(tabId, tab.url).catch(logFailure);
    }
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    shown.delete(tabId);
  });
  clipLogItem.watch(() => {
    markAllTabs().catch(logFailure);
  });
}
