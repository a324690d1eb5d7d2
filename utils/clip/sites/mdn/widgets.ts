import { lineText } from '../../presence';
import type { SiteContext } from '../types';

/**
 * MDN's widgets, read from the page as the module finds it: the browser-compatibility table
 * (Yari's `table.bc-table`, or fred's `mdn-compat-table-lazy`) and fred's `mdn-code-example`.
 * A site module reads the live page, where a custom element's rendering is in its shadow root,
 * which a copy of the page (`importNode`) leaves behind: these read the shadow root on the page
 * and write plain markup in the scratch document. A host without a shadow root (a saved copy, or
 * a page whose shadow content was already put in place) is read from its own children.
 */

/** Hosts whose rendering is lost in a copy, and Yari's table whose cells are controls. */
export const WIDGETS = 'table.bc-table, mdn-code-example, mdn-compat-table-lazy';

/** Script-drawn compat tables that are still placeholders (Yari's, and earlier ones). */
export const COMPAT_PLACEHOLDERS = '.bc-data, lc-compat-table, bcd-table';

function renderedRoot(host: Element): ParentNode {
  return host.shadowRoot ?? host;
}

/** A cell of the compat table: its version text ("1", "No", "12.1"), notes and icons left out. */
function compatCellText(cell: Element): string {
  const version = lineText(cell.querySelector('.bc-version-label'));
  if (version) return version;
  const support = cell.querySelector('abbr[title]')?.getAttribute('title');
  return support ?? lineText(cell);
}

/** The feature a row is about, then its status ("Deprecated", "Experimental") when it has one. */
function featureName(cell: Element): string {
  const header = cell.querySelector('.bc-table-row-header') ?? cell;
  const statuses = Array.from(header.querySelectorAll('.bc-icons abbr'), lineText).filter(Boolean);
  const name = header.cloneNode(true) as Element;
  for (const icons of name.querySelectorAll('.bc-icons')) icons.remove();
  return statuses.length ? `${lineText(name)} (${statuses.join(', ')})` : lineText(name);
}

function compatTable(source: Element, context: SiteContext): Element {
  const { out } = context;
  const table = out.createElement('table');
  // The first column names the feature; its header cell is an empty `td`.
  const browsers = [
    '',
    ...Array.from(source.querySelectorAll('thead tr:last-child th'), (th) =>
      lineText(th.querySelector('.bc-head-txt-label') ?? th),
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
    // Children, not `:scope >`: jsdom's selectors miss `:scope` inside a shadow root.
    const cells = Array.from(row.children).filter((cell) => /^t[hd]$/.test(cell.localName));
    if (!cells.length) continue;
    const tr = out.createElement('tr');
    cells.forEach((cell, index) => {
      const copy = out.createElement(index === 0 ? 'th' : 'td');
      copy.textContent = index === 0 ? featureName(cell) : compatCellText(cell);
      tr.append(copy);
    });
    body.append(tr);
  }
  table.append(head, body);
  return table;
}

/** Where the table is, for a page that holds only its placeholder (the table is drawn by script). */
export function compatLink(out: Document): Element {
  const line = out.createElement('p');
  const link = out.createElement('a');
  link.setAttribute('href', '#browser_compatibility');
  link.textContent = 'Browser compatibility table on MDN';
  line.append(link);
  return line;
}

/**
 * fred's compat table once drawn: `mdn-compat-table-lazy`'s shadow root holds `mdn-compat-table`,
 * whose own shadow root holds the table. Until then (or in a saved copy) the first holds a
 * "Loading…" line, or the server's inert template.
 */
function lazyCompatTable(host: Element): Element | null {
  const lazy = renderedRoot(host);
  const drawn = lazy.querySelector('mdn-compat-table');
  return (drawn ? renderedRoot(drawn) : lazy).querySelector('table');
}

/**
 * A code example drawn by fred's script: in its shadow root, `div.code-example` with the language
 * in `.example-header .language-name` and the code (highlighted or not) in `pre > code`; the
 * `pre` carries no language class, so the block is written with the one Yari's markup used.
 */
function codeExample(host: Element, out: Document): Element | null {
  const rendered = renderedRoot(host);
  const source = rendered.querySelector('pre');
  if (!source) return null;
  const language = lineText(rendered.querySelector('.language-name'));
  const pre = out.createElement('pre');
  if (/^[\w#+.-]+$/.test(language)) pre.className = `brush: ${language}`;
  const code = out.createElement('code');
  code.textContent = (source.querySelector('code') ?? source).textContent ?? '';
  pre.append(code);
  return pre;
}

function widgetCopy(source: Element, context: SiteContext): Element | null {
  if (source.localName === 'table') return compatTable(source, context);
  if (source.localName === 'mdn-code-example') return codeExample(source, context.out);
  const table = lazyCompatTable(source);
  return table ? compatTable(table, context) : compatLink(context.out);
}

/**
 * A deep copy of `source` in `out` with each widget written as plain markup. The page's widgets
 * and the copy's are paired by document order, before anything is taken out of the copy.
 */
export function importWithWidgets(source: Element, context: SiteContext): Element {
  const copy = context.out.importNode(source, true) as Element;
  const copies = copy.querySelectorAll(WIDGETS);
  source.querySelectorAll(WIDGETS).forEach((widget, index) => {
    const target = copies[index];
    if (!target) return;
    const plain = widgetCopy(widget, context);
    if (plain) target.replaceWith(plain);
    else target.remove();
  });
  return copy;
}
