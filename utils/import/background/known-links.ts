import { createWordedNotesClient, NotesApiError, type NotesClient, toUserError } from '../../api';
import { readClipLog } from '../../clip-log';
// The one file, not the index: the headless command shares it and cannot reach storage.
import { scanNoteSources } from '../../clip-log/scan-sources';
import { apiSentenceText, t } from '../../i18n';
import { failure, type Result } from '../../result';
import { readConnection, recordKeyRefused } from '../../settings';

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

/**
 * Which of these pages the service already has notes of (see findKnownLinks), asked by the
 * options page itself (it waits on the answer; issue 18) with the saved connection; a failure is the API's sentence, and nothing was sent.
 */
export async function checkKnownLinks(urls: readonly string[]): Promise<Result<KnownLinks>> {
  const saved = await readConnection();
  if (!saved.ok) return failure('not-configured', t('common.notConfigured'));
  try {
    return {
      ok: true,
      ...(await findKnownLinks(
        createWordedNotesClient({ ...saved.connection, words: apiSentenceText }),
        urls,
      )),
    };
  } catch (error) {
    if (error instanceof NotesApiError && error.kind === 'auth') await recordKeyRefused();
    const reason = toUserError(error);
    return failure(reason.kind, t('options.import.checkFailed', { reason: reason.message }));
  }
}
