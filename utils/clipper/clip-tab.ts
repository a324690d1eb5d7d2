import type { ClipTabRequest } from '../messaging';
import { type ClipSummary, submitClip } from '../outbox';
import type { Result } from '../result';
import { prepareClip } from './prepare';

/**
 * The clip the toolbar, the popup and the headless command all go through: extract the page in
 * its tab and apply the user's defaults (prepareClip), then hand the note to the outbox, which
 * stores it before sending it. The key is read in the background and goes nowhere else.
 */
export async function clipTab(request: ClipTabRequest): Promise<Result<{ clip: ClipSummary }>> {
  const prepared = await prepareClip(request.tabId, {
    ...(request.deckId !== undefined && { deckId: request.deckId }),
    ...(request.tags !== undefined && { tags: request.tags }),
  });
  if (!prepared.ok) return prepared;
  return submitClip({
    draft: prepared.draft,
    ...(prepared.deckId !== undefined && { deckId: prepared.deckId }),
    sourceUrl: prepared.clip.url,
  });
}
