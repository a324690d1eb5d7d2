import type { OutboxEntry } from './entry';

/** The fields of a listed note that identify it as a clip's. */
export interface ListedNote {
  id: string;
  title: string;
  markdown_text: string;
  created_at: string;
  /** Read by the search of the list's ends (locate.ts) when the service sends it. */
  updated_at?: string;
}

/** Same title and Markdown as the draft, as a service may have stored them. */
export function sameContent(draft: { title: string; markdown_text: string }) {
  const title = normalise(draft.title);
  const markdown = normalise(draft.markdown_text);
  return (note: Pick<ListedNote, 'title' | 'markdown_text'>): boolean =>
    normalise(note.title) === title && normalise(note.markdown_text) === markdown;
}

/**
 * The note an earlier attempt of this clip may have stored, if the service has it: same title and
 * Markdown, created no earlier than the first attempt (less the tolerated clock difference), and
 * not a note another clip in the outbox already owns. The interface has no idempotency key; this
 * is the substitute.
 */
export function findStoredNote(
  notes: readonly ListedNote[],
  entry: Pick<OutboxEntry, 'draft' | 'firstAttemptAt'>,
  options: { ownedNoteIds: ReadonlySet<string>; clockSkewMs: number },
): ListedNote | undefined {
  const earliest = (entry.firstAttemptAt ?? 0) - options.clockSkewMs;
  const title = normalise(entry.draft.title);
  const markdown = normalise(entry.draft.markdown_text);
  return notes.find((note) => {
    const createdAt = Date.parse(note.created_at);
    return (
      !options.ownedNoteIds.has(note.id) &&
      normalise(note.title) === title &&
      normalise(note.markdown_text) === markdown &&
      // An unreadable timestamp cannot rule the note out.
      (Number.isNaN(createdAt) || createdAt >= earliest)
    );
  });
}

// Services commonly store text with normalised line endings and without trailing whitespace.
function normalise(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim();
}

/**
 * Notes that are extra copies of a saved clip's note. Chromium resends a request on its own when a
 * reused keep-alive connection closes before any answer, POST included, so a service that stored
 * the note and then dropped the connection can end up with two notes while the outbox saw one
 * success. Extra copies have the clip's title and Markdown, are no older than its first attempt
 * (less the tolerated clock difference), no more than `resendWindowMs` younger than the kept
 * note, and are owned by no other clip.
 */
export function findExtraCopies(
  notes: readonly ListedNote[],
  entry: Pick<OutboxEntry, 'draft' | 'firstAttemptAt' | 'noteId'>,
  options: { ownedNoteIds: ReadonlySet<string>; clockSkewMs: number; resendWindowMs: number },
): ListedNote[] {
  const kept = notes.find((note) => note.id === entry.noteId);
  if (!kept) return [];
  const latest = Date.parse(kept.created_at) + options.resendWindowMs;
  const title = normalise(entry.draft.title);
  const markdown = normalise(entry.draft.markdown_text);
  const earliest = (entry.firstAttemptAt ?? 0) - options.clockSkewMs;
  return notes.filter((note) => {
    const createdAt = Date.parse(note.created_at);
    return (
      note.id !== kept.id &&
      !options.ownedNoteIds.has(note.id) &&
      normalise(note.title) === title &&
      normalise(note.markdown_text) === markdown &&
      createdAt >= earliest &&
      createdAt <= latest
    );
  });
}
