import type { NotesClient } from '../../../utils/api';
// The one file, not the index: the clip log's index reaches the extension's storage.
import { noteSourceUrl } from '../../../utils/clip-log/note-source';

/**
 * The pages the account already has notes of (canonical addresses), read once per run from the
 * list at 100 notes a page, keeping only each note's source address. The cost is one pass over
 * the account for the whole run, not a request per link.
 */
export async function knownSources(
  client: NotesClient,
  onProgress: (notesRead: number, total: number | undefined) => void = () => undefined,
): Promise<Set<string>> {
  const sources = new Set<string>();
  const seenIds = new Set<string>();
  for (let offset = 0; ; ) {
    const page = await client.list({ limit: 100, offset });
    let added = 0;
    for (const note of page.data) {
      if (seenIds.has(note.id)) continue;
      seenIds.add(note.id);
      added += 1;
      const source = noteSourceUrl(note.markdown_text);
      if (source) sources.add(source);
    }
    offset += page.data.length;
    onProgress(seenIds.size, page.total);
    // A short page, the total reached, or a page with nothing new (a list that ignores offset).
    if (page.data.length < 100 || added === 0 || (page.total !== undefined && offset >= page.total))
      break;
  }
  return sources;
}
