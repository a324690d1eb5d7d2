import { z } from 'zod';
import { t } from '../i18n';
import { isFromExtensionPage, onMessage } from '../messaging';
import { failure } from '../result';
import { appendToNote, deleteNote, getNote, moveNote, updateNote } from './actions';
import { BULK_MAX_NOTES, dismissBulkRetag, resumeBulkRetag, startBulkRetag } from './bulk';
import { followOutboxSaves } from './follow-outbox';
import { refreshNotesIndex } from './refresh';

// Functions, not constants: a sentence is read in the browser's language when it is said.
const REFUSED = () => failure('refused', t('notesIndex.refusedSender'));
const MALFORMED = () => failure('invalid-request', t('notesIndex.malformed'));

const noteIdSchema = z.object({ id: z.string().min(1) });
const changesSchema = noteIdSchema.extend({
  changes: z.object({
    title: z.string().optional(),
    markdown_text: z.string().optional(),
    tags: z.array(z.string().trim().min(1)).optional(),
    addTags: z.array(z.string().trim().min(1)).optional(),
    removeTags: z.array(z.string().trim().min(1)).optional(),
  }),
});
const moveSchema = noteIdSchema.extend({ deckId: z.string().min(1).nullable() });
const appendSchema = noteIdSchema.extend({ markdown: z.string().trim().min(1) });
const bulkSchema = z.object({
  ids: z.array(z.string().min(1)).min(1).max(BULK_MAX_NOTES),
  add: z.array(z.string().trim().min(1)).max(20),
  remove: z.array(z.string().trim().min(1)).max(20),
});

/** The background's side of the notes index and of the popup's actions on existing notes. */
export function registerNotesIndex(): void {
  followOutboxSaves();
  // A retag the stopped background left half done goes on.
  void resumeBulkRetag();

  onMessage('refreshNotesIndex', (message) =>
    isFromExtensionPage(message)
      ? refreshNotesIndex({ force: message.data?.force === true })
      : REFUSED(),
  );
  onMessage('getNote', (message) => {
    if (!isFromExtensionPage(message)) return REFUSED();
    const request = noteIdSchema.safeParse(message.data);
    return request.success ? getNote(request.data.id) : MALFORMED();
  });
  onMessage('updateNote', (message) => {
    if (!isFromExtensionPage(message)) return REFUSED();
    const request = changesSchema.safeParse(message.data);
    return request.success ? updateNote(request.data.id, request.data.changes) : MALFORMED();
  });
  onMessage('deleteNote', (message) => {
    if (!isFromExtensionPage(message)) return REFUSED();
    const request = noteIdSchema.safeParse(message.data);
    return request.success ? deleteNote(request.data.id) : MALFORMED();
  });
  onMessage('moveNote', (message) => {
    if (!isFromExtensionPage(message)) return REFUSED();
    const request = moveSchema.safeParse(message.data);
    return request.success ? moveNote(request.data.id, request.data.deckId) : MALFORMED();
  });
  onMessage('appendToNote', (message) => {
    if (!isFromExtensionPage(message)) return REFUSED();
    const request = appendSchema.safeParse(message.data);
    return request.success ? appendToNote(request.data.id, request.data.markdown) : MALFORMED();
  });
  onMessage('bulkRetag', (message) => {
    if (!isFromExtensionPage(message)) return REFUSED();
    const request = bulkSchema.safeParse(message.data);
    return request.success ? startBulkRetag(request.data) : MALFORMED();
  });
  onMessage('dismissBulkRetag', (message) =>
    isFromExtensionPage(message) ? dismissBulkRetag() : REFUSED(),
  );
}
