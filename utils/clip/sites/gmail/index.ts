import { holdsClass, lineText } from '../../presence';
import { importBody } from '../post-parts';
import { bylineParagraph, emphasisLine } from '../thread';
import type { SiteDetector, SiteModule } from '../types';

/**
 * A Gmail conversation as the web app draws it in its thread view (`[role="main"]`): the subject
 * (`h2.hP`), then each message (`.adn[data-message-id]`, its content in `.gs`) with its sender
 * (`.gD[email]`, the `name` attribute), its date as shown (`.g3`'s title) and its body (`.ii.gt`,
 * the message's HTML in the `.a3s` inside it). Each message becomes a quote headed
 * **sender** · date. A mail thread is its messages, so the comment depth does not apply.
 *
 * What each body repeats is left out: quoted history (`.gmail_quote`, the "On … wrote:" line and
 * the quotes after it, a cited quote, a plain-text reply's trailing `> ` lines), the content Gmail trims behind
 * its "…" toggle (a repeated signature), and the app's hover toolbars and buttons.
 *
 * Gmail collapses the earlier messages of a thread: such a row (`.kv`, an expanded one is `.h7`)
 * draws only a header (`.adf`) with the sender, the date and a one-line snippet (`.iA.g6`); the
 * body is in the page only once the message has been opened (its `.adn`, then hidden). A row whose
 * body is not in the page keeps its header and snippet and says it was collapsed, so a preview
 * never passes for the whole message; a long thread also folds messages into a count (`.kQ`),
 * which the note names in their place.
 */

const MESSAGE = '.adn[data-message-id]';
/** A message's collapsed header, and the row that folds several messages into a count. */
const COLLAPSED = '.adf';
const FOLDED = '.kQ[role="listitem"]';
/** One message's row in the thread list (the row is the message itself in an older layout). */
const ROW = '[role="listitem"], .kv, .h7';

const BODY_CHROME = '.yj6qo, .adL, .ajR, .a6S, button, [role="tooltip"], svg, script, style';

/** Quoted history: Gmail's wrapper, a cited quote, and the quotes after an "On … wrote:" line. */
function dropQuotedHistory(body: Element): void {
  for (const attribution of Array.from(body.querySelectorAll('.gmail_attr'))) {
    let next = attribution.nextElementSibling;
    while (next?.localName === 'blockquote') {
      const quote = next;
      next = next.nextElementSibling;
      quote.remove();
    }
    attribution.remove();
  }
  for (const quote of Array.from(body.querySelectorAll('.gmail_quote, blockquote[type="cite"]'))) {
    quote.remove();
  }
}

/** Whether a node starts a line: nothing but whitespace since the last `<br>` or block start. */
function startsLine(node: Node): boolean {
  for (let before = node.previousSibling; before; before = before.previousSibling) {
    if (before.nodeType === 3 && !/\S/.test(before.nodeValue ?? '')) continue;
    // The break may end an inline wrapper (`<span class="im">Alex<br></span>`): its last leaf.
    let leaf: Node = before;
    while (leaf.lastChild && leaf.nodeName !== 'DIV' && leaf.nodeName !== 'P') {
      leaf = leaf.lastChild;
      while (leaf.nodeType === 3 && !/\S/.test(leaf.nodeValue ?? '') && leaf.previousSibling)
        leaf = leaf.previousSibling;
    }
    return leaf.nodeName === 'BR' || leaf.nodeName === 'DIV' || leaf.nodeName === 'P';
  }
  // First in its parent: a line starts there if the parent is a block, else where the parent does.
  const parent = node.parentElement;
  if (!parent || /^(?:div|p|blockquote|li|td|body)$/.test(parent.localName)) return true;
  return startsLine(parent);
}

/**
 * A plain-text reply quotes the history as lines starting with `>` at the end of the message:
 * from the first such line after which every line is quoted, the rest goes.
 */
function dropTrailingQuotedLines(body: Element): void {
  const walker = body.ownerDocument.createTreeWalker(body, 4 /* NodeFilter.SHOW_TEXT */);
  let cut: Text | null = null;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const text = node.nodeValue ?? '';
    if (!/\S/.test(text) || !startsLine(node)) continue;
    if (/^\s*(?:>|&gt;)/.test(text)) cut ??= node;
    else cut = null;
  }
  if (!cut) return;
  const range = body.ownerDocument.createRange();
  range.setStartBefore(cut);
  range.setEndAfter(body.lastChild as Node);
  range.deleteContents();
}

/**
 * A plain-text message (or a rich one's inline flow) parts paragraphs with a blank line, two
 * `<br>`s: each part becomes a `<p>`, so the note quotes one paragraph after another.
 */
function paragraphsAtBlankLines(root: Element): void {
  for (const holder of [root, ...Array.from(root.querySelectorAll('div'))]) {
    const children = Array.from(holder.childNodes);
    const isBreak = (node: Node | undefined) => node?.nodeName === 'BR';
    const blank = (node: Node | undefined) =>
      node?.nodeType === 3 && !/\S/.test(node.nodeValue ?? '');
    const groups: Node[][] = [[]];
    let index = 0;
    let split = false;
    while (index < children.length) {
      const node = children[index] as Node;
      let next = index + 1;
      while (blank(children[next])) next += 1;
      if (isBreak(node) && isBreak(children[next])) {
        while (isBreak(children[next]) || blank(children[next])) next += 1;
        groups.push([]);
        split = true;
        index = next;
        continue;
      }
      (groups[groups.length - 1] as Node[]).push(node);
      index += 1;
    }
    if (!split) continue;
    const doc = holder.ownerDocument;
    holder.replaceChildren(
      ...groups
        .filter((group) =>
          group.some((node) => /\S/.test(node.textContent ?? '') || node.nodeName === 'IMG'),
        )
        .map((group) => {
          const paragraph = doc.createElement('p');
          paragraph.append(...group);
          return paragraph;
        }),
    );
  }
}

/** Line breaks left at the end of a body once its trimmed parts are gone. */
function dropTrailingBreaks(element: Element): void {
  for (let last = element.lastChild; last; last = element.lastChild) {
    if (last.nodeType === 3 && !/\S/.test(last.nodeValue ?? '')) last.remove();
    else if (last.nodeName === 'BR') last.remove();
    else if (
      last.nodeType === 1 &&
      !/\S/.test(last.textContent ?? '') &&
      (last as Element).localName !== 'img' &&
      !(last as Element).querySelector('img')
    )
      last.remove();
    else if (last.nodeType === 1 && last.nodeName === 'DIV') {
      dropTrailingBreaks(last as Element);
      return;
    } else return;
  }
}

/** The body of an opened message, without what it repeats and with its lines as paragraphs. */
function messageBody(out: Document, body: Element): Element {
  const copy = importBody(out, body, BODY_CHROME);
  dropQuotedHistory(copy);
  dropTrailingQuotedLines(copy);
  dropTrailingBreaks(copy);
  // A break inside an inline wrapper (`span.im`) is a line of the message: unwrapped, the
  // lines sit side by side and read as the paragraphs they are.
  for (const span of Array.from(copy.querySelectorAll('span'))) {
    if (span.querySelector('br')) span.replaceWith(...Array.from(span.childNodes));
  }
  dropTrailingBreaks(copy);
  paragraphsAtBlankLines(copy);
  return copy;
}

/** The thread's rows in page order: each message once, whether drawn opened, collapsed or both. */
function messageRows(doc: Document): Element[] {
  const rows = new Set<Element>();
  for (const part of doc.querySelectorAll(`${MESSAGE}, ${COLLAPSED}, ${FOLDED}`)) {
    const row = part.closest(ROW);
    // A row holding several messages is not one message's row: each message stands alone, and
    // a collapsed header there could belong to any of them.
    if (row && row.querySelectorAll(MESSAGE).length <= 1) rows.add(row);
    else if (!part.matches(COLLAPSED)) rows.add(part);
  }
  return [...rows];
}

/** A collapsed message: the snippet its header shows (drawn twice, for wide and narrow layouts). */
function collapsedPreview(out: Document, header: Element): Element[] {
  const snippet = lineText(header.querySelector('.iA.g6'));
  if (!snippet) return [emphasisLine(out, 'Collapsed on the page; its text is not in this note.')];
  const preview = out.createElement('p');
  preview.textContent = snippet;
  return [preview, emphasisLine(out, 'Collapsed on the page; only its preview is in this note.')];
}

/** Messages folded into a count: the note says how many are missing where they were. */
function foldedLine(out: Document, row: Element): Element {
  const count = /\d+/.exec(lineText(row))?.[0];
  const what = count ? `${count} ${count === '1' ? 'message' : 'messages'}` : 'Messages';
  return emphasisLine(
    out,
    `${what} folded on the page ${count === '1' ? 'is' : 'are'} not in this note.`,
  );
}

/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const gmailDetector: SiteDetector = {
  id: 'gmail',
  family: 'thread',
  detect(doc) {
    // A class lookup first (the browser's fast path), as this runs on every article clip.
    if (!holdsClass(doc.documentElement, ['adn'])) return false;
    const message = doc.querySelector(MESSAGE);
    // A message row is Gmail's when the thread's subject heads it or it holds Gmail's own parts
    // (the sender chip, the body box): a page that merely uses the class name is not claimed.
    return !!message && !!(doc.querySelector('h2.hP') || message.querySelector('.gD, .ii.gt'));
  },
};

export const gmail: SiteModule = {
  ...gmailDetector,
  extract({ doc, out }) {
    const subject = lineText(doc.querySelector('h2.hP'));
    const content = out.createElement('div');
    let first: { author?: string; date?: string } | undefined;
    for (const row of messageRows(doc)) {
      if (row.matches(FOLDED)) {
        content.append(foldedLine(out, row));
        continue;
      }
      const messages = Array.from(row.querySelectorAll(MESSAGE));
      if (row.matches(MESSAGE)) messages.unshift(row);
      // The `.a3s` holding the mail's HTML, else the `.ii.gt` box Gmail puts it in; a message
      // opened and collapsed again keeps it, hidden, and is read in full.
      const bodyOf = (message: Element) =>
        message.querySelector('.a3s') ?? message.querySelector('.ii.gt');
      const opened = messages.find(bodyOf);
      const header =
        opened ?? (row.matches(COLLAPSED) ? row : row.querySelector(COLLAPSED)) ?? messages[0];
      if (!header) continue;
      const sender = header.querySelector('.gD[email], .gD');
      const author = sender?.getAttribute('name') || lineText(sender) || undefined;
      const shown = header.querySelector('.g3');
      const date = shown?.getAttribute('title') || lineText(shown) || undefined;
      const body = opened && bodyOf(opened);
      if (!body && !author) continue;
      first ??= { author, date };
      const quote = out.createElement('blockquote');
      // The date as Gmail shows it ("May 13, 2026, 11:02 PM"): a fact, not a day to parse.
      quote.append(bylineParagraph(out, { author, facts: date ? [date] : [] }));
      if (body) quote.append(...Array.from(messageBody(out, body).childNodes));
      else quote.append(...collapsedPreview(out, header));
      content.append(quote);
    }
    if (!subject || !first) return null;
    // Gmail shows the reader's local time without a zone: the day is what it says for sure.
    const shownDate = first.date ? new Date(first.date) : undefined;
    const published =
      shownDate && !Number.isNaN(shownDate.getTime())
        ? [
            shownDate.getFullYear(),
            String(shownDate.getMonth() + 1).padStart(2, '0'),
            String(shownDate.getDate()).padStart(2, '0'),
          ].join('-')
        : undefined;
    return {
      content,
      metadata: {
        title: subject,
        author: first.author,
        published,
        siteName: 'Gmail',
      },
    };
  },
};
