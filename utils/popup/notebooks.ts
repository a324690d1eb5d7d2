import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import { type Deck, defaultNotebookLabel } from '../settings';

/**
 * One name for one notebook everywhere in the popup (issue 19): the label the user gave it in the
 * options, "Default notebook" for the default notebook however it is reached (a clip sent without
 * `deck_id`, or a note whose single-note read names the service's own id for it), and for a
 * notebook the user never listed, its id in quotes after the word "notebook", so it reads as a
 * name and not as a stray word.
 */
export function notebookName(
  decks: readonly Deck[],
  deckId: string | null | undefined,
  defaultNotebookId?: string,
): string {
  if (deckId === null || deckId === undefined) return defaultNotebookLabel();
  const listed = decks.find((deck) => deck.id === deckId);
  if (listed) return listed.label;
  if (deckId === defaultNotebookId) return defaultNotebookLabel();
  return `notebook “${deckId}”`;
}

/**
 * The interface names the default notebook by leaving `deck_id` out, but a single-note read of a
 * note in it answers with the service's own id for it ("not shown" which). The popup learns that
 * id once, from a note Clipdeck itself sent without `deck_id`, and keeps it per service.
 */
export interface DefaultNotebook {
  baseUrl: string;
  deckId: string;
}

export const defaultNotebookItem = storage.defineItem<DefaultNotebook | null>(
  'local:popupDefaultNotebook',
  { fallback: null, version: 1 },
);

const defaultNotebookSchema = z.nullable(
  z.object({ baseUrl: z.string().check(z.minLength(1)), deckId: z.string().check(z.minLength(1)) }),
);

/** The learnt id of the default notebook of the service at `baseUrl`, if any. */
export async function readDefaultNotebookId(baseUrl: string): Promise<string | undefined> {
  const parsed = defaultNotebookSchema.safeParse(await defaultNotebookItem.getValue());
  return parsed.success && parsed.data?.baseUrl === baseUrl ? parsed.data.deckId : undefined;
}

export function rememberDefaultNotebookId(baseUrl: string, deckId: string): Promise<void> {
  return defaultNotebookItem.setValue({ baseUrl, deckId });
}

/**
 * A note known to sit in the default notebook (Clipdeck created it without `deck_id`: the index
 * records that as `deckId: null`), to read once and learn the default notebook's id from.
 */
export function noteInDefaultNotebook(
  recent: readonly { id: string; deckId?: string | null | undefined }[],
): string | undefined {
  return recent.find((note) => note.deckId === null)?.id;
}
