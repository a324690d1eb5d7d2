import { blockOf } from './declared-body';
import { CHROME_SELECTOR } from './structure';

/**
 * A discussion's note starts with its opening post: the question, the issue, the post a thread
 * answers. When a site module knows the site but not the page's markup (a redesign), the generic
 * engine reads the page, and Readability keeps the block with the most prose, which on a thread
 * is often the replies or one long answer without the question. These helpers find the opening
 * post's first words on the prepared page, so the engine can tell whether the article it chose
 * holds them.
 */

/** Words of prose, not links, that make a block the opening post rather than a label or a byline. */
const SENTENCE_WORDS = 6;
/** How many of its first words are looked for: its own, and few enough to survive cleaning. */
const PROBE_WORDS = 8;

const SKIPPED = `a, h1, h2, h3, h4, h5, h6, script, style, ${CHROME_SELECTOR}`;

/** Letters and digits in runs, in lower case: markup, punctuation and spacing do not count. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * The first words of the first block after the page's main heading (its first h1; the top of the
 * page without one) that holds a sentence of text outside links, headings and the page's chrome.
 * Undefined when no block does.
 */
export function openingPostWords(root: Element): string[] | undefined {
  const heading = root.getElementsByTagName('h1')[0] ?? null;
  const counted = new Map<Element, number>();
  // 4: text nodes (NodeFilter is not a global in every DOM implementation).
  const walker = root.ownerDocument.createTreeWalker(root, 4);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (heading && !((heading.compareDocumentPosition(node) & 4) /* following */)) continue;
    const parent = node.parentElement;
    if (!parent || parent.closest(SKIPPED)) continue;
    const words = wordsOf(node.nodeValue ?? '').length;
    if (words === 0) continue;
    const block = blockOf(node, root);
    const total = (counted.get(block) ?? 0) + words;
    if (total >= SENTENCE_WORDS) return wordsOf(block.textContent ?? '').slice(0, PROBE_WORDS);
    counted.set(block, total);
  }
  return undefined;
}

/**
 * Whether `words` appear in a row in the element's text. Compared without the spaces between
 * them: elements often meet with none between their texts ("@mira.bsky.socialFifteen years").
 */
export function holdsWords(element: Element, words: readonly string[]): boolean {
  return wordsOf(element.textContent ?? '')
    .join('')
    .includes(words.join(''));
}
