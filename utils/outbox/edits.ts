import type { Note, NotePatch, NoteWithDeck } from '../api';
// The file, not the domain's index: clip-log's index reaches back into the outbox.
import { noteSourceUrl } from '../clip-log/note-source';
import { quoted, t } from '../i18n';
import {
  type EditedNote,
  kindOf,
  type NoteDraft,
  type NoteEdit,
  type Outbox,
  type OutboxEntry,
  targetOf,
} from './entry';

/**
 * Edits, deletes and moves of notes the service has (issue 18), as outbox entries: stored before
 * any request, sent in order per note, retried like clips. Pure functions here; delivery in
 * outbox.ts.
 */

/** What the popup, the quote and the bulk retag ask the outbox to do to a note. */
export type NoteAction =
  | { kind: 'update'; note: NoteRef; title?: string; changes: NoteEdit }
  | { kind: 'delete'; note: NoteRef; title?: string }
  /** Create the note in `deckId` (undefined: the default notebook), then delete the original. */
  | {
      kind: 'move';
      note: NoteRef;
      title?: string;
      deckId: string | undefined;
    };

/** A note by its id, or by the clip that makes it while that clip is on its way. */
export type NoteRef = { noteId: string } | { clipId: string };

const NO_DRAFT = (title = ''): NoteDraft => ({ title, markdown_text: '', tags: [] });

export function createActionEntry(action: NoteAction, id: string, now: number): OutboxEntry {
  const ref = 'noteId' in action.note ? action.note.noteId : undefined;
  const afterClip = 'clipId' in action.note ? action.note.clipId : undefined;
  const base = {
    id,
    draft: NO_DRAFT(action.title),
    state: 'queued' as const,
    attempts: 0,
    createdAt: now,
    updatedAt: now,
    outcomeUnknown: false,
    ...(afterClip !== undefined && { afterClip }),
  };
  switch (action.kind) {
    case 'update':
      return {
        ...base,
        kind: 'update',
        changes: action.changes,
        ...(ref !== undefined && { noteId: ref }),
      };
    case 'delete':
      return { ...base, kind: 'delete', ...(ref !== undefined && { noteId: ref }) };
    case 'move':
      return {
        ...base,
        kind: 'create',
        readFirst: true,
        ...(ref !== undefined && { moveFrom: ref }),
        ...(action.deckId !== undefined && { deckId: action.deckId }),
      };
  }
}

/** The delete that completes a move, stored in the same write that records the copy as saved. */
export function moveDeleteEntry(moved: OutboxEntry, id: string, now: number): OutboxEntry {
  return {
    id,
    kind: 'delete',
    draft: NO_DRAFT(moved.draft.title),
    noteId: moved.moveFrom ?? '',
    state: 'queued',
    attempts: 0,
    createdAt: now,
    updatedAt: now,
    outcomeUnknown: false,
  };
}

/**
 * Entries that name their note by a clip learn its id once that clip is saved. A clip that is no
 * longer in the outbox, or was saved without an id, leaves them without a note: they then need
 * the user (note-gone), said when they are sent.
 */
export function resolveTargets(outbox: Outbox): Outbox {
  if (!outbox.entries.some((entry) => entry.afterClip !== undefined)) return outbox;
  const byId = new Map(outbox.entries.map((entry) => [entry.id, entry]));
  let changed = false;
  const entries = outbox.entries.map((entry) => {
    if (entry.afterClip === undefined) return entry;
    const clip = byId.get(entry.afterClip);
    if (clip && clip.state !== 'saved') return entry;
    changed = true;
    const { afterClip: _clip, ...rest } = entry;
    const noteId = clip?.noteId;
    if (noteId === undefined) return rest;
    return kindOf(entry) === 'create' ? { ...rest, moveFrom: noteId } : { ...rest, noteId };
  });
  return changed ? { ...outbox, entries } : outbox;
}

/**
 * Entries that must not be sent yet: one waiting for the clip that makes its note, and one behind
 * an earlier entry for the same note that is still on its way (edits of one note go in the order
 * they were made; a delete after them). An entry whose predecessor needs the user is not held:
 * the user may never act on it.
 */
export function blockedIds(outbox: Outbox): Set<string> {
  const blocked = new Set<string>();
  const byId = new Map(outbox.entries.map((entry) => [entry.id, entry]));
  // Entries are kept in the order they were made (a clock that did not move cannot tell).
  outbox.entries.forEach((entry, position) => {
    if (entry.state !== 'queued') return;
    if (entry.afterClip !== undefined) {
      const clip = byId.get(entry.afterClip);
      if (clip && clip.state !== 'saved') blocked.add(entry.id);
      return;
    }
    const target = targetOf(entry);
    if (target === undefined) return;
    const earlier = outbox.entries
      .slice(0, position)
      .some(
        (other) =>
          (other.state === 'queued' || other.state === 'sending') &&
          (targetOf(other) === target || (kindOf(other) === 'create' && other.noteId === target)),
      );
    if (earlier) blocked.add(entry.id);
  });
  return blocked;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** The rule and blank lines put between a note's text and what is appended to it. */
export function appendedText(current: string, addition: string): string {
  return `${current.trimEnd()}\n\n---\n\n${addition.trim()}\n`;
}

/**
 * The fields of the note that really change, worked out against the note as the service has it
 * now: a field the user did not touch is not sent, so a change made elsewhere meanwhile is kept.
 * An append already at the end of the text (an earlier attempt stored it and its answer was lost)
 * is not added twice.
 */
export function changedFields(
  current: Pick<Note, 'title' | 'markdown_text' | 'tags'>,
  wanted: NoteEdit,
): NotePatch {
  const patch: NotePatch = {};
  if (wanted.title !== undefined && wanted.title !== current.title) patch.title = wanted.title;
  let text = wanted.markdown_text ?? current.markdown_text;
  if (wanted.append?.trim() && !text.trimEnd().endsWith(wanted.append.trim())) {
    text = appendedText(text, wanted.append);
  }
  if (text !== current.markdown_text) patch.markdown_text = text;
  let tags = wanted.tags ?? current.tags;
  if (wanted.addTags?.length) {
    const known = new Set(tags.map((tag) => tag.toLowerCase()));
    tags = [...tags, ...wanted.addTags.filter((tag) => !known.has(tag.toLowerCase()))];
  }
  if (wanted.removeTags?.length) {
    const gone = new Set(wanted.removeTags.map((tag) => tag.toLowerCase()));
    tags = tags.filter((tag) => !gone.has(tag.toLowerCase()));
  }
  if (!sameList(tags, current.tags)) patch.tags = tags;
  return patch;
}

/** The note after an edit, for the notes index and the reply to the page that asked. */
export function editedNote(
  current: NoteWithDeck,
  patch: NotePatch,
  answered: Note | null,
  now: number,
): EditedNote {
  const after = answered ?? { ...current, ...patch, updated_at: new Date(now).toISOString() };
  // Read from the note as it was before the edit (a PUT may answer without the Markdown).
  const source = patch.tags ? noteSourceUrl(current.markdown_text) : undefined;
  return {
    title: after.title,
    tags: after.tags,
    beforeTags: current.tags,
    createdAt: after.created_at,
    updatedAt: after.updated_at,
    deckId: current.deck_id ?? null,
    changed: Object.keys(patch) as EditedNote['changed'],
    ...(source !== undefined && { source }),
  };
}

/** Why an edit, a delete or a move found no note: nothing left to change. */
export function noteGoneMessage(entry: OutboxEntry): string {
  return t('outbox.noteGone', { title: quoted(entry.draft.title || t('notesIndex.thisNote')) });
}

/** A service that answers DELETE with an error while the note is still there. */
export function deleteRefusedMessage(
  title: string,
  status: number | undefined,
  said?: string,
): string {
  const named = quoted(title || t('notesIndex.thisNote'));
  const code = String(status ?? 'error');
  return said
    ? t('notesIndex.deleteRefusedSaid', { title: named, status: code, said: quoted(said) })
    : t('notesIndex.deleteRefused', { title: named, status: code });
}
