import { type Browser, browser } from 'wxt/browser';
import { t } from '../i18n';
import { MENU_ITEMS } from './actions';

/**
 * The context menu as the user sees it. Chromium shows an extension's items under one “Clipdeck”
 * entry when more than one fits what was right-clicked.
 */
function menuItems(): Browser.contextMenus.CreateProperties[] {
  return [
    { id: MENU_ITEMS.page, title: t('quickCapture.menu.page'), contexts: ['page'] },
    { id: MENU_ITEMS.selection, title: t('quickCapture.menu.selection'), contexts: ['selection'] },
    { id: MENU_ITEMS.quote, title: t('quickCapture.menu.quote'), contexts: ['selection'] },
    { id: MENU_ITEMS.link, title: t('quickCapture.menu.link'), contexts: ['link'] },
    { id: MENU_ITEMS.image, title: t('quickCapture.menu.image'), contexts: ['image'] },
  ];
}

/**
 * Creates Clipdeck's menu items. Chromium keeps them across service-worker restarts, so this runs
 * on install and update; Firefox's event page may start without them after a browser restart,
 * so it runs on browser start-up too. Everything is removed first so no run meets an item that
 * already exists (which the browser refuses as a duplicate), and runs queue behind each other
 * because install and start-up can fire together when an update is applied at start.
 */
export function createContextMenus(): Promise<void> {
  menusCreated = menusCreated.catch(() => undefined).then(replaceMenuItems);
  return menusCreated;
}

let menusCreated: Promise<void> = Promise.resolve();

async function replaceMenuItems(): Promise<void> {
  await browser.contextMenus.removeAll();
  for (const item of menuItems()) {
    await new Promise<void>((resolve, reject) => {
      browser.contextMenus.create(item, () => {
        const error = browser.runtime.lastError;
        if (error) reject(new Error(error.message));
        else resolve();
      });
    });
  }
}
