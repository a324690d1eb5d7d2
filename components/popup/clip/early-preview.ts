import type { CommentDepth } from '../../../utils/clip/light';
import { previewTab } from '../../../utils/popup/tab';
import type { DefaultClipMode } from '../../../utils/settings';
import { tabWorkFailed, targetTabId } from '../background';

export type PreviewAnswer = Awaited<ReturnType<typeof requestPreview>>;

export function requestPreview(tabId: number, mode?: DefaultClipMode, comments?: CommentDepth) {
  return previewTab(tabId, mode, comments).catch(tabWorkFailed);
}

interface EarlyPreview {
  target: Promise<number | undefined>;
  preview: Promise<PreviewAnswer | undefined>;
}

let started: EarlyPreview | undefined;
/** The App took a preview already: the entry's late call must not ask a second time. */
let taken = false;

/**
 * Starts the page's preview (run in this page, utils/popup/tab) as soon as the popup's entry runs, while the App's
 * own code is still loading (issue 19: that load and the first render took about 100 ms before
 * the request went out). The App takes the answer with `takePreview`.
 */
export function startPreview(): void {
  if (started || taken) return;
  const target = targetTabId();
  started = {
    target,
    preview: target.then((tabId) => {
      performance.mark('clipdeck:preview-requested');
      return tabId === undefined ? undefined : requestPreview(tabId);
    }),
  };
}

/** The preview started early, once; a second call (Try again) starts a new one. */
export function takePreview(): EarlyPreview {
  if (!started) {
    taken = false;
    startPreview();
  }
  const early = started as EarlyPreview;
  started = undefined;
  taken = true;
  return early;
}
