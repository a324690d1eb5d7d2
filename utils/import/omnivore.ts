import { lineAt } from './decode';
import { isoDate, LinkCollector } from './link';
import { ImportFileError } from './types';

/**
 * Omnivore's export (a zip, 2024) holds `metadata_<from>_to_<to>.json` files: each a JSON array of
 * saved items with url, title, description, author, labels (names), savedAt (ISO 8601), state,
 * and in later exports their highlights (quote and the user's annotation). The caller reads one
 * such file's text; a zip is refused with a sentence saying to unzip it.
 */
export function parseOmnivoreExport(text: string): LinkCollector {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw jsonError(text, error);
  }
  if (!Array.isArray(parsed) || !parsed.every(isRecord) || !parsed.some((item) => 'url' in item)) {
    throw new ImportFileError(
      'unknown-format',
      'not-omnivore',
      'is not an Omnivore export: it should be a metadata_*.json file from the export zip, a list of saved items each with a "url"',
      1,
    );
  }
  const lines = elementLines(text);
  const collector = new LinkCollector();
  parsed.forEach((item, index) => {
    collector.add({
      url: stringOf(item.url),
      title: stringOf(item.title),
      excerpt: stringOf(item.description),
      tags: namesOf(item.labels),
      savedAt: isoDate(stringOf(item.savedAt)),
      highlights: highlightsOf(item.highlights),
      line: lines[index] ?? 1,
    });
  });
  return collector;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Labels as names, or as objects with a name (the API's shape, which some exports kept). */
function namesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((label) =>
    typeof label === 'string' ? [label] : isRecord(label) ? [stringOf(label.name)] : [],
  );
}

/** A highlight's quote, and the user's annotation after it when there is one. */
function highlightsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((highlight) => {
    if (typeof highlight === 'string') return [highlight];
    if (!isRecord(highlight)) return [];
    const quote = stringOf(highlight.quote).trim();
    const annotation = stringOf(highlight.annotation).trim();
    if (!quote) return annotation ? [annotation] : [];
    return [annotation ? `${quote}\n\nNote: ${annotation}` : quote];
  });
}

/**
 * The line each element of the top-level array starts on, found by one pass over the text that
 * skips strings: JSON.parse gives values, not where they were.
 */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (character === '\n') line++;
    if (inString) {
      if (character === '\\') index++;
      else if (character === '"') inString = false;
      continue;
    }
    if (character === '"') inString = true;
    else if (character === '[' || character === '{') {
      if (depth === 1) lines.push(line);
      depth++;
    } else if (character === ']' || character === '}') depth--;
  }
  return lines;
}

/** JSON.parse's complaint as a line: engines name the position, or the end for a cut file. */
function jsonError(text: string, error: unknown): ImportFileError {
  const message = error instanceof Error ? error.message : '';
  const position = /position (\d+)/.exec(message);
  if (!position && /end of (?:JSON )?input|unterminated/i.test(message)) {
    return new ImportFileError(
      'truncated',
      'omnivore-cut',
      'ends in the middle of an entry, so the file looks cut short: take it from the export zip again',
      lineAt(text, text.trimEnd().length),
    );
  }
  const at = position ? Number(position[1]) : 0;
  if (at >= text.trimEnd().length) {
    return new ImportFileError(
      'truncated',
      'omnivore-cut',
      'ends in the middle of an entry, so the file looks cut short: take it from the export zip again',
      lineAt(text, text.trimEnd().length),
    );
  }
  return new ImportFileError(
    'malformed',
    'omnivore-json',
    'is not valid JSON here, so it cannot be read as an Omnivore export: take the file from the export zip again',
    lineAt(text, at),
  );
}
