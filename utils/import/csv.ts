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
  const length = text.length;
  const special = /[,"\r\n]/g;
  let index = 0;
  let line = 1;
  while (index < length) {
    const start = line;
    const fields: string[] = [];
    let field = '';
    for (;;) {
      if (text[index] === '"' && field === '') {
        // A quoted field: runs to the next quote that is not doubled, line breaks included.
        let value = '';
        let from = index + 1;
        for (;;) {
          const quote = text.indexOf('"', from);
          if (quote === -1) {
            throw new ImportFileError(
              'truncated',
              'csv-open-quote',
              'a quoted field starts here and is never closed, so the file looks cut short: export it again',
              start,
            );
          }
          value += text.slice(from, quote);
          if (text[quote + 1] === '"') {
            value += '"';
            from = quote + 2;
            continue;
          }
          index = quote + 1;
          break;
        }
        line += lineBreaksIn(value);
        field = value;
      }
      // Unquoted text (or what follows a closing quote) up to the next separator.
      special.lastIndex = index;
      let found = special.exec(text);
      while (found && found[0] === '"') found = special.exec(text);
      const stop = found ? found.index : length;
      field += text.slice(index, stop);
      index = stop;
      if (!found) break;
      if (found[0] === ',') {
        fields.push(field);
        field = '';
        index++;
        continue;
      }
      index += found[0] === '\r' && text[index + 1] === '\n' ? 2 : 1;
      line++;
      break;
    }
    fields.push(field);
    if (fields.length === 1 && fields[0]?.trim() === '') continue;
    yield { fields, line: start };
  }
}

/** Line ends in a field's text: CRLF, LF and a lone CR each count once. */
function lineBreaksIn(value: string): number {
  let count = 0;
  for (let index = value.indexOf('\n'); index !== -1; index = value.indexOf('\n', index + 1)) {
    count++;
  }
  for (let index = value.indexOf('\r'); index !== -1; index = value.indexOf('\r', index + 1)) {
    if (value[index + 1] !== '\n') count++;
  }
  return count;
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
