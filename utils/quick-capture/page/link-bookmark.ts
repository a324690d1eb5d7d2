import { type ClickedLink, type Clip, safeMarkdownLink, webHref } from '../../clip/light';

const MAX_TITLE_LENGTH = 200;

/** The link's words on one line; a link without words is named by its address. */
function linkTitle(link: Pick<ClickedLink, 'url' | 'text'>): string {
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
  if (link.pageUrl && webHref(link.pageUrl)) {
    const pageLabel = link.pageTitle?.trim() || link.pageUrl;
    lines.push('', `Found on ${safeMarkdownLink(pageLabel, link.pageUrl)}`);
  }
  return lines.join('\n');
}

/**
 * “Clip link”'s clip, which the injected engine turns into the note in the page: the link's words
 * are the title, its address the source, and the user's template places them like any other clip.
 */
export function linkBookmarkClip(link: ClickedLink): Clip {
  return {
    title: linkTitle(link),
    markdown: linkBookmarkContent(link),
    url: link.url,
    mode: 'bookmark',
    notices: [],
    metadata: {},
  };
}
