import { t } from '../../i18n';
import type { NoteDraft } from '../../outbox';
import { failure, type Result } from '../../result';
import { loadSettings } from '../../settings';
import { bookmarkNoteFromLink } from '../bookmark-note';
import type { ImportedLink, ImportFormat } from '../types';

/** A link made into its bookmark note, ready for the outbox. */
export interface ImportedClip {
  draft: NoteDraft;
  sourceUrl: string;
}

/**
 * Links become bookmark notes with the user's default tags and the export's folders as tags, in
 * the options page (issue 18: what is built from the page's own file is built there, and only the
 * notes cross to the background); `store` puts them in the outbox (the `importLinks` message,
 * handled by storeImportedClips), which keeps its writes in one place.
 */
export async function importLinks(
  links: readonly ImportedLink[],
  format: ImportFormat,
  store: (clips: ImportedClip[]) => Promise<Result<{ ids: string[] }>>,
): Promise<Result<{ ids: string[] }>> {
  const settings = await loadSettings();
  if (!settings.connection.baseUrl || !settings.connection.apiKey) {
    return failure('not-configured', t('common.notConfigured'));
  }
  const tags = settings.clipDefaults.tags;
  return store(
    links.map((link) => ({
      draft: bookmarkNoteFromLink(link, { tags, folderTags: true, format }),
      sourceUrl: link.url,
    })),
  );
}
