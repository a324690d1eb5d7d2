import * as z from 'zod/mini';
import { findClippedPage, forgetDeletedNotes, logOutboxSaves } from '../../clip-log';
import { t } from '../../i18n';
import { isFromExtensionPage, type MessageRegistrar } from '../../messaging';
import { registerNotesIndex, runNotesIndexInBackground } from '../../notes-index';
import { submitClip } from '../../outbox';
import { failure } from '../../result';
import { readConnection } from '../../settings';

const REFUSED = failure('refused', t('popup.refusedSender'));
const MALFORMED = failure('invalid-request', t('popup.malformed'));

const saveSchema = z.object({
  draft: z.object({
    title: z.string(),
    markdown_text: z.string().check(z.refine((text) => text.trim() !== '', 'the note has no text')),
    tags: z.array(z.string().check(z.trim(), z.minLength(1))),
  }),
  deckId: z.nullable(z.string().check(z.minLength(1))),
  sourceUrl: z.optional(z.string()),
});

/**
 * The notes index and the clip log follow the outbox's saves (and the notes it finds gone) while
 * the background's work layer runs.
 */
export function followOutboxInBackground(): void {
  runNotesIndexInBackground();
  logOutboxSaves();
  forgetDeletedNotes();
}

/**
 * The background's side of the popup: save the edited draft through the outbox, "already
 * clipped", and the notes index's messages.
 */
export function registerPopupBackground(on: MessageRegistrar): void {
  registerNotesIndex(on);

  on('saveDraft', async (message) => {
    if (!isFromExtensionPage(message)) return REFUSED;
    const request = saveSchema.safeParse(message.data);
    if (!request.success) {
      const emptyText = request.error.issues.some((issue) => issue.path.includes('markdown_text'));
      return emptyText ? failure('invalid-request', t('popup.emptyNote')) : MALFORMED;
    }
    const connection = await readConnection();
    if (!connection.ok) return connection;
    const { draft, deckId, sourceUrl } = request.data;
    return submitClip({
      draft,
      ...(deckId !== null && { deckId }),
      ...(sourceUrl !== undefined && { sourceUrl }),
    });
  });
  on('findClippedPage', (message) => {
    if (!isFromExtensionPage(message)) return REFUSED;
    const request = z.object({ url: z.string() }).safeParse(message.data);
    return request.success ? findClippedPage(request.data.url) : MALFORMED;
  });
}
