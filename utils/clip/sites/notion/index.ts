import { lineText } from '../../presence';
import { metaContent } from '../post-parts';
import { linkParagraph } from '../thread';
import type { SiteContext, SiteDetector, SiteModule } from '../types';
import { databaseOf } from './database';

/**
 * Notion pages: published ones (`<workspace>.notion.site`, a custom domain) and the user's own in
 * the app (notion.so), in the same markup. Everything is a `div`: each block is a
 * `.notion-selectable[data-block-id]` whose kind is its class (`notion-text-block`,
 * `notion-bulleted_list-block`, `notion-code-block`, …), its text an editable leaf
 * (`[data-content-editable-leaf]`) whose bold, italics and inline code are spans with inline
 * styles, its child blocks nested inside it. List bullets and numbers are drawn by the style
 * sheet (`--pseudoBefore--content`), not written. Read as it is, a page lost its lists, its
 * emphasis, and its code blocks' line breaks. This module writes each block as the element it
 * stands for: paragraphs, headings, nested lists, task lists, code blocks with their language,
 * quotes and callouts as quotes, toggles open, dividers, images with captions, tables,
 * bookmarks and links to sub-pages, and databases as their table (database.ts).
 */

/** A block: what carries an id and is selectable; its kind is in its class. */
const BLOCK_CLASS = 'notion-selectable';
const LEAF = '[data-content-editable-leaf]';
const KIND = /\bnotion-([a-z_]+)-block\b/;

const HEADINGS: Record<string, string> = {
  header: 'h2',
  sub_header: 'h3',
  sub_sub_header: 'h4',
};
const LISTS: Record<string, string> = { bulleted_list: 'ul', numbered_list: 'ol', to_do: 'ul' };
/** The names a code block's language menu gives to no language: the fence then names none. */
const NO_LANGUAGE = /^(?:plain ?text|text)$/i;

function isBlock(element: Element): boolean {
  return element.hasAttribute('data-block-id') && element.classList.contains(BLOCK_CLASS);
}

function kindOf(block: Element): string {
  return KIND.exec(block.getAttribute('class') ?? '')?.[1] ?? '';
}

/** The blocks directly under `parent`, through the wrappers Notion puts around them, in order. */
function childBlocks(parent: Element): Element[] {
  const found: Element[] = [];
  const walk = (element: Element) => {
    for (const child of Array.from(element.children)) {
      if (isBlock(child)) found.push(child);
      else walk(child);
    }
  };
  walk(parent);
  return found;
}

/** The block's own editable leaves (its text, a caption), not those of its child blocks. */
function ownLeaves(block: Element): Element[] {
  return Array.from(block.querySelectorAll(LEAF)).filter(
    (leaf) => leaf.parentElement?.closest(`.${BLOCK_CLASS}[data-block-id]`) === block,
  );
}

/** The inline marks a token's inline style sets, outermost first. */
function marksOf(style: string): string[] {
  const marks: string[] = [];
  if (/font-family:[^;]*mono/i.test(style)) return ['code'];
  if (/font-weight:\s*(?:bold|[6-9]00)/i.test(style)) marks.push('strong');
  if (/font-style:\s*italic/i.test(style)) marks.push('em');
  if (/text-decoration[^:;]*:[^;]*line-through/i.test(style)) marks.push('del');
  return marks;
}

/**
 * A leaf's text as inline content in `out`: styled tokens as `<strong>`, `<em>`, `<code>`,
 * `<del>`; links kept; the line breaks Notion writes as newlines (its leaves keep white space)
 * as `<br>`.
 */
function inlineOf(leaf: Element | undefined, out: Document): Node[] {
  if (!leaf) return [];
  const copy = out.importNode(leaf, true) as Element;
  for (const token of Array.from(copy.querySelectorAll('span[style]'))) {
    const marks = marksOf(token.getAttribute('style') ?? '');
    if (marks.length === 0) continue;
    if (marks[0] === 'code') {
      const code = out.createElement('code');
      code.textContent = token.textContent;
      token.replaceWith(code);
      continue;
    }
    let nodes: Node[] = Array.from(token.childNodes);
    // Innermost mark first, so the first one listed ends up outside.
    for (const mark of [...marks].reverse()) nodes = [element(out, mark, nodes)];
    token.replaceWith(...nodes);
  }
  const walker = out.createTreeWalker(copy, 4);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  for (const text of texts) {
    if (!text.data.includes('\n') || text.parentElement?.closest('code')) continue;
    const parts = text.data.split('\n');
    text.replaceWith(
      ...parts.flatMap((part, index) =>
        index === 0
          ? [out.createTextNode(part)]
          : [out.createElement('br'), out.createTextNode(part)],
      ),
    );
  }
  return Array.from(copy.childNodes);
}

function element(out: Document, name: string, children: Node[]): Element {
  const made = out.createElement(name);
  made.append(...children);
  return made;
}

/** A checked to-do: its box holds the check mark (an svg `check`, or a checked input). */
function isChecked(block: Element): boolean {
  return Boolean(
    block.querySelector('svg.check, input[type="checkbox"]:checked, [aria-checked="true"]'),
  );
}

/** A code block as `<pre><code class="language-…">`, its text as written, then its caption. */
function codeBlock(block: Element, out: Document): Node[] {
  const [code, caption] = ownLeaves(block);
  if (!code) return [];
  const language = (block.querySelector('[role="button"]')?.textContent ?? '').trim();
  const codeElement = out.createElement('code');
  if (language && !NO_LANGUAGE.test(language)) {
    codeElement.className = `language-${language.toLowerCase().replace(/\s+/g, '-')}`;
  }
  codeElement.textContent = code.textContent ?? '';
  const nodes: Node[] = [element(out, 'pre', [codeElement])];
  if (caption && lineText(caption)) nodes.push(element(out, 'p', inlineOf(caption, out)));
  return nodes;
}

function imageBlock(block: Element, out: Document): Node[] {
  const image = block.querySelector('img[src]');
  if (!image) return [];
  const copy = out.createElement('img');
  copy.setAttribute('src', image.getAttribute('src') ?? '');
  copy.setAttribute('alt', image.getAttribute('alt') ?? '');
  const caption = ownLeaves(block)[0];
  const children: Node[] = [copy];
  if (caption && lineText(caption)) {
    children.push(element(out, 'figcaption', inlineOf(caption, out)));
  }
  return [element(out, 'figure', children)];
}

/**
 * A link's title: its first element holding only text, past the page icon (a sub-page's link
 * holds its icon, then its title; a bookmark's card its title, then description and address).
 */
function linkTitle(link: Element): string {
  for (const part of Array.from(link.querySelectorAll('*'))) {
    if (part.children.length > 0 || part.closest('.notion-record-icon')) continue;
    const text = lineText(part);
    if (text) return text;
  }
  return lineText(link);
}

/** A link to a web page (bookmark) or a sub-page (page block, link to page): a line with its link. */
function linkBlock(block: Element, out: Document): Node[] {
  const link = block.querySelector('a[href]');
  if (!link) return [];
  return [linkParagraph(out, link.getAttribute('href') ?? '', linkTitle(link) || undefined)];
}

/** A list item: the block's text (after a checkbox for a to-do), then its child blocks. */
function listItem(block: Element, kind: string, out: Document): Element {
  const item = out.createElement('li');
  if (kind === 'to_do') {
    const box = out.createElement('input');
    box.setAttribute('type', 'checkbox');
    if (isChecked(block)) box.setAttribute('checked', '');
    item.append(box);
  }
  item.append(...inlineOf(ownLeaves(block)[0], out));
  item.append(...blocksOf(childBlocks(block), out));
  return item;
}

/** One block, not a list item, as elements in `out`. */
function blockOf(block: Element, kind: string, out: Document): Node[] {
  const leaf = ownLeaves(block)[0];
  const children = () => blocksOf(childBlocks(block), out);
  const heading = HEADINGS[kind];
  if (heading) return [element(out, heading, inlineOf(leaf, out)), ...children()];
  switch (kind) {
    case 'text':
    case 'toggle':
      // A toggle is drawn open or closed; the note keeps its summary and what it holds.
      return [
        ...(leaf && lineText(leaf) ? [element(out, 'p', inlineOf(leaf, out))] : []),
        ...children(),
      ];
    case 'quote':
      return [element(out, 'blockquote', [element(out, 'p', inlineOf(leaf, out)), ...children()])];
    case 'callout': {
      // The callout's icon, when an emoji, leads its text as on the page.
      const icon = block
        .querySelector('.notion-record-icon [role="img"]')
        ?.getAttribute('aria-label');
      const lead = icon ? [out.createTextNode(`${icon} `)] : [];
      return [
        element(out, 'blockquote', [
          element(out, 'p', [...lead, ...inlineOf(leaf, out)]),
          ...children(),
        ]),
      ];
    }
    case 'code':
      return codeBlock(block, out);
    case 'divider':
      return [out.createElement('hr')];
    case 'image':
      return imageBlock(block, out);
    case 'bookmark':
    case 'page':
    case 'link_to_page':
    case 'alias':
      return linkBlock(block, out);
    case 'table': {
      const table = block.querySelector('table');
      return table ? [out.importNode(table, true)] : [];
    }
    case 'collection_view':
    case 'collection_view_page': {
      // The database's own title leaf, not a leaf of one of its cells or cards.
      const title = ownLeaves(block).find(
        (candidate) => !candidate.closest('.notion-table-view, .notion-collection-item'),
      );
      const database = databaseOf(block, title, out);
      if (database.length > 0) return database;
      return lineText(block) ? [out.importNode(block, true)] : [];
    }
    case 'column_list':
    case 'column':
      return children();
    default: {
      // A block this module does not know (an equation, an embed, a synced block): its child
      // blocks if it has any, else the block as the page has it, for the engine's rules.
      const nested = childBlocks(block);
      if (nested.length > 0) return blocksOf(nested, out);
      return lineText(block) || block.querySelector('img, iframe, video, .katex')
        ? [out.importNode(block, true)]
        : [];
    }
  }
}

/** Blocks as elements in `out`: list items of one kind in a row make one list. */
function blocksOf(blocks: Element[], out: Document): Node[] {
  const nodes: Node[] = [];
  let list: Element | undefined;
  let listKind = '';
  for (const block of blocks) {
    const kind = kindOf(block);
    const listTag = LISTS[kind];
    if (!listTag) {
      list = undefined;
      nodes.push(...blockOf(block, kind, out));
      continue;
    }
    if (!list || listKind !== kind) {
      list = out.createElement(listTag);
      listKind = kind;
      nodes.push(list);
    }
    list.append(listItem(block, kind, out));
  }
  return nodes;
}

/** The page's content: a peek (a page opened over another) when one is open, else the page. */
function pageContent(doc: Document): Element | undefined {
  const contents = Array.from(doc.getElementsByClassName('notion-page-content'));
  return contents.find((content) => content.closest('.notion-peek-renderer')) ?? contents[0];
}

/** The page's title, from its page block above the content (the page's `<h1>`). */
function pageTitle(content: Element): string {
  const frame = content.closest('.notion-peek-renderer, .notion-scroller') ?? content.ownerDocument;
  for (const block of Array.from(frame.querySelectorAll('.notion-page-block'))) {
    if (block.closest('.notion-page-content')) continue;
    const title = lineText(block.querySelector(`h1, ${LEAF}`) ?? block);
    if (title) return title;
  }
  return '';
}

/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const notionDetector: SiteDetector = {
  id: 'notion',
  family: 'reference',
  detect(doc) {
    // By class name (the browser's fast path): this runs on every article clip.
    const content = pageContent(doc);
    return Boolean(content?.querySelector(`.${BLOCK_CLASS}[data-block-id]`));
  },
};

export const notion: SiteModule = {
  ...notionDetector,
  extract(context: SiteContext) {
    const { doc, out } = context;
    const content = pageContent(doc);
    if (!content) return null;
    const blocks = childBlocks(content);
    // A page whose blocks carry no kind Notion writes is not the markup this module reads.
    if (!blocks.some((block) => kindOf(block))) return null;
    const root = out.createElement('div');
    root.append(...blocksOf(blocks, out));
    if (!lineText(root)) return null;
    const title = pageTitle(content);
    return {
      content: root,
      metadata: {
        ...(title && { title }),
        // A published page names its workspace ("Acme on Notion"); the app's pages name nothing.
        siteName: metaContent(doc, 'og:site_name') ?? 'Notion',
      },
    };
  },
};
