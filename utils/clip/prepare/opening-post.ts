import { foldedKey } from '../markdown/text';
import { CHROME_SELECTOR } from './structure';

/**
 * A discussion's note holds the discussion: its opening post (the question, the issue, the post
 * a thread answers) and, unless the user asked for none, its replies. When a site module knows
 * the site but not the page's markup (a redesign), the generic engine reads the page, and
 * Readability keeps the block with the most prose: on a thread that is often the replies, or one
 * long answer without its question, or a long post without its replies. These helpers tell
 * whether the article Readability chose covers the discussion: how much of the page's prose,
 * after its main heading, lies before the article's first prose and after its last.
 */

/**
 * Prose the article may leave out above its start, or below its end, before part of the
 * discussion counts as left out: a line of facts ("asked 1 year, 6 months ago") fits, a post of
 * a sentence or two does not.
 */
const SKIPPED_PROSE_LIMIT = 40;

/**
 * Letters a text needs to count as prose, with at most one digit for three letters: dates and
 * counts ("8:14 AM (2 hours ago)", "Published 9 February 2026 at 19:47") are facts, not the
 * post. Counted in letters, not words, so that Chinese or Japanese prose (no spaces between
 * words) counts the same.
 */
const PROSE_LETTERS = 12;

const SKIPPED = `a, h1, h2, h3, h4, h5, h6, script, style, ${CHROME_SELECTOR}`;

/**
 * A text of the page as letters and digits (foldedKey: the page's and the article's copy of a
 * text read the same whatever white space cleaning did), and how many letters it has.
 */
export interface ProseRun {
  text: string;
  letters: number;
}

function proseRun(text: string): ProseRun | undefined {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const digits = text.match(/\p{N}/gu)?.length ?? 0;
  if (letters < PROSE_LETTERS || digits * 3 > letters) return undefined;
  return { text: foldedKey(text), letters };
}

/**
 * The text nodes under `root` that are prose, in order, outside links, headings and the page's
 * chrome (only those after `after`, when given), each with its run.
 */
function* proseNodes(root: Element, after: Element | null): Generator<[Text, ProseRun]> {
  // 4: text nodes (NodeFilter is not a global in every DOM implementation).
  const walker = root.ownerDocument.createTreeWalker(root, 4);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (after && !((after.compareDocumentPosition(node) & 4) /* following */)) continue;
    const parent = node.parentElement;
    if (!parent || parent.closest(SKIPPED)) continue;
    const run = proseRun(node.nodeValue ?? '');
    if (run) yield [node as Text, run];
  }
}

/** The prose texts under `root` in order, outside links, headings and the page's chrome. */
function proseRuns(root: Element, after: Element | null): ProseRun[] {
  return Array.from(proseNodes(root, after), ([, run]) => run);
}

/**
 * A discussion clipped as a whole page starts with the block that holds its main heading and
 * the prose after it (the opening post, with its byline, community and date, which pages often
 * draw above the title): what the page draws before that block (the site's name, "Log in",
 * "Sign up for free", a column of links) is the site's, the premise proseAfterHeading reads the
 * discussion by. Only when that part holds no more than a line of prose: a page whose first h1
 * sits below the discussion (a sidebar's "About this community") keeps everything.
 */
export function dropLeadBeforeMainHeading(root: Element): void {
  const heading = root.getElementsByTagName('h1')[0];
  if (!heading) return;
  const firstProse = proseNodes(root, heading).next().value?.[0];
  if (!firstProse) return;
  let block: Element | null = heading.parentElement;
  while (block && block !== root && !block.contains(firstProse)) block = block.parentElement;
  if (!block || block === root) return;
  let before = 0;
  for (const [node, run] of proseNodes(root, null)) {
    if (!((block.compareDocumentPosition(node) & 2) /* preceding */)) break;
    before += run.letters;
    if (before > SKIPPED_PROSE_LIMIT) return;
  }
  for (let node: Element = block; node !== root && node.parentElement; node = node.parentElement) {
    while (node.previousSibling) node.previousSibling.remove();
  }
}

/**
 * The page's prose after its main heading (its first h1; all of it without one), read on the
 * prepared page before Readability takes it apart.
 */
export function proseAfterHeading(root: Element): ProseRun[] {
  return proseRuns(root, root.getElementsByTagName('h1')[0] ?? null);
}

/**
 * Whether the article leaves part of the discussion out: more than a line of the page's prose
 * lies between the page's main heading and the article's first prose (the opening post), or,
 * when the replies are wanted, after the article's last prose, or between the two (Readability
 * keeps siblings by their own score, so a short reply, or one heavy with links, can drop out of
 * the middle of a thread it otherwise kept). An article whose first prose is not found in the
 * page (rewritten text, an article from above the heading) is not judged.
 */
export function leavesOutDiscussion(
  page: readonly ProseRun[],
  article: Element,
  replies: boolean,
): boolean {
  const runs = proseRuns(article, null);
  const first = runs[0];
  const last = runs[runs.length - 1];
  if (!first || !last) return false;
  const start = page.findIndex((run) => run.text.includes(first.text));
  if (start === -1) return false;
  const lettersOf = (part: readonly ProseRun[]) => part.reduce((sum, run) => sum + run.letters, 0);
  if (lettersOf(page.slice(0, start)) > SKIPPED_PROSE_LIMIT) return true;
  if (!replies) return false;
  const end = page.findIndex((run, index) => index >= start && run.text.includes(last.text));
  if (end === -1) return false;
  if (lettersOf(page.slice(end + 1)) > SKIPPED_PROSE_LIMIT) return true;
  return lettersMissing(page.slice(start, end + 1), runs) > SKIPPED_PROSE_LIMIT;
}

/**
 * Letters of `page` runs the article's runs do not hold, counted up to just past the limit.
 * Most kept runs are the same text node on both sides (a set finds them); a run the set misses
 * is looked for in the article's whole text, since cleaning can split or join text nodes. That
 * search runs only until the count passes the limit, so a long thread costs a few scans at most.
 */
function lettersMissing(page: readonly ProseRun[], article: readonly ProseRun[]): number {
  const kept = new Set(article.map((run) => run.text));
  let whole: string | undefined;
  let missing = 0;
  for (const run of page) {
    if (kept.has(run.text)) continue;
    whole ??= article.map((part) => part.text).join('');
    if (whole.includes(run.text)) continue;
    missing += run.letters;
    if (missing > SKIPPED_PROSE_LIMIT) break;
  }
  return missing;
}
