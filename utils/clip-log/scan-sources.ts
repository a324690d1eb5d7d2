import { MAX_PAGE_SIZE, type NotesClient } from '../api';
import { noteSourceUrl } from './note-source';

export interface ScannedSources {
  /** The wanted canonical addresses the account has a note of. */
  known: Set<string>;
  /** Every note id the scan read (to tell a note still there from one deleted since). */
  seenIds: Set<string>;
  /** False when the account had more notes than `maxPages` pages. */
  complete: boolean;
  requests: number;
}

/**
 * Which of the wanted pages the account already has notes of: one pass over the notes list at
 * the largest page size, keeping only the matches (memory follows the links asked about, not the
 * account). The one "already in your notes" scan: the options page's import and the headless
 * command both use it. Stops at a short page, at the list's total, or at a page with nothing new
 * (a service that ignores offset).
 */
export async function scanNoteSources(
  client: Pick<NotesClient, 'list'>,
  wanted: ReadonlySet<string>,
  options: { maxPages?: number; onProgress?: (notesRead: number, total: number) => void } = {},
): Promise<ScannedSources> {
  const known = new Set<string>();
  const seenIds = new Set<string>();
  const maxPages = options.maxPages ?? Number.POSITIVE_INFINITY;
  let requests = 0;
  let complete = false;
  for (let offset = 0; requests < maxPages; ) {
    const page = await client.list({ limit: MAX_PAGE_SIZE, offset });
    requests++;
    const before = seenIds.size;
    for (const note of page.data) {
      if (seenIds.has(note.id)) continue;
      seenIds.add(note.id);
      const source = noteSourceUrl(note.markdown_text);
      if (source && wanted.has(source)) known.add(source);
    }
    offset += page.data.length;
    options.onProgress?.(seenIds.size, page.total);
    if (page.data.length < MAX_PAGE_SIZE || seenIds.size === before || offset >= page.total) {
      complete = true;
      break;
    }
  }
  return { known, seenIds, complete, requests };
}
