/**
 * Text-fragment links (`#:~:text=…`, WICG "URL Fragment Text Directives") that find a quoted
 * passage again. Pure functions over the page's text as measure.ts reads it in the page:
 * visible text, whitespace collapsed to one space, and a `\n` between blocks, because a browser
 * matches each of a directive's strings inside one block only.
 *
 * The builder checks each candidate with `resolveTextDirective`, a model of the spec's "find a
 * range from a text directive" over that text, and keeps the first whose first match is the
 * user's passage: context (`prefix-,` / `,-suffix`) is only added when the bare text would
 * first match elsewhere on the page.
 */

export interface TextDirective {
  prefix?: string;
  start: string;
  end?: string;
  suffix?: string;
}

/** A selection longer than this (in characters) is linked by its first and last words. */
export const LONG_SELECTION = 120;
/** Words of context tried before and after; past this the link names the text alone. */
const MAX_CONTEXT_WORDS = 6;
const EDGE_WORD_STEPS = [3, 5, 8, 12];

const WORD = /[\p{L}\p{N}\p{M}_]/u;

function isWordChar(character: string | undefined): boolean {
  return character !== undefined && WORD.test(character);
}

function isSpace(character: string | undefined): boolean {
  return character === ' ' || character === '\n';
}

/** Lowercased code unit by code unit, so offsets stay those of the page text. */
function foldCase(text: string): string {
  let out = '';
  for (const character of text) {
    const lower = character.toLowerCase();
    out += lower.length === character.length ? lower : character;
  }
  return out;
}

/** A word boundary sits between a word character and anything else (or an end of the text). */
function atBoundary(text: string, index: number): boolean {
  return !isWordChar(text[index - 1]) || !isWordChar(text[index]);
}

interface SearchText {
  text: string;
  folded: string;
}

/** First match of `query` at or after `from` (case-insensitive), with the word bounds asked. */
function findText(
  page: SearchText,
  query: string,
  from: number,
  startBounded: boolean,
  endBounded: boolean,
): number {
  const needle = foldCase(query);
  if (!needle) return -1;
  for (let index = page.folded.indexOf(needle, from); index >= 0; ) {
    const ok =
      (!startBounded || atBoundary(page.text, index)) &&
      (!endBounded || atBoundary(page.text, index + needle.length));
    if (ok) return index;
    index = page.folded.indexOf(needle, index + 1);
  }
  return -1;
}

function skipSpace(text: string, index: number): number {
  let at = index;
  while (isSpace(text[at])) at += 1;
  return at;
}

/**
 * Where a browser's text search lands for this directive: [start, end) in the page text, or null
 * when it finds nothing. Follows the spec's algorithm: each prefix match must be followed (after
 * whitespace) by textStart; textEnd is the first match after textStart; a suffix must follow the
 * match (after whitespace), else the search goes on.
 */
export function resolveTextDirective(
  pageText: string,
  directive: TextDirective,
): [number, number] | null {
  const page: SearchText = { text: pageText, folded: foldCase(pageText) };
  const { prefix, start, end, suffix } = directive;
  const startEndsAtWord = end !== undefined || suffix === undefined;
  let searchFrom = 0;
  while (searchFrom < pageText.length) {
    let matchStart: number;
    if (prefix !== undefined) {
      const prefixAt = findText(page, prefix, searchFrom, true, false);
      if (prefixAt < 0) return null;
      searchFrom = prefixAt + 1;
      const after = skipSpace(pageText, prefixAt + prefix.length);
      if (after >= pageText.length) return null;
      const found = findText(page, start, after, true, startEndsAtWord);
      if (found < 0) return null;
      if (found !== after) continue;
      matchStart = found;
    } else {
      const found = findText(page, start, searchFrom, true, startEndsAtWord);
      if (found < 0) return null;
      searchFrom = found + 1;
      matchStart = found;
    }
    let matchEnd = matchStart + start.length;
    let endFrom = matchEnd;
    while (endFrom < pageText.length || end === undefined) {
      if (end !== undefined) {
        const endAt = findText(page, end, endFrom, true, suffix === undefined);
        if (endAt < 0) return null;
        matchEnd = endAt + end.length;
      }
      if (suffix === undefined) return [matchStart, matchEnd];
      const suffixFrom = skipSpace(pageText, matchEnd);
      const suffixAt = findText(page, suffix, suffixFrom, false, true);
      if (suffixAt < 0) return null;
      if (suffixAt === suffixFrom) return [matchStart, matchEnd];
      if (end === undefined) break;
      endFrom = matchEnd;
    }
  }
  return null;
}

/**
 * The passage widened to whole words and without the whitespace at its ends: a browser only
 * matches directive text at word boundaries.
 */
export function wholeWords(pageText: string, from: number, to: number): [number, number] {
  let start = Math.max(0, Math.min(from, pageText.length));
  let end = Math.max(start, Math.min(to, pageText.length));
  while (start < end && isSpace(pageText[start])) start += 1;
  while (end > start && isSpace(pageText[end - 1])) end -= 1;
  while (start > 0 && isWordChar(pageText[start - 1]) && isWordChar(pageText[start])) start -= 1;
  while (end < pageText.length && isWordChar(pageText[end - 1]) && isWordChar(pageText[end])) {
    end += 1;
  }
  return [start, end];
}

/** Up to `count` words of the block from `from` onwards ending where the text (or block) ends. */
function wordsForward(text: string, from: number, count: number, limit: number): number {
  let at = from;
  for (let words = 0; words < count && at < limit; ) {
    if (text[at] === '\n') break;
    at += 1;
    if (at >= limit || text[at] === ' ' || text[at] === '\n') words += 1;
  }
  return Math.min(at, limit);
}

function wordsBackward(text: string, to: number, count: number, limit: number): number {
  let at = to;
  for (let words = 0; words < count && at > limit; ) {
    if (text[at - 1] === '\n') break;
    at -= 1;
    if (at <= limit || text[at - 1] === ' ' || text[at - 1] === '\n') words += 1;
  }
  return Math.max(at, limit);
}

/**
 * Context words before `index`, from its own block or, at a block's start, from the end of the
 * block before: a browser skips the whitespace (and block boundary) between context and text,
 * but matches each string inside one block. Undefined when there is nothing before.
 */
function contextBefore(text: string, index: number, words: number): string | undefined {
  let to = index;
  while (to > 0 && isSpace(text[to - 1])) to -= 1;
  if (to === 0) return undefined;
  const from = wordsBackward(text, to, words, 0);
  const context = text.slice(from, to).trim();
  return context || undefined;
}

function contextAfter(text: string, index: number, words: number): string | undefined {
  let from = index;
  while (from < text.length && isSpace(text[from])) from += 1;
  if (from >= text.length) return undefined;
  const to = wordsForward(text, from, words, text.length);
  const context = text.slice(from, to).trim();
  return context || undefined;
}

/**
 * The directive for the passage [from, to) of the page text, built to find that passage first.
 * The passage is widened to whole words; a long one, or one across blocks, is named by its first
 * and last words. When nothing tried is unique, the most specific candidate is returned (the link
 * still opens the page).
 */
export function buildTextDirective(pageText: string, from: number, to: number): TextDirective {
  const [start, end] = wholeWords(pageText, from, to);
  const passage = pageText.slice(start, end);
  const candidates: Array<{ start: string; end?: string }> = [];
  const firstBreak = passage.indexOf('\n');
  const lastBreak = passage.lastIndexOf('\n');
  if (firstBreak < 0 && passage.length <= LONG_SELECTION) {
    candidates.push({ start: passage });
  } else {
    const firstBlockEnd = firstBreak < 0 ? end : start + firstBreak;
    const lastBlockStart = lastBreak < 0 ? start : start + lastBreak + 1;
    for (const words of EDGE_WORD_STEPS) {
      const startTo = wordsForward(pageText, start, words, firstBlockEnd);
      const endFrom = Math.max(wordsBackward(pageText, end, words, lastBlockStart), startTo);
      const startText = pageText.slice(start, startTo).trim();
      const endText = pageText.slice(endFrom, end).trim();
      if (!startText) continue;
      candidates.push(endText ? { start: startText, end: endText } : { start: startText });
    }
    // A single block short enough to name whole is the last resort before context.
    if (firstBreak < 0) candidates.push({ start: passage });
  }
  let fallback: TextDirective = candidates[0] ?? { start: passage };
  for (let words = 0; words <= MAX_CONTEXT_WORDS; words += 1) {
    const prefix = words ? contextBefore(pageText, start, words) : undefined;
    const suffix = words ? contextAfter(pageText, end, words) : undefined;
    for (const candidate of candidates) {
      const directive: TextDirective = {
        ...(prefix !== undefined && { prefix }),
        ...candidate,
        ...(suffix !== undefined && { suffix }),
      };
      const found = resolveTextDirective(pageText, directive);
      if (found && found[0] === start && found[1] === end) return directive;
      fallback = directive;
    }
    // Asking for more context than the block holds adds nothing new.
    if (words && prefix === undefined && suffix === undefined) break;
  }
  return fallback;
}

/** Percent-encoding for a directive's part: `encodeURIComponent` plus `-`, which the spec reserves. */
export function encodeDirectivePart(text: string): string {
  return encodeURIComponent(text).replace(/-/g, '%2D');
}

export function directiveText(directive: TextDirective): string {
  const parts = [
    ...(directive.prefix !== undefined ? [`${encodeDirectivePart(directive.prefix)}-`] : []),
    encodeDirectivePart(directive.start),
    ...(directive.end !== undefined ? [encodeDirectivePart(directive.end)] : []),
    ...(directive.suffix !== undefined ? [`-${encodeDirectivePart(directive.suffix)}`] : []),
  ];
  return `text=${parts.join(',')}`;
}

/**
 * The page's address with the directive as its fragment: any fragment the address had is dropped
 * (a fragment directive follows `#:~:`, and an old anchor would only compete with it). Undefined
 * for what is not an http(s) address: only web pages get a link.
 */
export function textFragmentUrl(pageUrl: string, directive: TextDirective): string | undefined {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  return `${url.href}#:~:${directiveText(directive)}`;
}
