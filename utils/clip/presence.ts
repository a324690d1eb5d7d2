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

/**
 * Whether any text shows in the node (white space aside): stops at the first text node that
 * holds some, instead of building the node's whole text.
 */
export function hasText(node: Node): boolean {
  if (node.nodeType === 3) return /\S/.test(node.nodeValue ?? '');
  if (node.nodeType !== 1 || !node.ownerDocument) return false;
  // 4: text nodes (NodeFilter is not a global in every DOM implementation).
  const walker = node.ownerDocument.createTreeWalker(node, 4);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (/\S/.test(text.nodeValue ?? '')) return true;
  }
  return false;
}
