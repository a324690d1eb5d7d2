import { holdsClass } from '../../presence';
import { importBody, isoDate, metaContent, textOf } from '../post-parts';
import type { SiteContext, SiteModule } from '../types';

/**
 * MDN Web Docs: the article is `article.main-page-content` (its `header h1`, then `section`s of
 * `.section-content`); code examples are `div.code-example` with a `pre.brush: <language>`; the
 * browser-compatibility table is `table.bc-table` (rows of features, a column per browser).
 * Sidebars, the table of contents, the "Baseline" badge, the interactive example's frame, the
 * "Help improve MDN" footer and the example's copy buttons are left out. A compat table is written
 * as plain rows of versions; when the page holds only the table's placeholder (it is drawn by
 * script), a line says where the table is.
 */

const CLUTTER = [
  'aside',
  'nav',
  '.sidebar',
  '#sidebar-quicklinks',
  '.document-toc-container',
  '.baseline-indicator',
  '.article-footer',
  '.metadata',
  '.prev-next',
  '.interactive',
  'iframe',
  'interactive-example',
  '.example-header',
  '.copy-icon',
  '.bc-legend',
  '.bc-notes-wrapper',
  '.bc-history',
  'button',
  'svg',
  'script',
  'style',
  'template',
].join(', ');

/** A cell of the compat table: its version text ("1", "No", "12.1"), notes and icons left out. */
function compatCellText(cell: Element): string {
  const version = textOf(cell.querySelector('.bc-version-label'));
  if (version) return version;
  const support = cell.querySelector('abbr[title]')?.getAttribute('title');
  return support ?? textOf(cell);
}

function compatTable(source: Element, context: SiteContext): Element {
  const { out } = context;
  const table = out.createElement('table');
  // The first column names the feature; its header cell is an empty `td`.
  const browsers = [
    '',
    ...Array.from(source.querySelectorAll('thead tr:last-child th'), (th) =>
      textOf(th.querySelector('.bc-head-txt-label') ?? th),
    ),
  ];
  const head = out.createElement('thead');
  const headRow = out.createElement('tr');
  for (const browser of browsers) {
    const th = out.createElement('th');
    th.textContent = browser;
    headRow.append(th);
  }
  head.append(headRow);
  const body = out.createElement('tbody');
  for (const row of source.querySelectorAll('tbody tr')) {
    const cells = Array.from(row.querySelectorAll(':scope > th, :scope > td'));
    if (!cells.length) continue;
    const tr = out.createElement('tr');
    cells.forEach((cell, index) => {
      const copy = out.createElement(index === 0 ? 'th' : 'td');
      copy.textContent =
        index === 0
          ? textOf(cell.querySelector('code, .bc-table-row-header') ?? cell)
          : compatCellText(cell);
      tr.append(copy);
    });
    body.append(tr);
  }
  table.append(head, body);
  return table;
}

export const mdn: SiteModule = {
  id: 'mdn',
  family: 'reference',
  detect(doc) {
    // By class name first (the browser's fast path), as this runs on every article clip.
    const article = Array.from(doc.getElementsByClassName('main-page-content')).find(
      (element) => element.localName === 'article',
    );
    if (!article) return false;
    // Other sites copy MDN's page frame (`main-content`, `main-page-content`): MDN's name or one
    // of its own widgets (compat table, Baseline badge, example header) must be there too.
    return (
      /\bMDN\b/.test(metaContent(doc, 'og:site_name') ?? '') ||
      holdsClass(article, ['bc-data', 'bc-table', 'baseline-indicator', 'example-header'])
    );
  },
  extract(context) {
    const { doc, out } = context;
    const article = doc.querySelector('article.main-page-content');
    const title = textOf(article?.querySelector('header h1, h1'));
    if (!article || !title) return null;
    const content = importBody(out, article, CLUTTER);
    // The title is the note's title: the article's own heading would only repeat it.
    content.querySelector('header h1, h1')?.remove();
    for (const table of content.querySelectorAll('table.bc-table')) {
      const original = article.querySelectorAll('table.bc-table');
      const index = Array.from(content.querySelectorAll('table.bc-table')).indexOf(table);
      table.replaceWith(compatTable(original[index] ?? table, context));
    }
    // A section left with nothing but its heading (the interactive example's "Try it") goes.
    for (const section of content.querySelectorAll('section')) {
      const heading = section.querySelector('h2, h3, h4');
      const rest = textOf(section).slice(textOf(heading).length).trim();
      if (!rest && !section.querySelector('img, table, pre')) section.remove();
    }
    // A compat section whose table the page draws by script holds only a placeholder.
    for (const placeholder of content.querySelectorAll('.bc-data, lc-compat-table, bcd-table')) {
      if (placeholder.querySelector('table')) continue;
      const line = out.createElement('p');
      const link = out.createElement('a');
      link.setAttribute('href', '#browser_compatibility');
      link.textContent = 'Browser compatibility table on MDN';
      line.append(link);
      placeholder.replaceWith(line);
    }
    const modified = doc.querySelector('.last-modified-date time, .article-footer time');
    return {
      content,
      metadata: {
        title,
        published: isoDate(modified?.getAttribute('datetime')),
        siteName: metaContent(doc, 'og:site_name') ?? 'MDN Web Docs',
      },
    };
  },
};
