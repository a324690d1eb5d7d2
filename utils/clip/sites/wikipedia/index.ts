import { importBody, isoDate, metaContent, textOf, titleSuffix } from '../post-parts';
import type { SiteContext, SiteModule } from '../types';

/**
 * Wikipedia and other MediaWiki sites: the article is `#mw-content-text .mw-parser-output` under
 * the `#firstHeading` title (MediaWiki's own markup, the same on every wiki and in a saved copy).
 * Kept: the text, the infobox as a plain two-column table, references as footnotes (the engine's
 * footnote rule reads `sup.reference` and `ol.references`). Left out: edit links, navigation
 * boxes, hatnotes, maintenance banners, the table of contents, sister-project boxes. The title is
 * the article's heading (never the short description some metadata carries).
 */

const CLUTTER = [
  '.mw-editsection',
  '.navbox',
  '.navbox-styles',
  '.vertical-navbox',
  // Series sidebars ({{Sidebar}}: a box of links to the other articles of a series).
  'table.sidebar',
  '.hatnote',
  '.dablink',
  '.shortdescription',
  '.ambox',
  // Every maintenance and message box carries `metadata` (the class mirrors and print drop).
  '.metadata',
  '.mbox-small',
  '.ombox',
  '.tmbox',
  '.cmbox',
  '.fmbox',
  '.box-Multiple_issues',
  '#toc',
  '.toc',
  '.sistersitebox',
  '.side-box',
  '.portalbox',
  '.authority-control',
  '.noprint',
  '.mw-empty-elt',
  '.mw-jump-link',
  // Coordinates are shown in one notation; the others are hidden by the skin's stylesheet.
  '.geo-multi-punct',
  '.geo-nondefault',
  'link',
  'style',
  'meta',
  'script',
].join(', ');

/**
 * Infoboxes: `table.infobox` (with its `ib-*` and `vcard` classes) on the English Wikipedia and
 * most wikis; `infobox_v2` on wikis that kept the older French template.
 */
const INFOBOX = 'table.infobox, table.infobox_v2';

/**
 * A value cell's content on one line, as a table cell holds no blocks: line breaks and the items
 * of a list (`{{plainlist}}`, `{{ubl}}`, an `hlist`) are separated by commas.
 */
function cellLine(value: Element, out: Document): Node[] {
  const cell = importBody(out, value, '.noprint, style, link, .mw-editsection');
  for (const br of cell.querySelectorAll('br')) br.replaceWith(out.createTextNode(', '));
  // Innermost lists first, so that a nested list is already a line when its parent is joined.
  for (const list of Array.from(cell.querySelectorAll('ul, ol')).reverse()) {
    const line = out.createElement('span');
    for (const item of list.querySelectorAll(':scope > li')) {
      if (line.hasChildNodes()) line.append(out.createTextNode(', '));
      line.append(...Array.from(item.childNodes));
    }
    list.replaceWith(line);
  }
  // The list's wrapper (`div.plainlist`) would otherwise be a block of its own.
  for (const block of cell.querySelectorAll('div, p')) {
    block.replaceWith(...Array.from(block.childNodes), out.createTextNode(' '));
  }
  return Array.from(cell.childNodes);
}

/**
 * The mobile site's image before it scrolls into view: a `span.lazy-image-placeholder` beside a
 * `<noscript>` holding the `<img>` (as text in a browser, where scripting is on). The engine
 * turns that `<noscript>` into its image, as it does for any lazy image.
 */
function lazyImage(cell: Element): Element | null {
  for (const noscript of cell.querySelectorAll('noscript')) {
    if (/<img\b/i.test(noscript.textContent ?? '')) return noscript;
  }
  return null;
}

/**
 * The infobox's image, with the caption under it (`div.infobox-caption`) as a figure caption;
 * the image is not a link to its file description page.
 */
function infoboxFigure(cell: Element, img: Element, out: Document): Element {
  const figure = out.createElement('figure');
  figure.append(out.importNode(img, true));
  const caption = textOf(cell.querySelector('.infobox-caption'));
  if (caption) {
    const figcaption = out.createElement('figcaption');
    figcaption.textContent = caption;
    figure.append(figcaption);
  }
  return figure;
}

/** The infobox as rows of label and value; its image, when it has one, before the table. */
function infoboxTable(infobox: Element, context: SiteContext): Element[] {
  const { out } = context;
  const table = out.createElement('table');
  const tbody = out.createElement('tbody');
  let image: Element | undefined;
  const caption = textOf(infobox.querySelector('caption, .infobox-title, .infobox-above'));
  for (const row of infobox.querySelectorAll('tr')) {
    const label = row.querySelector(':scope > th');
    const value = row.querySelector(':scope > td');
    if (!image && value && !label) {
      const img = value.querySelector('img') ?? lazyImage(value);
      if (img) {
        image = infoboxFigure(value, img, out);
        continue;
      }
    }
    if (!label || !value || !textOf(value)) continue;
    const tr = out.createElement('tr');
    const th = out.createElement('th');
    th.textContent = textOf(label);
    const cell = out.createElement('td');
    cell.append(...cellLine(value, out));
    tr.append(th, cell);
    tbody.append(tr);
  }
  if (!tbody.children.length) return image ? [image] : [];
  if (caption) {
    const head = out.createElement('thead');
    const tr = out.createElement('tr');
    const th = out.createElement('th');
    th.setAttribute('colspan', '2');
    th.textContent = caption;
    tr.append(th);
    head.append(tr);
    table.append(head);
  }
  table.append(tbody);
  return image ? [image, table] : [table];
}

export const wikipedia: SiteModule = {
  id: 'wikipedia',
  family: 'reference',
  detect(doc) {
    // By id first (the browser's fast path), as this runs on every article clip.
    const text = doc.getElementById('mw-content-text');
    return (
      !!text &&
      !!doc.getElementById('firstHeading') &&
      !!text.getElementsByClassName('mw-parser-output')[0]
    );
  },
  extract(context) {
    const { doc } = context;
    const article = doc.querySelector('#mw-content-text .mw-parser-output');
    const heading = doc.getElementById('firstHeading');
    const title = textOf(heading?.querySelector('.mw-page-title-main') ?? heading);
    if (!article || !title) return null;
    const content = importBody(context.out, article, CLUTTER);
    for (const infobox of content.querySelectorAll(INFOBOX)) {
      infobox.replaceWith(...infoboxTable(infobox, context));
    }
    // MediaWiki 1.43 wraps each heading in `div.mw-heading`: unwrapped, a heading is a sibling of
    // its section again (the footnote rule drops a "References" heading over the notes it moves,
    // as it does on older wikis).
    for (const wrapper of content.querySelectorAll('div.mw-heading')) {
      wrapper.replaceWith(...Array.from(wrapper.childNodes));
    }
    // An image links to its file description page (licence, sizes): the image alone is kept.
    for (const link of content.querySelectorAll('a.mw-file-description')) {
      link.replaceWith(...Array.from(link.childNodes));
    }
    // References keep their `[1]` brackets in spans.
    for (const bracket of content.querySelectorAll('.cite-bracket')) bracket.remove();

    // JSON-LD holds the article's last change; MediaWiki writes it on every page.
    let modified: string | undefined;
    for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
      const match = /"dateModified"\s*:\s*"([^"]+)"/.exec(script.textContent ?? '');
      if (match) modified = isoDate(match[1]);
    }
    const suffix = titleSuffix(doc);
    return {
      content,
      metadata: {
        title,
        published: modified,
        siteName:
          metaContent(doc, 'og:site_name') ?? (suffix && suffix !== title ? suffix : undefined),
      },
    };
  },
};
