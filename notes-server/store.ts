import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

/** The notebook a note goes to when it is created without `deck_id`. */
export const DEFAULT_DECK_ID = 'default';

export const storedNoteSchema = z.object({
  id: z.string(),
  title: z.string(),
  markdown_text: z.string(),
  tags: z.array(z.string()),
  deck_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StoredNote = z.infer<typeof storedNoteSchema>;

const dataFileSchema = z.object({ notes: z.array(storedNoteSchema) });

/**
 * How the list is ordered. The interface leaves it "not shown"; the default is the server's
 * choice (see routes.ts). The others let a test check that a client copes with any order.
 */
export type ListOrder = 'updated-desc' | 'created-asc' | 'title' | 'scrambled';

const ORDERS: Record<ListOrder, (a: StoredNote, b: StoredNote) => number> = {
  'updated-desc': (a, b) => b.updated_at.localeCompare(a.updated_at) || byId(a, b),
  'created-asc': (a, b) => a.created_at.localeCompare(b.created_at) || byId(a, b),
  title: (a, b) => a.title.localeCompare(b.title) || byId(a, b),
  // Stable between requests, unrelated to time or title: a hash of the id.
  scrambled: (a, b) => scramble(a.id) - scramble(b.id) || byId(a, b),
};

function byId(a: StoredNote, b: StoredNote): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function scramble(id: string): number {
  let hash = 2166136261;
  for (let index = 0; index < id.length; index++) {
    hash = Math.imul(hash ^ id.charCodeAt(index), 16777619);
  }
  return hash >>> 0;
}

export interface NoteFields {
  title?: string | undefined;
  markdown_text?: string | undefined;
  tags?: string[] | undefined;
}

/**
 * The notes, in memory, optionally mirrored to a JSON file after every change so a restarted
 * server keeps them.
 */
export class NoteStore {
  private readonly notesById = new Map<string, StoredNote>();
  private readonly decks: Set<string>;

  constructor(
    decks: readonly string[],
    private readonly dataFile?: string,
    private readonly order: ListOrder = 'updated-desc',
  ) {
    this.decks = new Set([DEFAULT_DECK_ID, ...decks]);
    if (dataFile && existsSync(dataFile)) {
      for (const note of readDataFile(dataFile).notes) {
        this.notesById.set(note.id, note);
        this.decks.add(note.deck_id);
      }
    }
  }

  /** Adds notes as they are (tests and benchmarks: a big account), without writing the file. */
  seed(notes: readonly StoredNote[]): void {
    for (const note of notes) {
      this.notesById.set(note.id, structuredClone(note));
      this.decks.add(note.deck_id);
    }
  }

  hasDeck(deckId: string): boolean {
    return this.decks.has(deckId);
  }

  /**
   * Most recently updated first, so the order is not the order of creation and a client cannot
   * come to rely on it; ties are broken by id to keep pages stable.
   */
  list(filter: { deckId?: string | undefined; tag?: string | undefined }): StoredNote[] {
    return [...this.notesById.values()]
      .filter((note) => filter.deckId === undefined || note.deck_id === filter.deckId)
      .filter((note) => filter.tag === undefined || note.tags.includes(filter.tag))
      .sort(ORDERS[this.order]);
  }

  get(id: string): StoredNote | undefined {
    return this.notesById.get(id);
  }

  all(): StoredNote[] {
    return [...this.notesById.values()].map((note) => structuredClone(note));
  }

  create(fields: NoteFields & { markdown_text: string }, deckId: string): StoredNote {
    const now = new Date().toISOString();
    const note: StoredNote = {
      id: randomUUID(),
      title: fields.title ?? '',
      markdown_text: fields.markdown_text,
      tags: fields.tags ?? [],
      deck_id: deckId,
      created_at: now,
      updated_at: now,
    };
    this.notesById.set(note.id, note);
    this.save();
    return note;
  }

  update(id: string, fields: NoteFields): StoredNote | undefined {
    const note = this.notesById.get(id);
    if (!note) return undefined;
    if (fields.title !== undefined) note.title = fields.title;
    if (fields.markdown_text !== undefined) note.markdown_text = fields.markdown_text;
    if (fields.tags !== undefined) note.tags = fields.tags;
    note.updated_at = new Date().toISOString();
    this.save();
    return note;
  }

  delete(id: string): boolean {
    const deleted = this.notesById.delete(id);
    if (deleted) this.save();
    return deleted;
  }

  private save(): void {
    if (!this.dataFile) return;
    // Write then rename, so a crash mid-write never leaves half a file behind.
    const temporary = `${this.dataFile}.tmp`;
    writeFileSync(temporary, JSON.stringify({ notes: [...this.notesById.values()] }, null, 2));
    renameSync(temporary, this.dataFile);
  }
}

function readDataFile(dataFile: string): z.infer<typeof dataFileSchema> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(dataFile, 'utf8'));
  } catch {
    parsed = undefined;
  }
  const result = dataFileSchema.safeParse(parsed);
  if (!result.success) {
    throw new Error(
      `${dataFile} does not hold notes saved by the Notes server. Move it aside or choose ` +
        'another data file.',
    );
  }
  return result.data;
}
