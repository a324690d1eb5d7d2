/**
 * Whether a site module's reading left out most of the prose the page shows.
 *
 * A module finds a page's parts by the site's class names and test ids. When the site renames
 * one of them (the comment list's, say) but not the others, the module still finds the post and
 * returns a note that looks whole: the issue without its comments, the thread without its
 * replies. Nothing tells the user. Measured on the modules' own fixtures with a share of their
 * class names, ids and test ids removed at random, that happened on one page in seven: the note
 * kept the opening post and none of the discussion. The generic engine, which reads the page by
 * its text, then does better (it keeps the replies or clips the whole page, and says so).
 *
 * The signal is the page's own prose: paragraphs of the main region that the user can see. A
 * note that holds less than PROSE_SHARE_FLOOR of their text has lost most of what the page says.
 * Chrome written as paragraphs (a sign-in prompt, a disclaimer, a stub notice) stays well under
 * that share on every module's fixtures (the lowest: two thirds kept). Only used when the whole
 * discussion is asked for: with none or top-level comments the module leaves prose out on purpose.
 */

/** Below this share of the page's prose, by letters, the module's reading is not trusted. */
export const PROSE_SHARE_FLOOR = 0.4;
/** A paragraph counts from this many letters and digits: a byline or a button's caption is shorter. */
const PROSE_MIN = 60;
/** Enough paragraphs to judge by, so the check costs the same on a thread of any length. */
const PARAGRAPHS_READ = 400;
/** How much of a paragraph's start (or end) must be in the note: a module may rewrite the middle (a mention, a formula). */
const PROBE = 40;

const OUTSIDE_CONTENT =
  'nav, header, footer, aside, [role="navigation"], [role="complementary"], [role="banner"], [role="contentinfo"], [hidden], [aria-hidden="true"], template, noscript, details:not([open])';

/** Letters and digits only, lowercased: the note's Markdown and the page differ in spacing and marks. */
function letters(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function isProse(paragraph: Element, text: string): boolean {
  if (text.length < PROSE_MIN) return false;
  // A line holding a time is the post's byline ("u_readalot 47 points · 2 hours ago"), which a
  // module writes in a header of its own.
  if (paragraph.querySelector('time') || paragraph.closest(OUTSIDE_CONTENT)) return false;
  let linked = 0;
  for (const link of Array.from(paragraph.getElementsByTagName('a')))
    linked += letters(link.textContent ?? '').length;
  return linked <= text.length / 2;
}

function shown(element: Element): boolean {
  // In the browser, a paragraph the style sheet hides (a collapsed comment, a closed menu) is
  // not what the user sees; jsdom has no layout, and the attribute rules above stand in.
  const check = (element as Element & { checkVisibility?: () => boolean }).checkVisibility;
  return typeof check !== 'function' || check.call(element);
}

export function leavesOutPageProse(doc: Document, content: Element): boolean {
  const region = doc.querySelector('main, [role="main"]') ?? doc.body;
  if (!region) return false;
  const note = letters(content.textContent ?? '');
  let total = 0;
  let kept = 0;
  const paragraphs = region.getElementsByTagName('p');
  const count = Math.min(paragraphs.length, PARAGRAPHS_READ);
  for (let index = 0; index < count; index += 1) {
    const paragraph = paragraphs[index] as Element;
    const text = letters(paragraph.textContent ?? '');
    if (!isProse(paragraph, text) || !shown(paragraph)) continue;
    total += text.length;
    if (note.includes(text.slice(0, PROBE)) || note.includes(text.slice(-PROBE)))
      kept += text.length;
  }
  return total > 0 && kept < total * PROSE_SHARE_FLOOR;
}
