import { lastTouched } from './build';
import type { IndexedNote } from './store';

/**
 * Search over the catalog (issue 18): every note's title and tags, in the popup, with no request.
 *
 * Case and diacritics do not matter ("Café" is found by "cafe"). Each word of the query must
 * match: a word written `#tag` only a tag (the whole tag, or its start); a plain word a tag or a
 * word of the title. Ranking, best first: a tag equal to the word, then a title word equal to it,
 * then starts of tags and title words, then the word anywhere in the title; the whole query in
 * the title counts extra. Equal scores: newest first.
 */

/** Lower case, accents and other combining marks removed (NFD), for comparing. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

export interface SearchableNote {
  note: IndexedNote;
  title: string;
  titleWords: string[];
  tags: string[];
  /** Each tag's words ("marine-biology": marine, biology). */
  tagWords: string[][];
  /** The later of created and updated, epoch ms: ties are shown newest first. */
  touched: number;
}

const WORDS = /[^\p{L}\p{N}]+/u;

/** Folds every note once, so each keystroke only compares. */
export function prepareSearch(notes: readonly IndexedNote[]): SearchableNote[] {
  return notes.map((note) => {
    const title = fold(note.title);
    const tags = note.tags.map(fold);
    return {
      note,
      title,
      titleWords: title.split(WORDS).filter(Boolean),
      tags,
      tagWords: tags.map((tag) => tag.split(WORDS).filter(Boolean)),
      touched: lastTouched(note),
    };
  });
}

interface Term {
  text: string;
  tagOnly: boolean;
}

export function parseQuery(query: string): Term[] {
  return query
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const tagOnly = word.startsWith('#');
      return { text: fold(tagOnly ? word.slice(1) : word), tagOnly };
    })
    .filter((term) => term.text.length > 0);
}

function termScore(entry: SearchableNote, term: Term): number {
  const { text } = term;
  let best = 0;
  for (const [position, tag] of entry.tags.entries()) {
    if (tag === text) return 10;
    if (tag.startsWith(text)) best = Math.max(best, 6);
    // Tags often join words: "#marine" finds "marine-biology", "biology" finds it too.
    else if (entry.tagWords[position]?.some((part) => part.startsWith(text))) {
      best = Math.max(best, 5);
    }
  }
  if (term.tagOnly) return best;
  for (const word of entry.titleWords) {
    if (word === text) best = Math.max(best, 8);
    else if (word.startsWith(text)) best = Math.max(best, 4);
  }
  if (!best && entry.title.includes(text)) best = 2;
  return best;
}

export interface SearchResults {
  /** The best matches, at most `limit`. */
  notes: IndexedNote[];
  /** How many notes matched in all. */
  matched: number;
  /** Every match's id, best first (for "select all matches"). */
  matchedIds: string[];
}

export function searchNotes(
  notes: readonly SearchableNote[],
  query: string,
  limit = 25,
): SearchResults {
  const terms = parseQuery(query);
  if (!terms.length) return { notes: [], matched: 0, matchedIds: [] };
  const phrase = fold(query.replace(/#/g, '').trim());
  const scored: Array<{ note: IndexedNote; score: number; touched: number }> = [];
  for (const entry of notes) {
    let score = 0;
    for (const term of terms) {
      const one = termScore(entry, term);
      if (!one) {
        score = 0;
        break;
      }
      score += one;
    }
    if (!score) continue;
    if (terms.length > 1 && entry.title.includes(phrase)) score += 3;
    scored.push({ note: entry.note, score, touched: entry.touched });
  }
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      b.touched - a.touched ||
      (a.note.id < b.note.id ? -1 : a.note.id > b.note.id ? 1 : 0),
  );
  return {
    notes: scored.slice(0, limit).map(({ note }) => note),
    matched: scored.length,
    matchedIds: scored.map(({ note }) => note.id),
  };
}
