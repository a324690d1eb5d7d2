import {
  type Clip,
  type ClipMode,
  type CommentDepth,
  composeNote,
  safeMarkdownLink,
  stripTrackingParameters,
} from '../../clip/light';
import { ensureEngine, prepareClip } from '../../clipper';
import { clipNoticeText, t } from '../../i18n';
import { failure, type Result } from '../../result';
import { loadSettings, templateSource } from '../../settings';
import { inspectTab } from './tab';

/** The note the popup shows for editing before it is saved. */
export interface TabPreview {
  title: string;
  markdown: string;
  /** The default tags from the options. */
  tags: string[];
  mode: ClipMode;
  sourceUrl: string;
  /** The user has text selected in the tab: the popup offers "Selection" and "Append selection". */
  hasSelection: boolean;
  /** How the clip differs from what was asked ("no selection, so the article was clipped"…). */
  notices: string[];
  /** The site module that read the page (a thread, an issue, Q&A…), absent for the generic engine. */
  site?: string;
  /** With `site`: how much of the discussion the clip kept (the popup offers the other depths). */
  comments?: CommentDepth;
}

export const BROWSER_PAGE_MESSAGE = t('popup.browserPage');
export const PDF_MESSAGE = t('popup.pdf');

/**
 * Extracts the tab with the user's defaults (through the lead's prepareClip) for the popup's
 * preview. With no mode asked for, a selection in the tab makes it "selection".
 */
export async function previewTab(
  tabId: number,
  requestedMode?: ClipMode,
  requestedComments?: CommentDepth,
): Promise<Result<{ preview: TabPreview }>> {
  // The engine goes into the tab while the tab is inspected, not after (issue 19); a tab that
  // refuses it is told apart by the inspection.
  const [tab, settings] = await Promise.all([
    inspectTab(tabId),
    loadSettings(),
    ensureEngine(tabId).catch(() => undefined),
  ]);
  if (tab.kind === 'browser-page') return failure('browser-page', BROWSER_PAGE_MESSAGE);
  if (tab.kind === 'pdf') {
    return requestedMode === 'bookmark' && tab.url
      ? pdfBookmark(tab.url, tab.title)
      : failure('pdf', PDF_MESSAGE);
  }
  const mode = requestedMode ?? (tab.hasSelection ? 'selection' : settings.clipDefaults.mode);
  const prepared = await prepareClip(tabId, {
    mode,
    ...(requestedComments && { comments: requestedComments }),
  });
  if (!prepared.ok) return prepared;
  const { clip, draft } = prepared;
  // The engine says which depth its site module kept (the one asked for, or the family's).
  const comments = clip.site ? clip.comments : undefined;
  return {
    ok: true,
    preview: {
      title: draft.title,
      markdown: draft.markdown_text,
      tags: draft.tags,
      mode,
      sourceUrl: clip.url,
      hasSelection: tab.hasSelection,
      notices: clip.notices.map(clipNoticeText),
      ...(clip.site && { site: clip.site }),
      ...(comments && { comments }),
    },
  };
}

/**
 * A PDF saved as a bookmark: its title (the viewer's, which the PDF's own metadata sets) and a
 * link, placed by the user's template like a link bookmark. Both come from the file, so they go
 * through `safeMarkdownLink`.
 */
async function pdfBookmark(url: string, title?: string): Promise<Result<{ preview: TabPreview }>> {
  const { clipDefaults, connection } = await loadSettings();
  if (!connection.baseUrl || !connection.apiKey) {
    return failure('not-configured', t('popup.notConnected'));
  }
  const address = clipDefaults.stripTracking ? stripTrackingParameters(url) : url;
  const name = title?.replace(/\s+/g, ' ').trim() || fileName(address);
  const clip: Clip = {
    title: name,
    markdown: safeMarkdownLink(name, address),
    url: address,
    mode: 'bookmark',
    notices: [],
    metadata: {},
  };
  return {
    ok: true,
    preview: {
      title: name,
      markdown: composeNote(clip, {
        template: templateSource(clipDefaults.template),
        now: new Date(),
      }),
      tags: clipDefaults.tags,
      mode: 'bookmark',
      sourceUrl: address,
      hasSelection: false,
      notices: [],
    },
  };
}

/** The file's name from its address; a malformed escape is shown as it is rather than thrown. */
function fileName(url: string): string {
  const last = new URL(url).pathname.split('/').pop() || url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
