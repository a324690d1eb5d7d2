import {
  absoluteUrl,
  bylineParagraph,
  cleanText,
  copyChildren,
  firstWords,
  linkParagraph,
  type ThreadComment,
  threadContent,
  treeFromDepths,
} from '../thread';
import type { SiteDetector, SiteExtraction, SiteModule } from '../types';

/** HN indents a reply by a spacer image 40 pixels wide per level (and, lately, says so). */
const INDENT_STEP = 40;

/**
 * HN writes times as `title="2025-01-15T10:00:00 1736935200"`: a UTC time without its zone,
 * then the Unix time. The Unix time is unambiguous; the first part is read as UTC.
 */
function hnDate(age: Element | null | undefined): string | undefined {
  const [stamp, unix] = (age?.getAttribute('title') ?? '').trim().split(/\s+/);
  if (unix && /^\d{9,11}$/.test(unix)) return new Date(Number(unix) * 1000).toISOString();
  if (!stamp) return undefined;
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(stamp) ? stamp : `${stamp}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function depthOf(row: Element): number {
  const indent = row.querySelector('td.ind');
  const declared = Number(indent?.getAttribute('indent'));
  if (indent?.hasAttribute('indent') && Number.isFinite(declared)) return declared;
  const width = Number(indent?.querySelector('img')?.getAttribute('width'));
  return Number.isFinite(width) ? Math.round(width / INDENT_STEP) : 0;
}

function comment(row: Element, base: string): ThreadComment {
  const user = row.querySelector('.hnuser');
  const age = row.querySelector('.age');
  const body = row.querySelector('.commtext');
  return {
    author: cleanText(user?.textContent),
    published: hnDate(age),
    permalink: absoluteUrl(age?.querySelector('a')?.getAttribute('href'), base),
    score: cleanText(row.querySelector('.score')?.textContent),
    body,
    // A deleted or flagged comment keeps its row (and its replies) but loses its author.
    gone: !user || !body,
    replies: [],
  };
}

/**
 * A list of stories (the front page, "new", "past", "ask"): HN's ranked list, kept as a numbered
 * list from the page's first rank (page 2 starts at 31). Each item is the story's title linked to
 * what it points at and the site it is on, then who posted it, when (linking to the discussion),
 * its points and its comment count. A story is a `tr.athing` row with a title; its facts are in
 * the next row.
 */
function storyList(doc: Document, out: Document, base: string): SiteExtraction | null {
  const rows = Array.from(doc.querySelectorAll('tr.athing')).filter(
    (row) => row.querySelector('.titleline > a') !== null,
  );
  if (rows.length === 0) return null;
  const list = out.createElement('ol');
  const firstRank = Number.parseInt(rows[0]?.querySelector('.rank')?.textContent ?? '', 10);
  if (firstRank > 1) list.setAttribute('start', String(firstRank));
  for (const row of rows) {
    const link = row.querySelector('.titleline > a') as Element;
    const title = out.createElement('p');
    const anchor = out.createElement('a');
    const href = absoluteUrl(link.getAttribute('href'), base);
    if (href) anchor.setAttribute('href', href);
    anchor.textContent = cleanText(link.textContent) ?? '';
    title.append(href ? anchor : (anchor.textContent ?? ''));
    const site = cleanText(row.querySelector('.sitestr')?.textContent);
    if (site) title.append(` (${site})`);
    const facts = row.nextElementSibling?.querySelector('.subtext');
    // The last link to the item, past its age, is its comment count ("discuss" when none).
    const count = cleanText(
      Array.from(facts?.querySelectorAll('a[href^="item?id="]') ?? [])
        .filter((item) => !item.closest('.age'))
        .pop()
        ?.textContent?.replace(/\u00a0/g, ' '),
    );
    const byline = bylineParagraph(out, {
      author: cleanText(facts?.querySelector('.hnuser')?.textContent),
      published: hnDate(facts?.querySelector('.age')),
      permalink: row.id ? absoluteUrl(`item?id=${row.id}`, base) : undefined,
      score: cleanText(facts?.querySelector('.score')?.textContent),
      facts: count && /^\d/.test(count) ? [count] : [],
    });
    // One item, two lines: the title, then its facts after a line break (a tight list).
    if (byline.hasChildNodes()) title.append(out.createElement('br'), ...byline.childNodes);
    const item = out.createElement('li');
    item.append(title);
    list.append(item);
  }
  // A list's page has no author or date of its own: none the generic reading finds is the list's.
  return { content: list, metadata: { siteName: 'Hacker News', published: null, author: null } };
}

/**
 * Hacker News item pages: a story (its link, its text) or a single comment, and the comment
 * tree. HN's markup is one table row per comment with its depth as an indent, so the tree is
 * rebuilt from the indents. A list of stories is read as that list.
 */
/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const hackerNewsDetector: SiteDetector = {
  id: 'hacker-news',
  family: 'thread',
  // An item: a story or a comment with its replies.
  discussionAt: (url) =>
    url.hostname === 'news.ycombinator.com' &&
    url.pathname === '/item' &&
    url.searchParams.has('id'),
  detect(doc) {
    return (
      doc.getElementById('hnmain') !== null &&
      doc.querySelector('table.fatitem, table.comment-tree, tr.athing .titleline') !== null
    );
  },
};

export const hackerNews: SiteModule = {
  ...hackerNewsDetector,
  extract({ doc, out, comments }) {
    const base = out.baseURI;
    const item = doc.querySelector('table.fatitem tr.athing');
    if (!item) return doc.querySelector('table.comment-tree') ? null : storyList(doc, out, base);
    const fat = item.closest('table') as Element;
    const titleLink = item.querySelector('.titleline > a');
    const post: Node[] = [];
    const metadata: Record<string, string | undefined> = { siteName: 'Hacker News' };
    if (titleLink) {
      const story = fat.querySelector('.subline, .subtext') ?? fat;
      metadata.title = cleanText(titleLink.textContent);
      metadata.author = cleanText(story.querySelector('.hnuser')?.textContent);
      metadata.published = hnDate(story.querySelector('.age'));
      const href = absoluteUrl(titleLink.getAttribute('href'), base);
      if (href && !/^item\?/.test(titleLink.getAttribute('href') ?? ''))
        post.push(linkParagraph(out, href));
      const text = fat.querySelector('.toptext');
      if (text && /\S/.test(text.textContent ?? '')) post.push(...copyChildren(out, text));
    } else {
      // A comment's own page: the comment is the post.
      const own = comment(item, base);
      if (own.gone || !own.body) return null;
      metadata.author = own.author;
      metadata.published = own.published;
      metadata.title = `Comment by ${own.author}: ${firstWords(own.body.textContent, 50) ?? ''}`;
      post.push(bylineParagraph(out, { ...own, permalink: undefined }));
      post.push(...copyChildren(out, own.body));
      const story = item.querySelector('.onstory a');
      const storyUrl = absoluteUrl(story?.getAttribute('href'), base);
      if (story && storyUrl) {
        const on = linkParagraph(out, storyUrl, cleanText(story.textContent));
        on.prepend('On: ');
        post.push(on);
      }
    }
    if (!metadata.title) return null;
    const rows = Array.from(doc.querySelectorAll('table.comment-tree tr.comtr'));
    const tree = treeFromDepths(
      rows.map((row) => ({ depth: depthOf(row), comment: comment(row, base) })),
    );
    return { content: threadContent(out, post, tree, comments), metadata };
  },
};
