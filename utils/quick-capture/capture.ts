import type { Browser } from 'wxt/browser';
import { type PrepareRequest, prepareClip } from '../clipper';
import { clipNoticeText, t } from '../i18n';
import { submitClip } from '../outbox';
import { type QuoteOutcome, quoteSelection } from '../quote';
import { failure } from '../result';
import { COMMANDS, MENU_ITEMS } from './actions';
import { type CaptureOutcome, confirmCapture } from './confirm';
import { showJustSaved } from './just-saved';
import { prepareLinkBookmark } from './link';
import { hasSelection, readLinkText } from './page-probes';
import { confirmQuote } from './quote-confirm';

export type MenuClick = Browser.contextMenus.OnClickData;
export type ClickedTab = Pick<Browser.tabs.Tab, 'id' | 'url' | 'title'>;

const NO_TAB = failure('unclippable', t('quickCapture.noTab'));

const NO_SELECTION = failure('no-selection', t('quickCapture.noSelection'));

const SELECTION_IN_FRAME = failure('no-selection', t('quickCapture.selectionInFrame'));

/** The engine's answer when a page has nothing it recognises as text. */
const NOTHING_EXTRACTED = new Set(['empty']);

const SAVED_AS_BOOKMARK = t('quickCapture.savedAsBookmark');

/**
 * A clip made straight from the tab with the user's defaults (deck, tags, mode, template), handed
 * to the outbox — which stores it before the first request — and then confirmed.
 */
async function captureTab(tabId: number, request: PrepareRequest): Promise<CaptureOutcome> {
  let prepared = await prepareClip(tabId, request);
  let notice: string | undefined;
  // A page with no text the engine recognises is still worth keeping: nothing is lost if it
  // becomes a bookmark, and the notification says so.
  if (!prepared.ok && NOTHING_EXTRACTED.has(prepared.error.kind) && request.mode !== 'bookmark') {
    const bookmark = await prepareClip(tabId, { ...request, mode: 'bookmark' });
    if (bookmark.ok) {
      prepared = bookmark;
      notice = SAVED_AS_BOOKMARK;
    }
  }
  if (!prepared.ok) return prepared;
  // The engine's own word on how the clip differs from the request (a large page simplified,
  // an empty selection) reaches the user here, since no popup shows it.
  const first = prepared.clip.notices[0];
  notice ??= first && clipNoticeText(first);
  const submitted = await submitClip({
    draft: prepared.draft,
    ...(prepared.deckId !== undefined && { deckId: prepared.deckId }),
    sourceUrl: prepared.clip.url,
  });
  return submitted.ok && notice ? { ...submitted, notice } : submitted;
}

/** Only what is selected: an empty selection is an explanation, never a silent whole-page clip. */
async function captureSelection(tabId: number, frameId = 0): Promise<CaptureOutcome> {
  if (frameId !== 0) return SELECTION_IN_FRAME;
  // undefined: the page refused to be asked, and the clip below says why.
  if ((await hasSelection(tabId)) === false) return NO_SELECTION;
  return captureTab(tabId, { mode: 'selection' });
}

async function captureLink(info: MenuClick, tab: ClickedTab | undefined): Promise<CaptureOutcome> {
  if (!info.linkUrl) return failure('unclippable', t('quickCapture.rightClickLink'));
  // The note is written in the tab's page (prepareLinkBookmark), so a click outside a tab has
  // nowhere to write it.
  const tabId = tab?.id;
  if (tabId === undefined || tabId < 0) return NO_TAB;
  // Firefox names the link's words; Chromium does not, so the frame the link was in is asked.
  const firefoxLinkText = (info as { linkText?: string }).linkText;
  const text = firefoxLinkText ?? (await readLinkText(tabId, info.frameId, info.linkUrl));
  const pageUrl = info.pageUrl ?? tab?.url;
  const bookmark = await prepareLinkBookmark(tabId, {
    url: info.linkUrl,
    ...(text !== undefined && { text }),
    ...(pageUrl !== undefined && { pageUrl }),
    ...(tab?.title !== undefined && { pageTitle: tab.title }),
  });
  if (!bookmark.ok) return bookmark;
  return submitClip(bookmark);
}

function routeMenuClick(info: MenuClick, tab: ClickedTab | undefined): Promise<CaptureOutcome> {
  if (info.menuItemId === MENU_ITEMS.link) return captureLink(info, tab);
  const tabId = tab?.id;
  if (tabId === undefined || tabId < 0) return Promise.resolve(NO_TAB);
  switch (info.menuItemId) {
    case MENU_ITEMS.selection:
      return captureSelection(tabId, info.frameId);
    case MENU_ITEMS.image:
      if (!info.srcUrl) {
        return Promise.resolve(failure('unclippable', t('quickCapture.rightClickImage')));
      }
      return captureTab(tabId, { mode: 'image', imageUrl: info.srcUrl });
    default:
      return captureTab(tabId, {});
  }
}

function routeCommand(command: string, tab: ClickedTab | undefined): Promise<CaptureOutcome> {
  const tabId = tab?.id;
  if (tabId === undefined || tabId < 0) return Promise.resolve(NO_TAB);
  if (command === COMMANDS.bookmark) return captureTab(tabId, { mode: 'bookmark' });
  return command === COMMANDS.selection ? captureSelection(tabId) : captureTab(tabId, {});
}

/** "Quote to note" from the menu or the shortcut, confirmed like a clip. */
async function quote(tab: ClickedTab | undefined, frameId?: number): Promise<QuoteOutcome> {
  const tabId = tab?.id;
  const outcome = tabId === undefined || tabId < 0 ? NO_TAB : await quoteSelection(tabId, frameId);
  await confirmQuote(outcome, tabId);
  return outcome;
}

/**
 * A context menu item was clicked: clip, confirm, and answer with the outcome (tests call this
 * directly; automation cannot click a context menu). Menu items that are not Clipdeck's are
 * ignored and answer undefined.
 */
export async function handleMenuClick(
  info: MenuClick,
  tab?: ClickedTab,
): Promise<CaptureOutcome | QuoteOutcome | undefined> {
  if (!Object.values<unknown>(MENU_ITEMS).includes(info.menuItemId)) return undefined;
  if (info.menuItemId === MENU_ITEMS.quote) return quote(tab, info.frameId);
  const outcome = await routeMenuClick(info, tab);
  // Save first, edit after: the popup shows the note; the notification when it cannot open.
  if (!(await showJustSaved(outcome, tab?.id))) await confirmCapture(outcome, tab?.id);
  return outcome;
}

/** A keyboard command: the same path as the menu. Unknown commands are ignored. */
export async function handleCommand(
  command: string,
  tab?: ClickedTab,
): Promise<CaptureOutcome | QuoteOutcome | undefined> {
  if (!Object.values<unknown>(COMMANDS).includes(command)) return undefined;
  if (command === COMMANDS.quote) return quote(tab);
  const outcome = await routeCommand(command, tab);
  if (!(await showJustSaved(outcome, tab?.id))) await confirmCapture(outcome, tab?.id);
  return outcome;
}
