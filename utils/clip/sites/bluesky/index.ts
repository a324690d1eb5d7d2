import {
  absoluteUrl,
  cleanText,
  firstWords,
  isoDate,
  type ThreadComment,
  textParagraphs,
  threadContent,
} from '../thread';
import type { SiteModule } from '../types';

const ITEM = '[data-testid^="postThreadItem-by-"]';
const TEXT = '[data-testid="postText"], div[data-word-wrap="1"]';
/** The feed's image CDN paths: `avatar_thumbnail` (an author's face) is not content. */
const POST_IMAGE = 'img[src*="/feed_thumbnail/"], img[src*="/feed_fullsize/"]';

interface BlueskyPost {
  handle: string;
  name?: string;
  published?: string;
  permalink?: string;
  text?: Element;
  images: Element[];
}

function own(item: Element, selector: string): Element[] {
  return Array.from(item.querySelectorAll(selector)).filter(
    (element) => element.parentElement?.closest(ITEM) === item,
  );
}

/**
 * Bluesky writes a post's time for people ("January 15, 2025 at 10:30 AM") in a tooltip, a
 * label or the text of the focused post; the browser reads it in the local time zone, as the
 * page showed it.
 */
function readDate(item: Element): string | undefined {
  const candidates = own(item, 'a[href*="/post/"], [data-tooltip], [aria-label]').flatMap(
    (element) => [
      element.getAttribute('data-tooltip'),
      element.getAttribute('aria-label'),
      element.getAttribute('title'),
      element.childElementCount === 0 ? element.textContent : null,
    ],
  );
  for (const element of own(item, 'div, span')) {
    if (element.childElementCount === 0) candidates.push(element.textContent);
  }
  for (const candidate of candidates) {
    const text = cleanText(candidate);
    if (!text || !/\b\d{4}\b/.test(text) || !/\d{1,2}:\d\d/.test(text) || text.length > 60)
      continue;
    const date = isoDate(text.replace(/\s+at\s+/i, ' ').replace(/^.*?·\s*/, ''));
    if (date) return date;
  }
  return undefined;
}

function readPost(item: Element, base: string, out: Document): BlueskyPost {
  const handle = (item.getAttribute('data-testid') ?? '').replace('postThreadItem-by-', '');
  const name = own(item, 'a[href^="/profile/"], a[href*="bsky.app/profile/"]')
    .map((link) => cleanText(link.textContent))
    .find((text) => text && !text.startsWith('@') && !text.includes('·'));
  const link = own(item, 'a[href*="/post/"]')[0];
  const images = own(item, POST_IMAGE).map((image) => {
    const picture = out.createElement('img');
    picture.setAttribute(
      'src',
      (image.getAttribute('src') ?? '').replace('/feed_thumbnail/', '/feed_fullsize/'),
    );
    picture.setAttribute('alt', image.getAttribute('alt') ?? '');
    const paragraph = out.createElement('p');
    paragraph.append(picture);
    return paragraph;
  });
  return {
    handle,
    name,
    published: readDate(item),
    permalink: absoluteUrl(link?.getAttribute('href'), base),
    text: own(item, TEXT)[0],
    images,
  };
}

function body(post: BlueskyPost, out: Document): Node[] {
  const nodes: Node[] = [];
  if (post.text) nodes.push(...textParagraphs(out, post.text));
  nodes.push(...post.images);
  return nodes;
}

/**
 * Bluesky post pages (bsky.app and other clients of its web app), found by the app's
 * `postThreadItem-by-<handle>` markup: the post, the author's own follow-ups as one thread,
 * images with their descriptions, and the replies of others.
 */
export const bluesky: SiteModule = {
  id: 'bluesky',
  family: 'social',
  detect(doc) {
    // The app's root first: one lookup by id on the pages of every other site.
    return doc.getElementById('root') !== null && doc.querySelector(ITEM) !== null;
  },
  extract({ doc, out, comments }) {
    const base = doc.baseURI || doc.URL;
    const screen = doc.querySelector('[data-testid="postThreadScreen"]') ?? doc.body;
    const items = Array.from(screen.querySelectorAll(ITEM)).filter(
      (item) => !item.parentElement?.closest(ITEM),
    );
    const posts = items.map((item) => readPost(item, base, out));
    const main = posts[0];
    if (!main?.handle || (!main.text && main.images.length === 0)) return null;
    let last = 0;
    while (last + 1 < posts.length && posts[last + 1]?.handle === main.handle) last += 1;
    const post: Node[] = [];
    for (const part of posts.slice(0, last + 1)) {
      if (post.length > 0) post.push(out.createElement('hr'));
      post.push(...body(part, out));
    }
    const replies: ThreadComment[] = posts.slice(last + 1).map((reply) => {
      const holder = out.createElement('div');
      holder.append(...body(reply, out));
      return {
        author: [reply.name, `@${reply.handle}`].filter(Boolean).join(' '),
        published: reply.published,
        permalink: reply.permalink,
        body: holder,
        replies: [],
      };
    });
    // The page's head states the post's time exactly ("Posted At"); the text shows it for people.
    const published =
      isoDate(doc.querySelector('meta[name="twitter:value1"]')?.getAttribute('content')) ??
      main.published;
    const words = firstWords(main.text?.textContent);
    return {
      content: threadContent(out, post, replies, comments),
      metadata: {
        title: `${main.name ?? `@${main.handle}`} on Bluesky${words ? `: ${words}` : ''}`,
        author: main.name ? `${main.name} (@${main.handle})` : `@${main.handle}`,
        ...(published ? { published } : {}),
        siteName: 'Bluesky',
      },
    };
  },
};
