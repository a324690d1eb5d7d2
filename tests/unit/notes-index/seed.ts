import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredNote } from '../../../notes-server';

/**
 * A data file for the local Notes server holding `count` notes with a spread of tags (five
 * hundred different ones), created a minute apart: an account with years of notes.
 */
export async function seededDataFile(
  count: number,
  decks: readonly string[] = [],
): Promise<string> {
  const start = Date.parse('2024-01-01T00:00:00Z');
  const notes: StoredNote[] = Array.from({ length: count }, (_, index) => {
    const at = new Date(start + index * 60_000).toISOString();
    return {
      id: `note-${String(index).padStart(5, '0')}`,
      title: `Note ${index}`,
      markdown_text: `Text of note ${index}.`,
      tags: [`topic-${index % 500}`, ...(index % 3 === 0 ? ['common'] : [])],
      deck_id: decks.length ? (decks[index % decks.length] ?? 'default') : 'default',
      created_at: at,
      updated_at: at,
    };
  });
  const file = join(await mkdtemp(join(tmpdir(), 'clipdeck-notes-')), 'notes.json');
  await writeFile(file, JSON.stringify({ notes }));
  return file;
}
