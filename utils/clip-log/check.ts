import { createWordedNotesClient, NotesApiError, type NotesClient } from '../api';
import { apiSentenceText } from '../i18n';
import { newlySaved, onNoteDeleted } from '../notes-index';
import { type OutboxEntry, outboxItem } from '../outbox';
import type { Result } from '../result';
import { readConnection } from '../settings';
import { forgetNote, loggedClipOfPage, readClipLog, recordClips } from './log';

export interface ClippedPage {
  noteId: string;
  /** The note's title as the service has it now. */
  title: string;
  /** When the page was clipped, epoch milliseconds. */
  clippedAt: number;
  /** The note's notebook as the service reports it (as logged when unverified; absent: default). */
  deckId?: string;
  /** False: the service could not be asked, and this is what the clip log knows. */
  verified: boolean;
  /** The note's tags as the service has them now (shown and changed in place, issue 18). */
  tags?: string[];
}

/**
 * The newest note made from this page that the service still has. The page's logged note
 * (`loggedClipOfPage`, the lookup the toolbar mark uses) is read (GET) before it is offered; one
 * the service no longer has is forgotten (the mark goes with it) and the next logged note is
 * tried. When the service cannot be asked, the logged note is offered as the log knows it
 * (`verified: false`): the toolbar says the page is in the notes, so the popup says so too, and
 * an update then explains that the service is not answering.
 */
export async function findClippedPage(
  address: string,
  dependencies: { client?: NotesClient } = {},
): Promise<Result<{ clipped: ClippedPage | null }>> {
  let entry = await loggedClipOfPage(address);
  if (!entry) return { ok: true, clipped: null };
  const saved = await readConnection();
  if (!saved.ok) return { ok: true, clipped: null };
  const client =
    dependencies.client ?? createWordedNotesClient({ ...saved.connection, words: apiSentenceText });
  while (entry) {
    try {
      const note = await client.get(entry.noteId);
      return {
        ok: true,
        clipped: {
          noteId: note.id,
          title: note.title,
          clippedAt: entry.clippedAt,
          deckId: note.deck_id,
          verified: true,
          tags: note.tags,
        },
      };
    } catch (error) {
      if (error instanceof NotesApiError && error.kind === 'not-found') {
        await forgetNote(entry.noteId);
        entry = await loggedClipOfPage(address);
        continue;
      }
      return {
        ok: true,
        clipped: {
          noteId: entry.noteId,
          title: entry.title,
          clippedAt: entry.clippedAt,
          ...(entry.deckId !== undefined && { deckId: entry.deckId }),
          verified: false,
        },
      };
    }
  }
  return { ok: true, clipped: null };
}

/** A note deleted through Clipdeck leaves the log at once (and the toolbar mark with it). */
export function forgetDeletedNotes(): void {
  onNoteDeleted((id) => {
    forgetNote(id).catch((error: unknown) => console.error('[clipdeck clip log]', error));
  });
}

/** Every clip the outbox saves is logged, whichever way it was made. */
export function logOutboxSaves(): void {
  outboxItem.watch((next, previous) => {
    const saved = newlySaved(previous, next);
    // A moved note (issue 18) keeps the page it was clipped from: its copy is logged for it.
    const moved = saved.filter((entry) => entry.moveFrom !== undefined && entry.noteId);
    if (moved.length) {
      followMoves(moved).catch((error: unknown) => console.error('[clipdeck clip log]', error));
    }
    const clips = saved.flatMap((entry) =>
      entry.sourceUrl && entry.noteId
        ? [
            {
              sourceUrl: entry.sourceUrl,
              noteId: entry.noteId,
              title: entry.draft.title,
              clippedAt: entry.savedAt ?? entry.updatedAt,
              ...(entry.deckId !== undefined && { deckId: entry.deckId }),
            },
          ]
        : [],
    );
    if (clips.length)
      recordClips(clips).catch((error: unknown) => console.error('[clipdeck clip log]', error));
  });
}

async function followMoves(moved: readonly OutboxEntry[]): Promise<void> {
  const log = await readClipLog();
  const copies = moved.flatMap((entry) => {
    const page = log.find((logged) => logged.noteId === entry.moveFrom);
    return page && entry.noteId
      ? [
          {
            sourceUrl: page.url,
            noteId: entry.noteId,
            title: entry.draft.title,
            clippedAt: page.clippedAt,
            ...(entry.deckId !== undefined && { deckId: entry.deckId }),
          },
        ]
      : [];
  });
  if (copies.length) await recordClips(copies);
  for (const entry of moved) if (entry.moveFrom) await forgetNote(entry.moveFrom);
}
