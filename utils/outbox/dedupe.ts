import type { OutboxEntry } from './entry';

/** The fields of a listed note that identify it as a clip's. */
export interface ListedNote {
  id: string;
  title: string;
  markdown_text: string;
  created_at: string;
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
