import { lineText } from '../presence';
import { bylineParagraph } from './thread';

/**
 * Pieces the code-host, Q&A and reference modules share: reading a post's text, author and date,
 * copying a post's body into the scratch document without the page's controls. A discussion is
 * written by thread.ts's threadContent, as on every other site. Everything here reads markup;
 * nothing fetches.
 */

/**
 * An ISO 8601 timestamp from what a page writes in `datetime` or `title` (`2012-06-27T13:51:36Z`,
 * Stack Exchange's `2012-06-27 13:51:36Z`), or undefined when it is not a date.
 */
export function isoDate(value: string | null | undefined): string | undefined {
  const raw = value?.split(',')[0]?.trim();
  if (!raw || !/^\d{4}-\d{2}-\d{2}/.test(raw)) return undefined;
  const parsed = new Date(raw.replace(' ', 'T'));
  return Number.isNaN(parsed.getTime()) ? undefined : parsed.toISOString();
}

/** The first element matching `selector` in `root` that is not inside `outside` (a post's body). */
export function firstOutside(
  root: Element,
  selector: string,
  outside: Element | null,
): Element | undefined {
  for (const candidate of root.querySelectorAll(selector)) {
    if (!outside?.contains(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Controls and decoration a post's body carries on these sites: copy buttons, tooltips, screen-
 * reader-only headings, icons, forms. None of it is the author's text.
 */
const BODY_CHROME =
  'button, clipboard-copy, .zeroclipboard-container, .js-clipboard-copy, svg, form, input:not([type="checkbox"]), textarea, select, script, style, template, .sr-only, .visually-hidden, [role="toolbar"], .js-post-menu, .s-popover';

/** A deep copy of a post's body in `out`, without BODY_CHROME. */
export function importBody(out: Document, body: Element, chrome = BODY_CHROME): Element {
  const copy = out.importNode(body, true) as Element;
  for (const junk of copy.querySelectorAll(chrome)) junk.remove();
  return copy;
}

export interface PostHeader {
  author?: string;
  /** ISO timestamp. */
  date?: string;
  /** Further short facts: a score, "accepted", reactions. */
  extras?: string[];
}

/**
 * `**author** · 2026-01-15 · 👍 3` as a paragraph (thread.ts's byline, the one comment header
 * every module writes), or null when there is nothing to say.
 */
export function headerLine(out: Document, header: PostHeader): Element | null {
  const line = bylineParagraph(out, {
    author: header.author,
    published: header.date,
    facts: header.extras,
  });
  return line.hasChildNodes() ? line : null;
}

/** Reactions as short facts (`👍 3`), from a toolbar of buttons each holding an emoji and a count. */
export function reactionsIn(toolbar: Element | null | undefined): string[] {
  if (!toolbar) return [];
  const found: string[] = [];
  for (const button of toolbar.querySelectorAll('button, .social-reaction-summary-item')) {
    const text = lineText(button);
    // An emoji (anything that is not a letter) then a count: "Add reaction" buttons say neither.
    const match = /^([^\p{L}\d\s]+)\s*(\d+)$/u.exec(text);
    if (match) found.push(`${match[1]} ${match[2]}`);
  }
  return [...new Set(found)];
}

/** The page's `<title>` split at its last ` - `, ` · ` or ` | ` ("Obsidian - Wikipedia"). */
export function titleSuffix(doc: Document): string | undefined {
  const match = /\s[-–—·|]\s([^-–—·|]+)$/.exec(doc.title ?? '');
  return match?.[1]?.trim() || undefined;
}

/** A meta element's `property`, `name` and `content`. */
type MetaTag = [string | null, string | null, string | null];

/** The page the detectors are looking at (readingPage), its meta elements once read. */
let pageRead: { doc: Document; metas?: MetaTag[] } | undefined;

/**
 * Runs `read` with the page's meta elements read once, on the first metaContent asked of it:
 * site detection asks every page for a meta key in five detectors (Discourse's generator;
 * YouTube's, ChatGPT's, Claude's and Gemini's site names). Only for as long as `read` runs: a
 * page can change between clips.
 */
export function readingPage<T>(doc: Document, read: () => T): T {
  const outer = pageRead;
  pageRead = { doc };
  try {
    return read();
  } finally {
    pageRead = outer;
  }
}

function metaTags(doc: Document): MetaTag[] {
  return Array.from(
    doc.getElementsByTagName('meta'),
    (meta): MetaTag => [
      meta.getAttribute('property'),
      meta.getAttribute('name'),
      meta.getAttribute('content'),
    ],
  );
}

/**
 * The first `<meta property|name=…>` of that key: its value, trimmed. Detectors ask this of every
 * page, so it walks the page's meta elements rather than matching an attribute selector, which
 * costs a selector parse and a walk of the whole tree each time (ten times the cost under jsdom).
 */
export function metaContent(doc: Document, key: string): string | undefined {
  let metas: MetaTag[];
  if (pageRead?.doc === doc) {
    pageRead.metas ??= metaTags(doc);
    metas = pageRead.metas;
  } else metas = metaTags(doc);
  for (const [property, name, content] of metas) {
    if (property === key || name === key) return content?.trim() || undefined;
  }
  return undefined;
}
