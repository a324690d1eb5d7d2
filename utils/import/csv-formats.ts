import { csvTable } from './csv';
import { isoDate, LinkCollector, type RawLink } from './link';
import { FORMAT_NAMES, ImportFileError } from './types';

type Row = { get: (column: string) => string; line: number };

/** A CSV export: the columns that identify it, and how a row becomes a link. */
export interface CsvLayout {
  /** Lowercased column names every file of the layout has. */
  required: readonly string[];
  /** The header as the service writes it, for the message when a file does not match. */
  header: string;
  toLink(row: Row): RawLink;
}

/**
 * Pocket's export (2025, mailed as a zip of CSV files of up to 10,000 rows): title, url,
 * time_added (Unix seconds), tags (separated by `|`), status (unread or archive); some files
 * also carry a `cursor` column. Pocket has no folders; the read state is not a tag.
 */
const pocket: CsvLayout = {
  required: ['title', 'url', 'time_added'],
  header: 'title, url, time_added, tags, status',
  toLink: (row) => ({
    url: row.get('url'),
    title: row.get('title'),
    tags: row.get('tags').split('|'),
    savedAt: isoDate(row.get('time_added')),
    line: row.line,
  }),
};

/** Instapaper's folders that are states, not places the user filed a link in. */
const INSTAPAPER_STATES = new Set(['unread', 'archive']);

/**
 * Instapaper's CSV: URL, Title, Selection (the words selected when saving, or the article's
 * description), Folder (Unread, Archive, Starred or the user's own), Timestamp (Unix seconds),
 * and since tags came (October 2024) a Tags column.
 */
const instapaper: CsvLayout = {
  required: ['url', 'title', 'selection', 'folder'],
  header: 'URL, Title, Selection, Folder, Timestamp, Tags',
  toLink: (row) => {
    const folder = row.get('folder').trim();
    return {
      url: row.get('url'),
      title: row.get('title'),
      excerpt: row.get('selection'),
      folders: folder && !INSTAPAPER_STATES.has(folder.toLowerCase()) ? [folder] : [],
      tags: listOfTags(row.get('tags')),
      savedAt: isoDate(row.get('timestamp')),
      line: row.line,
    };
  },
};

/**
 * Raindrop.io's CSV backup: id, title, note, excerpt, url, folder (nested folders as `a/b`), tags
 * (comma-separated in one quoted field), created (ISO 8601), cover, highlights, favorite.
 * "Unsorted" is Raindrop's inbox, not a folder the user made.
 */
const raindrop: CsvLayout = {
  required: ['id', 'title', 'url', 'folder', 'tags', 'created'],
  header: 'id, title, note, excerpt, url, folder, tags, created, cover, highlights, favorite',
  toLink: (row) => {
    const folder = row.get('folder').trim();
    const note = row.get('note').trim();
    const excerpt = row.get('excerpt').trim();
    return {
      url: row.get('url'),
      title: row.get('title'),
      excerpt: [note, excerpt].filter(Boolean).join('\n\n'),
      folders: folder && folder.toLowerCase() !== 'unsorted' ? folder.split('/') : [],
      tags: row.get('tags').split(','),
      savedAt: isoDate(row.get('created')),
      highlights: raindropHighlights(row.get('highlights')),
      line: row.line,
    };
  },
};

export const CSV_LAYOUTS = { pocket, instapaper, raindrop } as const;
export type CsvFormat = keyof typeof CSV_LAYOUTS;

/** The CSV layout a header names, if any. */
export function csvLayoutOf(header: readonly string[]): CsvFormat | undefined {
  const columns = new Set(header);
  for (const format of ['raindrop', 'instapaper', 'pocket'] as const) {
    if (CSV_LAYOUTS[format].required.every((column) => columns.has(column))) return format;
  }
  return undefined;
}

export function parseCsvExport(text: string, format: CsvFormat) {
  const layout = CSV_LAYOUTS[format];
  const table = csvTable(text);
  const missing = layout.required.filter((column) => !table?.header.includes(column));
  if (!table || missing.length) {
    throw new ImportFileError(
      'unknown-format',
      'csv-header',
      `is not ${FORMAT_NAMES[format]}: its first line should name the columns ${layout.header}`,
      1,
      { format, header: layout.header },
    );
  }
  const collector = new LinkCollector();
  // A row of the wrong width is an error, but which one depends on whether rows follow it.
  let uneven: { line: number; width: number } | undefined;
  for (const row of table.rows) {
    if (uneven) throw unevenRow(uneven, table.header.length);
    if (row.width !== table.header.length) {
      uneven = { line: row.line, width: row.width };
      continue;
    }
    collector.add(layout.toLink(row));
  }
  if (uneven) {
    if (uneven.width < table.header.length) {
      throw new ImportFileError(
        'truncated',
        'csv-cut',
        `ends in the middle of a row (${uneven.width} of ${table.header.length} columns), so the file looks cut short: export it again`,
        uneven.line,
        { width: uneven.width, columns: table.header.length },
      );
    }
    throw unevenRow(uneven, table.header.length);
  }
  return collector;
}

function unevenRow(row: { line: number; width: number }, expected: number): ImportFileError {
  return new ImportFileError(
    'malformed',
    'csv-columns',
    `has ${row.width} columns where the first line names ${expected}; a comma in an unquoted field may have split it: fix that row or export the file again`,
    row.line,
    { width: row.width, columns: expected },
  );
}

/** Instapaper's Tags cell: a JSON list of names when tags came, or names separated by commas. */
function listOfTags(cell: string): string[] {
  const text = cell.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) {
        return parsed.flatMap((tag) =>
          typeof tag === 'string'
            ? [tag]
            : tag && typeof tag === 'object' && typeof tag.name === 'string'
              ? [tag.name]
              : [],
        );
      }
    } catch {
      // Not JSON after all: read it as a comma-separated list below.
    }
  }
  return text.split(',');
}

/**
 * Raindrop writes a bookmark's highlights into one cell, each starting `Highlight:` and followed
 * by the user's `Note:` when there is one. A cell without those markers is one passage.
 */
function raindropHighlights(cell: string): string[] {
  const text = cell.trim();
  if (!text) return [];
  if (!/^Highlight:/im.test(text)) return [text];
  return text
    .split(/^Highlight:/im)
    .map((part) => part.trim())
    .filter(Boolean);
}
