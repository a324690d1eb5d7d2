import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import { t } from '../i18n';
import { type VersionedSetting, writeSetting } from './stored';

/**
 * The interface has no endpoint that lists notebooks, so Clipdeck keeps the user's own list of
 * decks: a label for each `deck_id`. The default notebook (no `deck_id`) is always there and is
 * not stored; `defaultDeckId: null` means new clips go to it.
 */
export interface Deck {
  id: string;
  label: string;
}

export interface DeckSettings {
  decks: Deck[];
  defaultDeckId: string | null;
}

/** What the interface's own notebook is called (the one a note without deck_id goes to). */
export function defaultNotebookLabel(): string {
  return t('common.defaultNotebook');
}

export const deckSchema: z.ZodMiniType<Deck> = z.object({
  id: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'enter the deck id'),
      z.maxLength(200, 'a deck id is at most 200 characters'),
    ),
  label: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'enter a label'),
      z.maxLength(80, 'a label is at most 80 characters'),
    ),
});

export const deckSettingsSchema: z.ZodMiniType<DeckSettings> = z
  .object({
    decks: z.array(deckSchema).check(z.maxLength(200, 'at most 200 decks')),
    defaultDeckId: z.nullable(z.string()),
  })
  .check(
    z.superRefine((settings, context) => {
      const seen = new Set<string>();
      settings.decks.forEach((deck, index) => {
        if (seen.has(deck.id)) {
          context.addIssue({
            code: 'custom',
            path: ['decks', index, 'id'],
            message: `deck “${deck.id}” is listed twice`,
          });
        }
        seen.add(deck.id);
      });
      if (settings.defaultDeckId !== null && !seen.has(settings.defaultDeckId)) {
        context.addIssue({
          code: 'custom',
          path: ['defaultDeckId'],
          message: 'the default deck is not in the list of decks',
        });
      }
    }),
  );

export const DECKS_VERSION = 1;

export const decksItem = storage.defineItem<DeckSettings>('local:decks', {
  fallback: { decks: [], defaultDeckId: null },
  version: DECKS_VERSION,
});

export const deckSetting: VersionedSetting<DeckSettings> = {
  item: decksItem,
  schema: deckSettingsSchema,
  version: DECKS_VERSION,
  name: 'deck',
};

export function saveDecks(settings: DeckSettings): Promise<void> {
  return writeSetting(deckSetting, settings);
}

/** Adds a deck, or relabels it when its id is already listed. */
export function withDeck(settings: DeckSettings, deck: Deck): DeckSettings {
  const listed = settings.decks.some((existing) => existing.id === deck.id);
  return {
    ...settings,
    decks: listed
      ? settings.decks.map((existing) => (existing.id === deck.id ? deck : existing))
      : [...settings.decks, deck],
  };
}

/** Removes a deck; if it was the default, new clips go to the default notebook again. */
export function withoutDeck(settings: DeckSettings, deckId: string): DeckSettings {
  return {
    decks: settings.decks.filter((deck) => deck.id !== deckId),
    defaultDeckId: settings.defaultDeckId === deckId ? null : settings.defaultDeckId,
  };
}
