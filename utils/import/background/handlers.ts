import * as z from 'zod/mini';
import { NOT_CONFIGURED_MESSAGE } from '../../clipper';
import { t } from '../../i18n';
import { isFromExtensionPage, onMessage } from '../../messaging';
import { BATCH_SIZE, type ClipState, getOutbox, NOT_STORED_MESSAGE } from '../../outbox';
import { failure, type Result } from '../../result';
import { loadSettings } from '../../settings';
import { bookmarkNoteFromLink } from '../bookmark-note';
import { IMPORT_FORMATS, type ImportedLink, type ImportFormat } from '../types';

const REFUSED = failure('refused', t('options.import.refusedSender'));
const MALFORMED = failure('invalid-request', t('options.import.malformed'));

const text = (max: number) => z.string().check(z.maxLength(max));
/** A link as the page sends it: bounded, so a hostile or huge request is refused whole. */
const importedLinkSchema = z.object({
  url: text(8192),
  title: z.optional(text(4096)),
  tags: z.array(text(500)).check(z.maxLength(200)),
  folders: z.array(text(500)).check(z.maxLength(50)),
  excerpt: z.optional(text(100_000)),
  savedAt: z.optional(text(64)),
  highlights: z.array(text(100_000)).check(z.maxLength(1000)),
  line: z.int().check(z.nonnegative()),
});

const importLinksSchema = z.object({
  links: z.array(importedLinkSchema).check(z.maxLength(BATCH_SIZE)),
  format: z.enum(IMPORT_FORMATS),
});

const progressSchema = z.object({ ids: z.array(text(100)).check(z.maxLength(1000)) });

/** Where each clip of an import stands; 'gone': no longer in the outbox (saved and pruned). */
export type ImportClipState = ClipState | 'gone';

/**
 * Up to BATCH_SIZE links become bookmark notes in the outbox, in one write: the user's default
 * tags and notebook, the export's folders as tags. Nothing is loaded; delivery is the outbox's.
 */
export async function importLinks(
  links: readonly ImportedLink[],
  format: ImportFormat,
): Promise<Result<{ ids: string[] }>> {
  const settings = await loadSettings();
  if (!settings.connection.baseUrl || !settings.connection.apiKey) {
    return failure('not-configured', NOT_CONFIGURED_MESSAGE);
  }
  const deckId = settings.decks.defaultDeckId;
  const clips = links.map((link) => ({
    draft: bookmarkNoteFromLink(link, {
      tags: settings.clipDefaults.tags,
      folderTags: true,
      format,
    }),
    ...(deckId !== null && { deckId }),
    sourceUrl: link.url,
  }));
  try {
    const stored = await getOutbox().addMany(clips);
    return { ok: true, ids: stored.map((entry) => entry.id) };
  } catch {
    return failure('not-stored', NOT_STORED_MESSAGE);
  }
}

/** Each clip's state, in order; the first waiting clip's sentence when some wait for the user. */
export async function importProgress(
  ids: readonly string[],
): Promise<Result<{ states: ImportClipState[]; attention?: string }>> {
  const byId = new Map((await getOutbox().list()).entries.map((entry) => [entry.id, entry]));
  let attention: string | undefined;
  const states = ids.map((id) => {
    const entry = byId.get(id);
    if (!entry) return 'gone' as const;
    if (entry.state === 'needs-attention') attention ??= entry.lastError?.message;
    return entry.state;
  });
  return { ok: true, states, ...(attention && { attention }) };
}

export function registerImportMessages(): void {
  onMessage('importLinks', async (message) => {
    if (!isFromExtensionPage(message)) return REFUSED;
    const request = importLinksSchema.safeParse(message.data);
    if (!request.success) return MALFORMED;
    return importLinks(request.data.links, request.data.format);
  });
  onMessage('importProgress', async (message) => {
    if (!isFromExtensionPage(message)) return REFUSED;
    const request = progressSchema.safeParse(message.data);
    return request.success ? importProgress(request.data.ids) : MALFORMED;
  });
}
