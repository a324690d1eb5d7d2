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
  '.hatnote',
  '.dablink',
  '.shortdescription',
  '.ambox',
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
  'link',
  'style',
  'meta',
  'script',
].join(', ');

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
    if (!image) {
      const img = row.querySelector('.infobox-image img, td img');
      if (img && !label) {
        image = out.importNode(img, true) as Element;
        continue;
      }
    }
    if (!label || !value || !textOf(value)) continue;
    const tr = out.createElement('tr');
    const th = out.createElement('th');
    th.textContent = textOf(label);
    const td = importBody(out, value, '.noprint, style, link, .mw-editsection');
    const cell = out.createElement('td');
    // Lists and line breaks in a value become one line: a table cell holds no blocks.
    for (const br of td.querySelectorAll('br')) br.replaceWith(out.createTextNode(', '));
    for (const item of td.querySelectorAll('li')) item.append(out.createTextNode('; '));
    cell.append(...Array.from(td.childNodes));
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
    for (const infobox of content.querySelectorAll('table.infobox')) {
      infobox.replaceWith(...infoboxTable(infobox, context));
    }
    // MediaWiki 1.43 wraps each heading in `div.mw-heading`: unwrapped, a heading is a sibling of
    // its section again (the footnote rule drops a "References" heading over the notes it moves,
    // as it does on older wikis).
    for (const wrapper of content.querySelectorAll('div.mw-heading')) {
      wrapper.replaceWith(...Array.from(wrapper.childNodes));
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
