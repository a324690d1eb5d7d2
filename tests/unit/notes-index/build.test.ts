import { describe, expect, it } from 'vitest';
import {
  applyNoteChange,
  buildIndex,
  IndexAccumulator,
  type IndexedNote,
  type NotesIndex,
  RECENT_KEPT,
  suggestTags,
} from '../../../utils/notes-index';

const BASE = 'http://127.0.0.1:1/api';

function note(id: string, created: string, updated = created, tags: string[] = []): IndexedNote {
  return { id, title: id, tags, createdAt: created, updatedAt: updated };
}

function indexOf(notes: IndexedNote[], previous: NotesIndex | null = null): NotesIndex {
  return buildIndex(
    notes,
    { baseUrl: BASE, total: notes.length, complete: true, now: 1 },
    previous,
  );
}

describe('buildIndex', () => {
  it('orders recent notes by the later of created and updated, whatever order the list had', () => {
    const index = indexOf([
      note('created-last', '2025-03-01T00:00:00Z'),
      note('edited-last', '2024-01-01T00:00:00Z', '2025-06-01T00:00:00Z'),
      note('oldest', '2023-01-01T00:00:00Z'),
    ]);
    expect(index.recent.map((recent) => recent.id)).toEqual([
      'edited-last',
      'created-last',
      'oldest',
    ]);
  });

  it('keeps only the newest notes and counts every tag across all notes', () => {
    const notes = Array.from({ length: 50 }, (_, i) =>
      note(
        `n${i}`,
        new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
        undefined,
        i % 2 ? ['odd'] : ['even', 'Even'],
      ),
    );
    const index = indexOf(notes);
    expect(index.recent).toHaveLength(RECENT_KEPT);
    expect(index.recent[0]?.id).toBe('n49');
    expect(index.tags).toEqual([
      { tag: 'even', count: 25 },
      { tag: 'Even', count: 25 },
      { tag: 'odd', count: 25 },
    ]);
  });

  it('remembers which deck a note is in from the previous index', () => {
    const previous = indexOf([{ ...note('a', '2025-01-01T00:00:00Z'), deckId: 'deck-science' }]);
    const next = indexOf([note('a', '2025-01-01T00:00:00Z')], previous);
    expect(next.recent[0]?.deckId).toBe('deck-science');
  });
});

describe('applyNoteChange', () => {
  const index = indexOf([
    note('old', '2024-01-01T00:00:00Z', undefined, ['keep', 'drop']),
    note('older', '2023-01-01T00:00:00Z', undefined, ['keep']),
  ]);

  it('a created note comes first and its tags are counted', () => {
    const next = applyNoteChange(index, {
      kind: 'created',
      note: { ...note('new', '2026-01-01T00:00:00Z', undefined, ['fresh', 'keep']), deckId: null },
    });
    expect(next.recent.map((recent) => recent.id)).toEqual(['new', 'old', 'older']);
    expect(next.tags).toEqual([
      { tag: 'keep', count: 3 },
      { tag: 'drop', count: 1 },
      { tag: 'fresh', count: 1 },
    ]);
    expect(next.total).toBe(3);
  });

  it('an edited note moves its tag counts and keeps its known deck', () => {
    const withDeck = applyNoteChange(index, {
      kind: 'created',
      note: { ...note('new', '2026-01-01T00:00:00Z'), deckId: 'deck-reading' },
    });
    const next = applyNoteChange(withDeck, {
      kind: 'updated',
      before: { tags: ['keep', 'drop'] },
      note: note('old', '2024-01-01T00:00:00Z', '2026-02-01T00:00:00Z', ['keep']),
    });
    expect(next.tags).toEqual([{ tag: 'keep', count: 2 }]);
    expect(next.recent[0]?.id).toBe('old');
    expect(next.recent.find((recent) => recent.id === 'new')?.deckId).toBe('deck-reading');
  });

  it('a deleted note leaves the list and its remembered tags are uncounted', () => {
    const next = applyNoteChange(index, { kind: 'deleted', id: 'old' });
    expect(next.recent.map((recent) => recent.id)).toEqual(['older']);
    expect(next.tags).toEqual([{ tag: 'keep', count: 1 }]);
    expect(next.total).toBe(1);
  });
});

describe('suggestTags', () => {
  const tags = [
    { tag: 'science', count: 40 },
    { tag: 'neuroscience', count: 30 },
    { tag: 'recipes', count: 20 },
    { tag: 'Scifi', count: 2 },
  ];

  it('offers recently used tags first, then the most used, without repeats', () => {
    expect(suggestTags('', { recentTags: ['recipes', 'Science'], tags, chosen: [] })).toEqual([
      'recipes',
      'Science',
      'neuroscience',
      'Scifi',
    ]);
  });

  it('puts tags starting with the typed text before tags that only contain it, ignoring case', () => {
    expect(suggestTags('SCI', { recentTags: [], tags, chosen: [] })).toEqual([
      'science',
      'Scifi',
      'neuroscience',
    ]);
  });

  it('never offers a tag already chosen', () => {
    expect(suggestTags('sci', { recentTags: [], tags, chosen: ['Science'] })).toEqual([
      'Scifi',
      'neuroscience',
    ]);
  });
});

describe('the scan’s accumulator', () => {
  it('keeps tag counts and the 20 newest notes, not the notes it pages through', () => {
    const accumulator = new IndexAccumulator();
    for (let index = 0; index < 10_000; index++) {
      const at = new Date(Date.parse('2024-01-01T00:00:00Z') + index * 60_000).toISOString();
      accumulator.add({
        id: `n${index}`,
        title: `Note ${index}`,
        tags: [`t${index % 7}`],
        createdAt: at,
        updatedAt: at,
      });
    }
    expect(accumulator.recent()).toHaveLength(RECENT_KEPT);
    expect(accumulator.recent()[0]?.id).toBe('n9999');
    expect(accumulator.tags()).toHaveLength(7);
    expect(accumulator.size).toBe(10_000);
  });
});
