/**
 * The article body a page declares: schema.org's `itemprop="articleBody"` (news and blog
 * templates write it for search engines) and Instapaper's `instapaper_body` class (written for
 * read-later services, like Clipdeck). Readability finds the block that holds the most prose,
 * which on many templates is the body's parent: the post header comes along with it (the
 * title again, tag links, vote counts, "49 min read", share buttons). Where the page says
 * which part is the body, what Readability took around it is that header and footer.
 */
const BODY_MARK = 'data-clipdeck-declared-body';

/**
 * Marks the declared body while the page's classes are still there (Readability strips them).
 * Only a page with one: a listing that declares a body per teaser says nothing about the page.
 * Says whether it marked one, so that most pages are not searched for the mark again.
 */
export function markDeclaredBody(root: Element): boolean {
  const declared = new Set<Element>([
    ...Array.from(root.querySelectorAll('[itemprop~="articleBody"]')),
    ...Array.from(root.getElementsByClassName('instapaper_body')),
  ]);
  // One body may carry both marks, or one mark inside the other.
  const outermost = Array.from(declared).filter(
    (element) =>
      !Array.from(declared).some((other) => other !== element && other.contains(element)),
  );
  if (outermost.length !== 1) return false;
  outermost[0]?.setAttribute(BODY_MARK, '');
  return true;
}

/** The body the page declares, if the copy has one marked. */
export function declaredBody(root: Element): Element | null {
  return root.querySelector(`[${BODY_MARK}]`);
}

/**
 * Content that reads as no sentence yet is content: a lead picture or video (often above the
 * body, outside it), a table, a code block.
 */
const KEPT = 'img, picture, figure, video, iframe, audio, table, pre';

/**
 * The share of the article's text the body must hold before what lies around it is doubted: a
 * body that is a small part of the article is one block among others (a template that marks
 * only its first section), and the rest is content.
 */
const BODY_SHARE = 0.6;

/** A run of words that reads as a sentence: a dek, a caption, a last paragraph. */
const SENTENCE_WORDS = 6;

const BLOCK =
  /^(?:p|div|li|ul|ol|h[1-6]|blockquote|section|article|header|footer|aside|nav|td|th|tr|table|dd|dt|dl|figure|figcaption|pre|main|hr)$/;

/** Blocks whose parts belong together: kept or removed whole, never taken apart. */
const WHOLE = /^(?:p|li|h[1-6]|blockquote|dd|dt|figcaption)$/;

function blockOf(node: Node, stop: Element): Element {
  let element = node.parentElement;
  while (element && element !== stop && !BLOCK.test(element.localName)) {
    element = element.parentElement;
  }
  return element ?? stop;
}

/**
 * Whether any block in `element` holds a sentence: six words or more, most of them not link
 * text. A header's pieces (title, tag links, "by …", a date, "49 min read", a score) do not;
 * a standfirst under the title and a paragraph after the body do.
 */
function holdsSentence(element: Element): boolean {
  const counts = new Map<Element, { words: number; linked: number }>();
  // 4: text nodes (NodeFilter is not a global in every DOM implementation).
  const walker = element.ownerDocument.createTreeWalker(element, 4);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const words = (node.nodeValue ?? '').split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
    if (words.length === 0) continue;
    const block = blockOf(node, element);
    const count = counts.get(block) ?? { words: 0, linked: 0 };
    count.words += words.length;
    if (node.parentElement?.closest('a')) count.linked += words.length;
    counts.set(block, count);
  }
  for (const { words, linked } of counts.values()) {
    if (words >= SENTENCE_WORDS && linked * 2 < words) return true;
  }
  return false;
}

/** Whether the element is only blocks, no text or inline element of its own between them. */
function onlyBlocks(element: Element): boolean {
  for (const child of Array.from(element.childNodes)) {
    if (child.nodeType === 3 && /\S/.test(child.nodeValue ?? '')) return false;
    if (child.nodeType === 1 && !BLOCK.test((child as Element).localName)) return false;
  }
  return true;
}

/**
 * A block beside the body: removed when it holds neither a sentence nor content of the kept
 * kinds; otherwise its blocks are judged one by one, so that a header holding the lead picture
 * and the standfirst loses its tag links and scores but not those.
 */
function pruneBeside(element: Element): void {
  if (element.matches(KEPT)) return;
  const keeps = element.querySelector(KEPT) !== null || holdsSentence(element);
  if (!keeps) {
    element.remove();
    return;
  }
  if (WHOLE.test(element.localName) || !onlyBlocks(element)) return;
  for (const child of Array.from(element.children)) pruneBeside(child);
}

/**
 * Leaves out what Readability's article holds around the declared body when it reads as a
 * header or footer (pruneBeside). Applies only when the body holds most of the article's text.
 */
export function keepDeclaredBody(content: Element): void {
  const body = declaredBody(content);
  if (!body || body === content) return;
  const total = (content.textContent ?? '').replace(/\s+/g, '').length;
  const inBody = (body.textContent ?? '').replace(/\s+/g, '').length;
  if (total === 0 || inBody < total * BODY_SHARE) return;
  for (
    let node: Element = body;
    node !== content && node.parentElement;
    node = node.parentElement
  ) {
    for (const sibling of Array.from(node.parentElement.children)) {
      if (sibling !== node) pruneBeside(sibling);
    }
  }
}
