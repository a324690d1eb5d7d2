import { describe, expect, it } from 'vitest';
import { type IndexedNote, prepareSearch, searchNotes } from '../../../utils/notes-index';

const note = (id: string, title: string, tags: string[], day = 1): IndexedNote => ({
  id,
  title,
  tags,
  createdAt: `2024-01-${String(day).padStart(2, '0')}T00:00:00Z`,
  updatedAt: `2024-01-${String(day).padStart(2, '0')}T00:00:00Z`,
});

const notes = prepareSearch([
  note('a', 'Café culture in Lisbon', ['travel', 'Été'], 1),
  note('b', 'Cafeteria design', ['architecture'], 2),
  note('c', 'Marine life', ['marine-biology'], 3),
  note('d', 'A note on travel insurance', ['money'], 4),
  note('e', 'Tide pools', ['travel'], 5),
]);
const ids = (query: string) => searchNotes(notes, query).notes.map((found) => found.id);

describe('searchNotes', () => {
  it('ignores case and accents', () => {
    expect(ids('CAFE')).toEqual(['a', 'b']);
    // A tag equal to the word first; a title that merely contains it (caf-ete-ria) after.
    expect(ids('ete')).toEqual(['a', 'b']);
  });

  it('#tag matches tags only; a plain word matches tags and titles, a tag first', () => {
    expect(ids('#travel')).toEqual(['e', 'a']);
    expect(ids('travel')).toEqual(['e', 'a', 'd']);
    expect(ids('#biology')).toEqual(['c']);
  });

  it('every word must match, and results are capped with the count of all matches', () => {
    expect(ids('travel lisbon')).toEqual(['a']);
    const capped = searchNotes(notes, 'travel', 2);
    expect(capped.notes).toHaveLength(2);
    expect(capped.matched).toBe(3);
    expect(capped.matchedIds).toEqual(['e', 'a', 'd']);
    expect(searchNotes(notes, '   ').matched).toBe(0);
  });
});
