import type { ClipMetadata } from '../../types';
import {
  absoluteUrl,
  belongsTo,
  bylineParagraph,
  cleanText,
  copyChildren,
  firstWords,
  isoDate,
  linkParagraph,
  ownElement,
  type ThreadComment,
  textParagraphs,
  threadContent,
} from '../thread';
import type { CommentDepth, SiteDetector, SiteExtraction, SiteModule } from '../types';

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
  /** A link card: X hides a shared address from the text when it draws it as a card. */
  card?: { href: string; label: string };
  quote?: Post;
}

/** What belongs to `card` itself, not to a post shown inside it (a quoted post, an embedded post). */
const INNER_POST = `${QUOTE_CARD}, ${TWEET}`;
const own = (card: Element, selector: string) => ownElement(card, selector, INNER_POST);

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

/**
 * A link card's address and its label: the card's link names the site and the headline in its
 * `aria-label` (the card itself only draws an image and the domain).
 */
function linkCard(wrapper: Element | undefined, base: string): Post['card'] {
  const link = wrapper?.querySelector('a[href]');
  const href = absoluteUrl(link?.getAttribute('href'), base);
  if (!link || !href) return undefined;
  const label = cleanText(link.getAttribute('aria-label')) ?? cleanText(wrapper?.textContent);
  return { href, label: label ?? href };
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
  // A video plays from a blob: address that dies with the tab; its poster frame is what lasts.
  for (const shown of Array.from(
    card.querySelectorAll('[data-testid="tweetPhoto"] img, [data-testid="videoPlayer"] video'),
  )) {
    if (!belongsTo(shown, card, INNER_POST)) continue;
    const src = shown.getAttribute(shown.localName === 'video' ? 'poster' : 'src');
    if (!src) continue;
    const image = out.createElement('img');
    image.setAttribute('src', src);
    image.setAttribute(
      'alt',
      shown.getAttribute(shown.localName === 'video' ? 'aria-label' : 'alt') ?? '',
    );
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
    card: linkCard(own(card, '[data-testid="card.wrapper"]'), base),
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
  if (post.card) nodes.push(linkParagraph(out, post.card.href, post.card.label));
  if (post.quote) nodes.push(quoteOf(post.quote, out));
  return nodes;
}

/** Another post shown inside this one (a quoted post, a post embedded in an article). */
function quoteOf(post: Post, out: Document): HTMLElement {
  const quote = out.createElement('blockquote');
  quote.append(
    bylineParagraph(out, {
      author: who(post),
      published: post.published,
      permalink: post.permalink,
      replies: [],
    }),
  );
  quote.append(...postNodes(post, out));
  return quote;
}

function who(post: Post): string | undefined {
  return [post.name, post.handle].filter(Boolean).join(' ') || undefined;
}

function authorOf(post: { name?: string; handle?: string }): string | undefined {
  return post.name && post.handle ? `${post.name} (${post.handle})` : (post.name ?? post.handle);
}

/** The posts of the page's conversation: not a post shown inside another, nor a promoted one. */
function conversationCards(doc: Document): Element[] {
  // Promoted posts sit in the timeline wrapped for ad tracking; they are not the conversation.
  return Array.from(doc.querySelectorAll(TWEET)).filter(
    (card) =>
      !card.parentElement?.closest(TWEET) &&
      !card.parentElement?.closest('[data-testid="placementTracking"]'),
  );
}

/**
 * The replies of others below the post (and its thread), up to the next section X appends
 * ("Discover more": other people's posts under a heading, not the conversation).
 */
function repliesAfter(
  doc: Document,
  cards: Element[],
  posts: Post[],
  last: number,
  out: Document,
): ThreadComment[] {
  const lastCard = cards[last];
  if (!lastCard) return [];
  const section = Array.from(doc.querySelectorAll('h2')).find(
    (heading) => lastCard.compareDocumentPosition(heading) & 4 && !heading.closest(TWEET),
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
  return replies;
}

/**
 * A status page: the post the address names (else the one X shows in focus), the posts of the
 * same author right before and after it (a thread), and the replies of others below them.
 */
function statusPage(
  doc: Document,
  url: URL | null,
  out: Document,
  depth: CommentDepth,
): SiteExtraction | null {
  const base = out.baseURI;
  const cards = conversationCards(doc);
  const posts = cards.map((card) => readPost(card, out, base));
  const wanted = /\/status\/(\d+)/.exec(url?.pathname ?? '')?.[1];
  let index = wanted ? posts.findIndex((post) => post.statusId === wanted) : -1;
  if (index < 0) index = cards.findIndex((card) => card.getAttribute('tabindex') === '-1');
  if (index < 0) index = 0;
  const focal = posts[index];
  if (!focal?.handle || (!focal.text && focal.media.length === 0 && !focal.card)) return null;
  let first = index;
  while (first > 0 && posts[first - 1]?.handle === focal.handle) first -= 1;
  let last = index;
  while (last + 1 < posts.length && posts[last + 1]?.handle === focal.handle) last += 1;
  const post: Node[] = [];
  for (const part of posts.slice(first, last + 1)) {
    if (post.length > 0) post.push(out.createElement('hr'));
    post.push(...postNodes(part, out));
  }
  const replies = repliesAfter(doc, cards, posts, last, out);
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
 * A Draft.js block's text as inline content: the block's layout `div`s (X wraps a link in one)
 * unwrapped so the block stays one paragraph or one list item, bold spans as `strong`, and a
 * line break typed inside a block (the view is `white-space: pre-wrap`) kept as a `br`.
 */
function inlineCopy(out: Document, block: Element, into: Element): Element {
  into.append(...copyChildren(out, block));
  for (const wrapper of Array.from(into.querySelectorAll('div')))
    wrapper.replaceWith(...Array.from(wrapper.childNodes));
  for (const span of Array.from(into.querySelectorAll('span[style*="bold"]'))) {
    const strong = out.createElement('strong');
    strong.append(...Array.from(span.childNodes));
    span.replaceWith(strong);
  }
  const walker = out.createTreeWalker(into, 4);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  for (const text of texts) {
    // Newlines between the saved page's tags are indentation, not the author's line breaks.
    if (!/\S\n|\n\S/.test(text.data) || !text.parentElement?.hasAttribute('data-text')) continue;
    const parts = text.data.split('\n');
    text.replaceWith(
      ...parts.flatMap((part, index) => (index === 0 ? [part] : [out.createElement('br'), part])),
    );
  }
  return into;
}

/**
 * Draft.js blocks of an X article as plain elements: paragraphs, headings, lists, quotes, code
 * blocks with their language, images, separators, and posts embedded in the article (quotes).
 */
function articleBlocks(root: Element, out: Document, base: string): Node[] {
  const nodes: Node[] = [];
  const visit = (element: Element): void => {
    const testId = element.getAttribute('data-testid');
    if (testId === 'twitter-article-title') return;
    if (element.matches(TWEET)) {
      const post = readPost(element, out, base);
      if (post.text || post.media.length > 0) nodes.push(quoteOf(post, out));
      return;
    }
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
    if (element.getAttribute('role') === 'separator') {
      nodes.push(out.createElement('hr'));
      return;
    }
    if (/^(?:H[1-6]|BLOCKQUOTE)$/.test(element.tagName)) {
      nodes.push(inlineCopy(out, element, out.createElement(element.tagName.toLowerCase())));
      return;
    }
    if (/^(?:UL|OL)$/.test(element.tagName)) {
      const list = out.createElement(element.tagName.toLowerCase());
      for (const item of Array.from(element.children))
        if (item.localName === 'li') list.append(inlineCopy(out, item, out.createElement('li')));
      nodes.push(list);
      return;
    }
    if (element.localName === 'pre') {
      nodes.push(out.importNode(element, true));
      return;
    }
    if (
      element.getAttribute('data-block') === 'true' ||
      element.classList.contains('longform-unstyled')
    ) {
      if (
        element.querySelector(
          `${TWEET}, [data-testid="markdown-code-block"], [data-testid="tweetPhoto"], [role="separator"], h1, h2, h3, h4, ul, ol, blockquote`,
        )
      ) {
        for (const child of Array.from(element.children)) visit(child);
        return;
      }
      const paragraph = inlineCopy(out, element, out.createElement('p'));
      if (/\S/.test(paragraph.textContent ?? '') || paragraph.querySelector('img'))
        nodes.push(paragraph);
      return;
    }
    for (const child of Array.from(element.children)) visit(child);
  };
  visit(root);
  return nodes;
}

/**
 * An X article (long-form post), on its own page or opened on the status address that carries
 * it: its title, cover image and whole body, its author and date, and (on a status page) the
 * replies below it.
 */
function articlePage(
  doc: Document,
  url: URL | null,
  out: Document,
  view: Element,
  depth: CommentDepth,
): SiteExtraction | null {
  const base = out.baseURI;
  const title = cleanText(doc.querySelector('[data-testid="twitter-article-title"]')?.textContent);
  const body = articleBlocks(view, out, base);
  if (!title || body.length === 0) return null;
  const readView = view.closest('[data-testid="twitterArticleReadView"]') ?? view.parentElement;
  const cover = Array.from(readView?.querySelectorAll('[data-testid="tweetPhoto"] img') ?? []).find(
    (image) => !view.contains(image),
  );
  const post: Node[] = [];
  if (cover) post.push(out.importNode(cover, false));
  post.push(...body);
  const card = view.closest(TWEET);
  const names = card ? own(card, '[data-testid="User-Name"]') : undefined;
  const parts = nameParts(names);
  // Without the post's author line (an article page saved alone), schema.org microdata names
  // them; failing that, the address does (x.com/<handle>/status/… or …/article/…).
  const microdata = view.querySelector('[itemprop="author"]');
  const itemprop = (name: string) =>
    cleanText(microdata?.querySelector(`[itemprop="${name}"]`)?.getAttribute('content'));
  const additionalName =
    itemprop('additionalName') ??
    /^\/(\w{1,15})\/(?:status|article)\/\d+/.exec(url?.pathname ?? '')?.[1];
  const name =
    parts.find((text) => text && !text.startsWith('@') && text !== '·') ?? itemprop('name');
  const handle =
    parts.find((text) => text?.startsWith('@')) ??
    (additionalName ? `@${additionalName}` : undefined);
  const time = card ? own(card, 'time[datetime]') : undefined;
  const published = isoDate(time?.getAttribute('datetime'));
  const cards = conversationCards(doc);
  const index = card ? cards.indexOf(card) : -1;
  const replies =
    index < 0
      ? []
      : repliesAfter(
          doc,
          cards,
          cards.map((c) => readPost(c, out, base)),
          index,
          out,
        );
  return {
    content: threadContent(out, post, replies, depth),
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
 * with their descriptions, video posters, link cards, t.co links as the addresses they show;
 * and X articles, whole, with the posts they embed.
 */
/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const xDetector: SiteDetector = {
  id: 'x',
  family: 'social',
  // A post with its thread and replies.
  discussionAt: (url) =>
    /^(?:(?:www|mobile)\.)?(?:x|twitter)\.com$/.test(url.hostname) &&
    /^\/[^/]+\/status\/\d+\/?$/.test(url.pathname),
  detect(doc) {
    // Cheap gate first (this runs on every article clip): a post's <article>.
    const tweetArticle = Array.from(doc.getElementsByTagName('article')).some(
      (article) => article.getAttribute('data-testid') === 'tweet',
    );
    if (tweetArticle) return true;
    // An article's reading view, also in a copy saved without the app around it. X writes
    // articles with Draft.js, whose text blocks carry its class: a class lookup (the browser's
    // fast path) keeps the attribute search off every other page.
    return (
      doc.getElementsByClassName('public-DraftStyleDefault-block').length > 0 &&
      doc.querySelector('[data-testid="twitterArticleRichTextView"]') !== null
    );
  },
};

export const x: SiteModule = {
  ...xDetector,
  extract({ doc, url, out, comments }) {
    const view = doc.querySelector('[data-testid="twitterArticleRichTextView"]');
    if (view) return articlePage(doc, url, out, view, comments);
    return statusPage(doc, url, out, comments);
  },
};
