import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { countWords, formatWhen } from '../../../components/popup/format';
import { readRecentTags, rememberUsedTags } from '../../../utils/notes-index';
import { initialDeck, readLastDeck, rememberLastDeck } from '../../../utils/popup';
import { classifyAddress } from '../../../utils/popup/tab';

beforeEach(() => fakeBrowser.reset());

describe('the deck the popup starts with', () => {
  const decks = [{ id: 'deck-science' }];

  it('is the last deck used while it is still listed, else the default deck', async () => {
    expect(initialDeck(await readLastDeck(), decks, 'deck-science')).toBe('deck-science');
    await rememberLastDeck(null);
    expect(initialDeck(await readLastDeck(), decks, 'deck-science')).toBeNull();
    await rememberLastDeck('deck-science');
    expect(initialDeck(await readLastDeck(), decks, null)).toBe('deck-science');
    await rememberLastDeck('deck-removed-since');
    expect(initialDeck(await readLastDeck(), decks, null)).toBeNull();
  });

  it('ignores a damaged stored value', async () => {
    await fakeBrowser.storage.local.set({ popupLastDeck: { deckId: 42 } });
    expect(await readLastDeck()).toBeNull();
  });
});

describe('recently used tags', () => {
  it('puts the tags just used first, without repeats, keeping twenty', async () => {
    await rememberUsedTags(Array.from({ length: 25 }, (_, index) => `t${index}`));
    await rememberUsedTags(['T3', 'new']);
    const recent = await readRecentTags();
    expect(recent.slice(0, 3)).toEqual(['T3', 'new', 't0']);
    expect(recent).toHaveLength(20);
    expect(recent.filter((tag) => tag.toLowerCase() === 't3')).toHaveLength(1);
  });
});

describe('pages the popup cannot clip', () => {
  it.each([
    'chrome://settings/',
    'chrome-extension://abc/options.html',
    'about:blank',
    'edge://flags',
    'view-source:https://example.com/',
    'https://chromewebstore.google.com/detail/x',
    'https://addons.mozilla.org/en-US/firefox/',
  ])('%s is a browser page', (url) => {
    expect(classifyAddress(url)).toBe('browser-page');
  });

  it('an ordinary page is left to the extraction', () => {
    expect(classifyAddress('https://example.com/article')).toBeUndefined();
  });
});

describe('formatting', () => {
  it('counts words as a reader does, not Markdown syntax', () => {
    expect(
      countWords('## Who lives there\n\n- Hermit crabs’ shells — well-worn, [link](https://x.y)'),
    ).toBe(8);
    expect(countWords('Source: <https://example.com/a-long/path>')).toBe(1);
    expect(countWords('')).toBe(0);
  });

  it('says when, relative first, then the date', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(formatWhen(now - 10_000, now)).toBe('just now');
    expect(formatWhen(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(formatWhen(now - 26 * 3_600_000, now)).toBe('yesterday');
    expect(formatWhen(Date.parse('2026-03-02T12:00:00Z'), now)).toBe('on Mar 2, 2026');
  });
});
