import * as z from 'zod/mini';
import { NOT_CONFIGURED_MESSAGE } from '../../clipper';
import { t } from '../../i18n';
import { isFromExtensionPage, type MessageRegistrar } from '../../messaging';
import { BATCH_SIZE, type ClipState, getOutbox, NOT_STORED_MESSAGE } from '../../outbox';
import { noteDraftSchema } from '../../outbox/entry';
import { failure, type Result } from '../../result';
import { loadSettings } from '../../settings';
import type { ImportedClip } from './import-links';

const REFUSED = failure('refused', t('options.import.refusedSender'));
const MALFORMED = failure('invalid-request', t('options.import.malformed'));

const text = (max: number) => z.string().check(z.maxLength(max));
/** Bookmark notes as the options page built them (./import-links.ts), a batch at a time. */
const importClipsSchema = z.object({
  clips: z
    .array(z.object({ draft: noteDraftSchema, sourceUrl: text(8192) }))
    .check(z.maxLength(BATCH_SIZE)),
});

const progressSchema = z.object({ ids: z.array(text(100)).check(z.maxLength(1000)) });

/** Where each clip of an import stands; 'gone': no longer in the outbox (saved and pruned). */
export type ImportClipState = ClipState | 'gone';

/**
 * Up to BATCH_SIZE bookmark notes (built by the options page from the export's links) go into the
 * outbox in one write, to the user's default notebook. Nothing is loaded; delivery is the outbox's.
 */
export async function storeImportedClips(
  clips: readonly ImportedClip[],
): Promise<Result<{ ids: string[] }>> {
  const settings = await loadSettings();
  if (!settings.connection.baseUrl || !settings.connection.apiKey) {
    return failure('not-configured', NOT_CONFIGURED_MESSAGE);
  }
  const deckId = settings.decks.defaultDeckId;
  try {
    const stored = await getOutbox().addMany(
      clips.map((clip) => ({ ...clip, ...(deckId !== null && { deckId }) })),
    );
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

export function registerImportMessages(on: MessageRegistrar): void {
  on('importLinks', async (message) => {
    if (!isFromExtensionPage(message)) return REFUSED;
    const request = importClipsSchema.safeParse(message.data);
    return request.success ? storeImportedClips(request.data.clips) : MALFORMED;
  });
  on('importProgress', async (message) => {
    if (!isFromExtensionPage(message)) return REFUSED;
    const request = progressSchema.safeParse(message.data);
    return request.success ? importProgress(request.data.ids) : MALFORMED;
  });
}
