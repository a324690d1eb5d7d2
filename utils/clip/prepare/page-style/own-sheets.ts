/**
 * The page's own short style sheets, read for what a document editor writes into them. A document
 * published or exported from Google Docs (and other editors that write HTML) sets each text and
 * paragraph style as a class in one short `<style>` sheet (`.c4{font-weight:700}`,
 * `.c3{margin-left:72pt}`), and its markup carries only those classes: bold, italics and the
 * nesting of lists are in the sheet, not in the elements.
 */

/**
 * Style sheets larger than these are a site's whole design (CSS-in-JS writes hundreds of kilobytes
 * inline): a style set by class is a document's own short sheet, as Google Docs publishes and
 * exports one, and reading every rule of a large sheet would cost more than the clip itself.
 */
const OWN_SHEET_MAX_CHARACTERS = 64_000;
const OWN_SHEET_MAX_RULES = 2_000;
/** A rule for one class alone (`.c4`), or a list of them: what a document editor writes. */
const SINGLE_CLASS_LIST = /^\.[\w-]+(?:\s*,\s*\.[\w-]+)*$/;

/** One rule for classes alone: the classes it names, its declarations, its place in the cascade. */
export type OwnClassRule = {
  classes: readonly string[];
  style: CSSStyleDeclaration;
  /** Later rules override earlier ones for the same property: the order across every sheet read. */
  order: number;
};

/**
 * Each rule for a class alone in the page's own `<style>` sheets, read through the browser's CSS
 * parser (the sheet's rules), in the order the cascade applies them. A sheet is read only when
 * its text holds a rule `hint` finds (its first group the class) for a class `wanted` accepts:
 * most sheets are a site's (`.site-title`, `.button`), and a search and a lookup per class cost
 * far less than a walk over every rule. A selector with context (`.nav .c4`) says nothing about
 * running text and is not read. Read on the live page: a clone's style elements have no parsed
 * sheet (jsdom's, at least).
 */
export function ownClassRules(
  doc: Document,
  hint: RegExp,
  wanted: (name: string) => boolean,
  /** When given, only the rules that name one of these classes: the rest need no declaration read. */
  named?: ReadonlySet<string>,
): OwnClassRule[] {
  const rules: OwnClassRule[] = [];
  // By tag, not by selector: this runs on every clip, and most pages have no sheet of interest.
  for (const style of Array.from(doc.getElementsByTagName('style'))) {
    const text = style.textContent ?? '';
    if (text.length > OWN_SHEET_MAX_CHARACTERS) continue;
    const hinted = new Set(Array.from(text.matchAll(hint), (match) => match[1]));
    if (!Array.from(hinted).some((name) => name && wanted(name))) continue;
    try {
      readClassRules((style as HTMLStyleElement).sheet?.cssRules, rules, named);
    } catch {
      // A sheet the page's origin rules keep closed, or a declaration the DOM implementation
      // cannot parse (jsdom's, on some SCSS left in a page): its classes are not read.
    }
  }
  return rules;
}

/** Each rule for classes alone (naming one of `named`, when given), in order, onto `into`. */
function readClassRules(
  list: CSSRuleList | undefined,
  into: OwnClassRule[],
  named: ReadonlySet<string> | undefined,
): void {
  if (!list || list.length > OWN_SHEET_MAX_RULES) return;
  // By index: in a Firefox content script the list is the page's, seen through a wrapper that
  // may not be iterable.
  for (let index = 0; index < list.length; index += 1) {
    const { selectorText, style } = list[index] as CSSStyleRule;
    if (!selectorText || !style || !SINGLE_CLASS_LIST.test(selectorText.trim())) continue;
    const classes = selectorText.split(',').map((name) => name.trim().slice(1));
    if (named && !classes.some((name) => named.has(name))) continue;
    into.push({ classes, style, order: into.length });
  }
}

/**
 * An element's classes, from its attribute: in a Firefox content script the element is the
 * page's, and its token list seen through a wrapper is not to be relied on to iterate.
 */
export function classesOf(element: Element | null | undefined): string[] {
  return (element?.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);
}
