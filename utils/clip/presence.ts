/**
 * Whether a page holds any element a rule works on, asked before the rule's own query. Lookups
 * by tag and class name are the browser's fast paths and stop at the first hit, where a selector
 * list would be matched against every element of the page: most rules find nothing on most pages,
 * and every clip runs them all.
 */
export function holdsTag(root: Element, tags: readonly string[]): boolean {
  return tags.some((tag) => root.getElementsByTagName(tag).item(0) !== null);
}

export function holdsClass(root: Element, classNames: readonly string[]): boolean {
  return classNames.some((name) => root.getElementsByClassName(name).item(0) !== null);
}
