import { elementBeside } from '../../presence';
import { TASK_ATTRIBUTE, taskMarker } from '../structure';
import { classesOf, type OwnClassRule, ownClassRules } from './own-sheets';

/**
 * Lists nested as the reader sees them. Markdown nests a list by putting it inside an item, and
 * turndown indents only a list that sits in an `<li>`. Pages nest lists in two other ways a
 * browser draws the same:
 * - a list straight inside a list, after the item it belongs to (`<ul><li>a</li><ul>…</ul></ul>`:
 *   what older rich-text editors write and browsers indent), which came out as a second list at
 *   the same level ("1. a", "1. sub", "2. b");
 * - flat lists, one after the other, each level set by its left indent (a document published or
 *   exported from Google Docs: `<ul class="lst-kix_…-1">` whose items' class sets
 *   `margin-left:72pt` in the page's own sheet), which came out as separate lists, and a
 *   numbered list continued after its sub-list restarted at 1;
 * - one flat list whose items each carry their level: a class that numbers it (Quill's
 *   `<li class="ql-indent-1">`, Draft.js's `public-DraftStyleDefault-depth1`) or an inline left
 *   indent. Quill 2 writes every list as an `<ol>`, each item saying what it is
 *   (`data-list="bullet"`, `"ordered"`, `"checked"`): its bullet lists came out numbered.
 */

const LIST = new Set(['ul', 'ol']);
/** Indents closer than this are the same level: a step of nesting is 18pt to 40px and more. */
const LEVEL_STEP_PX = 12;
/**
 * A rule for a class that sets a left margin or padding, somewhere in a sheet's text: the class.
 * Shorthands (`margin:0`) are not looked for: a document editor sets a level's indent by its own
 * property, and nearly every rule of a site's sheet has a shorthand.
 */
const CLASS_INDENT_HINT = /\.([\w-]+)\s*\{[^{}]*(?:margin|padding)-(?:left|inline-start)\s*:/gi;
/** CSS lengths in pixels, as a browser counts them (an em as the default 16px). */
const PX_PER_UNIT: Record<string, number> = {
  px: 1,
  pt: 4 / 3,
  pc: 16,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  em: 16,
  rem: 16,
};

type Indent = { margin?: number; padding?: number };

/** Items that may carry their own level or kind; their lists are looked at, no others. */
const LEVELLED_ITEM =
  'li[class*="indent"], li[class*="depth"], li[style*="margin-left"], li[style*="padding-left"], li[data-list], li[data-checked], [data-checked] > li';
/** A class that numbers an item's level: `ql-indent-2`, `public-DraftStyleDefault-depth2`. */
const LEVEL_CLASS = /(?:^|[-_])(?:indent|depth)-?(\d{1,2})$/i;
/** A numbered level as an indent: browsers indent a level of a list by 40px. */
const LEVEL_PX = 40;
/**
 * What an item says it is: Quill 2's `data-list`, or a `data-checked` on the item (Tiptap) or its
 * list (Quill 1's checklists).
 */
const ITEM_KINDS: Record<string, { list: 'ul' | 'ol'; task?: 'x' | ' ' }> = {
  bullet: { list: 'ul' },
  ordered: { list: 'ol' },
  checked: { list: 'ul', task: 'x' },
  unchecked: { list: 'ul', task: ' ' },
};

/** Both ways of nesting, in the content that will be clipped; `doc` is the live page, for its sheets. */
export function nestLists(root: Element, doc: Document): void {
  nestListsInLists(root);
  nestLevelledItems(root);
  const runs = adjacentListRuns(root);
  if (runs.length === 0) return;
  const classIndents = indentClassesOfOwnSheets(doc, runs);
  for (const run of runs) nestByIndent(run, classIndents);
}

/** A list straight inside a list goes into the item before it; with no item before, it stays. */
function nestListsInLists(root: Element): void {
  for (const list of Array.from(root.querySelectorAll(':is(ul, ol) > :is(ul, ol)'))) {
    const item = list.previousElementSibling;
    if (item?.localName === 'li') item.append(list);
  }
}

/**
 * A list whose items carry their level (a class or an inline indent) or their kind (Quill 2's
 * `data-list`), rebuilt as nested lists: an item deeper than the one before goes into a list in
 * that item; one back at an earlier level continues that level's list when it is of the same kind
 * and starts a new one when not. A list whose items are all of one level and of its own kind is
 * left as it is.
 */
function nestLevelledItems(root: Element): void {
  const lists = new Set<Element>();
  for (const item of Array.from(root.querySelectorAll(LEVELLED_ITEM))) {
    const list = item.parentElement;
    if (list && LIST.has(list.localName)) lists.add(list);
  }
  for (const list of lists) {
    const items = Array.from(list.children).filter((child) => child.localName === 'li');
    const levels = items.map(itemLevel);
    const kinds = items.map(itemKind);
    const lowest = Math.min(...levels);
    const flat = levels.every((level) => level - lowest < LEVEL_STEP_PX);
    if (flat && kinds.every((kind) => !kind || (kind.list === list.localName && !kind.task)))
      continue;
    rebuildByLevel(list, items, levels, kinds);
  }
}

/** What the item says it is (ITEM_KINDS); undefined when it says nothing. */
function itemKind(item: Element): (typeof ITEM_KINDS)[string] | undefined {
  const said = ITEM_KINDS[item.getAttribute('data-list') ?? ''];
  if (said) return said;
  const checked =
    item.getAttribute('data-checked') ?? item.parentElement?.getAttribute('data-checked');
  if (checked === 'true') return ITEM_KINDS.checked;
  return checked === 'false' ? ITEM_KINDS.unchecked : undefined;
}

/** An item's level as an indent: its level class, else its inline left margin and padding. */
function itemLevel(item: Element): number {
  for (const name of classesOf(item)) {
    const level = LEVEL_CLASS.exec(name)?.[1];
    if (level !== undefined) return Number(level) * LEVEL_PX;
  }
  return ownIndent(item, new Map());
}

function rebuildByLevel(
  list: Element,
  items: Element[],
  levels: number[],
  kinds: Array<(typeof ITEM_KINDS)[string] | undefined>,
): void {
  const doc = list.ownerDocument;
  const start = list.getAttribute('start') ?? undefined;
  placeByLevel(
    items.map((item, index) => {
      const kind = kinds[index];
      // An item whose checkbox is already a marker (normalizeTaskLists) keeps that one.
      if (kind?.task && !item.querySelector(`[${TASK_ATTRIBUTE}]`)) {
        item.prepend(taskMarker(doc, kind.task === 'x'));
      }
      const tag = kind?.list ?? (list.localName as 'ul' | 'ol');
      // The page's start number goes to the list the first item opens.
      return {
        block: item,
        level: levels[index] as number,
        tag,
        start: index === 0 ? start : undefined,
        anchor: list,
      };
    }),
  );
  list.remove();
}

/**
 * Something to place in nested lists: an item (`tag` set: the kind of list it belongs in) or a
 * further paragraph of the item above it (no `tag`); its level as an indent in pixels; where a
 * list it opens at the top goes (before `anchor`), and the number such a list starts at.
 */
export type LevelledBlock = {
  block: Element;
  level: number;
  tag?: 'ul' | 'ol';
  start?: string;
  anchor: Element;
};

/**
 * Places items in nested lists by level, in order: an item deeper than the one before goes into a
 * list inside that item; one back at an earlier level continues that level's list when it is of
 * the same kind (so a numbered list counts on after its sub-list), and starts a new one when not.
 * A further paragraph goes into the item it is indented under; one indented under no item is
 * left where it is.
 */
export function placeByLevel(blocks: LevelledBlock[]): void {
  const open: { list: Element; level: number }[] = [];
  for (const { block, level, tag, start, anchor } of blocks) {
    while (open.length > 0 && (open.at(-1)?.level as number) - level >= LEVEL_STEP_PX) open.pop();
    if (!tag) {
      const item = open.at(-1)?.list.lastElementChild;
      item?.append(block);
      continue;
    }
    const top = open.at(-1);
    const sameLevel = top !== undefined && Math.abs(top.level - level) < LEVEL_STEP_PX;
    let list = sameLevel && top.list.localName === tag ? top.list : undefined;
    if (!list) {
      if (sameLevel) open.pop();
      list = block.ownerDocument.createElement(tag);
      if (tag === 'ol' && start && start !== '1') list.setAttribute('start', start);
      const parentItem = open.at(-1)?.list.lastElementChild;
      if (parentItem) {
        unwrapTextBlock(parentItem);
        parentItem.append(list);
      } else anchor.before(list);
      open.push({ list, level });
    }
    list.append(block);
  }
}

/**
 * An item whose text sits in one `<div>` (Draft.js writes `<li><div><span>…</span></div></li>`)
 * gets a sub-list: the div goes, its text stays. Readability makes such a div a paragraph, and
 * an item holding a paragraph and a list is a loose list in Markdown, with a blank line between
 * the item's text and its sub-list that the page never showed.
 */
function unwrapTextBlock(item: Element): void {
  const only = item.firstElementChild;
  if (only?.localName !== 'div' || only !== item.lastElementChild) return;
  if (only.querySelector('div, p, ul, ol, table, pre, blockquote, h1, h2, h3, h4, h5, h6')) return;
  only.replaceWith(...Array.from(only.childNodes));
}

/** Lists that follow each other with nothing but white space between: each run of two or more. */
function adjacentListRuns(root: Element): Element[][] {
  return adjacentRuns(Array.from(root.querySelectorAll('ul, ol'))).filter((run) => run.length > 1);
}

/**
 * The runs the candidates form, in document order: each candidate with the candidates that follow
 * it as siblings, with nothing but white space or comments between (a run may be one alone).
 */
export function adjacentRuns(candidates: Element[]): Element[][] {
  // Iterating a set skips what was deleted from it: a candidate joins one run only.
  const pending = new Set(candidates);
  const runs: Element[][] = [];
  for (const first of pending) {
    const run = [first];
    for (let next = nextIn(first, pending); next; next = nextIn(next, pending)) {
      run.push(next);
      pending.delete(next);
    }
    runs.push(run);
  }
  return runs;
}

/** The element right after this one, with only white space or comments between, if in `set`. */
function nextIn(element: Element, set: ReadonlySet<Element>): Element | undefined {
  const next = elementBeside(element, 'nextSibling');
  return next && set.has(next) ? next : undefined;
}

/**
 * The left indent each class of the page's own sheets sets, for the classes the runs' lists and
 * items carry: a later rule overrides an earlier one, property by property.
 */
function indentClassesOfOwnSheets(doc: Document, runs: Element[][]): Map<string, Indent> {
  const used = new Set<string>();
  for (const list of runs.flat()) {
    for (const element of [list, list.firstElementChild]) {
      for (const name of classesOf(element)) used.add(name);
    }
  }
  const indents = new Map<string, Indent>();
  if (used.size === 0) return indents;
  const rules: OwnClassRule[] = ownClassRules(
    doc,
    CLASS_INDENT_HINT,
    (name) => used.has(name),
    used,
  );
  for (const { classes, style } of rules) {
    const margin = cssPixels(style.marginLeft || style.marginInlineStart);
    const padding = cssPixels(style.paddingLeft || style.paddingInlineStart);
    if (margin === undefined && padding === undefined) continue;
    for (const name of classes) {
      if (!used.has(name)) continue;
      const entry = indents.get(name) ?? {};
      if (margin !== undefined) entry.margin = margin;
      if (padding !== undefined) entry.padding = padding;
      indents.set(name, entry);
    }
  }
  return indents;
}

/** A CSS length in pixels; undefined for what is not a plain length (a percentage, `auto`, a `calc`). */
export function cssPixels(value: string | undefined): number | undefined {
  const match = /^(-?(?:\d+\.?\d*|\.\d+))([a-z]*)$/i.exec(value?.trim() ?? '');
  if (!match) return undefined;
  const number = Number(match[1]);
  const unit = (match[2] ?? '').toLowerCase();
  if (!unit) return number === 0 ? 0 : undefined;
  const factor = PX_PER_UNIT[unit];
  return factor === undefined ? undefined : number * factor;
}

/** An element's own left margin plus padding: its inline style over its classes, as on screen. */
function ownIndent(element: Element, classIndents: ReadonlyMap<string, Indent>): number {
  const fromClasses: Indent = {};
  // Classes in the element's order stand in for the sheet's: a document editor writes one rule
  // per class, and a page setting the same side twice for one element is rare.
  for (const name of classesOf(element)) Object.assign(fromClasses, classIndents.get(name));
  const style = (element as HTMLElement).style;
  const margin =
    cssPixels(style?.marginLeft || style?.marginInlineStart) ?? fromClasses.margin ?? 0;
  const padding =
    cssPixels(style?.paddingLeft || style?.paddingInlineStart) ?? fromClasses.padding ?? 0;
  return margin + padding;
}

/** Where a list's items start: the list's own indent plus its first item's. */
function listIndent(list: Element, classIndents: ReadonlyMap<string, Indent>): number {
  const item = list.firstElementChild;
  return ownIndent(list, classIndents) + (item ? ownIndent(item, classIndents) : 0);
}

/**
 * A run of flat lists nested by indent, when the run has more than one level: a list indented
 * deeper than the one before goes into that list's last item; one back at an earlier level of the
 * same kind continues that list (its items join it, so a numbered list counts on); one at the same
 * level of another kind starts that level anew. A run whose lists all start at one indent is left
 * as the page wrote it: lists side by side are separate lists.
 */
function nestByIndent(run: Element[], classIndents: ReadonlyMap<string, Indent>): void {
  const indents = run.map((list) => listIndent(list, classIndents));
  const lowest = Math.min(...indents);
  if (!indents.some((indent) => indent - lowest >= LEVEL_STEP_PX)) return;
  const anchor = run[0] as Element;
  placeByLevel(
    run.flatMap((list, index) =>
      Array.from(list.children)
        .filter((child) => child.localName === 'li')
        .map((item, position) => ({
          block: item,
          level: indents[index] as number,
          tag: list.localName as 'ul' | 'ol',
          start: position === 0 ? (list.getAttribute('start') ?? undefined) : undefined,
          anchor,
        })),
    ),
  );
  for (const list of run) list.remove();
}
