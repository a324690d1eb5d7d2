import * as z from 'zod/mini';

/**
 * The shapes the interface documents (../shared/notes-api.md). Fields a response carries beyond
 * these are dropped, not rejected: a service may grow fields without breaking Clipdeck.
 */

// The interface promises "ISO 8601 UTC"; anything `Date` can read is accepted so a service that
// writes `+00:00` instead of `Z`, or microseconds, is not treated as broken.
const timestamp = z
  .string()
  .check(z.refine((value) => !Number.isNaN(Date.parse(value)), 'expected an ISO 8601 timestamp'));

// Shapes are spread into z.object rather than derived with z.extend/z.partial: those helpers pull
// zod's object utilities (~2 kB gzipped) into the background bundle (issue 18).
const noteShape = {
  id: z.string(),
  title: z.string(),
  markdown_text: z.string(),
  tags: z.array(z.string()),
  created_at: timestamp,
  updated_at: timestamp,
};

export const noteSchema = z.object(noteShape);

/** The single-note response (`GET /notes/:id`) is the only one that carries `deck_id`. */
export const noteWithDeckSchema = z.object({ ...noteShape, deck_id: z.string() });

export const noteListSchema = z.object({
  data: z.array(noteSchema),
  total: z.int().check(z.nonnegative()),
  limit: z.int().check(z.nonnegative()),
  offset: z.int().check(z.nonnegative()),
});

export const errorBodySchema = z.object({ error: z.string(), code: z.string() });
/** An error body as read from any answer: either field may be missing. */
export const partialErrorBodySchema = z.object({
  error: z.optional(z.string()),
  code: z.optional(z.string()),
});

export type Note = z.infer<typeof noteSchema>;
export type NoteWithDeck = z.infer<typeof noteWithDeckSchema>;
export type NoteList = z.infer<typeof noteListSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** What a caller may send to create a note: exactly the documented request fields. */
export interface NoteDraft {
  title?: string;
  markdown_text: string;
  tags?: string[];
}

/** A partial update: only the fields present are changed. */
export type NotePatch = Partial<NoteDraft>;
