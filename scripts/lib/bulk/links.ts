// The one file, not the index, which loads the whole clipping engine.
import { safeInlineText } from '../../../utils/clip/markdown/escape';
// The one file, not the index: the clip log's index reaches the extension's storage.
import { canonicalUrl } from '../../../utils/clip-log/canonical-url';
import { bookmarkNoteFromLink, type ImportedLink, type ImportFormat } from '../../../utils/import';
import type { NoteDraft } from '../../../utils/outbox';
// Node-safe: the settings index declares storage items, which need an extension.
import { parseTags } from '../../../utils/settings/tags';
import type { Command, DeckRule } from './args';

/** One saved link as an export knew it (utils/import); a link typed on the command line has no line. */
export type LinkInput = Omit<ImportedLink, 'line'> & { line?: number };

/** A link as the run handles it. */
export interface WorkItem {
  /** Identifies the link in the journal and for "already there": its canonical address. */
  key: string;
  link: LinkInput;
  /** What the browser opens: the link, or a loopback address serving a local file. */
  openUrl: string;
  /** The address the note names as its source when it is not the page's (a local file's). */
  sourceAddress?: string;
  /**
   * From an export file: a page that cannot be clipped may become a bookmark of what the export
   * knew. A typed address or local file that fails is only reported (a bookmark of it is junk).
   */
  fromExport: boolean;
  tags: string[];
  deckId?: string;
  /** The export the link came from, named in a bookmark note. */
  format?: ImportFormat;
}

export function workItem(
  link: LinkInput,
  command: Pick<Command, 'tags' | 'deck' | 'deckMap'>,
  local?: { openUrl: string; sourceAddress: string },
  format?: ImportFormat,
): WorkItem {
  const rule = deckRuleFor(link.folders, command.deckMap);
  // A folder path becomes one tag (`Work/Reading`, as the options page's import files it) unless
  // a --deck-map rule turned it into a deck.
  const folderTags = rule || !link.folders.length ? [] : [link.folders.join('/')];
  const tags = parseTags([...link.tags, ...folderTags, ...command.tags].join(','));
  const deckId = rule?.deckId ?? command.deck;
  return {
    key: linkKey(local?.sourceAddress ?? link.url),
    link,
    openUrl: local?.openUrl ?? link.url,
    ...(local && { sourceAddress: local.sourceAddress }),
    fromExport: format !== undefined,
    tags,
    ...(deckId !== undefined && { deckId }),
    ...(format !== undefined && { format }),
  };
}

export function linkKey(address: string): string {
  return canonicalUrl(address) ?? address;
}

/** The rule for the deepest folder of the link's path that a rule names (names compared without case). */
export function deckRuleFor(folders: string[], rules: DeckRule[]): DeckRule | undefined {
  let best: DeckRule | undefined;
  for (const rule of rules) {
    if (rule.folders.length > folders.length) continue;
    const matches = rule.folders.every(
      (name, index) => name.toLowerCase() === folders[index]?.toLowerCase(),
    );
    if (matches && (!best || rule.folders.length > best.folders.length)) best = rule;
  }
  return best;
}

/**
 * The highlights an export kept for the link, as a section of their own at the end of the note,
 * each quoted. The user's highlighted words stay words (safeInlineText), whatever they contain.
 */
export function highlightsSection(highlights: string[]): string {
  const quoted = highlights
    .map((highlight) =>
      highlight
        .split(/\n+/)
        .map((line) => safeInlineText(line))
        .filter(Boolean)
        .map((line) => `> ${line}`)
        .join('\n>\n'),
    )
    .filter(Boolean);
  return quoted.length ? `## Highlights\n\n${quoted.join('\n\n')}\n` : '';
}

export function withHighlights(markdown: string, highlights: string[]): string {
  const section = highlightsSection(highlights);
  return section ? `${markdown.trimEnd()}\n\n${section}` : markdown;
}

/**
 * A bookmark note made from what the export knew (utils/import's bookmarkNoteFromLink), for a
 * page that cannot be clipped, with the reason, or for --mode bookmark, which loads no page.
 */
export function bookmarkDraft(item: WorkItem, why?: string): NoteDraft {
  const note = bookmarkNoteFromLink(
    { ...item.link, line: item.link.line ?? 0 },
    item.format ? { format: item.format } : {},
  );
  const reason = why ? `\n*Not clipped: ${safeInlineText(why, { lineStart: false })}*\n` : '';
  return { title: note.title, markdown_text: `${note.markdown_text}${reason}`, tags: item.tags };
}
