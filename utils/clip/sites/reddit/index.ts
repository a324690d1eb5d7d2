import type { ClipMetadata } from '../../types';
import {
  absoluteUrl,
  bylineParagraph,
  cleanText,
  copyChildren,
  isoDate,
  linkParagraph,
  ownElement,
  type ThreadComment,
  threadContent,
} from '../thread';
import type { SiteDetector, SiteExtraction, SiteModule } from '../types';

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
const POST = 'shreddit-post';

function newComment(element: Element, base: string): ThreadComment {
  const author = element.getAttribute('author') ?? undefined;
  // The body may sit in a `<details>` that folds the comment: ownElement looks through it.
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

/**
 * Replies are nested inside their parent's element, and the tree is read from that nesting. A
 * reply that arrived on its own (a "more replies" batch, a comment partial) names its parent in
 * `parentid` instead; a top-level comment names the post there.
 */
function newComments(doc: Document, base: string): ThreadComment[] {
  const roots: ThreadComment[] = [];
  const read = new Map<Element, ThreadComment>();
  const byId = new Map<string, ThreadComment>();
  for (const element of Array.from(doc.getElementsByTagName(COMMENT))) {
    const comment = newComment(element, base);
    read.set(element, comment);
    const id = element.getAttribute('thingid');
    if (id) byId.set(id, comment);
    const nestedIn = element.parentElement?.closest(COMMENT);
    const parent =
      (nestedIn ? read.get(nestedIn) : undefined) ??
      byId.get(element.getAttribute('parentid') ?? '');
    if (parent && parent !== comment) parent.replies.push(comment);
    else roots.push(comment);
  }
  return roots;
}

/** Posts of the page itself: a crosspost's embedded original is part of its post. */
function pagePosts(doc: Document): Element[] {
  return Array.from(doc.getElementsByTagName(POST)).filter(
    (post) => !post.parentElement?.closest(`${POST}, ${COMMENT}`),
  );
}

/**
 * A card in a feed (a subreddit, the home page, search) rather than the post a comments page is
 * about: Reddit says where it shows a post in `view-context` ("SubredditFeed", "AggregateFeed";
 * "CommentsPage" for the post itself) and wraps feed cards in `shreddit-feed > article`.
 */
function isFeedCard(post: Element): boolean {
  return (
    /feed/i.test(post.getAttribute('view-context') ?? '') ||
    post.closest('shreddit-feed, article[data-post-id]') !== null
  );
}

/**
 * The post this page is about, or null when the page lists posts (a subreddit, the home page):
 * a comments page marks its post, or holds a comment tree, or shows one post that is no feed card
 * (a share link `/r/<sub>/s/<id>` opens the same page).
 */
function mainPost(doc: Document, posts: Element[]): Element | null {
  const marked = posts.find((post) => post.getAttribute('view-context') === 'CommentsPage');
  if (marked) return marked;
  const single = posts.filter((post) => !isFeedCard(post));
  const discussed =
    doc.getElementsByTagName(COMMENT).length > 0 ||
    doc.getElementsByTagName('shreddit-comment-tree').length > 0;
  if (discussed) return single[0] ?? posts[0] ?? null;
  return posts.length === 1 && single.length === 1 ? (single[0] ?? null) : null;
}

function postTitle(post: Element): string | undefined {
  return (
    cleanText(post.getAttribute('post-title')) ??
    cleanText(post.querySelector('[slot="title"]')?.textContent)
  );
}

/** The credit bar above a post names its author (`/user/<name>/`) and its age. */
function creditBar(post: Element): Element | null {
  return post.querySelector('[slot="credit-bar"]');
}

function postAuthor(post: Element): string | undefined {
  const attribute = cleanText(post.getAttribute('author'));
  if (attribute) return attribute;
  const link = creditBar(post)?.querySelector('a[href*="/user/"]');
  return cleanText(link?.textContent)?.replace(/^u\//, '');
}

function postDate(post: Element): string | undefined {
  const bar = creditBar(post);
  return isoDate(
    post.getAttribute('created-timestamp') ??
      bar?.querySelector('time[datetime]')?.getAttribute('datetime') ??
      bar?.querySelector('faceplate-timeago[ts]')?.getAttribute('ts'),
  );
}

/**
 * `r/<name>` from the post, or from the page's own reddit.com address (`/r/<name>/...`, a share
 * link included) when the post does not say.
 */
function postSubreddit(post: Element, doc: Document): string | undefined {
  const named =
    subredditName(post.getAttribute('subreddit-prefixed-name')) ??
    subredditName(post.getAttribute('subreddit-name'));
  if (named) return named;
  if (!/(^|\.)reddit\.com$/i.test(safeHost(doc.URL))) return undefined;
  return subredditName(/^\/r\/([^/]+)/.exec(new URL(doc.URL).pathname)?.[1]);
}

/**
 * The post's own text: the `text-body` slot (`shreddit-post-text-body` today), or the rich-text
 * block named by the post's id when the page renders it outside the post element. Inside it,
 * the text block itself, so a feed card's link around its preview is left behind.
 */
function postText(post: Element, doc: Document): Element | null {
  const id = post.getAttribute('id');
  const holder =
    post.querySelector('[slot="text-body"]') ??
    (id ? doc.getElementById(`${id}-post-rtjson-content`) : null);
  return (
    holder?.querySelector('[property="schema:articleBody"], [id$="-post-rtjson-content"]') ??
    holder ??
    null
  );
}

/**
 * The images a post shows. Behind an image Reddit draws a blurred copy of it, and a card may
 * carry the subreddit's icon: decoration, not the post's media.
 */
function postImages(media: Element | null, out: Document): Node[] {
  const seen = new Set<string>();
  const images: Node[] = [];
  for (const image of Array.from(media?.querySelectorAll('img') ?? [])) {
    const decoration =
      image.closest('[aria-hidden="true"]') !== null ||
      /blur|background|icon/i.test(image.className);
    const src = image.getAttribute('src') ?? '';
    if (decoration || seen.has(src)) continue;
    seen.add(src);
    images.push(out.importNode(image, true));
  }
  return images;
}

/** A post's content: its link (a link post), its text and its images. */
function postContent(post: Element, doc: Document, out: Document, base: string): Node[] {
  const content: Node[] = [];
  const permalink = absoluteUrl(post.getAttribute('permalink'), base);
  const targetUrl = absoluteUrl(post.getAttribute('content-href'), base);
  const images = postImages(post.querySelector('[slot="post-media-container"]'), out);
  if (targetUrl && targetUrl !== permalink && images.length === 0)
    content.push(linkParagraph(out, targetUrl));
  // The page shows a post's image above its text.
  content.push(...images);
  const text = postText(post, doc);
  if (text) content.push(...copyChildren(out, text));
  return content;
}

function newReddit(
  doc: Document,
  out: Document,
): { post: Node[]; comments: ThreadComment[]; metadata: Partial<ClipMetadata> } | null {
  const shreddit = mainPost(doc, pagePosts(doc));
  if (!shreddit) return null;
  const base = permalinkBase(doc);
  const title = postTitle(shreddit);
  if (!title) return null;
  return {
    post: postContent(shreddit, doc, out, base),
    comments: newComments(doc, base),
    metadata: {
      title,
      author: postAuthor(shreddit),
      published: postDate(shreddit),
      siteName: postSubreddit(shreddit, doc) ?? 'Reddit',
    },
  };
}

/**
 * A listing (a subreddit, the home page, search results) as the list a reader scrolls: each
 * post's title linked to its discussion, who posted it, when, its score and comment count, and
 * what the card shows of it (link, text, image). Ads are `shreddit-ad-post`, not posts.
 */
function listing(doc: Document, out: Document): SiteExtraction | null {
  const posts = pagePosts(doc);
  if (posts.length === 0 || mainPost(doc, posts)) return null;
  const base = permalinkBase(doc);
  const root = out.createElement('div');
  const subreddits = new Set(posts.map((post) => postSubreddit(post, doc)));
  for (const post of posts) {
    const title = postTitle(post);
    if (!title) continue;
    const heading = out.createElement('h2');
    const permalink = absoluteUrl(post.getAttribute('permalink'), base);
    const link = out.createElement('a');
    if (permalink) link.setAttribute('href', permalink);
    link.textContent = title;
    heading.append(permalink ? link : title);
    const score = post.getAttribute('score');
    const count = post.getAttribute('comment-count');
    const byline = bylineParagraph(out, {
      author: postAuthor(post),
      published: postDate(post),
      score: score && /^-?\d+$/.test(score) ? `${score} points` : undefined,
      facts: [
        count && /^\d+$/.test(count) ? `${count} ${count === '1' ? 'comment' : 'comments'}` : '',
        // In a feed of many communities, each card says where it was posted.
        subreddits.size > 1 ? (postSubreddit(post, doc) ?? '') : '',
      ].filter(Boolean),
    });
    root.append(heading);
    if (byline.hasChildNodes()) root.append(byline);
    root.append(...postContent(post, doc, out, base));
  }
  if (!root.querySelector('h2')) return null;
  const [only] = subreddits;
  return {
    content: root,
    metadata: {
      siteName: (subreddits.size === 1 ? only : undefined) ?? 'Reddit',
      // The page's date and author, if any, are its first card's; a feed has neither.
      published: null,
      author: null,
    },
  };
}

/**
 * Reddit comment pages, new (shreddit custom elements) and old (old.reddit.com's `.thing`
 * markup): the post (title, text, link or image) and the comment tree with author, date and
 * score. Deleted comments keep their place only when replies hang from them; "more replies"
 * stubs are left out (their replies are not in the page). A share link (`/r/<sub>/s/<id>`)
 * opens the same comments page. A listing (a subreddit, the home page) is its list of posts,
 * never its first post as if it were the page's one.
 */
/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const redditDetector: SiteDetector = {
  id: 'reddit',
  family: 'thread',
  // A post's comments page, new or old Reddit.
  discussionAt: (url) =>
    /(?:^|\.)reddit\.com$/.test(url.hostname) &&
    /^\/r\/[^/]+\/comments\/[a-z0-9]+(?:\/|$)/i.test(url.pathname),
  detect(doc) {
    if (doc.getElementsByTagName('shreddit-post').length > 0) return true;
    return (
      doc.getElementsByClassName('commentarea').length > 0 &&
      doc.querySelector('.thing.link') !== null
    );
  },
};

export const reddit: SiteModule = {
  ...redditDetector,
  extract({ doc, out, comments }): SiteExtraction | null {
    const read = newReddit(doc, out) ?? oldReddit(doc, out);
    if (!read) return listing(doc, out);
    return {
      content: threadContent(out, read.post, read.comments, comments),
      metadata: read.metadata,
    };
  },
};
