import { pointsIntoPage } from '../markdown/urls';
import { lineText } from '../presence';

/**
 * Times a page writes relative to the moment it is read ("2h ago", "yesterday", "il y a 3
 * jours") are wrong in a note the moment it is saved, and more wrong every day after. A
 * `<time>` element carries its moment in `datetime`: where its words do not state that moment
 * (its year, its clock time, or its day with its month), they are relative, and
 * the note says the moment instead, in the page's language. Where the page shows the moment
 * beside them (a live blog's "2h ago" next to "14.05 GMT"), the relative words only go.
 *
 * A time inside a sentence is the author's prose ("we meet on Monday") and stays as written. A
 * permalink around a time that leads into the page (a live post's time, linking to the post) is
 * the post's time, not a link to follow: it is written as text, where a line that is only a link
 * went as clutter and took the time with it.
 */

/** A clock time in a `datetime` value ("2026-12-07T14:05", "2026-12-07 14:05:12Z"). */
const CLOCK = /\d[T ]\d{2}:\d{2}/;

/** Elements that sit inside a line: the time's block is the first ancestor that is none. */
const INLINE = new Set(
  'a abbr b bdi bdo cite data dfn em font i kbd mark q s small span strong sub sup time u'.split(
    ' ',
  ),
);

/**
 * Beside the time, this many characters at most: the time's own frame (its link, a span with the
 * clock time), not the post's header with a headline whose numbers say nothing of the moment.
 */
const FRAME_EXTRA = 40;

/**
 * Whether the time is part of a sentence: its block says more than a label and a clock time
 * beside it, links left out ("Posted 3 days ago", "2h ago 14.05 GMT", "by [name] [3 days ago] |
 * [6 comments]" are not; "The bakery reopens tomorrow, with…" is). Readability has turned many
 * a post's head into a paragraph by now, so the tag does not tell.
 */
function inProse(time: Element): boolean {
  let block = time.parentElement;
  while (block && INLINE.has(block.localName)) block = block.parentElement;
  if (!block) return false;
  // Links beside the time are a meta line's ("authored by [name] [3 days ago] | [6 comments]").
  let words = lineText(block).length;
  for (const link of Array.from(block.getElementsByTagName('a'))) words -= lineText(link).length;
  if (!time.closest('a')) words -= lineText(time).length;
  return words > FRAME_EXTRA;
}

interface Moment {
  date: Date;
  withClock: boolean;
}

function momentOf(time: Element): Moment | undefined {
  const value = (time.getAttribute('datetime') ?? '').trim();
  // A year and a month at least: a duration ("PT5M") or a bare year names no day.
  if (!/^\d{4}-\d{2}/.test(value)) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return { date, withClock: CLOCK.test(value) };
}

/**
 * Whether words state the moment: its year, its clock time (`writesMomentOut`), or its day of
 * the month with its month, as a number or by name in the page's language ("Dec 7", "7 déc.",
 * "7/12"), in UTC or the reader's zone. Relative words state none of them, in any language
 * ("2h ago", "3 days ago", "hier"), even where their number is the day's ("7h ago" on the 7th).
 */
function statesMoment(text: string, moment: Moment, language: string | undefined): boolean {
  if (writesMomentOut(text, moment, true)) return true;
  const numbers = (text.match(/\d+/g) ?? []).map(Number);
  const { date } = moment;
  const days = [date.getUTCDate(), date.getDate()];
  const day = numbers.findIndex((number) => days.includes(number));
  if (day < 0) return false;
  const months = [date.getUTCMonth() + 1, date.getMonth() + 1];
  if (numbers.some((number, index) => index !== day && months.includes(number))) return true;
  const lower = text.toLowerCase();
  return monthNames(date, language).some((name) => lower.includes(name));
}

/** The month's names in the page's language, long and short, lower-cased, without a final dot. */
function monthNames(date: Date, language: string | undefined): string[] {
  const names: string[] = [];
  for (const month of ['long', 'short'] as const) {
    for (const timeZone of ['UTC', undefined]) {
      const name = dateFormat(language, { month, timeZone }).format(date);
      names.push(name.toLowerCase().replace(/\.$/, ''));
    }
  }
  return names.filter((name) => name.length >= 3);
}

/**
 * The formats made so far, by language and options: building one costs far more than using it,
 * and a thread's times (each asking for four month names) all ask for the same few.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** A date format in the page's language, or the reader's where the page's `lang` is no tag. */
function dateFormat(
  language: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${language ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(language || undefined, options);
    } catch {
      format = new Intl.DateTimeFormat(undefined, options);
    }
    formats.set(key, format);
  }
  return format;
}

function written(moment: Moment, language: string | undefined): string {
  // A day alone is the page's day wherever the reader is: `new Date` reads it as midnight UTC.
  const options: Intl.DateTimeFormatOptions = moment.withClock
    ? { dateStyle: 'medium', timeStyle: 'short' }
    : { dateStyle: 'medium', timeZone: 'UTC' };
  return dateFormat(language, options).format(moment.date);
}

/** A clock time in words: "14.05", "2:05", "14h05". */
const CLOCK_WORDS = /(\d{1,2})\s*[:.hH]\s*(\d{2})(?!\d)/g;

/**
 * Whether the words write the moment out: its hour and minute (in UTC or the reader's zone, on
 * a 24- or 12-hour clock), or, for a day (or with `orYear`), its year. What the page writes
 * beside a relative time must say this much: a score ("42 points 2 days ago") is a number, not
 * the moment.
 */
function writesMomentOut(text: string, { date, withClock }: Moment, orYear = false): boolean {
  if (!withClock || orYear) {
    const year = String(date.getUTCFullYear());
    if (text.match(/\d+/g)?.includes(year)) return true;
    if (!withClock) return false;
  }
  const hours = [date.getUTCHours(), date.getHours()].flatMap((hour) => [hour, hour % 12 || 12]);
  const minutes = [date.getUTCMinutes(), date.getMinutes()];
  for (const [, hour, minute] of text.matchAll(CLOCK_WORDS))
    if (hours.includes(Number(hour)) && minutes.includes(Number(minute))) return true;
  return false;
}

/**
 * Whether the time's frame writes its moment out beside it: the page's own clock time. A frame
 * with more than a few words beside the time is not the time's own.
 */
function momentBeside(frame: Element, time: Element, moment: Moment): boolean {
  const beside = lineText(frame).length - lineText(time).length;
  if (beside > FRAME_EXTRA) return false;
  let text = '';
  const walker = frame.ownerDocument.createTreeWalker(frame, 4);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (!time.contains(node)) text += ` ${node.nodeValue ?? ''}`;
  return writesMomentOut(text, moment);
}

/**
 * The text nodes that hold the time's words: its own, beside a label it sets in an element
 * (`<time><strong>Published</strong> 1 day ago</time>`), or, when it has none, its only child's.
 */
function wordNodes(time: Element): Text[] {
  let holder: Element = time;
  for (;;) {
    const own = Array.from(holder.childNodes).filter(
      (node): node is Text => node.nodeType === 3 && (node.nodeValue ?? '').trim() !== '',
    );
    if (own.length > 0) return own;
    const only = holder.firstElementChild;
    if (!only || holder.children.length > 1) return [];
    holder = only;
  }
}

/**
 * Before Readability: a permalink around a time that leads into the page is the post's time, not
 * a link to follow. Readability drops a block that is all links, and the clutter rules a line
 * that is only one: the time went either way.
 */
export function unwrapTimePermalinks(root: Element, pageUrl: string): void {
  const times = root.getElementsByTagName('time');
  if (times.length === 0) return;
  for (const time of Array.from(times)) {
    const link = time.closest('a[href]');
    // A place in the page (`#block-…`, `?page=with:block-1#block-1` on the page's own address);
    // a link to the page as a whole (a status's own time on its page) is its address, and stays.
    if (
      link &&
      root.contains(link) &&
      pointsIntoPage(link.getAttribute('href') ?? '', pageUrl, pageUrl)
    )
      link.replaceWith(...Array.from(link.childNodes));
  }
}

/**
 * After Readability, on the content it chose and before the clutter rules: relative words
 * become the moment. Done later than the permalinks because the words' length is what
 * Readability weighs a block's links by: a longer date in a link to a comment changed which
 * blocks a discussion page kept.
 */
export function normalizeTimes(root: Element): void {
  const times = root.getElementsByTagName('time');
  if (times.length === 0) return;
  const language = root.ownerDocument.documentElement?.getAttribute('lang') ?? undefined;
  for (const time of Array.from(times)) {
    if (!root.contains(time) || inProse(time)) continue;
    const moment = momentOf(time);
    const text = (time.textContent ?? '').trim();
    if (!moment || !text || statesMoment(text, moment, language)) continue;
    const words = wordNodes(time);
    if (words.length === 0) continue;
    const frame = time.closest('a[href]') ?? time.parentElement;
    const replacement = frame && momentBeside(frame, time, moment) ? '' : written(moment, language);
    words.forEach((node, index) => {
      const value = node.nodeValue ?? '';
      node.nodeValue =
        index < words.length - 1 ? '' : `${/^\s*/.exec(value)?.[0] ?? ''}${replacement}`;
    });
  }
}
