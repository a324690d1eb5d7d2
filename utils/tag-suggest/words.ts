/**
 * Words compared the same way in any language: Unicode-normalised, accents and case folded, and
 * two forms of one word matched by a shared stem (a long common beginning) rather than by a
 * language's suffix rules, so "Élections" matches the tag "election" and "Ukrainian" matches
 * "ukraine" without a word list.
 */

/** Lowercase, compatibility forms unified, combining marks (accents) dropped. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Letters and digits in runs; a tag such as "machine-learning" or "web_dev" gives two words. */
export function wordsOf(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Scripts written without spaces: a "word" there is a whole phrase, so tags match inside it. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

export function isUnspaced(word: string): boolean {
  return UNSPACED.test(word);
}

/** Shorter words must match exactly: "art" is not "article". */
const MIN_STEM = 4;
/** How much longer than the shared beginning either word may run ("program" / "programming"). */
const MAX_ENDING = 4;

/** Two folded words are forms of one word: equal, or sharing a stem both nearly consist of. */
export function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter < MIN_STEM) return false;
  let common = 0;
  while (common < shorter && a[common] === b[common]) common += 1;
  return (
    common >= MIN_STEM &&
    common >= shorter - 1 &&
    Math.max(a.length, b.length) - common <= MAX_ENDING
  );
}

/**
 * The words of some text, ready for many look-ups: bucketed by their first letters so a tag's
 * word is compared with a handful of words, not all of them.
 */
export class WordSet {
  private readonly buckets = new Map<string, Set<string>>();
  private readonly unspaced: string[] = [];

  constructor(texts: Iterable<string>) {
    for (const text of texts) {
      for (const word of wordsOf(text)) {
        if (isUnspaced(word)) this.unspaced.push(word);
        const key = word.slice(0, MIN_STEM);
        let bucket = this.buckets.get(key);
        if (!bucket) {
          bucket = new Set();
          this.buckets.set(key, bucket);
        }
        bucket.add(word);
      }
    }
  }

  get empty(): boolean {
    return this.buckets.size === 0;
  }

  /** Whether this folded word (of a tag) occurs here, in any form of its stem. */
  has(word: string): boolean {
    if (isUnspaced(word)) return this.unspaced.some((phrase) => phrase.includes(word));
    const bucket = this.buckets.get(word.slice(0, MIN_STEM));
    if (!bucket) return false;
    if (bucket.has(word)) return true;
    for (const candidate of bucket) if (sameStem(word, candidate)) return true;
    return false;
  }
}
