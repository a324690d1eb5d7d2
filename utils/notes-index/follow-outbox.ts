import { kindOf, type OutboxEntry, outboxItem, parseOutbox } from '../outbox';
import { readConnection } from '../settings';
import { addSiteTags, retagSiteNotes } from '../site-tags';
import { noteChanged } from './refresh';

/**
 * Clips that became saved between two values of the outbox. This runs on every outbox write, for
 * each of its two listeners, and the outbox holds whole notes while they wait: only the entries
 * that changed state are validated, not both whole values (a bulk import writes the outbox several
 * times a clip, and parsing it all each time made the background's work grow with the queue).
 */
export function newlySaved(previous: unknown, next: unknown): OutboxEntry[] {
  const before = new Set(
    rawEntries(previous)
      .filter((entry) => entry.state === 'saved')
      .map((entry) => entry.id),
  );
  const candidates = rawEntries(next).filter(
    (entry) => entry.state === 'saved' && entry.noteId !== undefined && !before.has(entry.id),
  );
  if (!candidates.length) return [];
  return parseOutbox({ entries: candidates, pausedForAuth: false }).entries;
}

/** A stored outbox's entries as they are, each still to be validated. */
function rawEntries(value: unknown): Record<string, unknown>[] {
  const entries = (value as { entries?: unknown } | null | undefined)?.entries;
  return Array.isArray(entries)
    ? entries.filter(
        (entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null,
      )
    : [];
}

/**
 * A note the outbox just saved joins the recent notes and its tags the suggestions at once,
 * whichever way it was clipped (popup, menu, shortcut), without waiting for the next scan.
 */
export function followOutboxSaves(): void {
  outboxItem.watch((next, previous) => {
    const saved = newlySaved(previous, next);
    if (!saved.length) return;
    void readConnection().then(async (connection) => {
      if (!connection.ok) return;
      const baseUrl = connection.connection.baseUrl;
      // New clips say which tags a site's pages get, and tag edits correct it (a move keeps the
      // note's tags; a delete leaves what the user once chose as a fair signal until the scan).
      void addSiteTags(
        baseUrl,
        saved
          .filter((entry) => kindOf(entry) === 'create' && entry.moveFrom === undefined)
          .map((entry) => ({ sourceUrl: entry.sourceUrl, tags: entry.draft.tags })),
      )
        .then(() =>
          retagSiteNotes(
            baseUrl,
            saved.flatMap(({ edited }) =>
              edited?.source !== undefined && edited.changed.includes('tags')
                ? [{ sourceUrl: edited.source, before: edited.beforeTags, after: edited.tags }]
                : [],
            ),
          ),
        )
        .catch((error: unknown) => console.error('[clipdeck site tags]', error));
      for (const entry of saved) {
        // Edits and deletes (issue 18) patch the index as they land, whenever that is.
        if (kindOf(entry) === 'delete') {
          await noteChanged(baseUrl, { kind: 'deleted', id: entry.noteId ?? '' });
          continue;
        }
        if (kindOf(entry) === 'update') {
          const { edited } = entry;
          if (!edited?.changed.length) continue;
          await noteChanged(baseUrl, {
            kind: 'updated',
            before: { tags: edited.beforeTags },
            note: {
              id: entry.noteId ?? '',
              title: edited.title,
              tags: edited.tags,
              createdAt: edited.createdAt,
              updatedAt: edited.updatedAt,
              deckId: edited.deckId,
            },
          });
          continue;
        }
        const at = new Date(entry.savedAt ?? entry.updatedAt).toISOString();
        await noteChanged(connection.connection.baseUrl, {
          kind: 'created',
          note: {
            id: entry.noteId ?? '',
            title: entry.draft.title,
            tags: entry.draft.tags,
            createdAt: at,
            updatedAt: at,
            deckId: entry.deckId ?? null,
          },
        });
      }
    });
  });
}
