import { type Clip, composeNote, safeMarkdownLink, stripTrackingParameters } from '../clip/light';
import { NOT_CONFIGURED_MESSAGE } from '../clipper';
import { t } from '../i18n';
import type { NoteDraft } from '../outbox';
import { failure, type Result } from '../result';
import { loadSettings, templateSource } from '../settings';

/** The link the user right-clicked, and the page it was on. */
export interface ClickedLink {
  url: string;
  /** The link's words; absent when the page could not be asked. */
  text?: string;
  pageUrl?: string;
  pageTitle?: string;
}

export interface LinkBookmark {
  draft: NoteDraft;
  /** Absent: the default notebook. */
  deckId?: string;
  sourceUrl: string;
}

const MAX_TITLE_LENGTH = 200;

const NOT_A_WEB_LINK = t('quickCapture.notWebLink');

/**
 * “Clip link” saves the linked page as a bookmark without opening it: the link's words become the
 * title, its address the source, and the note gets the user's template, default deck and tags,
 * like any other clip.
 */
export async function prepareLinkBookmark(
  clicked: ClickedLink,
  now = new Date(),
): Promise<Result<LinkBookmark>> {
  const settings = await loadSettings();
  if (!settings.connection.baseUrl || !settings.connection.apiKey) {
    return failure('not-configured', NOT_CONFIGURED_MESSAGE);
  }
  if (!isWebAddress(clicked.url)) return failure('unclippable', NOT_A_WEB_LINK);
  const defaults = settings.clipDefaults;
  const link = defaults.stripTracking
    ? { ...clicked, url: stripTrackingParameters(clicked.url) }
    : clicked;
  const clip: Clip = {
    title: linkTitle(link),
    markdown: linkBookmarkContent(link),
    url: link.url,
    mode: 'bookmark',
    notices: [],
    metadata: {},
  };
  const deckId = settings.decks.defaultDeckId;
  return {
    ok: true,
    draft: {
      title: clip.title,
      markdown_text: composeNote(clip, { template: templateSource(defaults.template), now }),
      tags: defaults.tags,
    },
    ...(deckId !== null && { deckId }),
    sourceUrl: link.url,
  };
}

function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** The link's words on one line; a link without words is named by its address. */
export function linkTitle(link: Pick<ClickedLink, 'url' | 'text'>): string {
  const words = link.text?.replace(/\s+/g, ' ').trim();
  if (words) return truncate(words, MAX_TITLE_LENGTH);
  const { hostname, pathname } = new URL(link.url);
  return truncate(`${hostname}${pathname === '/' ? '' : pathname}`, MAX_TITLE_LENGTH);
}

function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

/**
 * The bookmark's content, which the note template places: the link and the page it was on. The
 * words come from the page, so they go through `safeMarkdownLink` like any page text.
 */
export function linkBookmarkContent(link: ClickedLink): string {
  const lines = [safeMarkdownLink(linkTitle(link), link.url)];
  if (link.pageUrl && isWebAddress(link.pageUrl)) {
    const pageLabel = link.pageTitle?.trim() || link.pageUrl;
    lines.push('', `Found on ${safeMarkdownLink(pageLabel, link.pageUrl)}`);
  }
  return lines.join('\n');
}
