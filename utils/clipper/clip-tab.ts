import type { ClipTabRequest } from '../messaging';
import { type ClipSummary, submitClip } from '../outbox';
import { failure, type Result } from '../result';
import { connectionItem } from '../settings/connection';
import { extractFromTab } from './extract';

export const NOT_CONFIGURED_MESSAGE =
  'Clipdeck is not connected to your Notes service yet. Open Clipdeck’s options, enter the ' +
  'service’s base URL and your API key, and save.';

/**
 * The clip the toolbar, the popup and the headless command all go through: extract the page in
 * its tab, then hand the note to the outbox, which stores it before sending it (issue 5). The key
 * is read in the background and goes nowhere else.
 */
export async function clipTab(request: ClipTabRequest): Promise<Result<{ clip: ClipSummary }>> {
  const connection = await connectionItem.getValue();
  if (!connection.baseUrl || !connection.apiKey) {
    return failure('not-configured', NOT_CONFIGURED_MESSAGE);
  }
  const extracted = await extractFromTab(request.tabId, { mode: 'article' });
  if (!extracted.ok) return extracted;
  const { clip } = extracted;
  return submitClip({
    draft: {
      title: clip.title,
      markdown_text: `Source: <${clip.url}>\n\n${clip.markdown}`,
      tags: request.tags ?? [],
    },
    ...(request.deckId !== undefined && { deckId: request.deckId }),
    sourceUrl: clip.url,
  });
}
