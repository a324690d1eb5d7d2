import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';

/**
 * The deck the user saved to last from the popup; the popup starts there next time. `null` is
 * the default notebook; no stored value means "use the default deck from the options".
 */
export interface LastDeck {
  deckId: string | null;
}

export const lastDeckItem = storage.defineItem<LastDeck | null>('local:popupLastDeck', {
  fallback: null,
  version: 1,
});

const lastDeckSchema = z.nullable(
  z.object({ deckId: z.nullable(z.string().check(z.minLength(1))) }),
);

export async function readLastDeck(): Promise<LastDeck | null> {
  const parsed = lastDeckSchema.safeParse(await lastDeckItem.getValue());
  return parsed.success ? parsed.data : null;
}

export function rememberLastDeck(deckId: string | null): Promise<void> {
  return lastDeckItem.setValue({ deckId });
}

/**
 * The deck the popup starts with: the last one used if it is still in the user's list (or is the
 * default notebook), else the default deck from the options.
 */
export function initialDeck(
  last: LastDeck | null,
  decks: readonly { id: string }[],
  defaultDeckId: string | null,
): string | null {
  if (last && (last.deckId === null || decks.some((deck) => deck.id === last.deckId))) {
    return last.deckId;
  }
  return defaultDeckId;
}
