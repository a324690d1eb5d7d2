import { ImportFileError } from './types';

export interface CsvRecord {
  fields: string[];
  /** The line the record starts on, 1-based. */
  line: number;
}

/**
 * RFC 4180 records, one at a time: fields quoted with `"` may hold commas, doubled quotes and line
 * breaks; records end at CRLF, LF or a lone CR; blank lines are skipped. Written here rather than
 * taken from a library because the importer needs each record's starting line for its messages
 * and must run unchanged in Node and on an extension page; the grammar is small.
 *
 * Lenient where exports are known to be sloppy (a quote inside an unquoted field, text after a
 * closing quote) and strict only where the data would be lost: a quoted field still open at the
 * end of the file means the file was cut short.
 */
export function* csvRecords(text: string): Generator<CsvRecord> {
  let index = 0;
  let line = 1;
  const length = text.length;
  while (index < length) {
    const start = line;
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    let recordEnded = false;
    while (index < length && !recordEnded) {
      const character = text[index] as string;
      if (quoted) {
        if (character === '"') {
          if (text[index + 1] === '"') {
            field += '"';
            index += 2;
            continue;
          }
          quoted = false;
          index++;
          continue;
        }
        if (character === '\n' || (character === '\r' && text[index + 1] !== '\n')) line++;
        field += character;
        index++;
        continue;
      }
      if (character === '"' && field === '') {
        quoted = true;
        index++;
      } else if (character === ',') {
        fields.push(field);
        field = '';
        index++;
      } else if (character === '\r' || character === '\n') {
        index += character === '\r' && text[index + 1] === '\n' ? 2 : 1;
        line++;
        recordEnded = true;
      } else {
        field += character;
        index++;
      }
    }
    if (quoted) {
      throw new ImportFileError(
        'truncated',
        'a quoted field starts here and is never closed, so the file looks cut short: export it again',
        start,
      );
    }
    fields.push(field);
    if (fields.length === 1 && fields[0]?.trim() === '') continue;
    yield { fields, line: start };
  }
}

/** A CSV file read through its header: each record's fields by column name (lowercased). */
export interface CsvTable {
  header: string[];
  rows: Generator<{ get: (column: string) => string; line: number; width: number }>;
}

export function csvTable(text: string): CsvTable | undefined {
  const records = csvRecords(text);
  const first = records.next();
  if (first.done) return undefined;
  const header = first.value.fields.map((name) => name.trim().toLowerCase());
  const positions = new Map(header.map((name, position) => [name, position]));
  function* rows() {
    for (const record of records) {
      const { fields } = record;
      yield {
        get: (column: string) => {
          const position = positions.get(column);
          return position === undefined ? '' : (fields[position] ?? '');
        },
        line: record.line,
        width: fields.length,
      };
    }
  }
  return { header, rows: rows() };
}
