import { createNotesClient, NotesApiError, type NotesClient } from '../api';
import { apiSentenceText } from '../i18n';
import { newlySaved } from '../notes-index';
import { type OutboxEntry, outboxItem } from '../outbox';
import type { Result } from '../result';
import { readConnection } from '../settings';
import { clipsOfPage, forgetNote, readClipLog, recordClips } from './log';

export interface ClippedPage {
  noteId: string;
  /** The note's title as the service has it now. */
  title: string;
  /** When the page was clipped, epoch milliseconds. */
  clippedAt: number;
  /** The note's notebook as the service reports it. */
  deckId: string;
  /** The note's tags as the service has them now (shown and changed in place, issue 18). */
  tags?: string[];
}

/**
 * The newest note made from this page that the service still has. Each logged note is read
 * (GET) before it is offered; one the service no longer has is forgotten. When the service
 * cannot be asked, nothing is offered: an offer that then fails would only confuse.
 */
export async function findClippedPage(
  address: string,
  dependencies: { client?: NotesClient } = {},
): Promise<Result<{ clipped: ClippedPage | null }>> {
  const logged = await clipsOfPage(address);
  if (!logged.length) return { ok: true, clipped: null };
  const saved = await readConnection();
  if (!saved.ok) return { ok: true, clipped: null };
  const client =
    dependencies.client ?? createNotesClient({ ...saved.connection, words: apiSentenceText });
  for (const entry of logged) {
    try {
      const note = await client.get(entry.noteId);
      return {
        ok: true,
        clipped: {
          noteId: note.id,
          title: note.title,
          clippedAt: entry.clippedAt,
          deckId: note.deck_id,
          tags: note.tags,
        },
      };
    } catch (error) {
      if (error instanceof NotesApiError && error.kind === 'not-found') {
        await forgetNote(entry.noteId);
        continue;
      }
      return { ok: true, clipped: null };
    }
  }
  return { ok: true, clipped: null };
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
