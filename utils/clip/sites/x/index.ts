import type { ClipMetadata } from '../../types';
import {
  absoluteUrl,
  bylineParagraph,
  cleanText,
  copyChildren,
  firstWords,
  isoDate,
  type ThreadComment,
  textParagraphs,
  threadContent,
} from '../thread';
import type { CommentDepth, SiteExtraction, SiteModule } from '../types';

const TWEET = 'article[data-testid="tweet"]';
/** A quoted post sits inside the quoting one as a clickable card with its own author line. */
const QUOTE_CARD = 'div[role="link"]';

interface Post {
  name?: string;
  handle?: string;
  published?: string;
  permalink?: string;
  statusId?: string;
  text?: Element;
  media: Element[];
  quote?: Post;
}

/** Whether `element` belongs to `card` itself rather than to a quoted post inside it. */
function ownedBy(element: Element, card: Element): boolean {
  const quote = element.closest(QUOTE_CARD);
  return !quote || !card.contains(quote) || quote === card;
}

function own(card: Element, selector: string): Element | undefined {
  return Array.from(card.querySelectorAll(selector)).find((element) => ownedBy(element, card));
}

/**
 * A t.co link shows the address it stands for, part of it hidden and cut with "…"; the whole
 * shown address is the honest link target (the tracker is not).
 */
function expandShortLinks(root: Element): void {
  for (const link of Array.from(root.querySelectorAll('a[href]'))) {
    const shown = (link.textContent ?? '').replace(/\u2026$/, '').trim();
    if (!/^https?:\/\/t\.co\//i.test(link.getAttribute('href') ?? '')) continue;
    const expanded =
      link.getAttribute('data-expanded-url') ?? (/^https?:\/\/\S+$/i.test(shown) ? shown : null);
    if (!expanded) continue;
    link.setAttribute('href', expanded);
    link.textContent = expanded;
  }
}

/** X draws emoji as images of the character; the character itself is the text. */
function emojiAsText(root: Element): void {
  for (const image of Array.from(root.querySelectorAll('img[src*="/emoji/"]'))) {
    image.replaceWith(image.getAttribute('alt') ?? '');
  }
}

/** The texts of an author line's innermost elements: the display name, the @handle, "·", a time. */
function nameParts(names: Element | undefined | null): Array<string | undefined> {
  return Array.from(names?.querySelectorAll('*') ?? [])
    .filter((element) => element.childElementCount === 0)
    .map((element) => cleanText(element.textContent));
}

function readPost(card: Element, out: Document, base: string): Post {
  const names = own(card, '[data-testid="User-Name"]');
  const parts = nameParts(names);
  const handle = parts.find((text) => text?.startsWith('@'));
  const name = parts.find((text) => text && !text.startsWith('@') && text !== '·');
  const time = own(card, 'time[datetime]');
  const timeLink = time?.closest('a[href]');
  const permalink = absoluteUrl(timeLink?.getAttribute('href'), base);
  const media: Element[] = [];
  for (const photo of Array.from(card.querySelectorAll('[data-testid="tweetPhoto"] img'))) {
    if (!ownedBy(photo, card)) continue;
    const image = out.createElement('img');
    image.setAttribute('src', photo.getAttribute('src') ?? '');
    image.setAttribute('alt', photo.getAttribute('alt') ?? '');
    const paragraph = out.createElement('p');
    paragraph.append(image);
    media.push(paragraph);
  }
  const quoteCard = Array.from(card.querySelectorAll(QUOTE_CARD)).find(
    (candidate) =>
      candidate.querySelector('[data-testid="User-Name"]') &&
      candidate.querySelector('[data-testid="tweetText"]'),
  );
  return {
    name,
    handle,
    published: isoDate(time?.getAttribute('datetime')),
    permalink,
    statusId: /\/status\/(\d+)/.exec(permalink ?? '')?.[1],
    text: own(card, '[data-testid="tweetText"]'),
    media,
    quote: quoteCard && quoteCard !== card ? readPost(quoteCard, out, base) : undefined,
  };
}

function postNodes(post: Post, out: Document): Node[] {
  const nodes: Node[] = [];
  if (post.text) {
    const paragraphs = textParagraphs(out, post.text);
    for (const paragraph of paragraphs) {
      expandShortLinks(paragraph);
      emojiAsText(paragraph);
    }
    nodes.push(...paragraphs);
  }
  nodes.push(...post.media.map((media) => out.importNode(media, true)));
  if (post.quote) {
    const quote = out.createElement('blockquote');
    quote.append(
      bylineParagraph(out, {
        author: who(post.quote),
        published: post.quote.published,
        permalink: post.quote.permalink,
        replies: [],
      }),
    );
    quote.append(...postNodes(post.quote, out));
    nodes.push(quote);
  }
  return nodes;
}

function who(post: Post): string | undefined {
  return [post.name, post.handle].filter(Boolean).join(' ') || undefined;
}

function authorOf(post: { name?: string; handle?: string }): string | undefined {
  return post.name && post.handle ? `${post.name} (${post.handle})` : (post.name ?? post.handle);
}

/**
 * A status page: the post the address names (else the one X shows in focus), the posts of the
 * same author right before and after it (a thread), and the replies of others below them, up to
 * the next section X appends ("Discover more").
 */
function statusPage(
  doc: Document,
  url: URL | null,
  out: Document,
  depth: CommentDepth,
): SiteExtraction | null {
  const base = doc.baseURI || doc.URL;
  // Promoted posts sit in the timeline wrapped for ad tracking; they are not the conversation.
  const cards = Array.from(doc.querySelectorAll(TWEET)).filter(
    (card) =>
      !card.parentElement?.closest(TWEET) &&
      !card.parentElement?.closest('[data-testid="placementTracking"]'),
  );
  const posts = cards.map((card) => readPost(card, out, base));
  const wanted = /\/status\/(\d+)/.exec(url?.pathname ?? '')?.[1];
  let index = wanted ? posts.findIndex((post) => post.statusId === wanted) : -1;
  if (index < 0) index = cards.findIndex((card) => card.getAttribute('tabindex') === '-1');
  if (index < 0) index = 0;
  const focal = posts[index];
  const focalCard = cards[index];
  if (!focal?.handle || !focalCard || (!focal.text && focal.media.length === 0)) return null;
  let first = index;
  while (first > 0 && posts[first - 1]?.handle === focal.handle) first -= 1;
  let last = index;
  while (last + 1 < posts.length && posts[last + 1]?.handle === focal.handle) last += 1;
  const post: Node[] = [];
  for (const part of posts.slice(first, last + 1)) {
    if (post.length > 0) post.push(out.createElement('hr'));
    post.push(...postNodes(part, out));
  }
  // X appends other people's posts under a heading after the replies; they are not the thread.
  const section = Array.from(doc.querySelectorAll('h2')).find(
    (heading) => focalCard.compareDocumentPosition(heading) & 4 && !heading.closest(TWEET),
  );
  const replies: ThreadComment[] = [];
  cards.slice(last + 1).forEach((card, offset) => {
    if (section && section.compareDocumentPosition(card) & 4) return;
    const reply = posts[last + 1 + offset];
    if (!reply) return;
    const body = out.createElement('div');
    body.append(...postNodes(reply, out));
    replies.push({
      author: who(reply),
      published: reply.published,
      permalink: reply.permalink,
      body,
      replies: [],
    });
  });
  const words = firstWords(focal.text?.textContent);
  const metadata: Partial<ClipMetadata> = {
    title: `${focal.name ?? focal.handle} on X${words ? `: ${words}` : ''}`,
    author: authorOf(focal),
    published: posts[first]?.published ?? focal.published,
    siteName: 'X',
  };
  return { content: threadContent(out, post, replies, depth), metadata };
}

/**
 * Draft.js blocks of an X article as plain elements: paragraphs, headings, lists, quotes, code
 * blocks with their language, images.
 */
function articleBlocks(root: Element, out: Document): Node[] {
  const nodes: Node[] = [];
  const visit = (element: Element): void => {
    const testId = element.getAttribute('data-testid');
    if (testId === 'twitter-article-title') return;
    if (testId === 'markdown-code-block') {
      const code = element.querySelector('pre');
      if (!code) return;
      const language = cleanText(element.firstElementChild?.textContent);
      const pre = out.createElement('pre');
      const inner = out.createElement('code');
      if (language && /^[\w+#.-]{1,30}$/.test(language)) inner.className = `language-${language}`;
      inner.textContent = (code.textContent ?? '').replace(/^\n/, '');
      pre.append(inner);
      nodes.push(pre);
      return;
    }
    if (testId === 'tweetPhoto') {
      const image = element.querySelector('img');
      if (image) nodes.push(out.importNode(image, false));
      return;
    }
    if (/^(?:H[1-6]|UL|OL|BLOCKQUOTE|PRE)$/.test(element.tagName)) {
      const copy = out.createElement(element.tagName.toLowerCase());
      copy.append(...copyChildren(out, element));
      nodes.push(copy);
      return;
    }
    if (
      element.getAttribute('data-block') === 'true' ||
      element.classList.contains('longform-unstyled')
    ) {
      if (
        element.querySelector(
          '[data-testid="markdown-code-block"], [data-testid="tweetPhoto"], h1, h2, h3, h4, ul, ol, blockquote',
        )
      ) {
        for (const child of Array.from(element.children)) visit(child);
        return;
      }
      const paragraph = out.createElement('p');
      paragraph.append(...copyChildren(out, element));
      for (const span of Array.from(paragraph.querySelectorAll('span[style*="bold"]'))) {
        const strong = out.createElement('strong');
        strong.append(...Array.from(span.childNodes));
        span.replaceWith(strong);
      }
      if (/\S/.test(paragraph.textContent ?? '') || paragraph.querySelector('img'))
        nodes.push(paragraph);
      return;
    }
    for (const child of Array.from(element.children)) visit(child);
  };
  visit(root);
  return nodes;
}

/** An X article (long-form post): its title, cover image and body, and its author. */
function articlePage(doc: Document, out: Document, view: Element): SiteExtraction | null {
  const title = cleanText(doc.querySelector('[data-testid="twitter-article-title"]')?.textContent);
  const body = articleBlocks(view, out);
  if (!title || body.length === 0) return null;
  const readView = view.closest('[data-testid="twitterArticleReadView"]') ?? view.parentElement;
  const cover = Array.from(readView?.querySelectorAll('[data-testid="tweetPhoto"] img') ?? []).find(
    (image) => !view.contains(image),
  );
  const content = out.createElement('div');
  if (cover) content.append(out.importNode(cover, false));
  content.append(...body);
  const card = view.closest(TWEET);
  const names = card?.querySelector('[data-testid="User-Name"]');
  const parts = nameParts(names);
  // Without the post's author line (an article page saved alone), schema.org microdata names them.
  const microdata = view.querySelector('[itemprop="author"]');
  const itemprop = (name: string) =>
    cleanText(microdata?.querySelector(`[itemprop="${name}"]`)?.getAttribute('content'));
  const additionalName = itemprop('additionalName');
  const name =
    parts.find((text) => text && !text.startsWith('@') && text !== '·') ?? itemprop('name');
  const handle =
    parts.find((text) => text?.startsWith('@')) ??
    (additionalName ? `@${additionalName}` : undefined);
  const published = isoDate(card?.querySelector('time[datetime]')?.getAttribute('datetime'));
  return {
    content,
    metadata: {
      title,
      author: authorOf({ name, handle }),
      ...(published ? { published } : {}),
      siteName: 'X',
    },
  };
}

/**
 * X (Twitter) posts, found by the web app's markup (`data-testid` attributes), on x.com,
 * twitter.com or a saved copy: a post with the author's thread, quoted posts as quotes, images
 * with their descriptions, t.co links as the addresses they show; and X articles.
 */
export const x: SiteModule = {
  id: 'x',
  family: 'social',
  detect(doc) {
    // Cheap gates first (this runs on every article clip): X's app root, or a post's <article>.
    const tweetArticle = Array.from(doc.getElementsByTagName('article')).some(
      (article) => article.getAttribute('data-testid') === 'tweet',
    );
    if (!tweetArticle && doc.getElementById('react-root') === null) return false;
    return tweetArticle || doc.querySelector('[data-testid="twitterArticleRichTextView"]') !== null;
  },
  extract({ doc, url, out, comments }) {
    const view = doc.querySelector('[data-testid="twitterArticleRichTextView"]');
    if (view) return articlePage(doc, out, view);
    return statusPage(doc, url, out, comments);
  },
};
