import { metaContent } from '../post-parts';
import {
  absoluteUrl,
  cleanText,
  copyChildren,
  isoDate,
  ownElement,
  type ThreadComment,
  threadContent,
} from '../thread';
import type { SiteDetector, SiteModule } from '../types';

/**
 * A Discourse post in either of the forum's two renderings: the app's `article[data-post-id]`
 * (what a reader sees) or the server's `.crawler-post` with schema.org attributes (what a saved
 * copy without scripts, or a reader without JavaScript, gets).
 */
interface ForumPost extends ThreadComment {
  body: Element | null;
}

function likesText(likes: string): string {
  return likes === '1' ? '1 like' : `${likes} likes`;
}

/**
 * The post's own part of its article: a reply the reader expanded above or below the post
 * (`.embedded-posts`) sits in the article too, as a `[data-post-id]` item of its own.
 */
const own = (article: Element, selector: string): Element | null =>
  ownElement(article, selector, '[data-post-id]') ?? null;

function appPost(article: Element, base: string): ForumPost {
  const name =
    own(article, '.names .username a, .names [data-user-card]') ?? own(article, '[data-user-card]');
  const date = own(article, '.post-date [data-time], .relative-date[data-time]');
  const link = own(article, 'a.post-date, .post-info.post-date a, .post-date a');
  const likes = cleanText(own(article, '.like-count, .reactions-counter')?.textContent);
  const body = own(article, '.cooked');
  // The stream marks a deleted post on the item around its article.
  const deleted = [article, article.closest('.topic-post')].some((item) =>
    item?.classList.contains('deleted'),
  );
  return {
    author: cleanText(name?.getAttribute('data-user-card') ?? name?.textContent),
    published: isoDate(date?.getAttribute('data-time')),
    permalink: absoluteUrl(link?.getAttribute('href'), base),
    score: likes && /^\d+$/.test(likes) && likes !== '0' ? likesText(likes) : undefined,
    body,
    gone: deleted || body === null,
    replies: [],
  };
}

/** `topic`: the topic's address; the server's markup numbers its posts but links none of them. */
function crawlerPost(post: Element, topic: string | undefined): ForumPost {
  const author = post.querySelector('[itemprop="author"] [itemprop="name"], .creator a');
  const likes = post.querySelector('[itemprop="userInteractionCount"]')?.getAttribute('content');
  const position = cleanText(
    post.querySelector('[itemprop="position"]')?.textContent ??
      post.querySelector('[itemprop="position"]')?.getAttribute('content'),
  );
  const time = post.querySelector(
    '.crawler-post-infos time[datetime], time[itemprop="datePublished"]',
  );
  return {
    author: cleanText(author?.textContent),
    published: isoDate(time?.getAttribute('datetime')),
    permalink:
      topic && position && /^\d+$/.test(position)
        ? `${topic.replace(/\/$/, '')}/${position}`
        : undefined,
    score: likes && /^\d+$/.test(likes) && likes !== '0' ? likesText(likes) : undefined,
    body: post.querySelector('.post[itemprop="text"], [itemprop="text"]'),
    replies: [],
  };
}

/**
 * An image's lightbox repeats its file name, size and an "expand" label under it; a quoted
 * post's header shows its author's avatar. Neither is the post's content.
 */
function withoutLightboxCaptions(content: HTMLElement): HTMLElement {
  for (const meta of Array.from(content.querySelectorAll('.lightbox-wrapper .meta, img.avatar')))
    meta.remove();
  return content;
}

function topicUrl(doc: Document, base: string): string | undefined {
  // The canonical address first: a saved copy's base (file:) would make the title's link useless.
  const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute('href');
  const link = doc.querySelector('#topic-title h1 a[href]')?.getAttribute('href');
  return absoluteUrl(canonical ?? link, base);
}

function isDiscourse(doc: Document): boolean {
  const generator = metaContent(doc, 'generator') ?? '';
  if (/^Discourse\b/i.test(generator)) return true;
  // A saved copy may lose its head; the app's outlet and post markup are as telling.
  return doc.getElementById('main-outlet') !== null && holdsPosts(doc);
}

function holdsPosts(doc: Document): boolean {
  return (
    doc.getElementsByClassName('topic-post').length > 0 ||
    doc.getElementsByClassName('crawler-post').length > 0
  );
}

/**
 * Discourse topics, found by the forum software's own generator tag or markup on any host: the
 * first post is the note, the replies its comments. Discourse shows replies in time order, not
 * as a tree, so they stay flat (a reply's "in reply to" is Discourse's own decoration).
 */
/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const discourseDetector: SiteDetector = {
  id: 'discourse',
  family: 'thread',
  detect(doc) {
    return isDiscourse(doc) && holdsPosts(doc);
  },
};

export const discourse: SiteModule = {
  ...discourseDetector,
  extract({ doc, out, comments }) {
    const base = out.baseURI;
    const app = Array.from(
      doc.querySelectorAll(
        '.topic-post article[data-post-id], article.topic-post[data-post-id], article[data-post-id]',
      ),
    );
    const posts =
      app.length > 0
        ? app.map((article) => appPost(article, base))
        : Array.from(doc.querySelectorAll('.crawler-post')).map((post) =>
            crawlerPost(post, topicUrl(doc, base)),
          );
    const [first, ...replies] = posts;
    if (!first?.body || first.gone) return null;
    const title =
      cleanText(
        doc.querySelector('#topic-title h1, #topic-title .fancy-title, h1 .fancy-title')
          ?.textContent,
      ) ?? cleanText(metaContent(doc, 'og:title'));
    if (!title) return null;
    const siteName = cleanText(metaContent(doc, 'og:site_name'));
    return {
      content: withoutLightboxCaptions(
        threadContent(out, copyChildren(out, first.body), replies, comments),
      ),
      metadata: {
        title,
        author: first.author,
        published: first.published,
        ...(siteName ? { siteName } : {}),
      },
    };
  },
};
