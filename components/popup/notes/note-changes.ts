import { quoted, t } from '../../../utils/i18n';
import { sendMessage } from '../../../utils/messaging';
import type { UserError } from '../../../utils/result';
import { backgroundStopped } from '../background';
import type { NoteFields } from './note-editor';

/** What became of a change made in a note editor, as the popup says it. */
export type ChangeOutcome =
  | {
      ok: true;
      message: string;
      /** The note's id now: a move makes a new note (absent while the move waits). */
      noteId: string | undefined;
      /** The fields as they will be. */
      fields: NoteFields;
      queued: boolean;
    }
  | { ok: false; error: UserError };

/**
 * Sends a saved note's new title, tags and deck: the fields through `updateNote`, a new deck
 * through `moveNote` (after the edit, so the copy carries it). Both ride the outbox: with the
 * service down they are kept and sent later, and the sentence says so.
 */
export async function saveNoteFields(
  noteId: string,
  before: NoteFields,
  after: NoteFields,
  deckName: (deckId: string | null) => string,
): Promise<ChangeOutcome> {
  const changes = {
    ...(after.title !== before.title && { title: after.title }),
    ...(!sameTags(after.tags, before.tags) && { tags: after.tags }),
  };
  let queued = false;
  let changed = false;
  const title = quoted(after.title || t('common.untitled'));
  if (Object.keys(changes).length) {
    const updated = await sendMessage('updateNote', { id: noteId, changes }).catch(
      backgroundStopped,
    );
    if (!updated.ok) return updated;
    queued ||= updated.queued === true;
    changed ||= updated.changed.length > 0;
  }
  let id: string | undefined = noteId;
  let moved = false;
  if (after.deckId !== before.deckId) {
    const move = await sendMessage('moveNote', { id: noteId, deckId: after.deckId }).catch(
      backgroundStopped,
    );
    if (!move.ok) return move;
    queued ||= move.queued === true;
    id = move.note?.id;
    moved = true;
  }
  const message = queued
    ? t('popup.note.queued', { title })
    : moved
      ? t('popup.note.moved', { title, deck: deckName(after.deckId) })
      : changed
        ? t('popup.note.saved')
        : t('popup.recent.nothingChanged');
  return { ok: true, message, noteId: id, fields: after, queued };
}

function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, index) => tag === b[index]);
}
