import { decodeOrKeep } from '../markdown/urls';
import { hasText, showsSomething } from '../presence';

/**
 * Footnotes become `[^n]` references and `[^n]: …` definitions. A reference is a link to an
 * element on the same page that sits in a `<sup>` (or is marked as a note reference); its target,
 * or the list item holding it, is the definition. Numbers follow the order of first reference, so
 * two references to one note share its number.
 */
export const FOOTNOTE_REFERENCE_ATTRIBUTE = 'data-clipdeck-fnref';
export const FOOTNOTE_DEFINITION_ATTRIBUTE = 'data-clipdeck-fndef';
/** Definitions are elements of our own, which Readability does not merge into their neighbours. */
export const FOOTNOTE_DEFINITION_ELEMENT = 'clipdeck-footnote';
/** Marks a run of definitions that was a notes list (or is put together after Readability). */
const NOTES_CONTAINER_ATTRIBUTE = 'data-clipdeck-footnotes';

function notesContainer(doc: Document): Element {
  const container = doc.createElement('div');
  container.setAttribute(NOTES_CONTAINER_ATTRIBUTE, '');
  return container;
}

const REFERENCE_HINT =
  /(?:^|[\s_-])(?:footnote-?ref|fnref|noteref|footnote|fn|ftnt|ftnref|sdfootnoteanc|reference|cite|easy-footnote)/i;
const CITATION_HINT =
  /(?:^|[\s_-])(?:cite|citation|footnote-?(?:ref|anchor|link)|fnref|noteref)(?:$|[\s_-])/i;
const BACKLINK_HINT =
  /backref|backlink|back-?link|footnote-back|reversefootnote|cite-backlink|fnref|ftnref|return|ref-?back/i;
const BACKLINK_TEXT = /^(?:[\s↩↑^⏎⤴]|\ufe0e|\ufe0f)*$|^\s*(?:back|return)\b/i;

function fragmentTarget(link: Element, doc: Document): Element | null {
  const href = link.getAttribute('href') ?? '';
  const hash = href.indexOf('#');
  if (hash < 0) return null;
  const before = href.slice(0, hash);
  // Only links into this page: "#fn1" or the page's own address with a fragment.
  // An explicit note reference (O'Reilly's data-type=noteref) may name the chapter's file.
  const explicit =
    link.getAttribute('data-type') === 'noteref' || link.getAttribute('role') === 'doc-noteref';
  const elsewhere =
    before &&
    !explicit &&
    before !== doc.URL.split('#')[0] &&
    !doc.URL.split('#')[0]?.endsWith(before);
  if (elsewhere && !isCitation(link)) return null;
  const id = decodeOrKeep(href.slice(hash + 1));
  if (!id) return null;
  const target =
    doc.getElementById(id) ??
    doc.querySelector(`a[name="${cssEscape(id)}"]`) ??
    wordNoteFor(id, doc);
  // A saved copy or a mirror keeps the original's absolute links ("https://arxiv.org/html/…#bib.bib5"):
  // a citation pointing at an entry of this page's own notes or references still cites it.
  if (elsewhere) return target && isNoteEntry(target) ? target : null;
  return target;
}

/** An entry of a list of notes or references, or a block inside a footnotes container. */
function isNoteEntry(target: Element): boolean {
  if (target.closest('li')) return true;
  let block: Element | null = target;
  for (let depth = 0; block && depth < 3; depth += 1, block = block.parentElement) {
    if (NOTES_CONTAINER.test(`${block.getAttribute('class') ?? ''} ${block.id}`)) return true;
  }
  return false;
}

/** A link the page marks as a citation: inside `<cite>`, or named so by its class or its parent's. */
function isCitation(link: Element): boolean {
  return (
    link.closest('cite') !== null ||
    CITATION_HINT.test(
      `${link.getAttribute('class') ?? ''} ${link.parentElement?.getAttribute('class') ?? ''}`,
    )
  );
}

/**
 * Word's HTML export gives notes no id: "#_ftn1" points nowhere, and the note is found by its
 * back-link to "#_ftnref1" (often behind an odd "//GUID" prefix).
 */
function wordNoteFor(id: string, doc: Document): Element | null {
  const match = /^(_?(?:ftn|edn))(\d+)$/i.exec(id);
  if (!match) return null;
  const backlinkId = `${match[1]}ref${match[2]}`;
  return doc.querySelector(`a[href$="#${cssEscape(backlinkId)}"]`);
}

function cssEscape(value: string): string {
  return value.replace(/["\\]/g, '\\$&');
}

function looksLikeReference(link: Element): boolean {
  if (link.getAttribute('role') === 'doc-noteref' || link.hasAttribute('data-footnote-ref'))
    return true;
  const text = (link.textContent ?? '').trim();
  if (text.length === 0 || text.length > 8) return false;
  // <sup><a>1</a></sup> and <a><sup>1</sup></a> alike.
  const inSup = !!link.closest('sup') || link.firstElementChild?.localName === 'sup';
  const hinted = REFERENCE_HINT.test(
    [
      link.getAttribute('class'),
      link.id,
      // Older pages name their anchors (<a name="FnAnchor_1">) and style a span inside.
      link.getAttribute('name'),
      link.firstElementChild?.getAttribute('class'),
      link.parentElement?.getAttribute('class'),
      link.parentElement?.id,
    ]
      .filter(Boolean)
      .join(' '),
  );
  // "[3]" linking into the page is a reference even outside <sup> (scientific and legal pages).
  const bracketed = /^\[\d{1,3}\]$/.test(text);
  return ((inSup || hinted) && /^[[(]?[\w*†‡§]{1,5}[\])]?$/.test(text)) || bracketed;
}

/** The element that holds the whole note text for a target id. */
function definitionFor(target: Element): Element | null {
  const labelled = labelledRunOf(target);
  if (labelled) return labelled;
  if (/^H[1-6]$/.test(target.tagName) || target.tagName === 'SECTION' || target.tagName === 'BODY')
    return null;
  if (target.querySelector('h1, h2, h3, h4, h5, h6, section, article')) return null;
  const item = target.closest('li');
  if (item) return item;
  if (target.tagName === 'TABLE') return noteTableText(target) ? target : null;
  if (
    /^(?:P|DIV|ASIDE|DD|SPAN)$/.test(target.tagName) &&
    (target.textContent ?? '').trim().length > 0
  )
    return target;
  const parent = target.parentElement;
  if (target.tagName === 'A' && parent && /^(?:P|DIV|DD|SPAN|SUP)$/.test(parent.tagName)) {
    const block = parent.tagName === 'SUP' ? (parent.parentElement ?? parent) : parent;
    return ownRunOf(target, block) ?? block;
  }
  return null;
}

const LABELLED_RUN_ATTRIBUTE = 'data-clipdeck-labelled-note';
const LABELLED_NOTE_BLOCKS = 4;

/**
 * Notes each headed by their number in a block of their own, the text in the blocks after it
 * (Texinfo's `<h5><a id="FOOT1">(1)</a></h5><p>…</p>`, or `<dt id="fn1">1</dt><dd>…</dd>`):
 * the note is the label and what follows it up to the next label of the same kind, gathered
 * into one block (the label stays first, to be dropped as the note's number, and keeps the id a
 * second reference finds). Null when the target is not such a label.
 */
function labelledRunOf(target: Element): Element | null {
  const label = target.closest('h1, h2, h3, h4, h5, h6, dt');
  if (!label || !NUMBER_LABEL.test(label.textContent ?? '')) return null;
  const gathered = label.parentElement;
  if (gathered?.hasAttribute(LABELLED_RUN_ATTRIBUTE)) return gathered;
  const run: Element[] = [];
  for (
    let next = label.nextElementSibling;
    next && next.localName !== label.localName && !/^(?:h[1-6]|hr)$/.test(next.localName);
    next = next.nextElementSibling
  )
    run.push(next);
  // A note is a paragraph or a few; a longer run under a bare number is a numbered section.
  if (run.length === 0 || run.length > LABELLED_NOTE_BLOCKS) return null;
  const note = label.ownerDocument.createElement('div');
  note.setAttribute(LABELLED_RUN_ATTRIBUTE, '');
  label.before(note);
  note.append(label, ...run);
  return note;
}

/** A named anchor that is no link: where a note starts in older pages (`<a name="two">`). */
const NOTE_ANCHOR = 'a[name]:not([href]), a[id]:not([href])';

function holdsNoteAnchor(node: Node): boolean {
  if (node.nodeType !== 1) return false;
  const element = node as Element;
  return element.matches(NOTE_ANCHOR) || element.querySelector(NOTE_ANCHOR) !== null;
}

/**
 * Older pages put all their notes in one paragraph, each opened by a named anchor and ended by
 * `<br><br>`: `<p><a name="one">1</a> First… <br><br><a name="two">2</a> Second…</p>`. Taking
 * the paragraph as the note would give every reference the first note's number and all the
 * text. Each note is the run from its anchor to the next one, moved into a block of its own
 * before the paragraph (all at once, so the last note is split off like the others). Null when
 * the block holds no other note anchor.
 */
function ownRunOf(anchor: Element, block: Element): Element | null {
  const children = Array.from(block.childNodes);
  if (children.filter(holdsNoteAnchor).length < 2) return null;
  const runs: Node[][] = [];
  for (const child of children) {
    if (holdsNoteAnchor(child)) runs.push([child]);
    else runs[runs.length - 1]?.push(child);
  }
  const isGap = (node: Node | undefined) =>
    !!node &&
    ((node.nodeType === 3 && !(node.nodeValue ?? '').trim()) ||
      (node.nodeType === 1 && (node as Element).localName === 'br'));
  let own: Element | null = null;
  for (const run of runs) {
    while (run.length > 1 && isGap(run[run.length - 1])) run.pop();
    const note = block.ownerDocument.createElement('div');
    block.before(note);
    note.append(...run);
    if (note.contains(anchor)) own = note;
  }
  return own;
}

function isBacklink(link: Element, referenceIds: Set<string>): boolean {
  const href = link.getAttribute('href') ?? '';
  const hash = href.indexOf('#');
  const id = hash >= 0 ? decodeOrKeep(href.slice(hash + 1)) : '';
  if (link.getAttribute('role') === 'doc-backlink' || link.hasAttribute('data-footnote-backref'))
    return true;
  if (id && referenceIds.has(id)) return true;
  return (
    hash >= 0 &&
    (BACKLINK_HINT.test(link.getAttribute('class') ?? '') ||
      BACKLINK_TEXT.test(link.textContent ?? ''))
  );
}

/** A note's own number label ("1.", "[1]") is replaced by the `[^n]:` marker. */
const NUMBER_LABEL = /^\s*[[(]?\d{1,3}[.)\]]?\s*$/;
/** The same label once its number, a back-link, is gone: Sphinx's `[<a>1</a>]` leaves "[]". */
const EMPTIED_LABEL = /^\s*[[(]?[.)\]]?\s*$/;

/**
 * Docutils before 0.18 (older Sphinx and Python documentation) sets each note in a table of its
 * own: one row, the label ("[1]", a back-link) in the first cell and the note in the second.
 */
function noteTableText(table: Element): Element | null {
  const rows = table.querySelectorAll('tr');
  if (rows.length !== 1) return null;
  const cells = Array.from(rows[0]?.children ?? []).filter((cell) =>
    /^t[dh]$/.test(cell.localName),
  );
  const [label, text] = cells;
  if (cells.length !== 2 || !label || !text) return null;
  return (label.textContent ?? '').trim().length <= 6 && (text.textContent ?? '').trim()
    ? text
    : null;
}

function definitionElement(doc: Document, number: string, given: Element): Element {
  const definition = doc.createElement(FOOTNOTE_DEFINITION_ELEMENT);
  definition.setAttribute(FOOTNOTE_DEFINITION_ATTRIBUTE, number);
  const source = given.localName === 'table' ? (noteTableText(given) ?? given) : given;
  const label = source.firstElementChild;
  const startsWithLabel =
    label && !(source.firstChild?.nodeType === 3 && source.firstChild.nodeValue?.trim());
  const labelText = label?.textContent ?? '';
  if (
    startsWithLabel &&
    (NUMBER_LABEL.test(labelText) || EMPTIED_LABEL.test(labelText)) &&
    !label.querySelector('img, picture, svg, video, iframe')
  )
    label.remove();
  definition.append(...Array.from(source.childNodes));
  return definition;
}

/** Notes already converted (inline notes go first): later passes number on from them. */
function nextNoteNumber(root: Element): number {
  return root.querySelectorAll(FOOTNOTE_DEFINITION_ELEMENT).length + 1;
}

export function normalizeFootnotes(root: Element): void {
  const doc = root.ownerDocument;
  // Counted when the first reference is found: most pages have none.
  let firstNumber: number | undefined;
  const numbers = new Map<Element, number>();
  const references: Array<{ element: Element; definition: Element }> = [];
  const referenceIds = new Set<string>();

  for (const link of Array.from(root.querySelectorAll('a[href*="#"]'))) {
    if (!looksLikeReference(link)) continue;
    const target = fragmentTarget(link, doc);
    if (!target || target.contains(link) || !root.contains(target)) continue;
    // A note comes after its reference; a link back up the page is the note's back-link.
    if (!(link.compareDocumentPosition(target) & 4)) continue;
    const definition = definitionFor(target);
    if (!definition || definition.contains(link)) continue;
    firstNumber ??= nextNoteNumber(root);
    if (!numbers.has(definition)) numbers.set(definition, firstNumber + numbers.size);
    const sup = link.closest('sup');
    const element =
      sup && (sup.textContent ?? '').trim() === (link.textContent ?? '').trim() ? sup : link;
    references.push({ element, definition });
    for (const carrier of [link, sup, link.parentElement])
      if (carrier?.id) referenceIds.add(carrier.id);
  }
  if (references.length === 0) {
    normalizeUnlinkedFootnotes(root);
    return;
  }

  // Definitions first: reference elements may sit inside other definitions.
  const lists = new Set<Element>();
  for (const [definition, number] of numbers) {
    for (const link of Array.from(definition.querySelectorAll('a[href*="#"]'))) {
      if (isBacklink(link, referenceIds)) link.remove();
    }
    for (const backlink of Array.from(
      definition.querySelectorAll('.mw-cite-backlink, .footnote-backref, [role="doc-backlink"]'),
    ))
      backlink.remove();
    const list = definition.tagName === 'LI' ? definition.parentElement : null;
    if (list) {
      definition.setAttribute(FOOTNOTE_DEFINITION_ATTRIBUTE, String(number));
      lists.add(list);
    } else {
      definition.replaceWith(definitionElement(doc, String(number), definition));
    }
  }
  for (const { element, definition } of references) {
    element.replaceWith(referenceMarker(doc, numbers.get(definition) as number));
  }
  // A list of notes becomes a run of definitions in order; unreferenced items keep their text.
  for (const list of lists) {
    const container = notesContainer(doc);
    const items = Array.from(list.children);
    items.sort(
      (a, b) =>
        Number(a.getAttribute(FOOTNOTE_DEFINITION_ATTRIBUTE) ?? 1e9) -
        Number(b.getAttribute(FOOTNOTE_DEFINITION_ATTRIBUTE) ?? 1e9),
    );
    for (const item of items) {
      const number = item.getAttribute(FOOTNOTE_DEFINITION_ATTRIBUTE);
      if (number) container.appendChild(definitionElement(doc, number, item));
      else {
        const block = doc.createElement('div');
        block.append(...Array.from(item.childNodes));
        container.appendChild(block);
      }
    }
    list.replaceWith(container);
  }
  removeNotesHeadings(root);
}

const NOTES_HEADING = /^(?:(?:foot|end|side)?notes|references|notes and references)$/i;

/**
 * The page's "Footnotes" heading over its notes: the definitions are now the note's own
 * footnotes, which Markdown renders at the end under no heading, so the heading would be left
 * standing over nothing.
 */
function removeNotesHeadings(root: Element): void {
  const firstDefinitions = root.querySelectorAll(NOTES);
  for (const definitions of Array.from(firstDefinitions)) {
    let heading: Element | null = definitions.previousElementSibling;
    // Each note in a wrapper of its own (Google Docs): the heading is before the first wrapper.
    if (!heading && definitions.parentElement && definitions.parentElement !== root) {
      const wrapper = definitions.parentElement;
      if (wrapper.children.length === 1) heading = wrapper.previousElementSibling;
    }
    if (heading && headingRank(heading)) {
      if (NOTES_HEADING.test((heading.textContent ?? '').trim())) heading.remove();
    }
  }
}

/**
 * Content a site module chose keeps its definitions where the page had them, and GFM draws
 * them at the end of the note: a heading whose whole section (to the next heading of its rank
 * or above) holds nothing but notes would be left standing over nothing, whatever its words
 * ("Notes et références") and however deep the page wraps the list (Wikipedia: `div.reflist >
 * div.mw-references-wrap`). Such sections move to the end, under the first of their headings,
 * where the footnotes are drawn; the others' headings go (a "Notes" and a "References" section
 * are one list of footnotes in the note). The article path moves the definitions to the end
 * itself (restoreDefinitions).
 */
export function gatherNotesSections(root: Element): void {
  if (!root.querySelector(NOTES)) return;
  const sections = new Map<Element, Element[]>();
  // Last heading first: a subsection of notes only leaves its parent section holding only notes.
  for (const heading of Array.from(root.querySelectorAll('h1, h2, h3, h4, h5, h6')).reverse()) {
    const notes = sectionNotes(heading, root, sections);
    if (notes) sections.set(heading, notes);
  }
  if (sections.size === 0) return;
  const inOrder = (a: Node, b: Node) =>
    a.compareDocumentPosition(b) & a.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  const [kept, ...others] = [...sections.keys()].sort(inOrder);
  const notes = [...new Set([...sections.values()].flat())].sort(inOrder);
  for (const heading of others) heading.remove();
  root.append(kept as Element, ...notes);
}

const NOTES = `[${NOTES_CONTAINER_ATTRIBUTE}], ${FOOTNOTE_DEFINITION_ELEMENT}`;
/** What shows in a note without being text. */
const MEDIA = 'img, picture, video, audio, iframe, svg, canvas, object, embed, math, hr';
const UNSEEN = 'style, script, template, noscript, link, meta';

function headingRank(element: Element): number {
  const match = /^h([1-6])$/i.exec(element.localName);
  return match ? Number(match[1]) : 0;
}

/**
 * The notes a part of a section holds, or null when it holds anything else a reader sees (a
 * heading already found to head only notes counts as nothing).
 */
function notesIn(node: Node, known: Map<Element, Element[]>): Element[] | null {
  if (node.nodeType === node.TEXT_NODE) return (node.textContent ?? '').trim() ? null : [];
  if (node.nodeType !== node.ELEMENT_NODE) return [];
  const element = node as Element;
  if (element.matches(NOTES)) return [element];
  if (element.matches(UNSEEN) || known.has(element)) return [];
  if (headingRank(element) || element.matches(MEDIA)) return null;
  const notes: Element[] = [];
  for (const child of Array.from(element.childNodes)) {
    const inner = notesIn(child, known);
    if (!inner) return null;
    notes.push(...inner);
  }
  return notes;
}

function sectionNotes(
  heading: Element,
  root: Element,
  known: Map<Element, Element[]>,
): Element[] | null {
  const rank = headingRank(heading);
  // A heading drawn inside a wrapper of its own (MediaWiki's div.mw-heading, with an edit link
  // already gone): its section is what follows the wrapper.
  let start: Element = heading;
  while (
    start.parentElement &&
    start.parentElement !== root &&
    Array.from(start.parentElement.childNodes).every(
      (node) => node === start || notesIn(node, known)?.length === 0,
    )
  ) {
    start = start.parentElement;
  }
  const notes: Element[] = [];
  for (let node = start.nextSibling; node; node = node.nextSibling) {
    const next = node.nodeType === node.ELEMENT_NODE ? (node as Element) : null;
    const nextRank = next ? headingRank(next) : 0;
    if (nextRank && nextRank <= rank) break;
    const inner = notesIn(node, known);
    if (!inner) return null;
    notes.push(...inner);
  }
  return notes.length > 0 ? notes : null;
}

/**
 * The number that opens a hand-written note: `<sup>1</sup>`, `<strong>1</strong>`, or a sup
 * inside the bold lead-in (`<b><sup>1</sup> Note:</b>`).
 */
function noteLabelOf(block: Element): Element | null {
  let first: ChildNode | null = block.firstChild;
  while (first && first.nodeType === 3 && !(first.nodeValue ?? '').trim())
    first = first.nextSibling;
  if (first?.nodeType !== 1) return null;
  const element = first as Element;
  if (
    /^(?:sup|strong|b)$/.test(element.localName) &&
    /^\d{1,3}$/.test((element.textContent ?? '').trim())
  )
    return element;
  if (/^(?:strong|b|span|em)$/.test(element.localName)) {
    const inner = element.firstElementChild;
    const before = inner
      ? element.textContent?.slice(0, (element.textContent ?? '').indexOf(inner.textContent ?? ''))
      : '';
    if (
      inner?.localName === 'sup' &&
      !(before ?? '').trim() &&
      /^\d{1,3}$/.test((inner.textContent ?? '').trim())
    )
      return inner;
  }
  return null;
}

/** The block a note label opens, when the block says more than the label. */
function blockOpenedBy(label: Element): Element | null {
  let block = label.parentElement;
  if (block && /^(?:strong|b|span|em)$/.test(block.localName)) block = block.parentElement;
  if (!block || !/^(?:P|DIV|LI|DD)$/.test(block.tagName) || noteLabelOf(block) !== label)
    return null;
  const rest = (block.textContent ?? '').trim().slice((label.textContent ?? '').trim().length);
  return rest.trim().length > 0 ? block : null;
}

/**
 * Footnotes without links: "text<sup>1</sup>" in the prose and a block starting with
 * "<sup>1</sup>" further down (blogs that write notes by hand after an <hr>).
 */
function normalizeUnlinkedFootnotes(root: Element): void {
  const doc = root.ownerDocument;
  const numbered = (element: Element) => /^\d{1,3}$/.test((element.textContent ?? '').trim());
  // A reference an earlier pass made (an inline note's) is no candidate to be made again.
  const sups = Array.from(root.querySelectorAll('sup')).filter(
    (sup) => numbered(sup) && !isExponent(sup) && !sup.hasAttribute(FOOTNOTE_REFERENCE_ATTRIBUTE),
  );
  // Every reference is one of these: without a numbered sup there is nothing to link.
  if (sups.length === 0) return;
  const firstNumber = nextNoteNumber(root);
  const definitions = new Map<string, Element>();
  for (const label of Array.from(root.querySelectorAll('sup, strong, b')).filter(numbered)) {
    const block = blockOpenedBy(label);
    const number = (label.textContent ?? '').trim();
    if (block && !definitions.has(number)) definitions.set(number, block);
  }
  for (const [number, item] of notesListItems(root)) {
    if (!definitions.has(number)) definitions.set(number, item);
  }
  for (const [number, block] of notesContainerBlocks(root)) {
    if (!definitions.has(number)) definitions.set(number, block);
  }
  if (definitions.size === 0) return;
  const references = sups.filter((sup) => {
    const definition = definitions.get((sup.textContent ?? '').trim());
    return (
      definition &&
      !definition.contains(sup) &&
      !blockOpenedBy(sup) &&
      !!(sup.compareDocumentPosition(definition) & 4)
    );
  });
  if (references.length === 0) return;
  const numbers = new Map<string, number>();
  for (const reference of references) {
    const label = (reference.textContent ?? '').trim();
    if (!numbers.has(label)) numbers.set(label, firstNumber + numbers.size);
    reference.replaceWith(referenceMarker(doc, numbers.get(label) as number));
  }
  const lists = new Set<Element>();
  const continued = continuations(new Set(definitions.values()));
  for (const [label, number] of numbers) {
    const block = definitions.get(label);
    if (!block) continue;
    const rest = continued.get(block) ?? [];
    noteLabelOf(block)?.remove();
    removeNumberLead(block);
    if (block.localName === 'li' && block.parentElement) lists.add(block.parentElement);
    const definition = definitionElement(doc, String(number), block);
    block.replaceWith(definition);
    // Its own blocks after its first: written under it, indented, as the note's paragraphs.
    definition.append(...rest);
  }
  // A notes list whose items all became definitions is no list any more: a run of definitions.
  for (const list of lists) {
    if (list.querySelector(':scope > li')) continue;
    const container = notesContainer(doc);
    container.append(...Array.from(list.childNodes));
    list.replaceWith(container);
  }
  removeNotesHeadings(root);
}

/**
 * "n<sup>2</sup>", "10<sup>5</sup>": a power, not a note. Without a link, only the text before
 * tells them apart: a note follows a word or punctuation; a power follows a digit or a
 * one-letter variable.
 */
function isExponent(sup: Element): boolean {
  const previous = sup.previousSibling;
  const before = (previous?.textContent ?? '').slice(-3);
  return /\d$/.test(before) || /(?:^|[^\p{L}])\p{L}$/u.test(before);
}

const NOTES_CONTAINER = /(?:^|[\s_-])(?:foot-?notes?|end-?notes?|side-?notes?)(?:$|[\s_-])/i;
const NOTE_ITEM_ID = /^(?:fn|footnote|note|endnote)[-_:]?\d+$/i;

/**
 * The items of ordered lists that hold a page's notes, by their number (the list's `start`
 * counts): lists under a "Footnotes" heading, inside a footnotes (endnotes, sidenotes) container,
 * whose items are all named like notes (`id="fn1"`), or short ones in an aside (sidenotes).
 * Any other ordered list is content: "E = mc<sup>2</sup>" must not point at step 2 of a recipe.
 */
function notesListItems(root: Element): Map<string, Element> {
  const items = new Map<string, Element>();
  for (const list of Array.from(root.querySelectorAll('ol'))) {
    const entries = Array.from(list.children).filter((child) => child.localName === 'li');
    if (entries.length === 0 || !isNotesList(list, entries)) continue;
    const start = Number.parseInt(list.getAttribute('start') ?? '1', 10) || 1;
    entries.forEach((item, index) => {
      const number = String(start + index);
      if (!items.has(number)) items.set(number, item);
    });
  }
  return items;
}

/**
 * The blocks after a note's first that are still the note: between one definition block and the
 * next of the same parent (a list, a second paragraph under note 1, before note 2's block), a
 * few, no heading among them. After the last note, only when the notes follow a rule (`<hr>`,
 * the hand-written notes section) and the blocks run to the end of their parent: what follows
 * the last note elsewhere may be the page's again. Left in the page, they went with the notes
 * section that Readability drops, or stayed in the article cut off from their note.
 */
function continuations(blocks: ReadonlySet<Element>): Map<Element, Element[]> {
  const found = new Map<Element, Element[]>();
  for (const block of blocks) {
    if (block.localName !== 'p' && block.localName !== 'div') continue;
    const run: Element[] = [];
    let next = block.nextElementSibling;
    let stopped = false;
    for (; next && !blocks.has(next); next = next.nextElementSibling) {
      stopped =
        run.length === LABELLED_NOTE_BLOCKS ||
        /^(?:h[1-6]|hr)$/.test(next.localName) ||
        next.querySelector('h1, h2, h3, h4, h5, h6') !== null;
      if (stopped) break;
      run.push(next);
    }
    const last = !next && !stopped && notesAfterRule(block, blocks);
    if ((last || (next && blocks.has(next))) && run.some((element) => showsSomething(element)))
      found.set(block, run);
  }
  return found;
}

/** Whether the first note block among `block`'s earlier siblings comes right after an `<hr>`. */
function notesAfterRule(block: Element, blocks: ReadonlySet<Element>): boolean {
  let first = block;
  for (let before = block.previousElementSibling; before; before = before.previousElementSibling)
    if (blocks.has(before)) first = before;
  return first.previousElementSibling?.localName === 'hr';
}

/**
 * "1. The note." opening a block of its own: a number, as text or as a link back to the
 * reference, then a full stop, a bracket or a space. Only in a notes container: anywhere else
 * it is a numbered paragraph of the text.
 */
const NUMBER_LEAD = /^\s*[[(]?(\d{1,3})(?:[.)\]:]\s*|\s+)(?=\S)/;

/**
 * The blocks of a notes container (a `div` of notes, each a `div` or `p` that opens with its
 * number: Wikidot's `div.footnotes-footer`, hand-made endnotes), by that number. Lists are
 * notesListItems' part.
 */
function notesContainerBlocks(root: Element): Map<string, Element> {
  const blocks = new Map<string, Element>();
  for (const container of Array.from(root.querySelectorAll('[class*="note" i], [id*="note" i]'))) {
    if (!NOTES_CONTAINER.test(`${container.getAttribute('class') ?? ''} ${container.id}`)) continue;
    for (const block of Array.from(container.children)) {
      if (block.localName !== 'div' && block.localName !== 'p') continue;
      const number = NUMBER_LEAD.exec(block.textContent ?? '')?.[1];
      if (number && !blocks.has(number)) blocks.set(number, block);
    }
  }
  return blocks;
}

/**
 * A notes container's block keeps its number once it is a definition ("1. The note", the 1 a
 * link or not): the `[^1]:` marker says it. Only the first text is read, never the note's words.
 */
function removeNumberLead(block: Element): void {
  const label = block.firstElementChild;
  const lead = block.firstChild;
  if (lead?.nodeType === 3) {
    const text = lead.nodeValue ?? '';
    const match = NUMBER_LEAD.exec(text);
    if (match) lead.nodeValue = text.slice(match[0].length);
    return;
  }
  if (label !== lead || !label || !NUMBER_LABEL.test(label.textContent ?? '')) return;
  const after = label.nextSibling;
  if (after?.nodeType !== 3) return;
  const rest = /^[.):\]]?\s*/.exec(after.nodeValue ?? '')?.[0] ?? '';
  if (!rest) return;
  label.remove();
  after.nodeValue = (after.nodeValue ?? '').slice(rest.length);
}

function isNotesList(list: Element, entries: Element[]): boolean {
  const heading = list.previousElementSibling;
  if (
    heading &&
    /^h[1-6]$/i.test(heading.localName) &&
    NOTES_HEADING.test((heading.textContent ?? '').trim())
  )
    return true;
  let container: Element | null = list;
  for (let depth = 0; container && depth < 3; depth += 1, container = container.parentElement) {
    const name = `${container.getAttribute('class') ?? ''} ${container.id}`;
    if (NOTES_CONTAINER.test(name)) return true;
    // Sidenotes: a short list in an aside next to the paragraph (a sidebar's long list is not).
    if (container.localName === 'aside' && entries.length <= 3) return true;
  }
  return entries.every((item) => NOTE_ITEM_ID.test(item.id));
}

/**
 * Classes of an element that holds a note inside the sentence: its mark and its text, shown on
 * hover or click. `ltx_note` is LaTeXML's (arXiv's HTML papers).
 */
const INLINE_NOTE =
  /(?:^|[\s_-])(?:inline-?footnote|footnote-?inline|inline-?note|sidenote|marginnote|tooltip-?footnote|note(?=$|\s))(?:$|[\s_-])/i;
const INLINE_NOTE_CONTENT = /content|text|body|note/i;
/** The note's text itself, however deep (LaTeXML: `.ltx_note_outer > .ltx_note_content`). */
const INLINE_NOTE_TEXT = /content|body/i;
/**
 * A reference naming its hidden definition, a span or sup whose class speaks of a note, the
 * checkbox of a note shown by a click (toggledNoteContent), or a note element of its own.
 */
const INLINE_NOTE_CANDIDATES = [
  '[data-definition]',
  'span[class*="note"]',
  'sup[class*="note"]',
  'input[type="checkbox"][id]',
  // Distill's template (distill.pub and the research blogs built on it): the note's own text,
  // in the sentence, numbered and shown on hover by the element's script.
  'd-footnote',
];
/** A toggled note's label is its number or a sign (see toggledNoteContent). */
const TOGGLED_NOTE_LABEL_LETTERS = 3;
const TOGGLED_NOTE_ELEMENTS = /^(?:span|small|aside|div)$/;

function noteDefinitionAfter(reference: Element, number: number, content: Node[]): void {
  const doc = reference.ownerDocument;
  const definition = doc.createElement(FOOTNOTE_DEFINITION_ELEMENT);
  definition.setAttribute(FOOTNOTE_DEFINITION_ATTRIBUTE, String(number));
  definition.append(...content);
  // Right after the paragraph: it stays inside whatever part of the page Readability keeps.
  const block = reference.closest('p, li, dd, blockquote, div') ?? reference;
  block.after(definition);
}

function referenceMarker(doc: Document, number: number): Element {
  const marker = doc.createElement('sup');
  marker.setAttribute(FOOTNOTE_REFERENCE_ATTRIBUTE, String(number));
  marker.textContent = String(number);
  return marker;
}

/**
 * Notes whose text is not at the end of the page but inside or beside the reference, shown on
 * hover or click: a span holding its own hidden content ("1<span class=footnoteContent>…"),
 * or a reference naming its hidden definition (data-definition="fna0"). Run before hidden
 * elements are removed, since such definitions are hidden by design.
 */
export function normalizeInlineNotes(root: Element): void {
  const doc = root.ownerDocument;
  // Single selectors first, each cheaper than the list: most pages have no such element at all.
  if (INLINE_NOTE_CANDIDATES.every((selector) => root.querySelector(selector) === null)) return;
  // One query for both kinds, so notes are numbered in reading order.
  const candidates = root.querySelectorAll(INLINE_NOTE_CANDIDATES.join(', '));
  let number = nextNoteNumber(root);
  for (const reference of Array.from(candidates)) {
    if (!root.contains(reference)) continue;
    const content = inlineNoteContent(reference, doc);
    if (!content) continue;
    removeNoteLead(content);
    if (!hasNoteText(content)) {
      // A mark whose note is given elsewhere (LaTeXML's "footnotemark"): the mark alone stays.
      const mark = markOf(reference, content);
      if (mark) reference.replaceWith(mark);
      continue;
    }
    noteDefinitionAfter(reference, number, Array.from(content.childNodes));
    if (content.parentElement && !reference.contains(content)) content.remove();
    const marker = referenceMarker(doc, number);
    if (reference.localName === 'input') toggleLabelOf(reference)?.remove();
    reference.replaceWith(marker);
    if (reference.localName === 'input') hugPreviousWord(marker);
    number += 1;
  }
}

/**
 * What a note's text repeats before its words: its mark (Org mode's and LaTeXML's
 * "<sup>1</sup>"), then, after the mark, its kind ("footnote: ") and the mark again as a tag.
 * The `[^n]:` marker says all of it. Only leading elements go, and only such short ones: a note
 * that opens with its own "<b>Update:</b>" keeps it, since no mark comes before it.
 */
function removeNoteLead(content: Element): void {
  let afterMark = false;
  for (let first = content.firstChild; first; first = content.firstChild) {
    if (first.nodeType === 3 && !(first.nodeValue ?? '').trim()) {
      first.remove();
      continue;
    }
    if (first.nodeType !== 1 || (first as Element).querySelector(MEDIA)) return;
    const text = (first.textContent ?? '').trim();
    const mark = /^[^\p{L}\s]{1,3}$/u.test(text);
    const kind = afterMark && /^\p{L}[\p{L} ]{0,19}:$/u.test(text);
    if (!mark && !kind) return;
    afterMark ||= mark;
    first.remove();
  }
}

function hasNoteText(content: Element): boolean {
  return !!(content.textContent ?? '').trim() || !!content.querySelector(MEDIA);
}

/** A note's own mark, outside its text, as a plain superscript. */
function markOf(reference: Element, content: Element): Element | null {
  const mark = Array.from(reference.querySelectorAll('sup')).find(
    (sup) => !content.contains(sup) && (sup.textContent ?? '').trim(),
  );
  if (!mark) return null;
  const plain = reference.ownerDocument.createElement('sup');
  plain.textContent = (mark.textContent ?? '').trim();
  return plain;
}

/** The element holding an inline note's text, or null when this is no inline note. */
function inlineNoteContent(reference: Element, doc: Document): Element | null {
  if (reference.localName === 'input') return toggledNoteContent(reference);
  if (reference.localName === 'd-footnote') return hasNoteText(reference) ? reference : null;
  const id = reference.getAttribute('data-definition');
  if (id) {
    const target = doc.getElementById(id);
    return target && !target.contains(reference) && (target.textContent ?? '').trim()
      ? target
      : null;
  }
  if (!INLINE_NOTE.test(reference.getAttribute('class') ?? '')) return null;
  const content =
    Array.from(reference.querySelectorAll('[class]')).find((element) =>
      INLINE_NOTE_TEXT.test(element.getAttribute('class') ?? ''),
    ) ??
    Array.from(reference.children).find(
      (child) =>
        INLINE_NOTE_CONTENT.test(child.getAttribute('class') ?? '') && child.localName !== 'sup',
    );
  const label = (reference.textContent ?? '').replace(content?.textContent ?? '', '').trim();
  return content && (content.textContent ?? '').trim() && label.length <= 4 ? content : null;
}

/**
 * A toggled note's mark goes right after the word it follows. Pages often set the note a space
 * away, in a wrapper of its own ("system. <span> <label>"), which would leave the mark standing
 * alone after a gap ("system. ¹").
 */
function hugPreviousWord(marker: Element): void {
  let at: Element = marker;
  for (;;) {
    const before = at.previousSibling;
    if (before?.nodeType === 3 && !(before.nodeValue ?? '').trim()) {
      before.remove();
      continue;
    }
    if (before?.nodeType === 3) {
      before.nodeValue = (before.nodeValue ?? '').replace(/\s+$/, '');
      return;
    }
    const parent = at.parentElement;
    if (before || !parent || parent.localName !== 'span') return;
    at = parent;
  }
}

/** The label before a note's checkbox (toggledNoteContent), when it is a number or a sign. */
function toggleLabelOf(checkbox: Element): Element | null {
  const label = checkbox.previousElementSibling;
  if (label?.localName !== 'label' || label.getAttribute('for') !== checkbox.id) return null;
  const letters = (label.textContent ?? '').replace(/\s/g, '');
  return letters.length <= TOGGLED_NOTE_LABEL_LETTERS ? label : null;
}

/**
 * The note a reader opens by clicking its number: `<label for="n1"></label><input
 * type="checkbox" id="n1"><span>the note</span>`, the markup Tufte CSS made common (its
 * sidenotes and margin notes, and the themes built on it, whatever they name their classes).
 * The label is the number (drawn by the style sheet, or a sign such as "⊕"); the element after the
 * checkbox is the note, beside the text on a wide screen and hidden until clicked on a narrow
 * one. Without this the note's words run on inside the sentence that cites it. The label must
 * come first and say next to nothing: a checkbox followed by its label is a form or a task list.
 */
function toggledNoteContent(checkbox: Element): Element | null {
  if (!toggleLabelOf(checkbox) || !checkbox.closest('p, li, dd, blockquote')) return null;
  const note = checkbox.nextElementSibling;
  if (!note || !TOGGLED_NOTE_ELEMENTS.test(note.localName)) return null;
  if (note.querySelector('input, select, textarea, button')) return null;
  return (note.textContent ?? '').trim() ? note : null;
}

/**
 * Takes a prepared page's note definitions out of it, by number, to be put back after
 * Readability (restoreDefinitions). Readability should judge the prose alone: a notes list
 * competes with a short article for "main content", and a link-heavy references list may be
 * dropped while the paragraphs that cite it are kept.
 */
export function takeOutDefinitions(root: ParentNode): Map<string, Element> {
  const definitions = new Map<string, Element>();
  const emptied = new Set<Element>();
  for (const definition of Array.from(root.querySelectorAll(FOOTNOTE_DEFINITION_ELEMENT))) {
    const number = definition.getAttribute(FOOTNOTE_DEFINITION_ATTRIBUTE);
    if (!number || definitions.has(number)) continue;
    definitions.set(number, definition);
    if (definition.parentElement) emptied.add(definition.parentElement);
    definition.remove();
  }
  for (const holder of emptied) removeEmptiedHolders(holder, root);
  return definitions;
}

/** Blocks that only lay a section out: one left holding a single other is no block of its own. */
const LAYOUT_BLOCK = /^(?:div|section)$/;

/**
 * What held only the notes goes with them: their container, and the sidenote column or aside
 * around it (`<div class="section"><div>…prose…</div><aside><ol start="2">…`). Left standing,
 * an empty aside beside each section's prose keeps Readability from seeing the sections as one
 * article: it takes the first section's prose for the whole (its siblings are judged only at
 * the level of the block it chose). The section's frame, now around its prose alone, gives way
 * to it, so that the article holds the sections' prose as closely as a page without sidenotes
 * does, and Readability takes the article whole, the headings between the sections too.
 */
function removeEmptiedHolders(holder: Element, root: ParentNode): void {
  let element: Element | null = holder;
  let removed = false;
  while (element?.isConnected && element !== root && !/^(?:body|html)$/.test(element.localName)) {
    if (hasText(element) || element.querySelector(MEDIA)) break;
    const parent: Element | null = element.parentElement;
    element.remove();
    removed = true;
    element = parent;
  }
  if (!removed || !element || element === root || !LAYOUT_BLOCK.test(element.localName)) return;
  const only = element.firstElementChild;
  const framesOnly =
    element.childElementCount === 1 &&
    only !== null &&
    LAYOUT_BLOCK.test(only.localName) &&
    Array.from(element.childNodes).every((node) => node === only || !hasText(node));
  if (framesOnly) element.replaceWith(only);
}

/**
 * Every reference left in the article gets its definition back, at the end (a note cited only
 * from another note comes along with it), and the notes are numbered again in the order the
 * note cites them: the passes that find notes each number their own (a page with both notes
 * shown on hover and notes at its end read "[^6]" before "[^1]"), and the article may leave
 * some out (it read "[^2]", "[^3]" with no 1). A "Notes" heading left over nothing goes.
 */
export function restoreDefinitions(content: Element, definitions: Map<string, Element>): void {
  if (definitions.size === 0) return;
  const container = notesContainer(content.ownerDocument);
  const placed = new Set<string>();
  let scan: Element[] = [content];
  while (scan.length > 0) {
    const wanted: string[] = [];
    for (const root of scan) {
      for (const reference of Array.from(
        root.querySelectorAll(`[${FOOTNOTE_REFERENCE_ATTRIBUTE}]`),
      )) {
        const number = reference.getAttribute(FOOTNOTE_REFERENCE_ATTRIBUTE);
        if (number && !placed.has(number) && definitions.has(number)) {
          placed.add(number);
          wanted.push(number);
        }
      }
    }
    scan = wanted.map((number) => definitions.get(number) as Element);
  }
  if (placed.size === 0) return;
  const order = Array.from(placed);
  const notes = order.map((number) => definitions.get(number) as Element);
  const references = [content, ...notes].flatMap((root) =>
    Array.from(root.querySelectorAll(`[${FOOTNOTE_REFERENCE_ATTRIBUTE}]`)),
  );
  // A reference with no definition keeps its number: then every note keeps its own, in number
  // order, so that none takes that number.
  const renumber = references.every((reference) =>
    placed.has(reference.getAttribute(FOOTNOTE_REFERENCE_ATTRIBUTE) ?? ''),
  );
  const numberOf = new Map(order.map((number, index) => [number, String(index + 1)]));
  if (renumber) {
    for (const reference of references) {
      const number = numberOf.get(reference.getAttribute(FOOTNOTE_REFERENCE_ATTRIBUTE) ?? '');
      if (number) reference.setAttribute(FOOTNOTE_REFERENCE_ATTRIBUTE, number);
    }
    notes.forEach((note, index) => {
      note.setAttribute(FOOTNOTE_DEFINITION_ATTRIBUTE, String(index + 1));
    });
  }
  const sorted = renumber
    ? notes
    : order
        .sort((a, b) => Number(a) - Number(b))
        .map((number) => definitions.get(number) as Element);
  for (const note of sorted) container.appendChild(note);
  content.appendChild(container);
  removeEmptyNotesSections(content);
}

/** A "References" heading whose list was dropped, now standing over nothing or the next heading. */
function removeEmptyNotesSections(content: Element): void {
  for (const heading of Array.from(content.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
    const text = (heading.textContent ?? '').replace(/\[\s*edit\s*\]/gi, '').trim();
    if (!NOTES_HEADING.test(text)) continue;
    const next = heading.nextElementSibling;
    if (!next || /^h[1-6]$/i.test(next.localName)) heading.remove();
  }
}
