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
import type { SiteModule } from '../types';

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
 * Hacker News item pages: a story (its link, its text) or a single comment, and the comment
 * tree. HN's markup is one table row per comment with its depth as an indent, so the tree is
 * rebuilt from the indents.
 */
export const hackerNews: SiteModule = {
  id: 'hacker-news',
  family: 'thread',
  detect(doc) {
    return (
      doc.getElementById('hnmain') !== null &&
      doc.querySelector('table.fatitem, table.comment-tree') !== null
    );
  },
  extract({ doc, out, comments }) {
    const base = doc.baseURI || doc.URL;
    const item = doc.querySelector('table.fatitem tr.athing');
    if (!item) return null;
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
