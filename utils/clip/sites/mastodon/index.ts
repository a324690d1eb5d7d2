import { metaContent } from '../post-parts';
import {
  absoluteUrl,
  bylineParagraph,
  cleanText,
  copyChildren,
  firstWords,
  isoDate,
  linkParagraph,
  ownElement,
  ownElements,
  type ThreadComment,
  threadContent,
  treeFromDepths,
} from '../thread';
import type { SiteDetector, SiteModule } from '../types';

/** Mastodon 4.4+ draws a quoted post inside the quoting one, as a whole status in this box. */
const QUOTE = '.status__quote';

interface Status {
  element: Element;
  name?: string;
  handle?: string;
  /** The account's profile address: who wrote it, whatever name is shown. */
  account?: string;
  published?: string;
  permalink?: string;
  /** The author's content warning (the post's summary), shown before the text. */
  warning?: string;
  text: Element | null;
  poll: Element[];
  extras: Element[];
  quote?: Status;
}

/** What belongs to `status` itself, not to the post it quotes. */
const own = (status: Element, selector: string) => ownElement(status, selector, QUOTE);
const ownAll = (status: Element, selector: string) => ownElements(status, selector, QUOTE);

/** An image in a paragraph, linked to `href` when the picture stands for a file (a video). */
function picture(out: Document, src: string, alt: string, href?: string): Element {
  const image = out.createElement('img');
  image.setAttribute('src', src);
  image.setAttribute('alt', alt);
  if (!href) {
    const paragraph = out.createElement('p');
    paragraph.append(image);
    return paragraph;
  }
  const paragraph = linkParagraph(out, href, '');
  paragraph.firstElementChild?.append(image);
  return paragraph;
}

/**
 * A status's media and link card, as plain images and links: a gallery item links to the
 * original file and its image carries the author's description as alt text; a video or a GIF
 * (a looping video) is its poster linked to the file, or a link to the file. Media hidden as
 * sensitive is not drawn at all (only a blurred preview), so it is not here either.
 */
function extras(status: Element, out: Document, base: string): Element[] {
  const found: Element[] = [];
  for (const item of ownAll(status, '.media-gallery__item')) {
    const image = item.querySelector('img');
    const video = item.querySelector('video');
    if (image) {
      const original = item.querySelector('a.media-gallery__item-thumbnail')?.getAttribute('href');
      const src = absoluteUrl(original ?? image.getAttribute('src'), base);
      if (src) found.push(picture(out, src, image.getAttribute('alt') ?? ''));
    } else if (video) {
      const src = absoluteUrl(video.getAttribute('src'), base);
      const label = cleanText(video.getAttribute('aria-label') ?? video.getAttribute('title'));
      if (src) found.push(linkParagraph(out, src, label ?? src));
    }
  }
  for (const player of ownAll(status, '.video-player video, .audio-player audio')) {
    const src = absoluteUrl(player.getAttribute('src'), base);
    if (!src || src.startsWith('blob:')) continue;
    const label = cleanText(player.getAttribute('aria-label') ?? player.getAttribute('title'));
    const poster = absoluteUrl(player.getAttribute('poster'), base);
    found.push(poster ? picture(out, poster, label ?? '', src) : linkParagraph(out, src, label));
  }
  const card = own(status, 'a.status-card, .status-card a[href]');
  const cardUrl = absoluteUrl(card?.getAttribute('href'), base);
  if (card && cardUrl) {
    const preview = card.querySelector('img');
    const previewSrc = absoluteUrl(preview?.getAttribute('src'), base);
    const title = cleanText(card.querySelector('.status-card__title')?.textContent);
    // The card's preview, linked as on the page: the picture a reader saw with the post.
    if (previewSrc) found.push(picture(out, previewSrc, title ?? '', cardUrl));
    found.push(linkParagraph(out, cardUrl, title ?? cardUrl));
    const description = cleanText(card.querySelector('.status-card__description')?.textContent);
    if (description) {
      const paragraph = out.createElement('p');
      paragraph.textContent = description;
      found.push(paragraph);
    }
  }
  return found;
}

/**
 * The content warning the author wrote: 4.3+ draws it as a banner (`.content-warning`, the
 * reader's own filters use the same banner with `--filter`), earlier versions as the first
 * paragraph of the content, next to its "show more" button.
 */
function contentWarning(status: Element, out: Document): Element | undefined {
  const banner = own(status, '.content-warning:not(.content-warning--filter) > p');
  const legacy = own(status, '.status__content__spoiler-link')?.parentElement;
  const source = banner ?? legacy;
  if (!source) return undefined;
  const holder = out.createElement('span');
  holder.append(...copyChildren(out, source));
  return cleanText(holder.textContent) ? holder : undefined;
}

/**
 * A poll's options as a list, each with its share of the votes when the page shows results,
 * and the poll's footer (how many voted, whether it is closed) without its buttons.
 */
function pollNodes(status: Element, out: Document): Element[] {
  const poll = own(status, '.poll');
  if (!poll) return [];
  const list = out.createElement('ul');
  for (const option of Array.from(poll.querySelectorAll('li'))) {
    const text = cleanText(option.querySelector('.poll__option__text')?.textContent);
    if (!text) continue;
    const share = cleanText(option.querySelector('.poll__number')?.textContent);
    const item = out.createElement('li');
    item.textContent = share ? `${text} (${share})` : text;
    list.append(item);
  }
  if (!list.hasChildNodes()) return [];
  const nodes: Element[] = [list];
  const footer = poll.querySelector('.poll__footer');
  if (footer) {
    const holder = out.createElement('p');
    holder.append(...copyChildren(out, footer));
    const summary = cleanText(holder.textContent)?.replace(/^[\s·]+|[\s·]+$/g, '');
    if (summary) {
      const paragraph = out.createElement('p');
      paragraph.textContent = summary;
      nodes.push(paragraph);
    }
  }
  return nodes;
}

function readStatus(element: Element, out: Document, base: string): Status {
  const name = own(element, '.display-name');
  const profile = own(element, 'a.status__display-name, a.detailed-status__display-name');
  // A detailed status's date is at its foot, after a link card that may show the article's date.
  const time =
    own(element, 'a.detailed-status__datetime time[datetime]') ?? own(element, 'time[datetime]');
  const link = own(element, 'a.status__relative-time, a.detailed-status__datetime');
  const quoteBox = Array.from(element.querySelectorAll(QUOTE)).find(
    (box) => box.parentElement?.closest(QUOTE) === element.closest(QUOTE),
  );
  const quoted = quoteBox?.querySelector('.status');
  const warning = contentWarning(element, out);
  return {
    element,
    name: cleanText(name?.querySelector('.display-name__html')?.textContent),
    handle: cleanText(name?.querySelector('.display-name__account')?.textContent),
    account: absoluteUrl(profile?.getAttribute('href'), base),
    published: isoDate(time?.getAttribute('datetime')),
    permalink: absoluteUrl(link?.getAttribute('href'), base),
    warning: cleanText(warning?.textContent),
    text: own(element, '.status__content__text') ?? own(element, '.status__content') ?? null,
    poll: pollNodes(element, out),
    extras: extras(element, out, base),
    quote: quoted ? readStatus(quoted, out, base) : undefined,
  };
}

function who(status: Status): string | undefined {
  return [status.name, status.handle].filter(Boolean).join(' ') || undefined;
}

/** The warning as its own line, so the note says what the author put the text behind. */
function warningParagraph(out: Document, warning: string): Element {
  const paragraph = out.createElement('p');
  const label = out.createElement('strong');
  label.textContent = 'Content warning:';
  paragraph.append(label, ` ${warning}`);
  return paragraph;
}

/** A status's own content: its warning, its text, its poll (the body of a note or a reply). */
function bodyNodes(status: Status, out: Document): Node[] {
  const nodes: Node[] = [];
  if (status.warning) nodes.push(warningParagraph(out, status.warning));
  if (status.text) nodes.push(...copyChildren(out, status.text));
  nodes.push(...status.poll.map((node) => out.importNode(node, true)));
  return nodes;
}

/** What follows the text: media, link card, and a quoted post as a quote with its byline. */
function extraNodes(status: Status, out: Document): Element[] {
  const nodes = [...status.extras];
  const quoted = status.quote;
  if (quoted && (quoted.text || quoted.warning || quoted.extras.length > 0)) {
    const quote = out.createElement('blockquote');
    quote.append(
      bylineParagraph(out, {
        author: who(quoted),
        published: quoted.published,
        permalink: quoted.permalink,
      }),
      ...bodyNodes(quoted, out),
      ...extraNodes(quoted, out),
    );
    nodes.push(quote);
  }
  return nodes;
}

/**
 * Mastodon status pages on any instance, found by the web app's markup: the post (its content
 * warning, text, poll, images with their descriptions, video, link card, quoted post), the
 * author's own follow-up posts as one thread, and the replies. Mastodon lists replies in reading
 * order and marks where a new conversation starts (`status--first-in-thread`); a reply that does
 * not start one answers the one above it.
 */
/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const mastodonDetector: SiteDetector = {
  id: 'mastodon',
  family: 'social',
  // A status, on any server: Mastodon's path is the author's handle and the status's numeric id
  // (a snowflake, 18 digits today; 15 or more asked), where other sites' `/@name/...` paths end
  // in words.
  discussionAt: (url) => /^\/@[^/]+\/\d{15,}\/?$/.test(url.pathname),
  detect(doc) {
    return (
      (doc.getElementById('mastodon') !== null || doc.getElementById('initial-state') !== null) &&
      doc.getElementsByClassName('detailed-status').length > 0
    );
  },
};

export const mastodon: SiteModule = {
  ...mastodonDetector,
  extract({ doc, out, comments }) {
    const base = out.baseURI;
    const focal = doc.querySelector('.detailed-status');
    if (!focal) return null;
    const main = readStatus(focal, out, base);
    // Mastodon draws a shown post's text box even when the post has no text (images only); since
    // 4.3 it draws neither text nor media behind a content warning until the reader opens it, so
    // the warning is then all there is. A post with neither is markup this module does not know
    // (a redesign): its link card or images alone would make a note that quietly drops the text.
    if (!main.text && !main.warning) return null;
    const published = main.published ?? isoDate(metaContent(doc, 'og:published_time'));
    const after = Array.from(doc.querySelectorAll('.status')).filter(
      (status) =>
        !status.closest('.detailed-status') &&
        !status.closest(QUOTE) &&
        focal.compareDocumentPosition(status) & 4 /* DOCUMENT_POSITION_FOLLOWING */,
    );
    const statuses = after.map((status) => readStatus(status, out, base));
    let selfThread = 0;
    while (
      selfThread < statuses.length &&
      statuses[selfThread]?.account === main.account &&
      !statuses[selfThread]?.element.classList.contains('status--first-in-thread')
    )
      selfThread += 1;
    const post: Node[] = [];
    for (const status of [main, ...statuses.slice(0, selfThread)]) {
      if (post.length > 0) post.push(out.createElement('hr'));
      post.push(...bodyNodes(status, out), ...extraNodes(status, out));
    }
    // Versions that do not mark conversations get a flat list rather than a made-up tree.
    const marked = statuses.some((status) =>
      status.element.classList.contains('status--first-in-thread'),
    );
    let depth = 0;
    const replies = statuses.slice(selfThread).map((status) => {
      const starts = !marked || status.element.classList.contains('status--first-in-thread');
      depth = starts ? 0 : depth + 1;
      const body = out.createElement('div');
      body.append(...bodyNodes(status, out));
      const comment: ThreadComment = {
        author: who(status),
        published: status.published,
        permalink: status.permalink,
        body,
        extras: extraNodes(status, out),
        replies: [],
      };
      return { depth, comment };
    });
    const siteName = cleanText(metaContent(doc, 'og:site_name'));
    const words = firstWords(main.warning ?? main.text?.textContent);
    const author = main.name ?? main.handle;
    return {
      content: threadContent(out, post, treeFromDepths(replies), comments),
      metadata: {
        title: `${author ?? 'Post'} on Mastodon${words ? `: ${words}` : ''}`,
        author: main.name && main.handle ? `${main.name} (${main.handle})` : author,
        published,
        siteName: siteName ?? 'Mastodon',
      },
    };
  },
};
