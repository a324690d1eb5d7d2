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
 *   numbered list continued after its sub-list restarted at 1.
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

/** Both ways of nesting, in the content that will be clipped; `doc` is the live page, for its sheets. */
export function nestLists(root: Element, doc: Document): void {
  nestListsInLists(root);
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

/** Lists that follow each other with nothing but white space between: each run of two or more. */
function adjacentListRuns(root: Element): Element[][] {
  const runs: Element[][] = [];
  const seen = new Set<Element>();
  for (const list of Array.from(root.querySelectorAll('ul, ol'))) {
    if (seen.has(list)) continue;
    const run = [list];
    for (let next = nextListAfter(list); next; next = nextListAfter(next)) {
      run.push(next);
      seen.add(next);
    }
    if (run.length > 1) runs.push(run);
  }
  return runs;
}

/** The list right after this one, with only white space or comments between, if any. */
function nextListAfter(list: Element): Element | undefined {
  for (let node = list.nextSibling; node; node = node.nextSibling) {
    if (node.nodeType === 8) continue;
    if (node.nodeType === 3 && !(node.textContent ?? '').trim()) continue;
    const element = node.nodeType === 1 ? (node as Element) : undefined;
    return element && LIST.has(element.localName) ? element : undefined;
  }
  return undefined;
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
    const margin = pixels(style.marginLeft || style.marginInlineStart);
    const padding = pixels(style.paddingLeft || style.paddingInlineStart);
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
function pixels(value: string | undefined): number | undefined {
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
  const margin = pixels(style?.marginLeft || style?.marginInlineStart) ?? fromClasses.margin ?? 0;
  const padding =
    pixels(style?.paddingLeft || style?.paddingInlineStart) ?? fromClasses.padding ?? 0;
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
  const open: { list: Element; indent: number }[] = [];
  run.forEach((list, index) => {
    const indent = indents[index] as number;
    while (open.length > 0 && (open.at(-1)?.indent as number) - indent >= LEVEL_STEP_PX) open.pop();
    const parent = open.at(-1);
    const lastItem = parent?.list.lastElementChild;
    // After the pops, the parent is at this list's level or above it.
    const sameLevel = parent !== undefined && Math.abs(indent - parent.indent) < LEVEL_STEP_PX;
    if (parent && !sameLevel && lastItem?.localName === 'li') {
      lastItem.append(list);
      open.push({ list, indent });
    } else if (sameLevel && parent.list.localName === list.localName) {
      parent.list.append(...Array.from(list.childNodes));
      list.remove();
    } else {
      if (sameLevel) open.pop();
      open.push({ list, indent });
    }
  });
}
