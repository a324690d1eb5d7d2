import { browser } from 'wxt/browser';
import { clipLogItem, loggedClipOfPage } from '../clip-log';
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

/** What the mark last showed per tab (for tests and to skip needless icon changes). */
const shown = new Map<number, boolean>();

function action() {
  return browser.action ?? browser.browserAction;
}

/** Sets the tab's icon and tooltip to what the clip log says of its page. */
export async function markTab(tabId: number, url: string | undefined): Promise<boolean> {
  const marked = url ? (await loggedClipOfPage(url)) !== undefined : false;
  const toolbar = action();
  if (!toolbar) return marked;
  try {
    if (shown.get(tabId) !== marked) {
      await toolbar.setIcon({ tabId, path: marked ? MARKED_ICON : PLAIN_ICON });
    }
    const markedTitle = t('toolbar.marked');
    if (marked) {
      await toolbar.setTitle({ tabId, title: markedTitle });
    } else if ((await toolbar.getTitle({ tabId })) === markedTitle) {
      // Only our own words are taken back: quick capture's failure tooltip stays.
      await toolbar.setTitle({ tabId, title: t('manifest.name') });
    }
    shown.set(tabId, marked);
  } catch {
    // The tab closed meanwhile.
    shown.delete(tabId);
  }
  return marked;
}

/** Whether the mark shows on this tab now (automation hooks; undefined: never set). */
export function markShown(tabId: number): boolean | undefined {
  return shown.get(tabId);
}

/** Every open tab whose address the extension may read is marked again (after the log changed). */
async function markAllTabs(): Promise<void> {
  const tabs = await browser.tabs.query({});
  await Promise.all(
    tabs.flatMap((tab) => (tab.id !== undefined ? [markTab(tab.id, tab.url)] : [])),
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
