import { foldText, WordSet, wordsOf } from './words';

/**
 * Tag suggestions for a page, ranked from what is known locally: the tags given to other pages
 * of the same site, the tags whose words occur in the page's title and headings, the tags used
 * lately, and (to break ties and fill the list) how often each tag is used. Pure: nothing here
 * reads storage or the network, so the ranking can be measured outside a browser
 * (bench/account/tag-suggest.ts) and cannot send anything about the page anywhere.
 */

export interface TagCount {
  tag: string;
  count: number;
}

/** What the account says, from the notes index, the recent tags and the site tags. */
export interface TagAccount {
  /** Every tag in use with its number of notes, most used first. */
  tags: readonly TagCount[];
  /** Tags the user added lately, newest first. */
  recentTags: readonly string[];
  /** Tags of earlier notes from this page's site, and how many of them there are. */
  site?: { notes: number; tags: readonly TagCount[] } | undefined;
}

/** The page being clipped: the preview's title and its Markdown's headings. */
export interface PageWords {
  title: WordSet;
  headings: WordSet;
}

export interface Weights {
  /** Times the share of this site's notes that carry the tag. */
  site: number;
  /** Times the share of the tag's words found in the title. */
  title: number;
  /** Times the share of the tag's words found in the headings. */
  headings: number;
  /** For the newest recent tag, falling to nothing for the oldest. */
  recent: number;
  /** For the most used tag, in proportion to use. */
  popular: number;
}

/** Chosen on the tuning half of the corpus (bench/account/tag-suggest.md). */
export const DEFAULT_WEIGHTS: Weights = {
  site: 4,
  title: 3,
  headings: 1,
  recent: 1,
  popular: 0.5,
};

/** Suggestions shown at most. */
export const SUGGESTIONS_SHOWN = 8;
/**
 * Fewer before anything is typed: the list opens with the popup and pushes the Markdown down,
 * so it offers only the likeliest few.
 */
export const SUGGESTIONS_BEFORE_TYPING = 5;

/** Headings of a Markdown text (ATX `#` lines and setext underlines), in order. */
export function markdownHeadings(markdown: string, limit = 100): string[] {
  const headings: string[] = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length && headings.length < limit; index += 1) {
    const line = lines[index] ?? '';
    const atx = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (atx?.[1]) headings.push(atx[1]);
    else if (line.trim() && /^ {0,3}(?:=+|-+)[ \t]*$/.test(lines[index + 1] ?? '')) {
      headings.push(line.trim());
    }
  }
  return headings;
}

/** The page's words, read once per page (the ranking runs on every keystroke). */
export function pageWords(page: { title: string; headings: readonly string[] }): PageWords {
  return { title: new WordSet([page.title]), headings: new WordSet(page.headings) };
}

/** Share of a tag's words (ignoring one-letter ones) that occur in the words given. */
function wordShare(tagWords: readonly string[], words: WordSet | undefined): number {
  if (!words || !tagWords.length || words.empty) return 0;
  let found = 0;
  for (const word of tagWords) if (words.has(word)) found += 1;
  return found / tagWords.length;
}

export interface RankRequest {
  account: TagAccount;
  page?: PageWords | undefined;
  /** What the user typed so far: only tags containing it are offered. */
  typed?: string;
  /** Tags already on the note, never offered again. */
  chosen?: readonly string[];
  limit?: number;
  weights?: Weights;
}

/**
 * The tags to offer, best first. With nothing typed, every signal ranks; with text typed, only
 * tags containing it (accents and case aside) remain, those starting with it first.
 */
export function rankTags(request: RankRequest): string[] {
  const { account, page, typed = '', chosen = [], limit = SUGGESTIONS_SHOWN } = request;
  const weights = request.weights ?? DEFAULT_WEIGHTS;
  const query = foldText(typed.trim());
  const excluded = new Set(chosen.map(foldText));
  const scores = new Map<string, { tag: string; score: number; order: number }>();
  let order = 0;
  const credit = (tag: string, points: number) => {
    const key = foldText(tag);
    if (excluded.has(key) || (query && !key.includes(query))) return;
    const known = scores.get(key);
    if (known) known.score += points;
    else scores.set(key, { tag, score: points, order: order++ });
  };

  const site = account.site;
  if (site && site.notes > 0) {
    for (const { tag, count } of site.tags) credit(tag, (weights.site * count) / site.notes);
  }
  const recent = account.recentTags;
  for (const [index, tag] of recent.entries()) {
    credit(tag, (weights.recent * (recent.length - index)) / recent.length);
  }
  const most = account.tags[0]?.count ?? 0;
  for (const { tag, count } of account.tags) {
    const words = wordsOf(tag).filter((word) => word.length > 1);
    const text =
      weights.title * wordShare(words, page?.title) +
      weights.headings * wordShare(words, page?.headings);
    credit(tag, text + (most ? (weights.popular * count) / most : 0));
  }

  const ranked = [...scores.values()].sort((a, b) => b.score - a.score || a.order - b.order);
  const starting = query ? ranked.filter(({ tag }) => foldText(tag).startsWith(query)) : ranked;
  const inside = query ? ranked.filter(({ tag }) => !foldText(tag).startsWith(query)) : [];
  return [...starting, ...inside].slice(0, limit).map(({ tag }) => tag);
}
