import { csvRecords } from './csv';
import { type CsvFormat, csvLayoutOf, parseCsvExport } from './csv-formats';
import { decodeImportFile } from './decode';
import type { LinkCollector } from './link';
import { looksLikeBookmarkFile, parseBookmarkFile } from './netscape';
import { parseOmnivoreExport } from './omnivore';
import {
  type ImportError,
  ImportFileError,
  type ImportFormat,
  type ImportOptions,
  type ImportResult,
} from './types';
import { looksLikeUrlList, parseUrlList } from './url-list';

const READABLE =
  'a list of addresses, a Pocket, Instapaper or Raindrop.io CSV export, an Omnivore metadata JSON file, or a bookmarks HTML file';

/**
 * Reads an export file into links. Never throws: a file that cannot be read gives one sentence
 * naming the file (and the line) and saying what to do, and the caller has sent nothing yet.
 * Entries that name no web page are listed in `skipped` with their lines; the rest are kept.
 */
export function parseImportFile(input: string | Uint8Array, options: ImportOptions): ImportResult {
  const { fileName } = options;
  try {
    const text = decodeImportFile(input);
    if (!text.trim()) {
      throw new ImportFileError('empty', 'empty', 'is empty: choose the export file itself');
    }
    const format = options.format ?? detectFormat(text);
    const collector = parseAs(text, format);
    if (!collector.links.length) {
      const skippedNote = collector.skipped.length
        ? ` (${collector.skipped.length} entries without a web address, the first on line ${collector.skipped[0]?.line})`
        : '';
      const [first] = collector.skipped;
      throw new ImportFileError(
        'empty',
        first ? 'no-links-skipped' : 'no-links',
        `holds no links to web pages${skippedNote}: check that this is the file you meant`,
        undefined,
        first ? { skipped: collector.skipped.length, firstLine: first.line } : {},
      );
    }
    return { ok: true, format, links: collector.links, skipped: collector.skipped };
  } catch (error) {
    if (error instanceof ImportFileError) return { ok: false, error: importError(fileName, error) };
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: {
        kind: 'malformed',
        code: 'unreadable',
        params: { reason },
        fileName,
        message: `${fileName}: could not be read (${reason}): check that it is an export file`,
      },
    };
  }
}

function importError(fileName: string, error: ImportFileError): ImportError {
  const where = error.line === undefined ? fileName : `${fileName}, line ${error.line}`;
  return {
    kind: error.kind,
    code: error.code,
    params: error.params,
    fileName,
    ...(error.line !== undefined && { line: error.line }),
    message: `${where}: ${error.detail}.`,
  };
}

function parseAs(text: string, format: ImportFormat): LinkCollector {
  switch (format) {
    case 'urls':
      return parseUrlList(text);
    case 'omnivore':
      return parseOmnivoreExport(text);
    case 'netscape':
      return parseBookmarkFile(text);
    default:
      return parseCsvExport(text, format);
  }
}

/** The format a file's beginning shows: markup, JSON, a known CSV header, or a list of addresses. */
export function detectFormat(text: string): ImportFormat {
  const start = text.trimStart();
  if (start.startsWith('<') && looksLikeBookmarkFile(text)) return 'netscape';
  if (start.startsWith('[') || start.startsWith('{')) return 'omnivore';
  if (looksLikeUrlList(text)) return 'urls';
  const csv = csvHeaderFormat(text);
  if (csv) return csv;
  throw new ImportFileError(
    'unknown-format',
    'unknown-format',
    `is not a file Clipdeck can import (${READABLE})`,
    1,
  );
}

function csvHeaderFormat(text: string): CsvFormat | undefined {
  // Only the first record is read: the header decides.
  try {
    const first = csvRecords(text.slice(0, 64 * 1024)).next();
    if (first.done) return undefined;
    return csvLayoutOf(first.value.fields.map((name) => name.trim().toLowerCase()));
  } catch {
    return undefined;
  }
}
