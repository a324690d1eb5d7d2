// Deep imports: the clip and settings indexes pull in the page engine and extension storage,
// which the command line does not need or cannot load.
import { webHref } from '../clip/markdown/escape';
import { normaliseTags } from '../settings/tags';
import type { ImportedLink, SkippedEntry } from './types';

/** What a parser found for one entry, before it is checked and tidied. */
export interface RawLink {
  url: string;
  title?: string;
  tags?: Iterable<string>;
  folders?: readonly string[];
  excerpt?: string;
  savedAt?: string;
  highlights?: readonly string[];
  line: number;
}

/** Collects a file's links and the entries that name no web page. */
export class LinkCollector {
  readonly links: ImportedLink[] = [];
  readonly skipped: SkippedEntry[] = [];

  add(raw: RawLink): void {
    const url = webHref(raw.url);
    if (!url) {
      this.skipped.push({
        line: raw.line,
        reason: raw.url.trim()
          ? 'its address is not a web page (http:// or https://)'
          : 'it has no address',
      });
      return;
    }
    const title = oneLine(raw.title ?? '');
    const excerpt = raw.excerpt && lineBreaks(raw.excerpt).trim();
    const folders = (raw.folders ?? []).map(oneLine).filter(Boolean);
    this.links.push({
      url,
      ...(title && { title }),
      tags: normaliseTags(raw.tags ?? []),
      folders,
      ...(excerpt && { excerpt }),
      ...(raw.savedAt && { savedAt: raw.savedAt }),
      highlights: (raw.highlights ?? []).map((text) => lineBreaks(text).trim()).filter(Boolean),
      line: raw.line,
    });
  }
}

/** Windows and old Mac line ends as `\n`, so a passage reads the same from any export. */
function lineBreaks(value: string): string {
  return value.replace(/\r\n?/g, '\n');
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/**
 * An export's time as ISO 8601. Numbers are Unix time: seconds as Pocket, Instapaper and bookmark
 * files write it, milliseconds or microseconds when that is what their size says (some tools write
 * those). Text is read as a date when it is one. Zero, nonsense and dates outside 1990–2200
 * (a field that held something else) give undefined: no date beats a wrong one.
 */
export function isoDate(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let milliseconds: number;
  if (/^\d+(?:\.\d+)?$/.test(text)) {
    const number = Number(text);
    milliseconds = number > 1e14 ? number / 1000 : number > 1e11 ? number : number * 1000;
  } else {
    milliseconds = Date.parse(text);
  }
  if (!Number.isFinite(milliseconds)) return undefined;
  const year = new Date(milliseconds).getUTCFullYear();
  if (year < 1990 || year > 2200) return undefined;
  return new Date(milliseconds).toISOString();
}
