import { extractFromTab } from '../../clipper';
import { t } from '../../i18n';
import { failure, type Result } from '../../result';
import { inspectTab } from './tab';

export const NO_SELECTION_MESSAGE = t('popup.noSelection');

/**
 * The user's selection in the tab as Markdown, followed by the page it came from: what "append
 * selection" adds to an existing note.
 */
export async function readSelection(tabId: number): Promise<Result<{ markdown: string }>> {
  const tab = await inspectTab(tabId);
  if (!tab.hasSelection) return failure('no-selection', NO_SELECTION_MESSAGE);
  const extracted = await extractFromTab(tabId, { mode: 'selection' });
  if (!extracted.ok) return extracted;
  const { clip } = extracted;
  if (clip.mode !== 'selection' || !clip.markdown.trim()) {
    return failure('no-selection', NO_SELECTION_MESSAGE);
  }
  return { ok: true, markdown: `${clip.markdown.trim()}\n\nFrom <${clip.url}>` };
}
