import {
  absoluteUrl,
  cleanText,
  copyChildren,
  isoDate,
  linkParagraph,
  type ThreadComment,
  threadContent,
} from '../thread';
import type { SiteModule } from '../types';

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

function comment(subtree: Element, base: string): ThreadComment | null {
  const body = Array.from(subtree.children).find((child) => child.classList.contains('comment'));
  if (!body) return null;
  const byline = body.querySelector('.byline');
  const user = Array.from(byline?.querySelectorAll('a[href*="/~"], a[href*="/u/"]') ?? []).find(
    (link) => /\S/.test(link.textContent ?? ''),
  );
  const text = body.querySelector('.comment_text');
  const score = cleanText(body.querySelector('.voters .score')?.textContent);
  const own = Array.from(byline?.querySelectorAll('a[href]') ?? []).find((link) =>
    /\/c\/\w+|#c_\w+/.test(link.getAttribute('href') ?? ''),
  );
  const replies = Array.from(subtree.children)
    .filter((child) => child.matches('ol.comments, .comments'))
    .flatMap((list) => comments(list, base));
  return {
    author: cleanText(user?.textContent),
    published: bylineDate(byline),
    permalink: absoluteUrl(own?.getAttribute('href'), base),
    score: score && /^-?\d+$/.test(score) ? `${score} points` : undefined,
    body: text,
    // A removed comment says so in its text (`.na`) and has no voters.
    gone: !user || !text || text.querySelector('.na') !== null,
    replies,
  };
}

function comments(list: Element, base: string): ThreadComment[] {
  return Array.from(list.children)
    .filter((child) => child.classList.contains('comments_subtree'))
    .map((subtree) => comment(subtree, base))
    .filter((read) => read !== null);
}

/**
 * Lobsters story pages (lobste.rs and other sites on its open-source code): the story's link
 * and text, and the comment tree (`.comments_subtree` items nesting `ol.comments`).
 */
export const lobsters: SiteModule = {
  id: 'lobsters',
  family: 'thread',
  detect(doc) {
    return (
      doc.getElementsByClassName('comments_subtree').length > 0 &&
      (doc.getElementsByClassName('story_liner').length > 0 ||
        doc.getElementsByClassName('story').length > 0)
    );
  },
  extract({ doc, out, comments: depth }) {
    const base = doc.baseURI || doc.URL;
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
    const text = doc.querySelector('.story_text');
    if (text && /\S/.test(text.textContent ?? '')) post.push(...copyChildren(out, text));
    // Lobsters refuses a story with neither a link nor text, and writes even a removed comment
    // in `.comment_text`: without them the text sits where this module does not look (a
    // redesign), and the note would be the title and link alone, every comment read as removed.
    // The generic engine reads such a page instead.
    if (post.length === 0) return null;
    const list = doc.querySelector('.comments_subtree')?.parentElement;
    const tree = list ? comments(list, base) : [];
    if (tree.length > 0 && !list?.querySelector('.comment .comment_text')) return null;
    return {
      content: threadContent(out, post, tree, depth),
      metadata: {
        title,
        author: cleanText(author?.textContent),
        published: bylineDate(byline),
        siteName:
          cleanText(doc.querySelector('meta[property="og:site_name"]')?.getAttribute('content')) ??
          'Lobsters',
      },
    };
  },
};
