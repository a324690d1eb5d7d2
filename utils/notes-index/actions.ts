import {
  createNotesClient,
  type NotePatch,
  NotesApiError,
  type NotesClient,
  type NoteWithDeck,
  toUserError,
} from '../api';
import { apiSentenceText, quoted, t } from '../i18n';
import { failure, type Result } from '../result';
import { readConnection, recordKeyRefused } from '../settings';
import { toIndexedNote } from './build';
import { noteChanged } from './refresh';
import type { IndexedNote } from './store';

/**
 * What the popup does to notes already in the service: read one, change some of its fields,
 * add to its text, delete it. Each keeps the cached index in step, so the popup's lists agree
 * with what was just done without a rescan.
 */
export interface NoteActionDependencies {
  client?: NotesClient;
}

export interface NoteChanges {
  title?: string;
  markdown_text?: string;
  tags?: string[];
}

const GONE = (id: string) => failure('not-found', t('notesIndex.gone', { id }));

async function withSavedClient<T extends object>(
  dependencies: NoteActionDependencies,
  run: (client: NotesClient, baseUrl: string) => Promise<Result<T>>,
): Promise<Result<T>> {
  const saved = await readConnection();
  if (!saved.ok) return saved;
  const client =
    dependencies.client ?? createNotesClient({ ...saved.connection, words: apiSentenceText });
  try {
    return await run(client, saved.connection.baseUrl);
  } catch (error) {
    if (error instanceof NotesApiError && error.kind === 'auth') await recordKeyRefused();
    return { ok: false, error: toUserError(error) };
  }
}

/** Reads a note, or forgets it when the service no longer has it. */
async function readOrForget(
  client: NotesClient,
  baseUrl: string,
  id: string,
): Promise<NoteWithDeck | null> {
  try {
    return await client.get(id);
  } catch (error) {
    if (error instanceof NotesApiError && error.kind === 'not-found') {
      await noteChanged(baseUrl, { kind: 'deleted', id });
      return null;
    }
    throw error;
  }
}

export function getNote(
  id: string,
  dependencies: NoteActionDependencies = {},
): Promise<Result<{ note: NoteWithDeck }>> {
  return withSavedClient(dependencies, async (client, baseUrl) => {
    const note = await readOrForget(client, baseUrl, id);
    return note ? { ok: true, note } : GONE(id);
  });
}

/** Only the fields whose value differs from the note as the service has it now. */
export function changedFields(current: NoteWithDeck, wanted: NoteChanges): NotePatch {
  const patch: NotePatch = {};
  if (wanted.title !== undefined && wanted.title !== current.title) patch.title = wanted.title;
  if (wanted.markdown_text !== undefined && wanted.markdown_text !== current.markdown_text) {
    patch.markdown_text = wanted.markdown_text;
  }
  if (
    wanted.tags !== undefined &&
    (wanted.tags.length !== current.tags.length ||
      wanted.tags.some((tag, index) => tag !== current.tags[index]))
  ) {
    patch.tags = wanted.tags;
  }
  return patch;
}

/**
 * Reads the note first, then sends with PUT only the fields that really change: a field the user
 * did not touch is not sent, so a change made elsewhere in the meantime is not overwritten.
 */
export function updateNote(
  id: string,
  changes: NoteChanges | ((current: NoteWithDeck) => NoteChanges),
  dependencies: NoteActionDependencies = {},
): Promise<Result<{ note: IndexedNote; changed: (keyof NotePatch)[] }>> {
  return withSavedClient(dependencies, async (client, baseUrl) => {
    const current = await readOrForget(client, baseUrl, id);
    if (!current) return GONE(id);
    const patch = changedFields(
      current,
      typeof changes === 'function' ? changes(current) : changes,
    );
    const changed = Object.keys(patch) as (keyof NotePatch)[];
    if (!changed.length)
      return { ok: true, note: toIndexedNote(current, current.deck_id), changed };
    const answered = await client.update(id, patch);
    // The update's answer is not specified: build the note from what was sent when it is absent.
    const updated = toIndexedNote(
      answered ?? { ...current, ...patch, updated_at: new Date().toISOString() },
      current.deck_id,
    );
    await noteChanged(baseUrl, { kind: 'updated', before: current, note: updated });
    return { ok: true, note: updated, changed };
  });
}

/** Adds Markdown at the end of a note's text (a blank line and a rule between). */
export function appendToNote(
  id: string,
  addition: string,
  dependencies: NoteActionDependencies = {},
): Promise<Result<{ note: IndexedNote; changed: (keyof NotePatch)[] }>> {
  return updateNote(
    id,
    (current) => ({
      markdown_text: `${current.markdown_text.trimEnd()}\n\n---\n\n${addition.trim()}\n`,
    }),
    dependencies,
  );
}

/**
 * Deletes a note. The interface does not show how delete works; a service that refuses it gets
 * a sentence saying so, and the note stays listed.
 */
export function deleteNote(id: string, dependencies: NoteActionDependencies = {}): Promise<Result> {
  return withSavedClient(dependencies, async (client, baseUrl) => {
    try {
      await client.delete(id);
    } catch (error) {
      if (
        !(error instanceof NotesApiError) ||
        ['auth', 'network', 'timeout'].includes(error.kind)
      ) {
        throw error;
      }
      // A 404 may mean "already gone" or "no such route": only a read tells which.
      const still = await readOrForget(client, baseUrl, id);
      if (!still) return { ok: true };
      const title = quoted(still.title || t('notesIndex.thisNote'));
      const status = String(error.status ?? 'error');
      return failure(
        'delete-refused',
        error.serverMessage
          ? t('notesIndex.deleteRefusedSaid', { title, status, said: quoted(error.serverMessage) })
          : t('notesIndex.deleteRefused', { title, status }),
      );
    }
    await noteChanged(baseUrl, { kind: 'deleted', id });
    return { ok: true };
  });
}
