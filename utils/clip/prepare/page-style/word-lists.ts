import { adjacentRuns, cssPixels, type LevelledBlock, placeByLevel } from './lists';

/**
 * Microsoft Word's lists as lists. Word writes no `<ul>` or `<ol>` when it saves a document as a
 * web page, and neither does Outlook in the mail it sends (which then shows in webmail): each item
 * is a paragraph (`<p class=MsoListParagraphCxSpFirst style='margin-left:1.0in;text-indent:-.25in;
 * mso-list:l0 level2 lfo1'>`) that starts with its own bullet or number, a character in a symbol
 * font and a run of no-break spaces (`<span style='mso-list:Ignore'>·&nbsp;&nbsp;…</span>`). A
 * note showed them as paragraphs starting "·", "o" or "§" (the Symbol, Courier and Wingdings
 * bullets as text), or "1\." with the number escaped, and every level at one level.
 *
 * Such a paragraph is known by Word's own marks: its `mso-list` style (levels from "levelN"), or,
 * in the "filtered" HTML that drops those, the class Word gives list paragraphs (the level then
 * from its left margin). Its leading marker becomes the list's kind: a number or letter followed
 * by "." or ")" is a numbered list, anything else a bullet.
 */

/** Word's list paragraphs; Gmail prefixes a mail's classes (`m_-123MsoListParagraph`), hence `*=`. */
const WORD_LIST_PARAGRAPH = 'p[style*="mso-list"], p[class*="MsoListParagraph"]';
/** The level a full Word page writes: `mso-list:l0 level2 lfo1`. */
const MSO_LEVEL = /mso-list\s*:\s*l\d+\s+level(\d+)/i;
/** The marker Word writes before an item, in the span it tells itself to skip when editing. */
const MARKER_SPAN = 'span[style*="mso-list:Ignore"], span[style*="mso-list: Ignore"]';
/**
 * A marker at the start of a paragraph's text, ended by white space: a numbering token (1. a)
 * iv. 2.3. (4)), or one short symbol (Word's bullets are characters of symbol fonts: "·", "o",
 * "§", "Ø", "ü"; other editors' are "•", "–", "▪"). Two characters at most, so a word is never one.
 */
const NUMBER_TOKEN = String.raw`\(?(?:\d{1,3}(?:\.\d{1,3})*|[a-z]|[ivxlcdm]{1,6})[.)]`;
const NUMBERING = new RegExp(`^${NUMBER_TOKEN}$`, 'i');
const LEADING_MARKER = new RegExp(`^[\\s\u00a0]*(${NUMBER_TOKEN}|\\S{1,2})[\\s\u00a0]+`, 'i');
/** A bullet's marker is a symbol or a letter of a symbol font, never a word or a digit. */
const BULLET = /^(?:[^\p{L}\p{N}]|[oOüØnqv§]){1,2}$/u;
/** Word indents a list paragraph by half an inch a level (the List Paragraph style's margin). */
const LEVEL_PX = 48;

type Item = { paragraph: Element; depth: number; kind?: 'ul' | 'ol'; start?: string };

/** Turns each run of Word's list paragraphs in `root` into lists, nested by level. */
export function wordListParagraphs(root: Element): void {
  const paragraphs = Array.from(root.querySelectorAll(WORD_LIST_PARAGRAPH));
  if (paragraphs.length === 0) return;
  for (const run of adjacentRuns(paragraphs)) buildLists(run.map(itemOf));
}

/** A list paragraph's level (as an indent) and marker; the marker is taken out of its text. */
function itemOf(paragraph: Element): Item {
  const style = paragraph.getAttribute('style') ?? '';
  const level = MSO_LEVEL.exec(style)?.[1];
  const listParagraph = level !== undefined || /MsoListParagraph/.test(paragraph.className);
  const margin = cssPixels(/margin-left\s*:\s*([^;]+)/i.exec(style)?.[1]);
  // A paragraph Word takes out of a list (`mso-list:none`) has no marker to take.
  if (!listParagraph) return { paragraph, depth: margin ?? 0 };
  const depth = level ? Number(level) * LEVEL_PX : (margin ?? LEVEL_PX);
  const marker = takeMarker(paragraph);
  if (marker === undefined) return { paragraph, depth };
  if (NUMBERING.test(marker)) {
    return { paragraph, depth, kind: 'ol', start: /^\(?(\d+)/.exec(marker)?.[1] };
  }
  return { paragraph, depth, kind: 'ul' };
}

/** The item's marker, removed from the paragraph; undefined when it has none (a paragraph of an item). */
function takeMarker(paragraph: Element): string | undefined {
  const span = paragraph.querySelector(MARKER_SPAN);
  if (span) {
    const marker = (span.textContent ?? '').replace(/[\s\u00a0]+/g, '');
    span.remove();
    return marker;
  }
  const match = LEADING_MARKER.exec(paragraph.textContent ?? '');
  const marker = match?.[1];
  if (!match || !marker || !(NUMBERING.test(marker) || BULLET.test(marker))) return undefined;
  // A letter of a symbol font ("o", "§") is a marker only with Word's no-break spaces after it:
  // "o" and "n" are words too.
  if (/\p{L}/u.test(marker) && !NUMBERING.test(marker) && !match[0].includes('\u00a0'))
    return undefined;
  removeLeadingCharacters(paragraph, match[0].length);
  return marker;
}

/** Removes the first `count` characters of an element's text, across its text nodes. */
function removeLeadingCharacters(element: Element, count: number): void {
  // 4: text nodes (NodeFilter is not a global in every DOM implementation).
  const walker = element.ownerDocument.createTreeWalker(element, 4);
  let left = count;
  for (let node = walker.nextNode(); node && left > 0; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    node.nodeValue = text.slice(Math.min(left, text.length));
    left -= text.length;
  }
}

/**
 * A run of list paragraphs as lists, in the run's place, nested by level (placeByLevel). A
 * paragraph with no marker is a further paragraph of the item it is indented under; one indented
 * under no item stays a paragraph, where it was.
 */
function buildLists(run: Item[]): void {
  const blocks: LevelledBlock[] = run.map(({ paragraph, depth, kind, start }) => {
    if (!kind) return { block: paragraph, level: depth, anchor: paragraph };
    const item = paragraph.ownerDocument.createElement('li');
    item.append(...Array.from(paragraph.childNodes));
    return { block: item, level: depth, tag: kind, start, anchor: paragraph };
  });
  placeByLevel(blocks);
  // An item's paragraph is empty now; a further paragraph moved into its item, or stayed.
  for (const { paragraph, kind } of run) if (kind) paragraph.remove();
}
