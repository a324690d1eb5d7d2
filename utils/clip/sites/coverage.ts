import { foldedKey } from '../markdown/text';

/**
 * Whether a site module's reading left out most of the prose the page shows.
 *
 * A module finds a page's parts by the site's class names and test ids. When the site renames
 * one of them (the comment list's, say) but not the others, the module still finds the post and
 * returns a note that looks whole: the issue without its comments, the thread without its
 * replies, an X article with its pictures and not one paragraph. Nothing tells the user. The
 * generic engine, which reads the page by its text, then does better: it keeps the replies, or
 * clips the whole page and says so. bench/engine/site-drift.ts measures this: it clips the modules'
 * fixtures with a share of their class names, ids and test ids removed at random.
 *
 * The signal is the page's own prose: blocks of text in the main region that the user can see.
 * A note that holds less than PROSE_SHARE_FLOOR of their text has lost most of what the page
 * says. Chrome written as prose (a sign-in prompt, a disclaimer, a stub notice) keeps the share
 * well above that on every module's own fixtures (the lowest: 0.58, a chat whose hidden
 * reasoning jsdom cannot tell from shown text). Only used when the whole discussion is asked
 * for: with none or top-level comments the module leaves prose out on purpose.
 */

/** Below this share of the page's prose, by letters, the module's reading is not trusted. */
export const PROSE_SHARE_FLOOR = 0.4;
/** A block counts from this many letters and digits: a byline or a button's caption is shorter. */
const PROSE_MIN = 60;
/** Enough of the page to judge by, so the check costs the same on a thread of any length. */
const TEXT_NODES_READ = 20_000;
/** How much of a block's start (or end) must be in the note: a module may rewrite the middle (a mention, a formula). */
const PROBE = 40;

/**
 * What holds a paragraph's text. Sites write posts in `p`, in `div`s (X, Bluesky, Gmail) or in
 * custom elements inside a `div` (YouTube): the text of a block is all the text whose nearest
 * block ancestor it is, whatever the inline elements between.
 */
const BLOCK = new Set(
  'p div li blockquote td th dd dt section article figcaption h1 h2 h3 h4 h5 h6 main body'.split(
    ' ',
  ),
);
/** Text a module rewrites whole (code blocks, formulas) or that is no text at all. */
const NOT_PROSE =
  'pre, math, svg, style, script, noscript, template, textarea, button, select, option, .katex, mjx-container';
const OUTSIDE_CONTENT =
  'nav, header, footer, aside, [role="navigation"], [role="complementary"], [role="banner"], [role="contentinfo"], [hidden], [aria-hidden="true"], details:not([open])';

interface Block {
  text: string;
  linked: number;
}

/** The page's main region's text, by the block that holds it. */
function blocksOf(doc: Document, region: Element): Map<Element, Block> {
  const blocks = new Map<Element, Block>();
  // Found once, then recognised by identity while walking up: a selector matched against every
  // ancestor of every text was most of the check's time.
  const notProse = new Set(region.querySelectorAll(NOT_PROSE));
  // Text nodes come in runs under one parent (a paragraph's words between its links): where
  // the text belongs is worked out once per parent.
  const placeOf = new Map<Element, { block: Element; linked: boolean } | null>();
  const place = (parent: Element) => {
    let block: Element | undefined;
    let linked = false;
    for (let element: Element | null = parent; element; element = element.parentElement) {
      if (notProse.has(element)) return null;
      if (!block && element.localName === 'a') linked = true;
      if (!block && BLOCK.has(element.localName)) block = element;
      if (element === region) break;
    }
    return block ? { block, linked } : null;
  };
  const walker = doc.createTreeWalker(region, 4 /* NodeFilter.SHOW_TEXT */);
  for (let read = 0, node = walker.nextNode(); node && read < TEXT_NODES_READ; read += 1) {
    const parent = node.parentElement;
    let where = parent ? placeOf.get(parent) : null;
    if (parent && where === undefined) {
      where = place(parent);
      placeOf.set(parent, where);
    }
    // Placed before it is read: a page's inline script can hold a megabyte of data.
    const text = where ? foldedKey(node.nodeValue ?? '') : '';
    if (where && text) {
      const entry = blocks.get(where.block) ?? { text: '', linked: 0 };
      entry.text += text;
      if (where.linked) entry.linked += text.length;
      blocks.set(where.block, entry);
    }
    node = walker.nextNode();
  }
  return blocks;
}

function isProse(block: Element, { text, linked }: Block): boolean {
  if (text.length < PROSE_MIN || linked > text.length / 2) return false;
  // A line holding a time is the post's byline ("u_readalot 47 points · 2 hours ago"), which a
  // module writes in a header of its own.
  return (
    block.getElementsByTagName('time').length === 0 &&
    !block.closest(OUTSIDE_CONTENT) &&
    shown(block)
  );
}

function shown(element: Element): boolean {
  // In the browser, a block the style sheet hides (a collapsed comment, a closed menu) is not
  // what the user sees; jsdom has no layout, and the attribute rules above stand in.
  const check = (element as Element & { checkVisibility?: () => boolean }).checkVisibility;
  return typeof check !== 'function' || check.call(element);
}

export function leavesOutPageProse(doc: Document, content: Element): boolean {
  // By tag first: an attribute selector walks the whole page, which on a long thread costs more
  // than the rest of the check.
  const region =
    doc.getElementsByTagName('main')[0] ?? doc.querySelector('[role="main"]') ?? doc.body;
  if (!region) return false;
  const note = foldedKey(content.textContent ?? '');
  let total = 0;
  let kept = 0;
  for (const [block, entry] of blocksOf(doc, region)) {
    if (!isProse(block, entry)) continue;
    total += entry.text.length;
    if (note.includes(entry.text.slice(0, PROBE)) || note.includes(entry.text.slice(-PROBE)))
      kept += entry.text.length;
  }
  return total > 0 && kept < total * PROSE_SHARE_FLOOR;
}
