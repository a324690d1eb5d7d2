// The one file, not the index, which loads the whole clipping engine.
import { safeInlineText, safeMarkdownLink } from '../../../utils/clip/escape';
// The one file, not the index: the clip log's index reaches the extension's storage.
import { canonicalUrl } from '../../../utils/clip-log/canonical-url';
import type { NoteDraft } from '../../../utils/outbox';
// Node-safe: the settings index declares storage items, which need an extension.
import { parseTags } from '../../../utils/settings/tags';
import type { Command, DeckRule } from './args';

/**
 * One saved link as an export knew it: the shape utils/import's parsers give (ImportedLink).
 * Declared here by structure so the command reads their links without reaching into the parser.
 */
export interface LinkInput {
  url: string;
  title?: string;
  tags: string[];
  folders: string[];
  excerpt?: string;
  savedAt?: string;
  highlights: string[];
}

/** A link as the run handles it. */
export interface WorkItem {
  /** Identifies the link in the journal and for "already there": its canonical address. */
  key: string;
  link: LinkInput;
  /** What the browser opens: the link, or a loopback address serving a local file. */
  openUrl: string;
  /** The address the note names as its source when it is not the page's (a local file's). */
  sourceAddress?: string;
  /** A local file: there is nothing to bookmark when it cannot be clipped. */
  local: boolean;
  tags: string[];
  deckId?: string;
}

export function workItem(
  link: LinkInput,
  command: Pick<Command, 'tags' | 'deck' | 'deckMap'>,
  local?: { openUrl: string; sourceAddress: string },
): WorkItem {
  const rule = deckRuleFor(link.folders, command.deckMap);
  // Folders become tags unless a --deck-map rule turned them into a deck.
  const folderTags = rule ? [] : link.folders;
  const tags = parseTags([...link.tags, ...folderTags, ...command.tags].join(','));
  const deckId = rule?.deckId ?? command.deck;
  return {
    key: linkKey(local?.sourceAddress ?? link.url),
    link,
    openUrl: local?.openUrl ?? link.url,
    ...(local && { sourceAddress: local.sourceAddress }),
    local: local !== undefined,
    tags,
    ...(deckId !== undefined && { deckId }),
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
 * A bookmark note made from what the export knew, for a page that cannot be clipped (or for
 * --mode bookmark, which loads no page): its title, address, excerpt, when it was saved, why it
 * is a bookmark, and its highlights.
 */
export function bookmarkDraft(item: WorkItem, why?: string): NoteDraft {
  const { link } = item;
  const title = link.title?.trim() || link.url;
  const lines = [`Source: ${safeMarkdownLink(safeInlineText(title) || link.url, link.url)}`];
  if (link.savedAt) lines.push(`Saved ${link.savedAt.slice(0, 10)}`);
  const parts = [lines.join(' \\\n')];
  if (link.excerpt?.trim()) parts.push(safeInlineText(link.excerpt));
  if (why) parts.push(`*Bookmarked: ${safeInlineText(why, { lineStart: false })}*`);
  return {
    title,
    markdown_text: withHighlights(`${parts.join('\n\n')}\n`, link.highlights),
    tags: item.tags,
  };
}
