import type { CommentDepth } from './types';

/**
 * Shared by the site modules that carry a discussion (threads, social posts, code hosts, Q&A):
 * a post and its discussion built as elements in
 * the scratch document, never as Markdown text, so everything from the page still goes through
 * the one Markdown writer (escaping, link and image safety).
 *
 * Nesting is kept with nested blockquotes: in CommonMark a reply six levels down is one line
 * prefix (`> > > > > > `) and still renders as a nested quote everywhere, where a nested list
 * needs its indentation right at every level and turns a multi-paragraph comment at depth six
 * into an indented code block in many renderers.
 */
export interface ThreadComment {
  /** Who wrote it, as shown: a user name, or "Display Name @handle". */
  author?: string;
  /** ISO 8601 when the page gives a date. */
  published?: string;
  /** The comment's own address (absolute). */
  permalink?: string;
  /** As the page words it: "42 points", "3 likes". */
  score?: string;
  /** Further short facts after the score: reactions (`👍 3`), "✓ Answer". */
  facts?: string[];
  /** The comment's text: the element's children are copied (never the element itself). */
  body?: Element | null;
  /** Extra content copied after the body (images, a link card, a quoted post). */
  extras?: Element[];
  /** Deleted or removed: kept only as the parent of replies that are still there. */
  gone?: boolean;
  replies: ThreadComment[];
}

/** Elements that never belong in a note's text: controls, scripts, decoration. */
const JUNK =
  'script, style, noscript, template, button, input, select, textarea, svg, canvas, form > [type="hidden"]';

/** Copies of `source`'s children into `out`, with controls and scripts left behind. */
export function copyChildren(out: Document, source: Element): Node[] {
  const holder = out.createElement('div');
  for (const child of Array.from(source.childNodes))
    holder.appendChild(out.importNode(child, true));
  for (const junk of Array.from(holder.querySelectorAll(JUNK))) junk.remove();
  return Array.from(holder.childNodes);
}

/** A date the page wrote as ISO 8601, a timestamp or a date string, as ISO 8601; else undefined. */
export function isoDate(value: string | null | undefined): string | undefined {
  const text = (value ?? '').trim();
  if (!text) return undefined;
  const date = /^\d{10,13}$/.test(text)
    ? new Date(Number(text) * (text.length === 10 ? 1000 : 1))
    : new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** An address the page gave, made absolute against the page (or `base`), or undefined. */
export function absoluteUrl(href: string | null | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    return new URL(href, base).href;
  } catch {
    return undefined;
  }
}

/** Whitespace collapsed; empty → undefined. */
export function cleanText(value: string | null | undefined): string | undefined {
  const text = (value ?? '')
    .replace(/[\u200b-\u200f\u202a-\u202e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text || undefined;
}

/** The first words of a post, for a title: at most `limit` characters, cut at a word. */
export function firstWords(text: string | null | undefined, limit = 60): string | undefined {
  const clean = cleanText(text);
  if (!clean || clean.length <= limit) return clean;
  const cut = clean.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/**
 * "**author** · [2025-01-15](permalink) · 42 points · 👍 3": who, when and how well received.
 * Every module's comment headers and a post's facts line are this one line.
 */
export function bylineParagraph(
  out: Document,
  comment: Partial<ThreadComment>,
): HTMLParagraphElement {
  const line = out.createElement('p');
  const parts: Node[] = [];
  if (comment.author) {
    const strong = out.createElement('strong');
    strong.textContent = comment.author;
    parts.push(strong);
  }
  const day = comment.published?.slice(0, 10);
  if (day || comment.permalink) {
    const text = day ?? 'link';
    if (comment.permalink) {
      const link = out.createElement('a');
      link.setAttribute('href', comment.permalink);
      link.textContent = text;
      parts.push(link);
    } else {
      parts.push(out.createTextNode(text));
    }
  }
  for (const fact of [comment.score, ...(comment.facts ?? [])]) {
    if (fact) parts.push(out.createTextNode(fact));
  }
  parts.forEach((part, index) => {
    if (index > 0) line.append(' · ');
    line.append(part);
  });
  return line;
}

function commentQuote(out: Document, comment: ThreadComment, nested: boolean): HTMLElement | null {
  const replies = nested
    ? comment.replies.map((reply) => commentQuote(out, reply, true)).filter((q) => q !== null)
    : [];
  const hasBody = !comment.gone && comment.body && /\S/.test(comment.body.textContent ?? '');
  const hasExtras = !comment.gone && (comment.extras?.length ?? 0) > 0;
  if (!hasBody && !hasExtras && replies.length === 0) return null;
  const quote = out.createElement('blockquote');
  if (comment.gone) {
    quote.append(emphasisLine(out, 'Deleted comment'));
  } else {
    quote.append(bylineParagraph(out, comment));
    if (hasBody && comment.body) quote.append(...copyChildren(out, comment.body));
    for (const extra of comment.extras ?? []) quote.append(out.importNode(extra, true));
  }
  quote.append(...replies);
  return quote;
}

/**
 * The note: the post's own content, then (unless the depth says none) a rule, a "Comments"
 * heading and one blockquote per comment, replies nested inside their parent's quote.
 */
export function threadContent(
  out: Document,
  post: Node[],
  comments: ThreadComment[],
  depth: CommentDepth,
): HTMLElement {
  const root = out.createElement('div');
  root.append(...post);
  if (depth === 'none') return root;
  const quotes = comments
    .map((comment) => commentQuote(out, comment, depth === 'all'))
    .filter((quote) => quote !== null);
  if (quotes.length === 0) return root;
  const heading = out.createElement('h2');
  heading.textContent = 'Comments';
  root.append(out.createElement('hr'), heading, ...quotes);
  return root;
}

/** Comments listed flat with their depth (0: top level), as a tree. */
export function treeFromDepths(
  flat: Array<{ depth: number; comment: ThreadComment }>,
): ThreadComment[] {
  const roots: ThreadComment[] = [];
  const stack: ThreadComment[] = [];
  for (const { depth, comment } of flat) {
    const level = Math.max(0, Math.min(depth, stack.length));
    stack.length = level;
    const parent = stack[level - 1];
    if (parent) parent.replies.push(comment);
    else roots.push(comment);
    stack.push(comment);
  }
  return roots;
}

/** A paragraph holding one link (a story's address, a link post's target). */
export function linkParagraph(out: Document, href: string, text?: string): HTMLParagraphElement {
  const paragraph = out.createElement('p');
  const link = out.createElement('a');
  link.setAttribute('href', href);
  link.textContent = text ?? href;
  paragraph.append(link);
  return paragraph;
}

/** A paragraph holding one run of emphasis: a note's own remark, a subtitle, a heading in bold. */
export function emphasisLine(
  out: Document,
  text: string,
  tag: 'em' | 'strong' = 'em',
): HTMLParagraphElement {
  const paragraph = out.createElement('p');
  const emphasis = out.createElement(tag);
  emphasis.textContent = text;
  paragraph.append(emphasis);
  return paragraph;
}

/**
 * Whether `element` (inside `root`) belongs to `root` itself rather than to an item shown inside
 * it: nothing from the element up to `root` (the element included, `root` not) matches
 * `boundary` (a reply's item, a quoted post's card).
 */
export function belongsTo(element: Element, root: Element, boundary: string): boolean {
  for (let at: Element | null = element; at && at !== root; at = at.parentElement) {
    if (at.matches(boundary)) return false;
  }
  return true;
}

/** The elements under `root` matching `selector` that belong to `root` itself (see belongsTo). */
export function ownElements(root: Element, selector: string, boundary: string): Element[] {
  return Array.from(root.querySelectorAll(selector)).filter((element) =>
    belongsTo(element, root, boundary),
  );
}

/** The first element under `root` matching `selector` that belongs to `root` itself. */
export function ownElement(root: Element, selector: string, boundary: string): Element | undefined {
  return Array.from(root.querySelectorAll(selector)).find((element) =>
    belongsTo(element, root, boundary),
  );
}

/**
 * A post written in a text box (X, Bluesky) as paragraphs: its text keeps line breaks as
 * newline characters shown with `white-space: pre-wrap`, which the Markdown writer would fold
 * into spaces. A blank line starts a paragraph, a single newline is a `<br>`. Layout wrappers
 * (`div`s the apps put around a hashtag or a mention) are unwrapped: the text is one flow.
 */
export function textParagraphs(out: Document, source: Element): HTMLElement[] {
  const holder = out.createElement('div');
  holder.append(...copyChildren(out, source));
  for (const wrapper of Array.from(holder.querySelectorAll('div')))
    wrapper.replaceWith(...Array.from(wrapper.childNodes));
  const paragraphs: HTMLElement[] = [out.createElement('p')];
  const current = () => paragraphs[paragraphs.length - 1] as HTMLElement;
  const place = (node: Node, into: Element): void => {
    if (node.nodeType !== 3) {
      into.append(node);
      return;
    }
    const blocks = (node.nodeValue ?? '').split(/\n[ \t]*\n\s*/);
    blocks.forEach((block, index) => {
      if (index > 0) paragraphs.push(out.createElement('p'));
      block.split('\n').forEach((line, lineIndex) => {
        if (lineIndex > 0) current().append(out.createElement('br'));
        if (line) current().append(line);
      });
    });
  };
  // Text nodes nested in spans are brought up to the paragraph's level so a blank line inside a
  // span can still end a paragraph; inline elements without newlines stay as they are.
  for (const node of Array.from(holder.childNodes)) {
    if (node.nodeType === 1 && !/\n/.test(node.textContent ?? '')) current().append(node);
    else if (node.nodeType === 1 && (node as Element).localName === 'span') {
      for (const inner of Array.from(node.childNodes)) place(inner, current());
    } else place(node, current());
  }
  return paragraphs.filter(
    (paragraph) => /\S/.test(paragraph.textContent ?? '') || paragraph.querySelector('img'),
  );
}
