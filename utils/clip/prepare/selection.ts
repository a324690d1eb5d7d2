import { detectLanguage } from './code-blocks';

/**
 * The user's selection, one part per range, copied from the prepared clone (so hidden parts are
 * already marked) with the structure around it that gives it meaning: selecting two cells keeps
 * the table, three items keep the list, a few lines of a code block keep the block and its
 * language, a word inside a link keeps the link.
 */

// Ancestors that always give a selected piece its meaning.
const ALWAYS_KEPT = new Set([
  'PRE',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'BLOCKQUOTE',
  'A',
  'STRONG',
  'B',
  'EM',
  'I',
  'S',
  'DEL',
  'MARK',
  'SUP',
  'SUB',
  'Q',
]);
// Ancestors kept only when the selection spans several of their children.
const KEPT_FOR_CHILDREN: Record<string, string[]> = {
  TR: ['TD', 'TH'],
  THEAD: ['TR'],
  TBODY: ['TR'],
  TFOOT: ['TR'],
  TABLE: ['TR', 'THEAD', 'TBODY', 'TFOOT'],
  UL: ['LI'],
  OL: ['LI'],
  DL: ['DT', 'DD'],
};

/** The path of child indexes from the document to a node, to find the same node in the clone. */
function pathTo(node: Node, root: Node): number[] | null {
  const path: number[] = [];
  for (let current: Node | null = node; current && current !== root; current = current.parentNode) {
    const parent: Node | null = current.parentNode;
    if (!parent) return null;
    path.unshift(Array.prototype.indexOf.call(parent.childNodes, current));
  }
  return path;
}

function follow(root: Node, path: number[]): Node | null {
  let current: Node | null = root;
  for (const index of path) current = current?.childNodes[index] ?? null;
  return current;
}

function topLevelTags(fragment: DocumentFragment | Element): Set<string> {
  return new Set(
    Array.from(fragment.childNodes)
      .filter((node) => node.nodeType === 1)
      .map((node) => (node as Element).tagName),
  );
}

function withContext(fragment: DocumentFragment, commonAncestor: Node, clone: Document): Element {
  let current: DocumentFragment | Element = fragment;
  let ancestor: Element | null =
    commonAncestor.nodeType === 1 ? (commonAncestor as Element) : commonAncestor.parentElement;
  for (
    ;
    ancestor && ancestor.tagName !== 'BODY' && ancestor.tagName !== 'HTML';
    ancestor = ancestor.parentElement
  ) {
    const tag = ancestor.tagName;
    const children = KEPT_FOR_CHILDREN[tag];
    const keep =
      ALWAYS_KEPT.has(tag) ||
      (tag === 'CODE' && !!ancestor.closest('pre')) ||
      children?.some((child) => topLevelTags(current).has(child));
    if (!keep) continue;
    const wrapper = ancestor.cloneNode(false) as Element;
    if (tag === 'PRE') {
      // The language often sits on a wrapper the selection does not reach.
      const language = detectLanguage(ancestor);
      if (language) wrapper.setAttribute('data-language', language);
    }
    if (tag === 'TABLE' && !topLevelTags(current).has('THEAD')) {
      // Cells selected without their header row still get the column names.
      const header = ancestor.querySelector(':scope > thead');
      if (header) wrapper.append(header.cloneNode(true));
    }
    wrapper.append(current);
    current = wrapper;
  }
  const container = clone.createElement('div');
  container.append(current);
  return container;
}

export function selectionFragments(live: Document, clone: Document, ranges: Range[]): Element[] {
  const parts: Element[] = [];
  for (const range of ranges) {
    const startPath = pathTo(range.startContainer, live);
    const endPath = pathTo(range.endContainer, live);
    const start = startPath && follow(clone, startPath);
    const end = endPath && follow(clone, endPath);
    let fragment: DocumentFragment;
    let ancestor: Node;
    if (start && end) {
      const cloneRange = clone.createRange();
      cloneRange.setStart(
        start,
        Math.min(
          range.startOffset,
          start.nodeType === 3 ? (start.nodeValue ?? '').length : start.childNodes.length,
        ),
      );
      cloneRange.setEnd(
        end,
        Math.min(
          range.endOffset,
          end.nodeType === 3 ? (end.nodeValue ?? '').length : end.childNodes.length,
        ),
      );
      fragment = cloneRange.cloneContents();
      ancestor = cloneRange.commonAncestorContainer;
    } else {
      // The clone differs here (a flattened shadow root): copy from the live page instead.
      fragment = clone.importNode(range.cloneContents(), true) as DocumentFragment;
      ancestor = clone.body ?? clone.documentElement;
    }
    parts.push(withContext(fragment, ancestor, clone));
  }
  return parts;
}
