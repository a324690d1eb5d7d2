import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { AT_ONCE } from '../../clipper/inject';

/**
 * What the popup needs to know about the tab before clipping it: can it be clipped at all, is it
 * the PDF viewer, and has the user selected something (then "Selection" is preselected).
 */
export type TabKind = 'web' | 'browser-page' | 'pdf';

export interface TabInspection {
  kind: TabKind;
  url?: string;
  title?: string;
  hasSelection: boolean;
}

/** Pages browsers keep extensions out of, whatever the permissions. */
const BROWSER_SCHEMES = [
  'chrome:',
  'chrome-extension:',
  'chrome-search:',
  'chrome-untrusted:',
  'devtools:',
  'edge:',
  'brave:',
  'opera:',
  'vivaldi:',
  'about:',
  'moz-extension:',
  'resource:',
  'view-source:',
  'file:',
  'data:',
];
const STORE_PAGES = [
  /^https:\/\/chromewebstore\.google\.com\//,
  /^https:\/\/chrome\.google\.com\/webstore/,
  /^https:\/\/microsoftedge\.microsoft\.com\/addons/,
  /^https:\/\/addons\.mozilla\.org\//,
];

export function classifyAddress(url: string | undefined): TabKind | undefined {
  if (!url) return undefined;
  if (BROWSER_SCHEMES.some((scheme) => url.startsWith(scheme))) return 'browser-page';
  if (STORE_PAGES.some((pattern) => pattern.test(url))) return 'browser-page';
  return undefined;
}

const probeSchema = z.object({ selection: z.boolean(), contentType: z.string() });

export async function inspectTab(tabId: number): Promise<TabInspection> {
  const tab = await browser.tabs.get(tabId).catch(() => undefined);
  const url = tab?.url || tab?.pendingUrl;
  const known = { ...(url && { url }), ...(tab?.title && { title: tab.title }) };
  if (classifyAddress(url) === 'browser-page') {
    return { kind: 'browser-page', hasSelection: false, ...known };
  }
  try {
    const [injection] = await browser.scripting.executeScript({
      ...AT_ONCE,
      target: { tabId },
      func: () => ({
        selection: (globalThis.getSelection()?.toString().trim().length ?? 0) > 0,
        contentType: document.contentType,
      }),
    });
    const probe = probeSchema.safeParse(injection?.result);
    const isPdf =
      (probe.success && probe.data.contentType === 'application/pdf') ||
      /\.pdf$/i.test(url ? new URL(url).pathname : '');
    return {
      kind: isPdf ? 'pdf' : 'web',
      hasSelection: probe.success && probe.data.selection && !isPdf,
      ...known,
    };
  } catch {
    // The PDF viewer and pages without host access refuse injection; the address tells which.
    const isPdf = !!url && /\.pdf$/i.test(new URL(url).pathname);
    return { kind: isPdf ? 'pdf' : 'browser-page', hasSelection: false, ...known };
  }
}
