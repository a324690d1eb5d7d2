import { declaredAddress, isWebAddress } from '../../saved-copy';
import { metaContent } from '../post-parts';
import {
  absoluteUrl,
  cleanText,
  copyChildren,
  isoDate,
  linkParagraph,
  type ThreadComment,
  threadContent,
} from '../thread';
import type { SiteDetector, SiteModule } from '../types';

/**
 * Lobsters (and the sites running its code) writes a time as `<time datetime data-at-unix>`,
 * or, in older versions, a span whose title is `2024-01-15 10:00:00 -0600`.
 */
function bylineDate(byline: Element | null | undefined): string | undefined {
  const time = byline?.querySelector('time[datetime]');
  // `data-at-unix` is unambiguous; the `datetime` beside it is the server's time without a zone.
  const unix = time?.getAttribute('data-at-unix');
  if (unix) return isoDate(unix);
  if (time) return isoDate(time.getAttribute('datetime'));
  for (const span of Array.from(byline?.querySelectorAll('[title]') ?? [])) {
    const title = span.getAttribute('title') ?? '';
    // "2024-01-15 10:00:00 -0600": make it ISO so every engine reads it alike.
    const match = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d) ([+-]\d\d)(\d\d)$/.exec(title.trim());
    if (match) return isoDate(`${match[1]}T${match[2]}${match[3]}:${match[4]}`);
  }
  return undefined;
}

/** A subtree's own comment: its `.comment` child (a reply's sits deeper, in its own subtree). */
function ownComment(subtree: Element): Element | undefined {
  return Array.from(subtree.children).find((child) => child.classList.contains('comment'));
}

function readComment(body: Element, base: string): ThreadComment {
  const byline = body.querySelector('.byline');
  const user = Array.from(byline?.querySelectorAll('a[href*="/~"], a[href*="/u/"]') ?? []).find(
    (link) => /\S/.test(link.textContent ?? ''),
  );
  const text = body.querySelector('.comment_text');
  const score = cleanText(body.querySelector('.voters .score')?.textContent);
  const own = Array.from(byline?.querySelectorAll('a[href]') ?? []).find((link) =>
    /\/c\/\w+|#c_\w+/.test(link.getAttribute('href') ?? ''),
  );
  return {
    author: cleanText(user?.textContent),
    published: bylineDate(byline),
    permalink: absoluteUrl(own?.getAttribute('href'), base),
    score: score && /^-?\d+$/.test(score) ? `${score} points` : undefined,
    body: text,
    // A removed comment says so in its text (`.na`) and has no voters.
    gone: !user || !text || text.querySelector('.na') !== null,
    replies: [],
  };
}

/**
 * The comment tree: each `.comments_subtree` holding a comment, under the nearest enclosing
 * subtree that holds one. The page also makes subtrees of things that are not comments (the
 * comment box, and the item that wraps a story's whole thread), so nesting is read past them.
 */
function commentTree(doc: Document, base: string): ThreadComment[] {
  const roots: ThreadComment[] = [];
  const read = new Map<Element, ThreadComment>();
  for (const subtree of Array.from(doc.querySelectorAll('.comments_subtree'))) {
    const body = ownComment(subtree);
    if (!body) continue;
    const comment = readComment(body, base);
    read.set(subtree, comment);
    let holder = subtree.parentElement?.closest('.comments_subtree');
    while (holder && !read.has(holder)) holder = holder.parentElement?.closest('.comments_subtree');
    const parent = holder ? read.get(holder) : undefined;
    (parent ? parent.replies : roots).push(comment);
  }
  return roots;
}

/**
 * Where the page's relative links point. A saved copy opened from disk has a `file:` address,
 * against which `/c/<id>` would name a file: the story's short link (`<link rel="shortlink">`)
 * or the address the copy declares (saved-copy.ts) says where the page came from.
 */
function siteBase(doc: Document, base: string): string {
  if (/^https?:/i.test(base)) return base;
  const shortLink = doc.querySelector('link[rel~="shortlink"]')?.getAttribute('href');
  return (isWebAddress(shortLink) ? shortLink : declaredAddress(doc)) ?? base;
}

/**
 * Lobsters story pages (lobste.rs and other sites on its open-source code): the story's link
 * and text, and the comment tree (`li.comments_subtree` items nesting `ol.comments`; today the
 * whole thread sits in one more subtree, after the comment box's).
 */
/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const lobstersDetector: SiteDetector = {
  id: 'lobsters',
  family: 'thread',
  // A story with its comments.
  discussionAt: (url) =>
    url.hostname === 'lobste.rs' && /^\/s\/[a-z0-9]+(?:\/|$)/i.test(url.pathname),
  detect(doc) {
    return (
      doc.getElementsByClassName('comments_subtree').length > 0 &&
      (doc.getElementsByClassName('story_liner').length > 0 ||
        doc.getElementsByClassName('story').length > 0)
    );
  },
};

export const lobsters: SiteModule = {
  ...lobstersDetector,
  extract({ doc, out, comments: depth }) {
    const base = siteBase(doc, out.baseURI);
    const story = doc.querySelector('.story_liner') ?? doc.querySelector('.story');
    const titleLink = story?.querySelector('.link a, a.u-url');
    const title = cleanText(titleLink?.textContent);
    if (!story || !title) return null;
    const byline = story.querySelector('.byline');
    const author = Array.from(
      byline?.querySelectorAll('a.u-author, a[href*="/~"], a[href*="/u/"]') ?? [],
    ).find((link) => /\S/.test(link.textContent ?? ''));
    const post: Node[] = [];
    const href = absoluteUrl(titleLink?.getAttribute('href'), base);
    if (href && !/\/s\/\w+/.test(new URL(href).pathname)) post.push(linkParagraph(out, href));
    // The submitter's text; a `<details>` holds Lobsters' cached copy of an unreachable link.
    const text = Array.from(doc.querySelectorAll('.story_text')).find(
      (element) => !element.closest('details'),
    );
    if (text && /\S/.test(text.textContent ?? '')) post.push(...copyChildren(out, text));
    // Lobsters refuses a story with neither a link nor text, and writes even a removed comment
    // in `.comment_text`: without them the text sits where this module does not look (a
    // redesign), and the note would be the title and link alone, every comment read as removed.
    // The generic engine reads such a page instead.
    if (post.length === 0) return null;
    const tree = commentTree(doc, base);
    if (tree.length > 0 && !doc.querySelector('.comments_subtree > .comment .comment_text'))
      return null;
    return {
      content: threadContent(out, post, tree, depth),
      metadata: {
        title,
        author: cleanText(author?.textContent),
        published: bylineDate(byline),
        siteName: cleanText(metaContent(doc, 'og:site_name')) ?? 'Lobsters',
      },
    };
  },
};
