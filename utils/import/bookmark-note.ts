// Deep imports: the clip and settings indexes pull in the page engine and extension storage,
// which the command line does not need or cannot load.
import { safeInlineText, safeMarkdownLink } from '../clip/markdown/escape';
import { normaliseTags } from '../settings/tags';
import { FORMAT_NAMES, type ImportedLink, type ImportFormat } from './types';

export interface BookmarkNoteOptions {
  /** Tags added to every note of the import (the user's defaults, `--tags`). */
  tags?: readonly string[];
  /** File the link's folder path as a tag too (`Work/Reading`), for services without decks. */
  folderTags?: boolean;
  /** The export the link came from, named in the note. */
  format?: ImportFormat;
  /** How days are written; the runtime's locale and zone when absent (tests pass them). */
  locale?: string;
  timeZone?: string;
}

export interface BookmarkNote {
  title: string;
  markdown_text: string;
  tags: string[];
}

const MAX_TITLE_LENGTH = 200;

/**
 * The note for a link that was not clipped (the options page's import, or a page the command line
 * could not load): what the export knew. Every value from the file goes through safeInlineText or
 * safeMarkdownLink, so nothing in it becomes a live link other than its http(s) address, raw
 * HTML, or Markdown structure; highlights are quoted in a section of their own.
 */
export function bookmarkNoteFromLink(
  link: ImportedLink,
  options: BookmarkNoteOptions = {},
): BookmarkNote {
  const title = noteTitle(link);
  const header = [`Source: ${safeMarkdownLink(link.title ?? '', link.url)}`];
  if (link.savedAt) header.push(`Saved ${savedDay(link.savedAt, options)}`);
  if (options.format) {
    header.push(
      `Imported from ${safeInlineText(FORMAT_NAMES[options.format], { lineStart: false })}`,
    );
  }
  const blocks = [header.join(' \\\n')];
  if (link.excerpt) blocks.push(...paragraphs(link.excerpt));
  if (link.highlights.length) {
    blocks.push('## Highlights');
    for (const highlight of link.highlights) blocks.push(quoted(highlight));
  }
  const folderTag = options.folderTags && link.folders.length ? [link.folders.join('/')] : [];
  return {
    title,
    markdown_text: `${blocks.filter(Boolean).join('\n\n')}\n`,
    tags: normaliseTags([...link.tags, ...folderTag, ...(options.tags ?? [])]),
  };
}

/** The export's title on one line, or the address without its scheme when there is none. */
function noteTitle(link: ImportedLink): string {
  const words = oneVisibleLine(link.title ?? '');
  const title = words || oneVisibleLine(link.url).replace(/^https?:\/\//, '') || 'Untitled link';
  return title.length > MAX_TITLE_LENGTH ? `${title.slice(0, MAX_TITLE_LENGTH - 1)}…` : title;
}

/** Controls and direction overrides out (they would disorder the title in a list), spaces folded. */
function oneVisibleLine(text: string): string {
  return text
    .replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function savedDay(savedAt: string, options: BookmarkNoteOptions): string {
  const date = new Date(savedAt);
  if (Number.isNaN(date.getTime())) return safeInlineText(savedAt, { lineStart: false });
  return new Intl.DateTimeFormat(options.locale, {
    dateStyle: 'long',
    timeZone: options.timeZone,
  }).format(date);
}

/** Text as paragraphs: a blank line in the text starts a new one, other breaks join lines. */
function paragraphs(text: string): string[] {
  return text
    .split(/(?:\r\n|\r|\n)\s*(?:\r\n|\r|\n)/)
    .map((paragraph) => safeInlineText(paragraph))
    .filter(Boolean);
}

/** A passage as a block quote; its paragraphs stay apart inside the quote. */
function quoted(text: string): string {
  return paragraphs(text)
    .map((paragraph) => `> ${paragraph}`)
    .join('\n>\n');
}
