import { decodeHTML, decodeHTMLAttribute } from 'entities';
import { lineAt } from './decode';
import { isoDate, LinkCollector, type RawLink } from './link';
import { ImportFileError } from './types';

/**
 * Bookmark HTML ("NETSCAPE-Bookmark-file-1") as Chrome, Firefox, Safari, Pinboard and Raindrop
 * write it: `<DT><H3>` names a folder whose `<DL>` follows, `<DT><A HREF ADD_DATE TAGS>` a link,
 * and a `<DD>` after a link its description. Pocket's older HTML export (`<li><a href
 * time_added tags>`) is the same kind of file without folders.
 *
 * Read with a scanner over the tags this layout uses, not a DOM: it runs the same in Node (the
 * command line) and on the options page, never puts the file's markup into a document, and keeps
 * each link's line. The layout is not well-formed HTML (`<DT>` and `<p>` are never closed), which
 * a scanner that follows `<DL>` nesting reads more faithfully than a tree builder would.
 */
const TOKEN =
  /<!--[\s\S]*?-->|<(\/?)(dl|h3|a|dd)\b((?:[^>"']|"[^"]*"|'[^']*')*)(>|$)|<(?=\/?(?:dl|dd|h3|a)\b)/gi;
const DESCRIPTION_END = /<\/?(?:dt|dl|dd)\b/gi;
const CLOSING = { a: /<\/a\s*>/gi, h3: /<\/h3\s*>/gi };
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

interface Folder {
  name: string;
  /** The browser's own roots (toolbar, unfiled), which are not the user's filing. */
  root: boolean;
}

export function looksLikeBookmarkFile(text: string): boolean {
  const head = text.slice(0, 4096);
  return (
    /<!DOCTYPE\s+NETSCAPE-Bookmark-file/i.test(head) ||
    (/^\s*</.test(head) && /<dl\b/i.test(text) && /<dt\b/i.test(text)) ||
    (/^\s*</.test(head) && /<a\s[^>]*\bhref\s*=/i.test(text))
  );
}

export function parseBookmarkFile(text: string): LinkCollector {
  const collector = new LinkCollector();
  const folders: (Folder | undefined)[] = [];
  let pendingFolder: Folder | undefined;
  let current: RawLink | undefined;
  let sawStructure = false;
  let lastLinkEnd = 0;
  const lines = new LineCounter(text);

  const flush = () => {
    if (current) collector.add(current);
    current = undefined;
  };

  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match; match = TOKEN.exec(text)) {
    const [whole, closing, rawName, attributes = '', end] = match;
    if (whole.startsWith('<!--')) continue;
    if (!rawName || end === '') {
      throw new ImportFileError(
        'truncated',
        'bookmarks-cut',
        'ends inside a tag, so the file looks cut short: export your bookmarks again',
        lines.at(match.index),
      );
    }
    const name = rawName.toLowerCase();
    if (name === 'dl') {
      flush();
      sawStructure = true;
      if (closing) folders.pop();
      else {
        folders.push(pendingFolder);
        pendingFolder = undefined;
      }
    } else if (name === 'h3' && !closing) {
      flush();
      const close = closeOf(text, 'h3', TOKEN.lastIndex, () => lines.at(match.index));
      const names = attributeMap(attributes);
      pendingFolder = {
        name: textOf(text.slice(TOKEN.lastIndex, close.start)),
        root: names.has('personal_toolbar_folder') || names.has('unfiled_bookmarks_folder'),
      };
      TOKEN.lastIndex = close.end;
    } else if (name === 'a' && !closing) {
      flush();
      sawStructure = true;
      const close = closeOf(text, 'a', TOKEN.lastIndex, () => lines.at(match.index));
      const names = attributeMap(attributes);
      current = {
        url: names.get('href') ?? '',
        title: textOf(text.slice(TOKEN.lastIndex, close.start)),
        tags: (names.get('tags') ?? '').split(','),
        folders: folders.flatMap((folder) => (folder && !folder.root ? [folder.name] : [])),
        savedAt: isoDate(names.get('add_date') ?? names.get('time_added')),
        line: lines.at(match.index),
      };
      TOKEN.lastIndex = close.end;
      lastLinkEnd = close.end;
    } else if (name === 'dd' && !closing) {
      // A description belongs to the link just before it; after a folder it describes the folder.
      DESCRIPTION_END.lastIndex = TOKEN.lastIndex;
      const next = DESCRIPTION_END.exec(text);
      const stop = next ? next.index : text.length;
      if (current && match.index >= lastLinkEnd) {
        current.excerpt = decodeHTML(text.slice(TOKEN.lastIndex, stop).replace(/<[^>]*>/g, ''));
      }
      TOKEN.lastIndex = stop;
    }
  }
  flush();
  if (!sawStructure) {
    throw new ImportFileError(
      'unknown-format',
      'not-bookmarks',
      'is not a bookmarks file: it holds no <DL> folder list or <A HREF> link as browsers export them',
      1,
    );
  }
  if (folders.length > 0) {
    throw new ImportFileError(
      'truncated',
      'folders-unclosed',
      'ends before its folders are closed, so the file looks cut short: export your bookmarks again',
      lineAt(text, text.trimEnd().length),
    );
  }
  return collector;
}

/**
 * Lines of offsets met in increasing order, counted once: asking `lineAt` from the start for each
 * link made a 10,000-link file take a minute.
 */
class LineCounter {
  private offset = 0;
  private line = 1;

  constructor(private readonly text: string) {}

  at(offset: number): number {
    if (offset < this.offset) return lineAt(this.text, offset);
    this.line += lineAt(this.text.slice(this.offset, offset), offset - this.offset) - 1;
    this.offset = offset;
    return this.line;
  }
}

/** Where the closing tag after `from` starts and ends; a file that ends first was cut short. */
function closeOf(text: string, tag: 'a' | 'h3', from: number, openedLine: () => number) {
  const pattern = CLOSING[tag];
  pattern.lastIndex = from;
  const found = pattern.exec(text);
  if (!found) {
    throw new ImportFileError(
      'truncated',
      'tag-unclosed',
      `has a <${tag.toUpperCase()}> that is never closed, so the file looks cut short: export your bookmarks again`,
      openedLine(),
      { tag: tag.toUpperCase() },
    );
  }
  return { start: found.index, end: found.index + found[0].length };
}

function attributeMap(source: string): Map<string, string> {
  const map = new Map<string, string>();
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(source); match; match = ATTRIBUTE.exec(source)) {
    const [, name, double, single, bare] = match;
    if (!name) continue;
    map.set(name.toLowerCase(), decodeHTMLAttribute(double ?? single ?? bare ?? ''));
  }
  return map;
}

/** The words of an element's content: markup inside it dropped, references decoded. */
function textOf(html: string): string {
  return decodeHTML(html.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}
