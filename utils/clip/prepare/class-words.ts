import { isWhitespaceCode } from '../markdown/text';
import { hasText, holdsOnly, isHeading } from '../presence';

/**
 * Readability lowers the score of every element whose class says "widget": on the blogs it was
 * made on, widgets are the sidebar's blocks. Page builders (Elementor and its kind, on millions
 * of sites) call every block of the page a widget, the article's paragraphs and tables included,
 * so Readability keeps the one block that scores least badly and drops the sections around it.
 *
 * The signal is the page's own markup, not a builder's name: a class word that marks most of the
 * page's text cannot tell boilerplate from content. When the elements carrying it hold at least
 * half of the paragraphs' text, the word is rewritten in the clone (never on the live page) to
 * one Readability does not weigh. Only words that name a kind of component are judged so; role
 * words ("comment", "sidebar", "related") keep their meaning even where they hold most of the
 * text: a long discussion under a short post is still not the post.
 */
const COMPONENT_WORDS = ['widget'] as const;

/** Of the paragraphs' text, the share the word's elements must hold before it stops counting. */
const MOST_OF_THE_PAGE = 0.5;
/** Paragraphs looked at before the whole page is measured. */
const SAMPLE = 9;

/** Characters that are not white space: layout indentation must not tip the share. */
function visibleLength(text: string | null): number {
  let length = 0;
  const value = text ?? '';
  for (let index = 0; index < value.length; index += 1) {
    if (!isWhitespaceCode(value.charCodeAt(index))) length += 1;
  }
  return length;
}

function neutraliseWord(root: Element, word: string): void {
  const selector = `[class*="${word}" i]`;
  const paragraphs = root.getElementsByTagName('p');
  if (paragraphs.length === 0) return;
  // A few paragraphs spread over the page first: on most pages none of them sits in such an
  // element, and the rule costs a handful of ancestor checks instead of a match on every element.
  const step = Math.max(1, Math.floor(paragraphs.length / SAMPLE));
  let sampled = 0;
  let inside = 0;
  for (let index = 0; index < paragraphs.length; index += step) {
    sampled += 1;
    if (paragraphs[index]?.closest(selector)) inside += 1;
  }
  if (inside < sampled * MOST_OF_THE_PAGE) return;
  let text = 0;
  let markedText = 0;
  for (const paragraph of paragraphs) {
    const length = visibleLength(paragraph.textContent);
    text += length;
    if (paragraph.closest(selector)) markedText += length;
  }
  if (text === 0 || markedText < text * MOST_OF_THE_PAGE) return;
  const pattern = new RegExp(word, 'gi');
  for (const element of root.querySelectorAll(selector)) {
    element.setAttribute('class', (element.getAttribute('class') ?? '').replace(pattern, 'part'));
  }
}

/** Class words that mark most of the page made neutral, before Readability weighs classes. */
export function neutraliseCommonClassWords(root: Element): void {
  for (const word of COMPONENT_WORDS) neutraliseWord(root, word);
  neutraliseHeadingWrappers(root);
  // One pass over the page finds both kinds of class word; most pages have a few of each.
  const named: Element[] = [];
  const utility: Element[] = [];
  for (const element of Array.from(root.querySelectorAll(`${NAMED_HEADER}, ${UTILITY_SELECTOR}`))) {
    if (HEADER_WORD.test(`${element.getAttribute('class') ?? ''} ${element.id}`))
      named.push(element);
    if (UTILITY_WORD.test(element.getAttribute('class') ?? '')) utility.push(element);
  }
  neutraliseComponentHeaders(root, named);
  dropUtilityClasses(utility);
}

/**
 * Utility classes (Tailwind's, Bootstrap's) name a CSS property and its value, never what a
 * block is, yet Readability reads words inside them: `overflow-hidden` and `scroll-mt-20` weigh
 * a block down as hidden or scrolling chrome, `font-extrabold` drops it as "extra" before
 * anything is scored. On a Tailwind docs site every heading (`scroll-m-12`, for the fixed
 * header) and every tab group (`overflow-hidden`) went. Such tokens are taken off the copy's
 * classes, with any breakpoint or state prefix (`md:`, `group-hover:`); and a bare `hidden`
 * beside a breakpoint that shows the element (`hidden md:block`), which is hidden only on small
 * screens: whether an element is shown is the visibility walk's to say, from the page itself.
 * Runs after that walk, before Readability.
 */
// Case-sensitive: utility classes are written in lower case, and the case-blind match costs more.
const UTILITY_SELECTOR = '[class*="hidden"], [class*="scroll"], [class*="extra"]';
const UTILITY_TOKEN =
  /^(?:[\w[\]&=-]+:)*!?(?:overflow(?:-[xy])?-hidden|overscroll(?:-[xy])?-\w+|scroll-(?:[mp][trblxyse]?-[\w[\].-]+|smooth|auto)|scrollbar(?:-[\w-]+)?|font-extra(?:bold|light))$/i;
const SHOWN_AT_BREAKPOINT =
  /(?:^|\s)(?:sm|md|lg|xl|2xl):(?:block|flex|grid|inline|inline-block|inline-flex|table|contents)(?:\s|$)/;

const UTILITY_WORD = /hidden|scroll|extra/;

function dropUtilityClasses(elements: Element[]): void {
  for (const element of elements) {
    const className = element.getAttribute('class') ?? '';
    const tokens = className.split(/\s+/).filter(Boolean);
    const shownAtBreakpoint = SHOWN_AT_BREAKPOINT.test(className);
    const kept = tokens.filter(
      (token) => !UTILITY_TOKEN.test(token) && !(shownAtBreakpoint && token === 'hidden'),
    );
    if (kept.length !== tokens.length) element.setAttribute('class', kept.join(' '));
  }
}

const NAMED_HEADER = '[class*="header" i], [id*="header" i]';
const HEADER_WORD = /header/i;
/** A paragraph this long is the page's prose, not a label or a tagline. */
const PROSE_PARAGRAPH = 80;

/**
 * The same "header" word names the head of a component inside the article: a recipe card's
 * (its name, times and yield: Tasty Recipes' `tasty-recipes-entry-header`, Mediavine Create's
 * `mv-create-header`), a live blog post's (its time and title), a blog engine's section card
 * (Ghost's `kg-header-card`), a list's (its heading beside "Units" and "Scale" buttons).
 * Readability dropped each with the page's header, and the card lost its name and times, the
 * live blog every post's title. The page's header opens the page; a block so named that comes
 * after the page's first paragraph of prose, holds a section heading (h2 to h6; a site's name
 * or an article's headline is an h1) or a post's time (a live post without a title) and is
 * mostly not links (a site's header is its menu) is a component's head: its "header" is
 * rewritten in the clone. Other words Readability distrusts ("comment-header") keep it out.
 */
function neutraliseComponentHeaders(root: Element, named: Element[]): void {
  if (named.length === 0) return;
  // Looked for only once a block so named holds a section heading or a time: most pages' only
  // such blocks are their site header and a comment's.
  let prose: Element | null | undefined;
  for (const element of named) {
    if (isHeading(element)) continue;
    const heading = element.querySelector('h2, h3, h4, h5, h6');
    if (
      heading ? !hasText(heading) : !(element.querySelector('time[datetime]') && hasText(element))
    )
      continue;
    if (prose === undefined) prose = firstProse(root);
    if (!prose) return;
    // 4: DOCUMENT_POSITION_FOLLOWING (Node's constants are not globals in every DOM).
    if (!(prose.compareDocumentPosition(element) & 4) || element.contains(prose)) continue;
    if (linkedLength(element) * 2 >= visibleLength(element.textContent)) continue;
    const className = element.getAttribute('class');
    if (className) element.setAttribute('class', className.replace(/header/gi, 'part'));
    if (/header/i.test(element.id)) element.id = element.id.replace(/header/gi, 'part');
  }
}

/** The page's first paragraph of prose outside any block named "header". */
function firstProse(root: Element): Element | null {
  for (const paragraph of Array.from(root.getElementsByTagName('p'))) {
    if (visibleLength(paragraph.textContent) < PROSE_PARAGRAPH) continue;
    if (!paragraph.closest(NAMED_HEADER)) return paragraph;
  }
  return null;
}

/** The characters of the element's links, white space left out as visibleLength does. */
function linkedLength(element: Element): number {
  let linked = 0;
  for (const link of Array.from(element.getElementsByTagName('a'))) {
    linked += visibleLength(link.textContent);
  }
  return linked;
}

/**
 * Readability drops any element whose class or id says "header" as page chrome before it scores
 * anything. Documentation and design-system templates class each section heading so, or wrap
 * it in such a block (`<h2 class="Section-header">Create your endpoint</h2>`), so the article's
 * headings went. A section heading (h2 to h6) with content after it, and a block that holds
 * such a heading and nothing else, are that heading, not the page's header: their "header" is
 * rewritten in the clone. A site header's h1 (its name or logo) is left to Readability.
 */
function neutraliseHeadingWrappers(root: Element): void {
  for (const heading of Array.from(root.querySelectorAll('h2, h3, h4, h5, h6'))) {
    // The heading and the blocks around it that hold nothing else; most pages stop here, on a
    // heading with no "header" in its frame, having looked at a sibling or two.
    const frames: Element[] = [];
    for (
      let frame: Element | null = heading;
      frame && frame !== root;
      frame = frame.parentElement
    ) {
      frames.push(frame);
      if (!frame.parentElement || !holdsOnly(frame.parentElement, frame)) break;
    }
    const named = frames.filter((frame) =>
      /header/i.test(`${frame.getAttribute('class') ?? ''} ${frame.id}`),
    );
    if (named.length === 0 || !hasText(heading)) continue;
    if (!followedByProse(frames[frames.length - 1] as Element)) continue;
    for (const frame of named) {
      const className = frame.getAttribute('class');
      if (className) frame.setAttribute('class', className.replace(/header/gi, 'part'));
      if (/header/i.test(frame.id)) frame.id = frame.id.replace(/header/gi, 'part');
    }
  }
}

/**
 * Whether prose follows the heading in its section: after the outermost block that holds only
 * the heading, the first sibling with text, and that text mostly not links ("Most read" and
 * "Table of contents" head links to elsewhere). A heading that ends a block of its own with
 * something beside it (rustdoc's `<section class="method"><span class="rightside">Source</span>
 * <h4 class="code-header">…</h4></section>`, its description in the next block) is followed by
 * what follows that block, a few blocks up at most.
 */
const BLOCKS_UP_TO_PROSE = 3;

function followedByProse(frame: Element): boolean {
  let block: Element | null = frame;
  for (let up = 0; block && up <= BLOCKS_UP_TO_PROSE; up += 1, block = block.parentElement) {
    for (let next = block.nextElementSibling; next; next = next.nextElementSibling) {
      const length = visibleLength(next.textContent);
      if (length === 0) continue;
      return linkedLength(next) * 2 < length;
    }
  }
  return false;
}
