import { formatList, formatNumber, plural, t } from '../i18n';
import type { BatchProgress } from '../outbox';

/** A tab as `tabs.query` gives it: the address and title only when Clipdeck may see them. */
export interface WindowTab {
  id?: number;
  url?: string;
  title?: string;
}

/** What "Clip all tabs in this window" will do, worked out when the popup opens. */
export interface AllTabsPlan {
  tabIds: number[];
  /** Host permission patterns Clipdeck needs to read those tabs. */
  origins: string[];
  /** Tab titles by id, for naming the tabs that could not be clipped. */
  titles: Map<number, string>;
  /** The web pages among them (all of them when addresses are hidden). */
  pageCount: number;
}

/**
 * The store build may read any http(s) page but only once the user allows it. Without the "tabs"
 * permission the browser hides the addresses of tabs Clipdeck cannot read yet, so when one is
 * hidden the request covers every web page rather than guessing.
 */
export const ALL_WEB_ORIGINS = ['https://*/*', 'http://*/*'];

function originPattern(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    // Match patterns leave the port out: a host pattern covers all of its ports.
    return `${parsed.protocol}//${parsed.hostname}/*`;
  } catch {
    return undefined;
  }
}

/**
 * The window's tabs to clip, leaving out Clipdeck's own pages, those under `ownBase`: the popup
 * itself when automation opens it as a tab, an options page left open. They are not something to
 * clip and would be "skipped" with the sentence for browser pages. Browser pages stay in the list:
 * the background skips them with a reason the user sees.
 */
export function planAllTabs(tabs: readonly WindowTab[], ownBase?: string): AllTabsPlan {
  const tabIds: number[] = [];
  const origins = new Set<string>();
  const titles = new Map<number, string>();
  let addressHidden = false;
  let webPages = 0;
  for (const tab of tabs) {
    if (tab.id === undefined || (ownBase && tab.url?.startsWith(ownBase))) continue;
    tabIds.push(tab.id);
    if (tab.title) titles.set(tab.id, tab.title);
    if (tab.url === undefined) {
      addressHidden = true;
      continue;
    }
    const origin = originPattern(tab.url);
    if (!origin) continue;
    origins.add(origin);
    webPages++;
  }
  return {
    tabIds,
    origins: addressHidden ? ALL_WEB_ORIGINS : [...origins].sort(),
    titles,
    pageCount: addressHidden ? tabIds.length : webPages,
  };
}

/** Clips still on their way: stored but neither saved, stuck nor discarded yet. */
export function waitingCount(progress: BatchProgress): number {
  return progress.queued + progress.sending;
}

/** E.g. "12 of 30 saved, 2 waiting, 1 needs attention". */
export function describeProgress(progress: BatchProgress): string {
  const parts = [
    t('popup.bulk.savedOf', {
      saved: formatNumber(progress.saved),
      total: formatNumber(progress.total),
    }),
  ];
  const waiting = waitingCount(progress);
  if (waiting) parts.push(plural('popup.bulk.waiting', waiting));
  if (progress.needsAttention) {
    parts.push(plural('popup.bulk.needsAttention', progress.needsAttention));
  }
  if (progress.gone) parts.push(plural('popup.bulk.discarded', progress.gone));
  return formatList(parts, 'unit');
}

export function pages(count: number): string {
  return plural('common.pages', count);
}

export function tabs(count: number): string {
  return plural('common.tabs', count);
}
