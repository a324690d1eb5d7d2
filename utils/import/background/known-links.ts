import type { NotesClient } from '../../api';
import { readClipLog } from '../../clip-log';
// The one file, not the index: the headless command shares it and cannot reach storage.
import { scanNoteSources } from '../../clip-log/scan-sources';

/**
 * The scan reads at most this many pages (20,000 notes), like the notes index: an import into a
 * larger account checks that many and says so.
 */
export const MAX_KNOWN_SCAN_PAGES = 200;

export interface KnownLinks {
  /** The asked-for canonical addresses the account already has a note of. */
  known: string[];
  /** False when the account had more notes than one scan reads. */
  complete: boolean;
  requests: number;
}

/**
 * Which of these pages the account already has notes of: one pass over the list at 100 notes a
 * page, keeping only the matches (memory follows the import, not the account), plus the clip
 * log's record of notes whose template shows no source — counted only when the scan saw that
 * note, so a note deleted since is not taken for one that is there.
 */
export async function findKnownLinks(
  client: NotesClient,
  canonicalUrls: readonly string[],
): Promise<KnownLinks> {
  const wanted = new Set(canonicalUrls);
  const { known, seenIds, complete, requests } = await scanNoteSources(client, wanted, {
    maxPages: MAX_KNOWN_SCAN_PAGES,
  });
  for (const entry of await readClipLog()) {
    if (wanted.has(entry.url) && seenIds.has(entry.noteId)) known.add(entry.url);
  }
  return { known: [...known], complete, requests };
}
