import { browser } from 'wxt/browser';
import { t } from '../../utils/i18n';
import type { UserError } from '../../utils/result';

/**
 * What the popup shows when the background does not answer a message at all (it was reloaded
 * or crashed): the call fails like any other, with a sentence.
 */
export function backgroundStopped(): { ok: false; error: UserError } {
  return {
    ok: false,
    error: {
      kind: 'internal',
      message: t('common.backgroundStopped'),
    },
  };
}

/**
 * What the popup shows when its own work on the tab threw (the tab closed under it, storage
 * failed): a sentence, like any failed preview.
 */
export function tabWorkFailed(): { ok: false; error: UserError } {
  return { ok: false, error: { kind: 'unclippable', message: t('clip.error.noAnswer') } };
}

export function openOptions(): void {
  void browser.runtime.openOptionsPage();
}

/**
 * The tab to clip. Normally the active tab of the popup's window; automation opens the popup as
 * a tab of its own and names the target with `?tabId=`.
 */
export async function targetTabId(): Promise<number | undefined> {
  const fromQuery = Number(new URLSearchParams(location.search).get('tabId'));
  if (Number.isInteger(fromQuery) && fromQuery > 0) return fromQuery;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

/** Copies text; false when the browser refused (the popup lost focus, for one). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
