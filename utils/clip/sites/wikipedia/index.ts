import { lineText } from '../../presence';
import { importBody, isoDate, metaContent, titleSuffix } from '../post-parts';
import type { SiteDetector, SiteModule } from '../types';

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
 * most wikis; `infobox_v2` on wikis that kept the older French template; `div.infobox_v3`, the
 * French Wikipedia's current template, a box of blocks rather than a table (infoboxV3Rows);
 * `aside.portable-infobox`, Fandom's (portableInfoboxRows).
 */
const INFOBOX = 'table.infobox, table.infobox_v2, div.infobox_v3, aside.portable-infobox';

/**
 * What Module:Infobox (the same on every wiki that uses it) writes across both columns: section
 * headers, the line under the name, rows of data with no label (a map, "In office" dates, an
 * embedded module's heading) and images after the first. A Markdown table spans nothing, so each
 * becomes a row of its own, its content in the first cell.
 */
const HEADER_CELL = 'th.infobox-header';
const FULL_WIDTH_CELL = 'td.infobox-full-data, td.infobox-subheader, td.infobox-image';

/**
 * What a location map draws over itself: Module:Location map's pin (`div.od`, with its label), or
 * any picture the page places absolutely over another (the French template's pins). A few pixels
 * placed by a stylesheet, meaningless without the map under them.
 */
const MAP_OVERLAY = '.od, [style*="position:absolute"], [style*="position: absolute"]';

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
 * Where a cell's pictures are. Several maps to switch between (`div.switcher-container`, one
 * `div.center` each, the Switcher gadget's radio buttons after them) are one picture in a note:
 * the first, the one the page shows until the reader switches.
 */
function pictureScope(cell: Element): Element {
  return cell.querySelector('.switcher-container > div') ?? cell;
}

/**
 * A cell's pictures, map pins left out. On the mobile site an image not yet scrolled into view is
 * a `span.lazy-image-placeholder` beside a `<noscript>` holding the `<img>`, as text in a browser
 * (where scripting is on): that `<noscript>` is taken, and the engine turns it into its image, as
 * it does for any lazy image.
 */
function cellImages(cell: Element): Element[] {
  const found: Element[] = [];
  for (const candidate of pictureScope(cell).querySelectorAll('img, noscript')) {
    if (candidate.closest(MAP_OVERLAY)) continue;
    if (candidate.tagName === 'IMG' || /<img\b/i.test(candidate.textContent ?? '')) {
      found.push(candidate);
    }
  }
  return found;
}

/**
 * The words around a cell's pictures: its caption, whatever the template calls it
 * (`div.infobox-caption`, `div.ib-settlement-caption`, the last line of a location map), without
 * the labels of a map switcher's buttons.
 */
function pictureCaption(cell: Element): string {
  const copy = pictureScope(cell).cloneNode(true) as Element;
  for (const part of copy.querySelectorAll(
    `img, noscript, label, .switcher-label, ${MAP_OVERLAY}`,
  )) {
    part.remove();
  }
  return lineText(copy);
}

/**
 * An infobox as a two-column table: its name as the table's header, rows of label and value, and
 * what spans both columns as rows of their own (header in bold, full-width content in the first
 * cell). Its first picture, with its caption, stands before the table, as a figure.
 */
class InfoboxTable {
  private figure: Element | undefined;
  private readonly body: Element;

  constructor(private readonly out: Document) {
    this.body = out.createElement('tbody');
  }

  /**
   * The first cell with pictures (a photo; a flag beside a coat of arms) becomes the figure; an
   * image is not a link to its file description page.
   */
  takeFigure(cell: Element): boolean {
    if (this.figure) return false;
    const images = cellImages(cell);
    if (images.length === 0) return false;
    const figure = this.out.createElement('figure');
    for (const img of images) figure.append(this.out.importNode(img, true));
    const caption = pictureCaption(cell);
    if (caption) {
      const figcaption = this.out.createElement('figcaption');
      figcaption.textContent = caption;
      figure.append(figcaption);
    }
    this.figure = figure;
    return true;
  }

  pair(label: Element, value: Element): void {
    // A value may be a picture alone (a signature, a flag).
    if (!lineText(value) && cellImages(value).length === 0) return;
    const th = this.out.createElement('th');
    th.textContent = lineText(label);
    const td = this.out.createElement('td');
    td.append(...cellLine(value, this.out));
    this.row(th, td);
  }

  header(cell: Element): void {
    // An empty header is a rule drawn between sections.
    if (!lineText(cell)) return;
    const strong = this.out.createElement('strong');
    strong.append(...cellLine(cell, this.out));
    const th = this.out.createElement('th');
    th.append(strong);
    this.row(th, this.out.createElement('td'));
  }

  /** Content across both columns: pictures first, then their caption under them; else the text. */
  fullWidth(cell: Element): void {
    const images = cellImages(cell);
    const td = this.out.createElement('td');
    if (images.length > 0) {
      for (const img of images) td.append(this.out.importNode(img, true));
      const caption = pictureCaption(cell);
      if (caption) td.append(this.out.createElement('br'), this.out.createTextNode(caption));
    } else {
      if (!lineText(cell)) return;
      td.append(...cellLine(cell, this.out));
    }
    this.row(td, this.out.createElement('td'));
  }

  /** A row of Module:Infobox's table, or of a table of the French template's blocks. */
  read(row: Element): void {
    const cells = Array.from(row.children).filter((cell) => /^T[HD]$/.test(cell.tagName));
    const label = cells.find((cell) => cell.tagName === 'TH');
    const value = cells.find((cell) => cell.tagName === 'TD');
    if (value && !label && this.takeFigure(value)) return;
    if (cells.length !== 1) {
      if (label && value) this.pair(label, value);
      return;
    }
    const [only] = cells as [Element];
    // A header cell alone across the table heads a section, in hand-made infoboxes too.
    if (
      only.matches(HEADER_CELL) ||
      (only.tagName === 'TH' && Number(only.getAttribute('colspan')) > 1)
    )
      this.header(only);
    // A full-width cell holding a table is an embedded infobox, whose own rows are read in turn.
    else if (only.matches(FULL_WIDTH_CELL) && !only.querySelector('table')) this.fullWidth(only);
  }

  /** The table, its figure before it; nothing when the infobox had no rows. */
  elements(title: string): Element[] {
    const figure = this.figure ? [this.figure] : [];
    if (!this.body.children.length) return figure;
    const table = this.out.createElement('table');
    if (title) {
      const head = this.out.createElement('thead');
      const tr = this.out.createElement('tr');
      const th = this.out.createElement('th');
      th.setAttribute('colspan', '2');
      th.textContent = title;
      tr.append(th);
      head.append(tr);
      table.append(head);
    }
    table.append(this.body);
    return [...figure, table];
  }

  private row(first: Element, second: Element): void {
    const tr = this.out.createElement('tr');
    tr.append(first, second);
    this.body.append(tr);
  }
}

/** Module:Infobox's table (and the older French `infobox_v2`), row by row. */
function infoboxTable(infobox: Element, out: Document): Element[] {
  const table = new InfoboxTable(out);
  const title =
    infobox.querySelector('caption, .infobox-title') ?? infobox.querySelector('.infobox-above');
  for (const row of infobox.querySelectorAll('tr')) {
    const above = row.querySelector(':scope > .infobox-above');
    // The name above the image is the table's header, unless the infobox also has a title.
    if (above) {
      if (above !== title) table.header(above);
      continue;
    }
    table.read(row);
  }
  return table.elements(lineText(title));
}

/**
 * The French Wikipedia's `div.infobox_v3`: a heading (`div.entete`), pictures (`div.images`, each
 * followed by its caption, `.legend`), then blocks: a table per section (its `caption` the
 * section's name, or a `p.bloc` before it; rows of `th[scope=row]` and `td`). Any other block
 * holding a picture (a location map) is kept as a picture row; its footer (`.navbar`: "modifier",
 * the template's documentation) and separators (`.hr`) are left out.
 */
function infoboxV3Rows(infobox: Element, out: Document): Element[] {
  const table = new InfoboxTable(out);
  for (const block of infobox.children) {
    if (block.matches('p.bloc')) {
      table.header(block);
    } else if (block.tagName === 'TABLE') {
      const caption = block.querySelector(':scope > caption:not(.hidden)');
      if (caption) table.header(caption);
      for (const row of block.querySelectorAll('tr')) table.read(row);
    } else if (!block.matches('.navbar, .legend') && cellImages(block).length > 0) {
      // The caption is the next block, outside the pictures' own box.
      const legend = block.nextElementSibling?.matches('.legend') ? block.nextElementSibling : null;
      const cell = out.createElement('div');
      cell.append(out.importNode(block, true));
      if (legend) cell.append(out.importNode(legend, true));
      if (!table.takeFigure(cell)) table.fullWidth(cell);
    }
  }
  return table.elements(lineText(infobox.querySelector(':scope > .entete')));
}

/**
 * Fandom's infobox (MediaWiki's PortableInfobox extension, on every Fandom wiki and many
 * others): `aside.portable-infobox` holding its name (`.pi-title`), pictures (`.pi-image`, or a
 * collection of them), fields (`.pi-data`: `.pi-data-label` over `.pi-data-value`) and groups of
 * fields under a header (`section.pi-group`, `.pi-header`). The same two-column table as
 * Wikipedia's; Readability drops every `<aside>`, so without this the box was lost.
 */
function portableInfoboxRows(infobox: Element, out: Document): Element[] {
  const table = new InfoboxTable(out);
  const read = (parent: Element) => {
    for (const block of Array.from(parent.children)) {
      if (block.matches('.pi-title, .pi-navigation')) continue;
      if (block.matches('.pi-header')) table.header(block);
      else if (block.matches('.pi-data')) {
        const label = block.querySelector(':scope > .pi-data-label');
        const value = block.querySelector(':scope > .pi-data-value');
        if (label && value) table.pair(label, value);
        else if (value) table.fullWidth(value);
      } else if (block.matches('section, .pi-group')) read(block);
      else if (cellImages(block).length > 0 && !table.takeFigure(block)) table.fullWidth(block);
    }
  };
  read(infobox);
  return table.elements(lineText(infobox.querySelector('.pi-title')));
}

/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const wikipediaDetector: SiteDetector = {
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
};

export const wikipedia: SiteModule = {
  ...wikipediaDetector,
  extract(context) {
    const { doc } = context;
    const article = doc.querySelector('#mw-content-text .mw-parser-output');
    const heading = doc.getElementById('firstHeading');
    const title = lineText(heading?.querySelector('.mw-page-title-main') ?? heading);
    if (!article || !title) return null;
    const content = importBody(context.out, article, CLUTTER);
    for (const infobox of content.querySelectorAll(INFOBOX)) {
      infobox.replaceWith(
        ...(infobox.tagName === 'DIV'
          ? infoboxV3Rows(infobox, context.out)
          : infobox.tagName === 'ASIDE'
            ? portableInfoboxRows(infobox, context.out)
            : infoboxTable(infobox, context.out)),
      );
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
