import {
  absoluteUrl,
  cleanText,
  copyChildren,
  firstWords,
  isoDate,
  linkParagraph,
  type ThreadComment,
  threadContent,
  treeFromDepths,
} from '../thread';
import type { SiteModule } from '../types';

interface Status {
  element: Element;
  name?: string;
  handle?: string;
  /** The account's profile address: who wrote it, whatever name is shown. */
  account?: string;
  published?: string;
  permalink?: string;
  text: Element | null;
  extras: Element[];
}

/**
 * A status's media and link card, as plain images and links: a gallery item links to the
 * original file and its image carries the author's description as alt text.
 */
function extras(status: Element, out: Document, base: string): Element[] {
  const found: Element[] = [];
  for (const item of Array.from(status.querySelectorAll('.media-gallery__item'))) {
    const image = item.querySelector('img');
    if (!image) continue;
    const picture = out.createElement('img');
    const original = item.querySelector('a.media-gallery__item-thumbnail')?.getAttribute('href');
    const src = absoluteUrl(original ?? image.getAttribute('src'), base);
    if (!src) continue;
    picture.setAttribute('src', src);
    picture.setAttribute('alt', image.getAttribute('alt') ?? '');
    const paragraph = out.createElement('p');
    paragraph.append(picture);
    found.push(paragraph);
  }
  const card = status.querySelector('a.status-card, .status-card a[href]');
  const cardUrl = absoluteUrl(card?.getAttribute('href'), base);
  if (card && cardUrl) {
    const preview = card.querySelector('img');
    const previewSrc = absoluteUrl(preview?.getAttribute('src'), base);
    const title = cleanText(card.querySelector('.status-card__title')?.textContent);
    if (previewSrc) {
      // The card's preview, linked as on the page: the picture a reader saw with the post.
      const image = out.createElement('img');
      image.setAttribute('src', previewSrc);
      image.setAttribute('alt', title ?? '');
      const paragraph = linkParagraph(out, cardUrl, '');
      paragraph.firstElementChild?.append(image);
      found.push(paragraph);
    }
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

function readStatus(element: Element, out: Document, base: string): Status {
  const name = element.querySelector('.display-name');
  const profile = element.querySelector('a.status__display-name, a.detailed-status__display-name');
  const time = element.querySelector('time[datetime]');
  const link = element.querySelector('a.status__relative-time, a.detailed-status__datetime');
  return {
    element,
    name: cleanText(name?.querySelector('.display-name__html')?.textContent),
    handle: cleanText(name?.querySelector('.display-name__account')?.textContent),
    account: absoluteUrl(profile?.getAttribute('href'), base),
    published: isoDate(time?.getAttribute('datetime')),
    permalink: absoluteUrl(link?.getAttribute('href'), base),
    text:
      element.querySelector('.status__content__text') ?? element.querySelector('.status__content'),
    extras: extras(element, out, base),
  };
}

function who(status: Status): string | undefined {
  return [status.name, status.handle].filter(Boolean).join(' ') || undefined;
}

/**
 * Mastodon status pages on any instance, found by the web app's markup: the post (text, images
 * with their descriptions, link card), the author's own follow-up posts as one thread, and the
 * replies. Mastodon lists replies in reading order and marks where a new conversation starts
 * (`status--first-in-thread`); a reply that does not start one answers the one above it.
 */
export const mastodon: SiteModule = {
  id: 'mastodon',
  family: 'social',
  detect(doc) {
    return (
      (doc.getElementById('mastodon') !== null || doc.getElementById('initial-state') !== null) &&
      doc.getElementsByClassName('detailed-status').length > 0
    );
  },
  extract({ doc, out, comments }) {
    const base = doc.baseURI || doc.URL;
    const focal = doc.querySelector('.detailed-status');
    if (!focal) return null;
    const main = readStatus(focal, out, base);
    // Mastodon draws a shown post's text box even when the post has no text (images only), and
    // draws neither text nor media behind a content warning: a post without one is markup this
    // module does not know (a redesign). Its link card or images alone would make a note that
    // quietly drops the text and every reply.
    if (!main.text) return null;
    const published =
      main.published ??
      isoDate(doc.querySelector('meta[property="og:published_time"]')?.getAttribute('content'));
    const after = Array.from(doc.querySelectorAll('.status')).filter(
      (status) =>
        !status.closest('.detailed-status') &&
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
      if (status.text) post.push(...copyChildren(out, status.text));
      post.push(...status.extras);
    }
    // Versions that do not mark conversations get a flat list rather than a made-up tree.
    const marked = statuses.some((status) =>
      status.element.classList.contains('status--first-in-thread'),
    );
    let depth = 0;
    const replies = statuses.slice(selfThread).map((status) => {
      const starts = !marked || status.element.classList.contains('status--first-in-thread');
      depth = starts ? 0 : depth + 1;
      const comment: ThreadComment = {
        author: who(status),
        published: status.published,
        permalink: status.permalink,
        body: status.text,
        extras: status.extras,
        replies: [],
      };
      return { depth, comment };
    });
    const siteName = cleanText(
      doc.querySelector('meta[property="og:site_name"]')?.getAttribute('content'),
    );
    const words = firstWords(main.text?.textContent);
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
