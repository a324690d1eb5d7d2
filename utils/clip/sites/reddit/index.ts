import type { ClipMetadata } from '../../types';
import {
  absoluteUrl,
  cleanText,
  copyChildren,
  isoDate,
  linkParagraph,
  ownElement,
  type ThreadComment,
  threadContent,
} from '../thread';
import type { SiteExtraction, SiteModule } from '../types';

/** Where a comment's relative permalink points when the page is a saved copy or a mirror. */
function permalinkBase(doc: Document): string {
  return /(^|\.)reddit\.com$/i.test(safeHost(doc.URL)) ? doc.URL : 'https://www.reddit.com/';
}

function safeHost(address: string): string {
  try {
    return new URL(address).hostname;
  } catch {
    return '';
  }
}

const GONE_TEXT = /^\[(?:deleted|removed)\]$/i;

function subredditName(value: string | null | undefined): string | undefined {
  const name = cleanText(value)?.replace(/^\/?r\//i, '');
  return name ? `r/${name}` : undefined;
}

// --- old.reddit.com: `.thing` elements, replies in `.child > .sitetable` ----------------------

function oldComment(thing: Element, base: string): ThreadComment {
  const entry = Array.from(thing.children).find((child) => child.classList.contains('entry'));
  const tagline = entry?.querySelector('.tagline');
  const body = entry?.querySelector('.usertext-body .md') ?? null;
  const author =
    thing.getAttribute('data-author') ?? cleanText(tagline?.querySelector('.author')?.textContent);
  const score =
    tagline?.querySelector('.score.unvoted') ?? tagline?.querySelector('.score, .score-hidden');
  const gone =
    thing.classList.contains('deleted') ||
    !author ||
    author === '[deleted]' ||
    !body ||
    GONE_TEXT.test(cleanText(body.textContent) ?? '');
  const child = Array.from(thing.children).find((el) => el.classList.contains('child'));
  const list = child?.querySelector('.sitetable');
  return {
    author,
    published: isoDate(tagline?.querySelector('time[datetime]')?.getAttribute('datetime')),
    permalink: absoluteUrl(thing.getAttribute('data-permalink'), base),
    score: cleanText(score?.textContent),
    body,
    gone,
    replies: list ? oldComments(list, base) : [],
  };
}

/** The comments directly in a `.sitetable`; "load more comments" stubs are not comments. */
function oldComments(table: Element, base: string): ThreadComment[] {
  return Array.from(table.children)
    .filter((el) => el.classList.contains('thing') && el.classList.contains('comment'))
    .map((thing) => oldComment(thing, base));
}

function oldReddit(
  doc: Document,
  out: Document,
): { post: Node[]; comments: ThreadComment[]; metadata: Partial<ClipMetadata> } | null {
  const link = doc.querySelector('.thing.link');
  if (!link) return null;
  const base = permalinkBase(doc);
  const title = cleanText(link.querySelector('a.title')?.textContent);
  if (!title) return null;
  const post: Node[] = [];
  const target = link.getAttribute('data-url');
  const permalink = link.getAttribute('data-permalink');
  const targetUrl = absoluteUrl(target, base);
  if (targetUrl && target !== permalink && !link.classList.contains('self'))
    post.push(linkParagraph(out, targetUrl));
  const body = link.querySelector('.usertext-body .md');
  if (body) post.push(...copyChildren(out, body));
  const area = doc.querySelector('.commentarea');
  const table = area?.querySelector('.sitetable');
  return {
    post,
    comments: table ? oldComments(table, base) : [],
    metadata: {
      title,
      author: cleanText(link.getAttribute('data-author')),
      published: isoDate(link.querySelector('.tagline time[datetime]')?.getAttribute('datetime')),
      siteName: subredditName(link.getAttribute('data-subreddit')) ?? 'Reddit',
    },
  };
}

// --- new reddit: shreddit-post and shreddit-comment custom elements -----------------------------

const COMMENT = 'shreddit-comment';

function newComment(element: Element, base: string): ThreadComment {
  const author = element.getAttribute('author') ?? undefined;
  const body = ownElement(element, '[slot="comment"]', COMMENT) ?? null;
  const time =
    ownElement(element, 'time[datetime]', COMMENT)?.getAttribute('datetime') ??
    ownElement(element, 'faceplate-timeago[ts]', COMMENT)?.getAttribute('ts') ??
    element.getAttribute('created');
  const score = element.getAttribute('score');
  const gone =
    element.hasAttribute('is-comment-deleted') ||
    !author ||
    author === '[deleted]' ||
    !body ||
    GONE_TEXT.test(cleanText(body.textContent) ?? '');
  return {
    author,
    published: isoDate(time),
    permalink: absoluteUrl(element.getAttribute('permalink'), base),
    score: score && /^-?\d+$/.test(score) ? `${score} points` : undefined,
    body,
    gone,
    replies: [],
  };
}

/** Replies are nested inside their parent's element; the tree is read from that nesting. */
function newComments(doc: Document, base: string): ThreadComment[] {
  const roots: ThreadComment[] = [];
  const read = new Map<Element, ThreadComment>();
  for (const element of Array.from(doc.getElementsByTagName(COMMENT))) {
    const comment = newComment(element, base);
    read.set(element, comment);
    const parent = element.parentElement?.closest(COMMENT);
    const parentComment = parent ? read.get(parent) : undefined;
    if (parentComment) parentComment.replies.push(comment);
    else roots.push(comment);
  }
  return roots;
}

function newReddit(
  doc: Document,
  out: Document,
): { post: Node[]; comments: ThreadComment[]; metadata: Partial<ClipMetadata> } | null {
  const shreddit = doc.getElementsByTagName('shreddit-post')[0];
  if (!shreddit) return null;
  const base = permalinkBase(doc);
  const title =
    cleanText(shreddit.getAttribute('post-title')) ??
    cleanText(shreddit.querySelector('[slot="title"]')?.textContent);
  if (!title) return null;
  const post: Node[] = [];
  const target = shreddit.getAttribute('content-href');
  const permalink = absoluteUrl(shreddit.getAttribute('permalink'), base);
  const targetUrl = absoluteUrl(target, base);
  const media = shreddit.querySelector('[slot="post-media-container"]');
  if (targetUrl && targetUrl !== permalink && !media) post.push(linkParagraph(out, targetUrl));
  const body = shreddit.querySelector('[slot="text-body"]');
  if (body) post.push(...copyChildren(out, body));
  for (const image of Array.from(media?.querySelectorAll('img') ?? [])) {
    // The blurred backdrop behind a post's image repeats the image; only the shown one counts.
    if (image.closest('[aria-hidden="true"]') || /blur/i.test(image.className)) continue;
    post.push(out.importNode(image, true));
  }
  return {
    post,
    comments: newComments(doc, base),
    metadata: {
      title,
      author: cleanText(shreddit.getAttribute('author')),
      published: isoDate(shreddit.getAttribute('created-timestamp')),
      siteName: subredditName(shreddit.getAttribute('subreddit-prefixed-name')) ?? 'Reddit',
    },
  };
}

/**
 * Reddit comment pages, new (shreddit custom elements) and old (old.reddit.com's `.thing`
 * markup): the post (title, text, link or image) and the comment tree with author, date and
 * score. Deleted comments keep their place only when replies hang from them; "more replies"
 * stubs are left out (their replies are not in the page).
 */
export const reddit: SiteModule = {
  id: 'reddit',
  family: 'thread',
  detect(doc) {
    if (doc.getElementsByTagName('shreddit-post').length > 0) return true;
    return (
      doc.getElementsByClassName('commentarea').length > 0 &&
      doc.querySelector('.thing.link') !== null
    );
  },
  extract({ doc, out, comments }): SiteExtraction | null {
    const read = newReddit(doc, out) ?? oldReddit(doc, out);
    if (!read) return null;
    return {
      content: threadContent(out, read.post, read.comments, comments),
      metadata: read.metadata,
    };
  },
};
