import { unwrapRedirect } from '../../markdown/urls';
import { inertParser } from '../../prepare/inert';
import { metaContent } from '../post-parts';
import {
  absoluteUrl,
  bylineParagraph,
  cleanText,
  firstWords,
  isoDate,
  linkParagraph,
  ownElements,
  type ThreadComment,
  textParagraphs,
  threadContent,
  treeFromDepths,
} from '../thread';
import type { SiteDetector, SiteExtraction, SiteModule } from '../types';

const ITEM = '[data-testid^="postThreadItem-by-"]';
const TEXT = '[data-testid="postText"], div[data-word-wrap="1"]';
/** The feed's image CDN paths: `avatar_thumbnail` (an author's face) is not content. */
const POST_IMAGE = 'img[src*="/feed_thumbnail/"], img[src*="/feed_fullsize/"]';
/** A post's own address; the counters under a post link to its likes, reposts and quotes. */
const POST_LINK = 'a[href*="/post/"]';
const COUNTER_LINK = /\/post\/[^/]+\/(?:liked-by|reposted-by|quotes)\b/;
/**
 * The app draws embeds (a quoted post, a link card) in a box with a border, written as an
 * inline style; an avatar's rounded corners are not a border.
 */
const BORDERED =
  /border(?:-(?:top|right|bottom|left))?-width:\s*(?:0?\.\d|[1-9])|border:\s*(?:0?\.\d|[1-9])/;

interface BlueskyPost {
  handle: string;
  name?: string;
  published?: string;
  permalink?: string;
  text?: Element;
  images: Element[];
  card?: { href: string; title: string; image?: string };
  quote?: BlueskyPost;
}

/** What belongs to `item` itself, not to a reply nested in it. */
const own = (item: Element, selector: string) => ownElements(item, selector, ITEM);

function bordered(element: Element): boolean {
  return BORDERED.test(element.getAttribute('style') ?? '');
}

/**
 * A quoted post inside `item`: the bordered box holding another post's address. Live, the box
 * is one link around the quoted post's author line, text and images; in a saved copy the parser
 * has split that link (a link inside a link is not HTML), so the box is what holds them together.
 */
function quoteBox(item: Element): Element | undefined {
  return own(item, 'div[style*="border"]').find(
    (box) =>
      bordered(box) &&
      Array.from(box.querySelectorAll(POST_LINK)).some(
        (link) => !COUNTER_LINK.test(link.getAttribute('href') ?? ''),
      ),
  );
}

/**
 * Bluesky writes a post's time for people ("January 15, 2025 at 10:30 AM") in a tooltip, a
 * label or the text of the focused post; the browser reads it in the local time zone, as the
 * page showed it.
 */
function readDate(elements: Element[]): string | undefined {
  const candidates = elements
    .filter((element) => element.matches(`${POST_LINK}, [data-tooltip], [aria-label]`))
    .flatMap((element) => [
      element.getAttribute('data-tooltip'),
      element.getAttribute('aria-label'),
      element.getAttribute('title'),
      element.childElementCount === 0 ? element.textContent : null,
    ]);
  for (const element of elements) {
    if (element.matches('div, span') && element.childElementCount === 0)
      candidates.push(element.textContent);
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

function pictures(images: Element[], out: Document): Element[] {
  return images.map((image) => {
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
}

/**
 * A link card: a link off the site around a bordered box (the preview image, the title, the
 * domain), named by its label. The app drops a link from the text when it shows it as a card,
 * and may send it through its redirector (`go.bsky.app/redirect?u=<address>`).
 */
function cardLink(elements: Element[]): Element | undefined {
  return elements.find(
    (element) =>
      element.matches('a[href]') &&
      /^https?:/i.test(element.getAttribute('href') ?? '') &&
      !element.closest(TEXT) &&
      Array.from(element.querySelectorAll('div')).some(bordered),
  );
}

function readCard(link: Element | undefined, base: string): BlueskyPost['card'] {
  const address = absoluteUrl(link?.getAttribute('href'), base);
  if (!link || !address) return undefined;
  const href = unwrapRedirect(address);
  const title =
    cleanText(link.getAttribute('aria-label')) ??
    cleanText(link.querySelector('[dir="auto"]')?.textContent) ??
    href;
  const image = absoluteUrl(link.querySelector('img')?.getAttribute('src'), base);
  return { href, title, ...(image ? { image } : {}) };
}

/** The author line of a quoted post: its display name and @handle, as links to the profile. */
function quoteAuthor(box: Element): { handle: string; name?: string } {
  const texts = Array.from(box.querySelectorAll('a[href*="/profile/"]:not([href*="/post/"])'))
    .map((link) => cleanText(link.textContent))
    .filter((text): text is string => Boolean(text));
  const handle =
    texts.find((text) => text.startsWith('@'))?.slice(1) ??
    /\/profile\/([^/]+)/.exec(box.querySelector(POST_LINK)?.getAttribute('href') ?? '')?.[1] ??
    '';
  const name = texts.find((text) => !text.startsWith('@') && !text.includes('·'));
  return { handle: handle.replace(/[\u200e\u200f\u202a-\u202e]/g, ''), ...(name ? { name } : {}) };
}

function readQuote(box: Element, base: string, out: Document): BlueskyPost {
  const inside = Array.from(box.querySelectorAll('*'));
  const link = Array.from(box.querySelectorAll(POST_LINK)).find(
    (candidate) => !COUNTER_LINK.test(candidate.getAttribute('href') ?? ''),
  );
  return {
    ...quoteAuthor(box),
    published: readDate(inside),
    permalink: absoluteUrl(link?.getAttribute('href'), base),
    text: box.querySelector(TEXT) ?? undefined,
    images: pictures(Array.from(box.querySelectorAll(POST_IMAGE)), out),
  };
}

function readPost(item: Element, base: string, out: Document): BlueskyPost {
  const handle = (item.getAttribute('data-testid') ?? '').replace('postThreadItem-by-', '');
  const box = quoteBox(item);
  // What belongs to the post itself, not to the post it quotes.
  const mine = (selector: string) =>
    own(item, selector).filter((element) => !box?.contains(element));
  // The focused post's author line is one link holding the name and the @handle as two texts.
  const name = mine('a[href^="/profile/"], a[href*="bsky.app/profile/"]')
    .flatMap((link) =>
      [link, ...Array.from(link.querySelectorAll('*'))].filter(
        (element) => element.childElementCount === 0,
      ),
    )
    .map((leaf) => cleanText(leaf.textContent))
    .find((text) => text && !text.startsWith('@') && !text.includes('·'));
  const link = mine(POST_LINK).find(
    (candidate) => !COUNTER_LINK.test(candidate.getAttribute('href') ?? ''),
  );
  const elements = mine('*');
  const card = cardLink(elements);
  return {
    handle,
    name,
    published: readDate(elements),
    permalink: absoluteUrl(link?.getAttribute('href'), base),
    text: mine(TEXT)[0],
    // A card's preview comes from the same image service as a post's pictures.
    images: pictures(
      mine(POST_IMAGE).filter((image) => !card?.contains(image)),
      out,
    ),
    card: readCard(card, base),
    quote: box ? readQuote(box, base, out) : undefined,
  };
}

function who(post: BlueskyPost): string {
  return [post.name, post.handle ? `@${post.handle}` : undefined].filter(Boolean).join(' ');
}

function body(post: BlueskyPost, out: Document): Node[] {
  const nodes: Node[] = [];
  if (post.text) nodes.push(...textParagraphs(out, post.text));
  nodes.push(...post.images.map((image) => out.importNode(image, true)));
  if (post.card) {
    if (post.card.image) {
      const image = out.createElement('img');
      image.setAttribute('src', post.card.image);
      image.setAttribute('alt', post.card.title);
      const paragraph = linkParagraph(out, post.card.href, '');
      paragraph.firstElementChild?.append(image);
      nodes.push(paragraph);
    }
    nodes.push(linkParagraph(out, post.card.href, post.card.title));
  }
  if (post.quote && (post.quote.text || post.quote.images.length > 0)) {
    const quote = out.createElement('blockquote');
    quote.append(
      bylineParagraph(out, {
        author: who(post.quote) || undefined,
        published: post.quote.published,
        permalink: post.quote.permalink,
      }),
      ...body(post.quote, out),
    );
    nodes.push(quote);
  }
  return nodes;
}

/**
 * Whether a reply is drawn joined to the post above it: the app draws a thin line (a 2px-wide
 * coloured box) in the strip above the reply's avatar when it answers that post.
 */
function joinedAbove(item: Element): boolean {
  const strip = item.firstElementChild;
  return Array.from(strip?.querySelectorAll('div') ?? []).some((line) => {
    const style = line.getAttribute('style') ?? '';
    return /(?:^|;|\s)width:\s*2px/.test(style) && /background-color/.test(style);
  });
}

/**
 * The post summary bsky.app's server writes into `<noscript>` (the page before the app runs,
 * as a copy saved without it keeps): who posted, the text, when. Read as elements, or parsed
 * from the text a browser that runs scripts keeps there, in an inert document.
 */
function noscriptSummary(doc: Document): Element | null {
  const found = doc.getElementById('bsky_post_summary');
  if (found) return found;
  for (const noscript of Array.from(doc.getElementsByTagName('noscript'))) {
    const source = noscript.textContent ?? '';
    if (!source.includes('bsky_post_summary')) continue;
    // Parsed inert (no script runs, nothing loads), never given to innerHTML.
    return inertParser(doc)(source).getElementById('bsky_post_summary');
  }
  return null;
}

function summaryPage(doc: Document, out: Document): SiteExtraction | null {
  const summary = noscriptSummary(doc);
  const field = (id: string) => summary?.querySelector(`#${id}`) ?? null;
  const handle = cleanText(field('bsky_handle')?.textContent);
  const text = field('bsky_post_text');
  // A post only signed-in people may see has a summary with a notice instead of the post.
  const published = isoDate(cleanText(field('bsky_post_indexedat')?.textContent));
  if (!handle || !text || !cleanText(text.textContent) || !published) return null;
  const name = cleanText(field('bsky_display_name')?.textContent);
  const content = out.createElement('div');
  content.append(...textParagraphs(out, text));
  const words = firstWords(text.textContent);
  return {
    content,
    metadata: {
      title: `${name ?? `@${handle}`} on Bluesky${words ? `: ${words}` : ''}`,
      author: name ? `${name} (@${handle})` : `@${handle}`,
      published,
      siteName: 'Bluesky',
    },
  };
}

/**
 * Bluesky post pages (bsky.app and other clients of its web app), found by the app's
 * `postThreadItem-by-<handle>` markup: the post, the author's own follow-ups as one thread,
 * images with their descriptions, link cards, quoted posts, and the replies of others, nested
 * as the app joins them. A copy saved before the app ran is read from the summary the server
 * puts in `<noscript>`.
 */
/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const blueskyDetector: SiteDetector = {
  id: 'bluesky',
  family: 'social',
  // A post with its thread and replies.
  discussionAt: (url) =>
    url.hostname === 'bsky.app' && /^\/profile\/[^/]+\/post\/[^/]+\/?$/.test(url.pathname),
  detect(doc) {
    // The app's root first: one lookup by id on the pages of every other site.
    const root = doc.getElementById('root');
    if (root === null) return false;
    if (doc.querySelector(ITEM) !== null) return true;
    // Not rendered (the server's splash, no app markup yet): the server's summary, if any.
    return root.querySelector('[data-testid]') === null && noscriptSummary(doc) !== null;
  },
};

export const bluesky: SiteModule = {
  ...blueskyDetector,
  extract({ doc, out, comments }) {
    const base = out.baseURI;
    const screen = doc.querySelector('[data-testid="postThreadScreen"]') ?? doc.body;
    const items = Array.from(screen.querySelectorAll(ITEM)).filter(
      (item) => !item.parentElement?.closest(ITEM),
    );
    if (items.length === 0) return summaryPage(doc, out);
    const posts = items.map((item) => readPost(item, base, out));
    const main = posts[0];
    if (!main?.handle || (!main.text && main.images.length === 0 && !main.card && !main.quote))
      return null;
    let last = 0;
    while (last + 1 < posts.length && posts[last + 1]?.handle === main.handle) last += 1;
    const post: Node[] = [];
    for (const part of posts.slice(0, last + 1)) {
      if (post.length > 0) post.push(out.createElement('hr'));
      post.push(...body(part, out));
    }
    let depth = 0;
    const replies = posts.slice(last + 1).map((reply, index) => {
      const holder = out.createElement('div');
      holder.append(...body(reply, out));
      const item = items[last + 1 + index];
      depth = index > 0 && item && joinedAbove(item) ? depth + 1 : 0;
      const comment: ThreadComment = {
        author: who(reply),
        published: reply.published,
        permalink: reply.permalink,
        body: holder,
        replies: [],
      };
      return { depth, comment };
    });
    // The page's head states the post's time exactly ("Posted At"); the text shows it for people.
    const published = isoDate(metaContent(doc, 'twitter:value1')) ?? main.published;
    const words = firstWords(main.text?.textContent);
    return {
      content: threadContent(out, post, treeFromDepths(replies), comments),
      metadata: {
        title: `${main.name ?? `@${main.handle}`} on Bluesky${words ? `: ${words}` : ''}`,
        author: main.name ? `${main.name} (@${main.handle})` : `@${main.handle}`,
        ...(published ? { published } : {}),
        siteName: 'Bluesky',
      },
    };
  },
};
