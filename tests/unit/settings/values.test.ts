import { describe, expect, it } from 'vitest';
import {
  clipDefaultsSchema,
  type DeckSettings,
  deckSettingsSchema,
  parseTags,
  withDeck,
  withoutDeck,
} from '../../../utils/settings';

describe('parseTags', () => {
  it('splits on commas, trims and drops repeats in any letter case', () => {
    expect(parseTags(' news, to read ,News,, ')).toEqual(['news', 'to read']);
    expect(parseTags('')).toEqual([]);
  });
});

describe('deck list', () => {
  const listed: DeckSettings = { decks: [{ id: 'a', label: 'Work' }], defaultDeckId: 'a' };

  it('relabels a deck that is added again instead of listing it twice', () => {
    expect(withDeck(listed, { id: 'a', label: 'Job' }).decks).toEqual([{ id: 'a', label: 'Job' }]);
    expect(withDeck(listed, { id: 'b', label: 'Home' }).decks).toHaveLength(2);
  });

  it('sends new clips to the default notebook when the default deck is removed', () => {
    expect(withoutDeck(listed, 'a')).toEqual({ decks: [], defaultDeckId: null });
  });

  it('refuses a default deck that is not listed, and repeated ids', () => {
    expect(deckSettingsSchema.safeParse({ decks: [], defaultDeckId: 'gone' }).success).toBe(false);
    expect(
      deckSettingsSchema.safeParse({
        decks: [
          { id: 'a', label: 'One' },
          { id: 'a', label: 'Two' },
        ],
        defaultDeckId: null,
      }).success,
    ).toBe(false);
  });
});

describe('clip defaults', () => {
  const valid = {
    tags: ['a'],
    mode: 'article',
    template: { kind: 'builtin', id: 'front-matter' },
    stripTracking: true,
  };

  it('accepts a valid value and refuses an empty custom template or a tag with a comma', () => {
    expect(clipDefaultsSchema.safeParse(valid).success).toBe(true);
    expect(
      clipDefaultsSchema.safeParse({ ...valid, template: { kind: 'custom', text: '  ' } }).success,
    ).toBe(false);
    expect(clipDefaultsSchema.safeParse({ ...valid, tags: ['a,b'] }).success).toBe(false);
  });

  it('refuses a built-in template id this version does not have, which would become the note', () => {
    const unknown = clipDefaultsSchema.safeParse({
      ...valid,
      template: { kind: 'builtin', id: 'default' },
    });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.message).toContain('no built-in template');
  });
});
