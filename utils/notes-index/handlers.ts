import * as z from 'zod/mini';
import { t } from '../i18n';
import { isFromExtensionPage, type MessageRegistrar } from '../messaging';
import { failure } from '../result';
import { appendToNote, deleteNote, getNote, moveNote, updateNote } from './actions';
import { BULK_MAX_NOTES, dismissBulkRetag, resumeBulkRetag, startBulkRetag } from './bulk';
import { followOutboxSaves } from './follow-outbox';
import { refreshNotesIndex } from './refresh';

// Functions, not constants: a sentence is read in the browser's language when it is said.
const REFUSED = () => failure('refused', t('notesIndex.refusedSender'));
const MALFORMED = () => failure('invalid-request', t('notesIndex.malformed'));

// Spread, not z.extend: the helper pulls zod's object utilities into the background (issue 18).
const noteId = { id: z.string().check(z.minLength(1)) };
const noteIdSchema = z.object(noteId);
const changesSchema = z.object({
  ...noteId,
  changes: z.object({
    title: z.optional(z.string()),
    markdown_text: z.optional(z.string()),
    tags: z.optional(z.array(z.string().check(z.trim(), z.minLength(1)))),
    addTags: z.optional(z.array(z.string().check(z.trim(), z.minLength(1)))),
    removeTags: z.optional(z.array(z.string().check(z.trim(), z.minLength(1)))),
  }),
});
const moveSchema = z.object({ ...noteId, deckId: z.nullable(z.string().check(z.minLength(1))) });
const appendSchema = z.object({
  ...noteId,
  markdown: z.string().check(z.trim(), z.minLength(1)),
});
const bulkSchema = z.object({
  ids: z.array(z.string().check(z.minLength(1))).check(z.minLength(1), z.maxLength(BULK_MAX_NOTES)),
  add: z.array(z.string().check(z.trim(), z.minLength(1))).check(z.maxLength(20)),
  remove: z.array(z.string().check(z.trim(), z.minLength(1))).check(z.maxLength(20)),
});

/**
 * What the notes index does in a running background: it follows the outbox's saves, and a retag
 * a stopped worker left half done goes on.
 */
export function runNotesIndexInBackground(): void {
  followOutboxSaves();
  void resumeBulkRetag();
}

/** The background's side of the notes index and of the popup's actions on existing notes. */
export function registerNotesIndex(on: MessageRegistrar): void {
  on('refreshNotesIndex', (message) =>
    isFromExtensionPage(message)
      ? refreshNotesIndex({ force: message.data?.force === true })
      : REFUSED(),
  );
  on('getNote', (message) => {
    if (!isFromExtensionPage(message)) return REFUSED();
    const request = noteIdSchema.safeParse(message.data);
    return request.success ? getNote(request.data.id) : MALFORMED();
  });
  on('updateNote', (message) => {
    if (!isFromExtensionPage(message)) return REFUSED();
    const request = changesSchema.safeParse(message.data);
    return request.success ? updateNote(request.data.id, request.data.changes) : MALFORMED();
  });
  on('deleteNote', (message) => {
    if (!isFromExtensionPage(message)) return REFUSED();
    const request = noteIdSchema.safeParse(message.data);
    return request.success ? deleteNote(request.data.id) : MALFORMED();
  });
  on('moveNote', (message) => {
    if (!isFromExtensionPage(message)) return REFUSED();
    const request = moveSchema.safeParse(message.data);
    return request.success ? moveNote(request.data.id, request.data.deckId) : MALFORMED();
  });
  on('appendToNote', (message) => {
    if (!isFromExtensionPage(message)) return REFUSED();
    const request = appendSchema.safeParse(message.data);
    return request.success ? appendToNote(request.data.id, request.data.markdown) : MALFORMED();
  });
  on('bulkRetag', (message) => {
    if (!isFromExtensionPage(message)) return REFUSED();
    const request = bulkSchema.safeParse(message.data);
    return request.success ? startBulkRetag(request.data) : MALFORMED();
  });
  on('dismissBulkRetag', (message) =>
    isFromExtensionPage(message) ? dismissBulkRetag() : REFUSED(),
  );
}
