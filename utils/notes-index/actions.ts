import {
  createWordedNotesClient,
  NotesApiError,
  type NotesClient,
  type NoteWithDeck,
  toUserError,
} from '../api';
import { apiSentenceText, t } from '../i18n';
import {
  type ClipOutbox,
  type ClipSummary,
  getOutbox,
  heldBecause,
  NOT_STORED_MESSAGE,
  type NoteAction,
  type NoteEdit,
  type OutboxEntry,
  outboxConfigItem,
  resolveOutboxConfig,
  summarizeClip,
} from '../outbox';
import { failure, type Result } from '../result';
import { readConnection, recordKeyRefused } from '../settings';
import { noteChanged } from './refresh';
import { type IndexedNote, readNotesIndex } from './store';

/**
 * What the popup (and the quote and bulk retag) do to notes already in the service: read one,
 * change some of its fields, add to its text, move it to another notebook, delete it. Every
 * change rides the outbox (issue 18): stored before any request, sent in order per note, retried
 * from alarms when the service is down, so an edit is never lost. The answer comes after a short
 * wait for a fast delivery; the notes index follows the outbox's saves (follow-outbox.ts).
 */
export interface NoteActionDependencies {
  /** Reads (getNote); changes go through the outbox. */
  client?: NotesClient;
  outbox?: ClipOutbox;
  /** How long to wait for the service's answer before saying "queued" (the outbox's default). */
  waitMs?: number;
}

/**
 * The fields to change. Whole values replace; `addTags`/`removeTags` are applied to the tags the
 * note has when the change is sent (bulk retag), so they never undo another change.
 */
export type NoteChanges = Pick<
  NoteEdit,
  'title' | 'markdown_text' | 'tags' | 'addTags' | 'removeTags'
>;

/** A note field a change can touch. */
export type NoteField = 'title' | 'markdown_text' | 'tags';

/**
 * The reply to an edit. Sent: `note` is the note as the service has it now and `changed` the
 * fields that really changed (empty: nothing differed). `queued`: the service did not answer in
 * time (down, slow, a refused key, a 429 hold): the change is kept in the outbox and sent when
 * the service answers; `note` is then the note as it will be (from the index, with the change),
 * `changed` the fields asked for, and `clip.error` says why it waits in the outbox's words.
 */
export interface EditReply {
  note: IndexedNote;
  changed: NoteField[];
  clip: ClipSummary;
  queued?: true;
}

const GONE = (id: string) => failure('not-found', t('notesIndex.gone', { id }));

async function withSavedClient<T extends object>(
  dependencies: NoteActionDependencies,
  run: (client: NotesClient, baseUrl: string) => Promise<Result<T>>,
): Promise<Result<T>> {
  const saved = await readConnection();
  if (!saved.ok) return saved;
  const client =
    dependencies.client ?? createWordedNotesClient({ ...saved.connection, words: apiSentenceText });
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

/** A change stored in the outbox and the state it reached after the short wait. */
interface Acted {
  entry: OutboxEntry;
  baseUrl: string;
  outbox: ClipOutbox;
}

async function act(
  action: NoteAction,
  dependencies: NoteActionDependencies,
): Promise<Result<Acted>> {
  const saved = await readConnection();
  if (!saved.ok) return saved;
  const outbox = dependencies.outbox ?? getOutbox();
  let stored: OutboxEntry;
  try {
    stored = await outbox.act(action);
  } catch {
    return failure('not-stored', NOT_STORED_MESSAGE);
  }
  const baseUrl = saved.connection.baseUrl;
  // A refused key or a 429 hold: no use waiting for an answer that will not come now.
  if (heldBecause(await outbox.list())) return { ok: true, entry: stored, baseUrl, outbox };
  const wait =
    dependencies.waitMs ??
    resolveOutboxConfig(await outboxConfigItem.getValue()).fastDeliveryWaitMs;
  const reached = (await outbox.waitFor(stored.id, wait, 'answer')) ?? stored;
  return { ok: true, entry: reached, baseUrl, outbox };
}

/**
 * A change the service refused for good within the wait (the note is gone, a delete refused):
 * the user is told now, in place, so the entry is not left in the outbox to be told again.
 */
async function refusedNow(acted: Acted, noteId: string): Promise<Result<never> | undefined> {
  const { entry, outbox, baseUrl } = acted;
  if (entry.state !== 'needs-attention') return undefined;
  const summary = summarizeClip(entry);
  if (entry.attention === 'note-gone') {
    await outbox.discard(entry.id);
    await noteChanged(baseUrl, { kind: 'deleted', id: noteId });
    return GONE(noteId);
  }
  const message = summary.error?.message ?? t('outbox.unexpected');
  if (entry.kind === 'delete' && entry.attention === 'invalid-request') {
    await outbox.discard(entry.id);
    return failure('delete-refused', message);
  }
  // Anything else waits in the outbox for the user (key refused, gave up…): said in its words.
  return failure(summary.error?.kind ?? 'needs-attention', message);
}

/** The note as it will be once a queued change is sent: the index's copy with the change. */
async function expectedNote(id: string, changes: NoteChanges): Promise<IndexedNote> {
  const known = (await readNotesIndex())?.recent.find((note) => note.id === id);
  const now = new Date().toISOString();
  const base = known ?? { id, title: '', tags: [], createdAt: now, updatedAt: now };
  let tags = changes.tags ?? base.tags;
  if (changes.addTags) tags = [...tags, ...changes.addTags.filter((tag) => !tags.includes(tag))];
  if (changes.removeTags) tags = tags.filter((tag) => !changes.removeTags?.includes(tag));
  return { ...base, title: changes.title ?? base.title, tags, updatedAt: now };
}

async function titleOf(id: string): Promise<string | undefined> {
  return (await readNotesIndex())?.recent.find((note) => note.id === id)?.title;
}

async function editNote(
  id: string,
  changes: NoteEdit,
  dependencies: NoteActionDependencies,
): Promise<Result<EditReply>> {
  const title = changes.title ?? (await titleOf(id));
  const acted = await act(
    { kind: 'update', note: { noteId: id }, changes, ...(title !== undefined && { title }) },
    dependencies,
  );
  if (!acted.ok) return acted;
  const refused = await refusedNow(acted, id);
  if (refused) return refused;
  const { entry } = acted;
  const clip = summarizeClip(entry);
  if (entry.state === 'saved' && entry.edited) {
    const { edited } = entry;
    return {
      ok: true,
      note: {
        id,
        title: edited.title,
        tags: edited.tags,
        createdAt: edited.createdAt,
        updatedAt: edited.updatedAt,
        deckId: edited.deckId,
      },
      changed: edited.changed,
      clip,
    };
  }
  const asked = (['title', 'markdown_text', 'tags'] as const).filter(
    (field) =>
      changes[field] !== undefined ||
      (field === 'markdown_text' && changes.append !== undefined) ||
      (field === 'tags' && (changes.addTags !== undefined || changes.removeTags !== undefined)),
  );
  return { ok: true, note: await expectedNote(id, changes), changed: asked, clip, queued: true };
}

/**
 * Changes some fields of a note through the outbox. When sent, the note is read first and PUT
 * carries only the fields that really change: a field the user did not touch is not sent, so a
 * change made elsewhere in the meantime is not overwritten.
 */
export function updateNote(
  id: string,
  changes: NoteChanges,
  dependencies: NoteActionDependencies = {},
): Promise<Result<EditReply>> {
  return editNote(id, changes, dependencies);
}

/**
 * Adds Markdown at the end of a note's text (a blank line and a rule between), worked out against
 * the text the service has when it is sent; an append already there is not added twice.
 */
export function appendToNote(
  id: string,
  addition: string,
  dependencies: NoteActionDependencies = {},
): Promise<Result<EditReply>> {
  return editNote(id, { append: addition }, dependencies);
}

/**
 * Deletes a note through the outbox. The interface does not show how delete works; a service that
 * refuses it gets a sentence saying so, and the note stays listed. `queued`: the delete is kept
 * and sent when the service answers.
 */
export async function deleteNote(
  id: string,
  dependencies: NoteActionDependencies = {},
): Promise<Result<{ queued?: true; clip?: ClipSummary }>> {
  const title = await titleOf(id);
  const acted = await act(
    { kind: 'delete', note: { noteId: id }, ...(title !== undefined && { title }) },
    dependencies,
  );
  if (!acted.ok) return acted;
  const refused = await refusedNow(acted, id);
  if (refused) return refused.error.kind === 'not-found' ? { ok: true } : refused;
  if (acted.entry.state === 'saved') return { ok: true };
  return { ok: true, queued: true, clip: summarizeClip(acted.entry) };
}

/**
 * The reply to a move. Sent: `note` is the copy in the new notebook (a new id: the interface
 * cannot change a note's deck_id), and the original is deleted (`originalDeleted`) or its delete
 * is kept in the outbox until the service takes it. `queued`: nothing is sent yet; the move is
 * kept and made when the service answers.
 */
export interface MoveReply {
  clip: ClipSummary;
  note?: IndexedNote;
  originalDeleted?: boolean;
  queued?: true;
}

/**
 * Moves a note to another notebook (`deckId` null: the default notebook): its text is read, a
 * copy is created in that notebook, and the original is deleted only once the copy is confirmed,
 * in the same outbox write; nothing is lost if either step fails, and the delete is retried like
 * any change until the service takes it.
 */
export async function moveNote(
  id: string,
  deckId: string | null,
  dependencies: NoteActionDependencies = {},
): Promise<Result<MoveReply>> {
  const title = await titleOf(id);
  const acted = await act(
    {
      kind: 'move',
      note: { noteId: id },
      deckId: deckId ?? undefined,
      ...(title !== undefined && { title }),
    },
    dependencies,
  );
  if (!acted.ok) return acted;
  const refused = await refusedNow(acted, id);
  if (refused) return refused;
  const { entry, outbox } = acted;
  const clip = summarizeClip(entry);
  if (entry.state !== 'saved' || entry.noteId === undefined)
    return { ok: true, clip, queued: true };
  const copy = entry.noteId;
  const savedAt = new Date(entry.savedAt ?? Date.now()).toISOString();
  const note: IndexedNote = {
    id: copy,
    title: entry.draft.title,
    tags: entry.draft.tags,
    createdAt: savedAt,
    updatedAt: savedAt,
    deckId,
  };
  // Already in that notebook: nothing was copied, nothing is deleted.
  if (copy === id) return { ok: true, clip, note, originalDeleted: false };
  const deletion = (await outbox.list()).entries.find(
    (other) => other.kind === 'delete' && other.noteId === id && other.createdAt >= entry.createdAt,
  );
  const deleted = deletion
    ? (await outbox.waitFor(deletion.id, dependencies.waitMs ?? 4_000, 'answer'))?.state === 'saved'
    : true;
  return { ok: true, clip, note, originalDeleted: deleted };
}
