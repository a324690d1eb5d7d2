import type { StoredNote } from './store';

/**
 * `count` notes for a big account (tests, benchmarks): titles `Note N`, a spread of 500 tags (a
 * third also tagged `common`), created a minute apart from 1 January 2024, spread over `decks` in
 * turn. Passed as `seed` to startNotesServer they are in memory only, so creating more notes
 * does not rewrite a file of thousands.
 */
export function seedNotes(count: number, decks: readonly string[] = ['default']): StoredNote[] {
  const start = Date.parse('2024-01-01T00:00:00Z');
  return Array.from({ length: count }, (_, index) => {
    const at = new Date(start + index * 60_000).toISOString();
    return {
      id: `seed-${String(index).padStart(6, '0')}`,
      title: `Note ${index}`,
      markdown_text: `Text of note ${index}. ${'Rock pools hold water when the tide goes out. '.repeat(4)}`,
      tags: [`topic-${index % 500}`, ...(index % 3 === 0 ? ['common'] : [])],
      deck_id: decks[index % decks.length] ?? 'default',
      created_at: at,
      updated_at: at,
    };
  });
}
