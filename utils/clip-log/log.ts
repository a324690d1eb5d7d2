import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import { canonicalUrl } from './canonical-url';

/**
 * A local record of what was clipped where: page (canonical address) → note. It lets the popup
 * say "you clipped this page on …" without asking the service to search its notes, which it
 * cannot do by address.
 */
export const clipLogEntrySchema = z.object({
  url: z.string().check(z.minLength(1)),
  noteId: z.string().check(z.minLength(1)),
  title: z.string(),
  /** Epoch milliseconds. */
  clippedAt: z.number(),
  /** Absent: the default notebook. */
  deckId: z.optional(z.string()),
});
export type ClipLogEntry = z.infer<typeof clipLogEntrySchema>;

/** The log forgets its oldest entries past this many. */
export const CLIP_LOG_SIZE = 1000;

export const clipLogItem = storage.defineItem<ClipLogEntry[]>('local:clipLog', {
  fallback: [],
  version: 1,
});

/** Entries that do not validate are dropped one by one; the rest of the log is kept. */
export async function readClipLog(): Promise<ClipLogEntry[]> {
  const raw = await clipLogItem.getValue();
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry) => {
    const parsed = clipLogEntrySchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

let writes: Promise<unknown> = Promise.resolve();

function changeLog(change: (entries: ClipLogEntry[]) => ClipLogEntry[]): Promise<void> {
  const written = writes.then(async () => {
    await clipLogItem.setValue(change(await readClipLog()));
  });
  writes = written.catch(() => undefined);
  return written;
}

export interface ClipToLog {
  sourceUrl: string;
  noteId: string;
  title: string;
  clippedAt: number;
  deckId?: string;
}

/** Records clips (a note already logged is updated, not repeated); newest entries are kept. */
export function recordClips(clips: readonly ClipToLog[]): Promise<void> {
  const entries = clips.flatMap((clip) => {
    const url = canonicalUrl(clip.sourceUrl);
    if (!url) return [];
    return [
      {
        url,
        noteId: clip.noteId,
        title: clip.title,
        clippedAt: clip.clippedAt,
        ...(clip.deckId !== undefined && { deckId: clip.deckId }),
      },
    ];
  });
  if (!entries.length) return Promise.resolve();
  const noteIds = new Set(entries.map((entry) => entry.noteId));
  return changeLog((log) =>
    [...log.filter((entry) => !noteIds.has(entry.noteId)), ...entries]
      .sort((a, b) => a.clippedAt - b.clippedAt)
      .slice(-CLIP_LOG_SIZE),
  );
}

export function forgetNote(noteId: string): Promise<void> {
  return changeLog((log) => log.filter((entry) => entry.noteId !== noteId));
}

/** Clips of this page, newest first. */
export async function clipsOfPage(address: string): Promise<ClipLogEntry[]> {
  const url = canonicalUrl(address);
  if (!url) return [];
  return (await readClipLog())
    .filter((entry) => entry.url === url)
    .sort((a, b) => b.clippedAt - a.clippedAt);
}

/**
 * The one answer to "is this page in the user's notes?": the newest logged note of the page
 * (canonical address, tracking parameters ignored), from local storage only. The toolbar mark
 * shows it on every tab switch without a request; the popup's "already clipped" starts from it
 * and only then asks the service, so the two cannot disagree.
 */
export async function loggedClipOfPage(address: string): Promise<ClipLogEntry | undefined> {
  return (await clipsOfPage(address))[0];
}

/** Every page the log has a note of (canonical addresses): `loggedClipOfPage` for many tabs at once. */
export async function loggedPages(): Promise<Set<string>> {
  return new Set((await readClipLog()).map((entry) => entry.url));
}
