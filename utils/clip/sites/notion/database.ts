import { lineText } from '../../presence';
import { emphasisLine } from '../thread';

/**
 * A Notion database (`collection_view` block) as the page shows it: its table view as a table
 * (the header row's property names, then a row per item, the item's page linked from its
 * title), any other view (board, gallery, list, calendar) as a list of its items' titles, each
 * linked to its page. The view tabs, filters, sorts and "New" buttons around it are the app's.
 */

/** A cell's parts, as separate as the page draws them: a row's tags read "Done, Urgent". */
function cellText(cell: Element): string {
  const parts: string[] = [];
  for (const part of Array.from(cell.querySelectorAll('*'))) {
    if (part.children.length > 0 || part.closest('svg, .notion-record-icon')) continue;
    const text = lineText(part);
    if (text) parts.push(text);
  }
  return parts.length > 0 ? parts.join(', ') : lineText(cell);
}

/** `text` into `container`, as a link to where `link` goes when there is one. */
function putText(container: Element, text: string, link: Element | null): Element {
  if (!link) {
    container.textContent = text;
    return container;
  }
  const anchor = container.ownerDocument.createElement('a');
  anchor.setAttribute('href', link.getAttribute('href') ?? '');
  anchor.textContent = text;
  container.append(anchor);
  return container;
}

/** A cell as a table cell in `out`: its text, linked when it links to a page (a row's title). */
function cellOf(cell: Element, out: Document, tag: 'td' | 'th'): Element {
  const text = cellText(cell);
  const link = tag === 'td' && text ? cell.querySelector('a[href]') : null;
  return putText(out.createElement(tag), text, link);
}

function tableView(view: Element, out: Document): Element | null {
  const header = view.querySelector('.notion-table-view-header-row');
  const rows = Array.from(view.querySelectorAll('.notion-table-view-row'));
  if (!header || rows.length === 0) return null;
  const table = out.createElement('table');
  const head = out.createElement('tr');
  for (const cell of Array.from(header.querySelectorAll('.notion-table-view-header-cell'))) {
    head.append(cellOf(cell, out, 'th'));
  }
  const thead = out.createElement('thead');
  thead.append(head);
  const tbody = out.createElement('tbody');
  for (const row of rows) {
    const line = out.createElement('tr');
    for (const cell of Array.from(row.querySelectorAll('.notion-table-view-cell'))) {
      line.append(cellOf(cell, out, 'td'));
    }
    tbody.append(line);
  }
  table.append(thead, tbody);
  return table;
}

function itemList(view: Element, out: Document): Element | null {
  const list = out.createElement('ul');
  for (const item of Array.from(view.querySelectorAll('.notion-collection-item'))) {
    const link = item.querySelector('a[href]') ?? (item.localName === 'a' ? item : null);
    const title = cellText(item);
    if (!title) continue;
    list.append(putText(out.createElement('li'), title, link));
  }
  return list.children.length > 0 ? list : null;
}

/**
 * The database's title (its own leaf, when it has one) and its shown view, or nothing when the
 * block holds neither a table view nor items.
 */
export function databaseOf(block: Element, title: Element | undefined, out: Document): Node[] {
  const view = tableView(block, out) ?? itemList(block, out);
  if (!view) return [];
  const nodes: Node[] = [];
  const name = lineText(title);
  if (name) nodes.push(emphasisLine(out, name, 'strong'));
  nodes.push(view);
  return nodes;
}
