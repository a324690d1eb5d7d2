import {
  absoluteUrl,
  cleanText,
  copyChildren,
  isoDate,
  type ThreadComment,
  threadContent,
} from '../thread';
import type { SiteDetector, SiteModule } from '../types';

/**
 * phpBB topics, on any host: the board software behind a great many forums, found by its own
 * markup (prosilver and the styles built on it, phpBB 3.0 to 3.3: `<body id="phpbb">` and posts
 * as `.post > .inner > .postbody`). The first post is the note, the replies its comments, in the
 * board's time order (phpBB has no reply tree). Each post's profile box (avatar, rank, post count,
 * join date), its signature and its buttons are the board's, not the post's.
 */
function holdsPosts(doc: Document): boolean {
  return doc.getElementsByClassName('postbody').length > 0;
}

interface BoardPost extends ThreadComment {
  body: Element | null;
}

/** The one parameter phpBB adds to every link for a visitor without cookies: their session. */
function withoutSession(href: string | undefined): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href);
    if (!url.searchParams.has('sid')) return href;
    url.searchParams.delete('sid');
    return url.href;
  } catch {
    return href;
  }
}

/**
 * The day a post line shows when the board prints no `<time>` (phpBB before 3.2: "by name »
 * Tue Mar 12, 2024 3:41 pm", in the board's format and the reader's zone): that calendar day,
 * as the browser reads the words, or nothing when it cannot.
 */
function shownDay(text: string | undefined): string | undefined {
  const words = text?.split('»').pop()?.trim();
  if (!words || !/\d{4}/.test(words)) return undefined;
  const date = new Date(words);
  if (Number.isNaN(date.getTime())) return undefined;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function boardPost(post: Element, base: string): BoardPost {
  const line = post.querySelector('.postbody .author');
  const name = line?.querySelector('.username, .username-coloured, a[href*="viewprofile"]');
  const time = line?.querySelector('time[datetime]');
  const link =
    post.querySelector('.postbody h3 a[href*="#p"]') ?? line?.querySelector('a[href*="#p"]');
  return {
    author: cleanText(name?.textContent),
    published: isoDate(time?.getAttribute('datetime')) ?? shownDay(cleanText(line?.textContent)),
    permalink: withoutSession(absoluteUrl(link?.getAttribute('href'), base)),
    body: post.querySelector('.postbody .content'),
    replies: [],
  };
}

/**
 * A post's text as the note keeps it: a quote's header ("name wrote: ↑ date") as a line of its
 * own over the quoted words, without the jump arrow; a code box without its "Code: Select all"
 * bar; links without the visitor's session.
 */
function postContent(out: Document, body: Element): HTMLElement {
  const holder = out.createElement('div');
  holder.append(...copyChildren(out, body));
  for (const cite of Array.from(holder.querySelectorAll('blockquote cite'))) {
    for (const jump of Array.from(cite.querySelectorAll('a[data-post-id], .responsive-hide')))
      jump.remove();
    const header = out.createElement('p');
    header.append(...Array.from(cite.childNodes));
    cite.replaceWith(header);
  }
  for (const bar of Array.from(holder.querySelectorAll('.codebox > p, .codebox > dt')))
    bar.remove();
  // A smiley is its code (":)"), as the post was typed: a picture of it would be a file link.
  // A saved copy moves its picture out of images/smilies/, but its alt is still the code.
  for (const image of Array.from(holder.querySelectorAll('img'))) {
    const alt = image.getAttribute('alt') ?? '';
    const src = image.getAttribute('src') ?? '';
    if (image.classList.contains('smilies') || src.includes('/smilies/') || SMILEY_CODE.test(alt))
      image.replaceWith(alt);
  }
  // Before 3.2 a code box is a definition list, `<dl><dt>Code: Select all</dt><dd>`, its code
  // a `<pre>` or (3.0) a `<code>` with a `<br>` per line: a code block.
  for (const box of Array.from(holder.querySelectorAll('dl.codebox'))) {
    let pre = box.querySelector('pre');
    const code = box.querySelector('dd > code');
    if (!pre && code) {
      for (const br of Array.from(code.querySelectorAll('br'))) br.replaceWith('\n');
      pre = out.createElement('pre');
      pre.append(code);
    }
    if (pre) box.replaceWith(pre);
  }
  for (const link of Array.from(holder.querySelectorAll('a[href]'))) {
    const href = withoutSession(absoluteUrl(link.getAttribute('href'), out.baseURI));
    if (href) link.setAttribute('href', href);
  }
  return paragraphsOf(out, holder);
}

/** A smiley's code as phpBB's list has them: ":)", ";-)", ":D", "8)", ":lol:". */
const SMILEY_CODE = /^(?:[:;8][-']?[()DPpOo|/\\*?!@$]|:[a-z]+:)$/;

/** What stands as a block of its own in a post: a quote, a code box, a list, a table. */
const BLOCKS = new Set(['blockquote', 'div', 'ul', 'ol', 'pre', 'table', 'dl', 'p', 'hr']);

/**
 * A post's text as paragraphs. phpBB writes a post as one run of text and `<br>`s, a blank line
 * as two breaks in a row: each run between two of those, or between two blocks, becomes a
 * paragraph (a single break stays a line break in it), so the text around a quote or a code box
 * reads as paragraphs of the comment's quote and not as loose lines.
 */
function paragraphsOf(out: Document, holder: Element): HTMLElement {
  const result = out.createElement('div');
  let paragraph = out.createElement('p');
  const close = () => {
    while (paragraph.lastChild && isBreakOrSpace(paragraph.lastChild)) paragraph.lastChild.remove();
    if (/\S/.test(paragraph.textContent ?? '') || paragraph.querySelector('img'))
      result.append(paragraph);
    paragraph = out.createElement('p');
  };
  for (const node of Array.from(holder.childNodes)) {
    if (node.nodeType === 1 && BLOCKS.has((node as Element).localName)) {
      close();
      result.append(node);
    } else if (isBreak(node) && lastBreak(paragraph)) {
      close();
    } else if (paragraph.firstChild || !isBreakOrSpace(node)) {
      paragraph.append(node);
    }
  }
  close();
  return result;
}

function isBreak(node: Node): boolean {
  return node.nodeType === 1 && (node as Element).localName === 'br';
}

function isBreakOrSpace(node: Node): boolean {
  return isBreak(node) || (node.nodeType === 3 && !/\S/.test(node.nodeValue ?? ''));
}

/** Whether the paragraph so far ends in a break (white space after it aside). */
function lastBreak(paragraph: Element): boolean {
  for (let node = paragraph.lastChild; node; node = node.previousSibling) {
    if (isBreak(node)) return true;
    if (!isBreakOrSpace(node)) return false;
  }
  return false;
}

/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const phpbbDetector: SiteDetector = {
  id: 'phpbb',
  family: 'thread',
  detect(doc) {
    return doc.body?.id === 'phpbb' && holdsPosts(doc);
  },
};

export const phpbb: SiteModule = {
  ...phpbbDetector,
  extract({ doc, out, comments }) {
    const base = out.baseURI;
    const posts = Array.from(doc.querySelectorAll('.post')).filter((post) =>
      post.querySelector('.postbody'),
    );
    const [first, ...replies] = posts.map((post) => boardPost(post, base));
    if (!first?.body) return null;
    // 3.1 and later class the topic's heading; 3.0 writes it as the page body's first h2.
    const title =
      cleanText(doc.querySelector('.topic-title, #page-body > h2')?.textContent) ??
      cleanText(doc.querySelector('.postbody h3')?.textContent);
    if (!title) return null;
    const siteName = cleanText(
      doc.querySelector('#site-description h1, .site-description h1')?.textContent,
    );
    const asComment = (post: BoardPost): ThreadComment => ({
      ...post,
      body: post.body && postContent(out, post.body),
    });
    return {
      content: threadContent(
        out,
        Array.from(postContent(out, first.body).childNodes),
        replies.map(asComment),
        comments,
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
