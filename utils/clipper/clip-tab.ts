import { createNotesClient, type Note, toUserError } from '../api';
import type { ClipTabRequest } from '../messaging';
import { failure, type Result } from '../result';
import { connectionItem } from '../settings/connection';
import { extractFromTab } from './extract';

export const NOT_CONFIGURED_MESSAGE =
  'Clipdeck is not connected to your Notes service yet. Open Clipdeck’s options, enter the ' +
  'service’s base URL and your API key, and save.';

/**
 * The clip the toolbar, the popup and the headless command all go through: extract the page in
 * its tab, then create the note. The key is read here, in the background, and goes nowhere else.
 */
export async function clipTab(request: ClipTabRequest): Promise<Result<{ note: Note }>> {
  const connection = await connectionItem.getValue();
  if (!connection.baseUrl || !connection.apiKey) {
    return failure('not-configured', NOT_CONFIGURED_MESSAGE);
  }
  const extracted = await extractFromTab(request.tabId, { mode: 'article' });
  if (!extracted.ok) return extracted;
  const { clip } = extracted;
  try {
    const client = createNotesClient(connection);
    const draft = {
      title: clip.title,
      markdown_text: `Source: <${clip.url}>\n\n${clip.markdown}`,
      tags: request.tags ?? [],
    };
    const created = await client.create(draft, { deckId: request.deckId });
    // The interface does not promise a body on create; without one, report what was sent.
    const note: Note = created ?? {
      id: '',
      ...draft,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    };
    return { ok: true, note };
  } catch (error) {
    return { ok: false, error: toUserError(error) };
  }
}
