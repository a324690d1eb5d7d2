import { holdsClass, holdsTag, lineText } from '../../presence';
import {
  firstOutside,
  headerLine,
  importBody,
  isoDate,
  metaContent,
  reactionsIn,
} from '../post-parts';
import { type ThreadComment, threadContent } from '../thread';
import type { SiteContext, SiteDetector, SiteExtraction, SiteModule } from '../types';

/**
 * GitHub issues, pull requests (conversation tab) and discussions. Two markups are in use at once:
 * the React issue view (`data-testid` attributes: issue-title, issue-body, issue-timeline-container,
 * markdown-body, avatar-link) and the server-rendered discussion of pull requests and discussions
 * (`.js-discussion`, `.timeline-comment`, `.js-comment-body`, `a.author`, `relative-time`).
 * Since 2026 a pull request's header is a React page header over that server-rendered timeline:
 * the title is `[data-component="PH_Title"] .markdown-title` (no `.js-issue-title` any more) and
 * the state a Primer state label (`[data-status]`) in the header's description.
 * Timeline events (labels added, references, commits) are left out; comments keep author, day and
 * reactions; replies (discussion threads, review threads) nest inside the comment they answer, and
 * a review thread says which file it is about.
 */

const REACT_ROOT = '[data-testid="issue-viewer-container"]';

/**
 * A permalink to lines of a file is drawn as a table of numbered lines (`td.blob-code`). As code
 * it is those lines, without the numbers and without the indentation they share: the excerpt
 * starts at its own left margin, wherever it sat in the file.
 */
function permalinkSnippets(body: Element): Element {
  const out = body.ownerDocument;
  for (const table of Array.from(
    body.querySelectorAll('table.js-file-line-container, .blob-wrapper table.highlight'),
  )) {
    const lines = Array.from(table.querySelectorAll('td.blob-code'), (cell) =>
      (cell.textContent ?? '').replace(/\s+$/, ''),
    );
    if (!lines.length) continue;
    const indents = lines
      .filter((line) => line.trim())
      .map((line) => /^[ \t]*/.exec(line)?.[0].length ?? 0);
    const shared = indents.length ? Math.min(...indents) : 0;
    const pre = out.createElement('pre');
    const code = out.createElement('code');
    code.textContent = lines.map((line) => line.slice(shared)).join('\n');
    pre.append(code);
    table.replaceWith(pre);
  }
  return body;
}
const CLASSIC_BODY = '.js-discussion .js-comment-body';

function reactExtract(root: Element, context: SiteContext): SiteExtraction | null {
  const { out } = context;
  const title = lineText(root.querySelector('[data-testid="issue-title"]'));
  const issue = root.querySelector('[data-testid="issue-body"]');
  const body = issue?.querySelector('[data-testid="markdown-body"]');
  if (!title || !issue || !body) return null;
  const content = out.createElement('div');
  const facts = factsLine(context, root);
  if (facts) content.append(facts);
  content.append(...Array.from(permalinkSnippets(importBody(out, body)).childNodes));
  const reactions = reactionsIn(issue.querySelector('[role="toolbar"][aria-label="Reactions"]'));
  if (reactions.length) content.append(headerLine(out, { extras: reactions }) as Element);

  const comments: ThreadComment[] = [];
  if (context.comments !== 'none') {
    const timeline = root.querySelector('[data-testid="issue-timeline-container"]');
    for (const box of timeline?.querySelectorAll('.react-issue-comment') ?? []) {
      const commentBody = box.querySelector('[data-testid="markdown-body"]');
      if (!commentBody) continue;
      comments.push({
        author: lineText(box.querySelector('[data-testid="avatar-link"]')) || undefined,
        published: isoDate(
          firstOutside(box, 'relative-time', commentBody)?.getAttribute('datetime'),
        ),
        facts: reactionsIn(box.querySelector('[role="toolbar"][aria-label="Reactions"]')),
        body: permalinkSnippets(importBody(out, commentBody)),
        replies: [],
      });
    }
  }

  const authorLink = issue.querySelector('[data-testid="issue-body-header-author"]');
  return {
    content: threadContent(out, Array.from(content.childNodes), comments, context.comments),
    metadata: {
      title,
      author: lineText(authorLink) || undefined,
      published: isoDate(firstOutside(issue, 'relative-time', body)?.getAttribute('datetime')),
      siteName: 'GitHub',
    },
  };
}

/** Replies: a nested discussion comment, or any comment after the first of a review thread. */
function isReply(comment: Element): boolean {
  if (comment.closest('.js-nested-comment-container, .discussion-nested-comment-timeline-item'))
    return true;
  const holder = comment.closest('.js-comments-holder');
  return !!holder && holder.querySelector('.js-comment') !== comment;
}

/** The file a review thread is about (its summary names it), for the thread's first comment. */
function reviewedFile(comment: Element): string[] {
  const thread = comment.closest('.js-resolvable-timeline-thread-container');
  const file = thread?.querySelector('summary [data-path], summary a, .file-header [data-path]');
  const path = file?.getAttribute('data-path') || lineText(file);
  return path ? [path] : [];
}

/**
 * Today's discussion page nests a comment's replies inside the comment's own box
 * (`#child-comments-…` in the `.js-comment`): what is read for a comment (its author, date,
 * reactions, answer badge) is the first match that is not inside one of those replies.
 */
const NESTED_REPLY = '.js-nested-comment-container';

function firstOwn(
  root: Element,
  selector: string,
  comment: Element,
  body: Element | null,
): Element | undefined {
  for (const candidate of root.querySelectorAll(selector)) {
    if (body?.contains(candidate)) continue;
    // A hidden comment's own header (author, date) is its own, never a neighbour's.
    const hidden = candidate.closest(HIDDEN_PARTS);
    if (hidden && !hidden.contains(comment)) continue;
    const reply = candidate.closest(NESTED_REPLY);
    if (!reply || reply.contains(comment)) return candidate;
  }
  return undefined;
}

/**
 * Hidden ("minimized") comments. A maintainer can hide a comment as spam, abuse, off-topic,
 * outdated, duplicate or resolved; the server-rendered timeline then draws the comment's group
 * (`.js-minimizable-comment-group`) as a collapsed `.minimized-comment` whose `<details>` summary
 * holds GitHub's sentence ("This comment was marked as off-topic.", "This comment has been
 * hidden." when the reason is not shown). The comment itself is in the `<details>` when GitHub
 * preloaded it or the reader opened it, in a sibling `.unminimized-comment.d-none` kept for
 * "unhide", or nowhere (an `include-fragment` loads it on click; signed out, "Sign in to view").
 * Every group of a visible comment also carries a `.minimized-comment.d-none`, which is no hidden
 * comment. Kept in the note as one italic line in the comment's place, with the text under it
 * when the page holds it: dropping it would misplace the replies around it, and showing it as an
 * ordinary comment would say less than the page did.
 */
const HIDDEN = '.minimized-comment:not(.d-none)';
/** Where a hidden comment's own author, date and text can be (see HIDDEN). */
const HIDDEN_PARTS = `${HIDDEN}, .unminimized-comment.d-none`;
const GROUP = '.js-minimizable-comment-group';
const BODY = '.js-comment-body, .comment-body';

/** The group's own visible `.minimized-comment` (not one of a reply nested in it), if hidden. */
function hiddenBlockOf(group: Element | null): Element | undefined {
  if (!group) return undefined;
  return Array.from(group.querySelectorAll(HIDDEN)).find((block) => block.closest(GROUP) === group);
}

/** GitHub's sentence as a reason: "off-topic", "spam", "disruptive content"; none when unsaid. */
function hiddenReason(block: Element): string | undefined {
  const summary = block.querySelector('summary');
  const sentence = lineText(
    summary?.querySelector('.timeline-comment-header-text, h3, h4') ?? summary ?? block,
  );
  // Up to the sentence's end: a summary without a heading also says "Sign in to view".
  return /\bmarked as ([^.]+)/.exec(sentence)?.[1]?.trim();
}

/**
 * The author of a hidden comment whose header is not on the page: the avatar GitHub draws beside
 * the collapsed row, only when that timeline item holds this one comment (a review thread's item
 * holds several, and its avatar is the reviewer's).
 */
function avatarAuthor(group: Element): string | undefined {
  const item = group.closest('.TimelineItem');
  if (!item) return undefined;
  const others = Array.from(item.querySelectorAll(GROUP)).some(
    (other) => other !== group && !group.contains(other),
  );
  if (others) return undefined;
  const avatar = Array.from(item.querySelectorAll('.TimelineItem-avatar')).find(
    (candidate) => candidate.closest('.TimelineItem') === item,
  );
  const link = avatar?.querySelector('a[href]');
  const handle = /^(?:https:\/\/github\.com)?\/([A-Za-z0-9-]+(?:\[bot\])?)\/?$/.exec(
    link?.getAttribute('href') ?? '',
  )?.[1];
  return (
    handle ?? (avatar?.querySelector('img[alt^="@"]')?.getAttribute('alt')?.slice(1) || undefined)
  );
}

/** The first `selector` in `part` that is the group's own: not in its body, not in a reply. */
function ownIn(part: Element, selector: string, group: Element, body: Element | null) {
  return Array.from(part.querySelectorAll(selector)).find(
    (element) => !body?.contains(element) && element.closest(GROUP) === group,
  );
}

/** The note's part for a hidden comment: the italic line, then its text when the page has it. */
function hiddenComment(out: Document, block: Element): ThreadComment {
  const group = block.closest(GROUP) ?? block;
  const parts = Array.from(group.querySelectorAll(HIDDEN_PARTS)).filter(
    (part) => part.closest(GROUP) === group,
  );
  // What the reader sees on opening the row first, else the copy GitHub keeps for "unhide".
  let part = block;
  let body: Element | null = null;
  for (const candidate of parts) {
    body = ownIn(candidate, BODY, group, null) ?? null;
    if (body) {
      part = candidate;
      break;
    }
  }
  const author = lineText(ownIn(part, 'a.author', group, body)) || avatarAuthor(group);
  const day = isoDate(ownIn(part, 'relative-time', group, body)?.getAttribute('datetime'));
  const reason = hiddenReason(block);
  const line = out.createElement('p');
  const em = out.createElement('em');
  em.textContent = `${author ? `A comment by @${author}` : 'A comment'}${day ? ` on ${day.slice(0, 10)}` : ''} was hidden${reason ? ` as ${reason}` : ''}.`;
  line.append(em);
  const holder = out.createElement('div');
  holder.append(line);
  if (body) holder.append(...Array.from(permalinkSnippets(importBody(out, body)).childNodes));
  // No byline: author and day are in the line, from the hidden comment's own header or its
  // avatar, so nothing can be borrowed from a neighbour.
  return { facts: [], body: holder, replies: [] };
}

/**
 * The comment's author: `a.author`, or the user link in its header (a discussion's question and
 * top-level comments, whose link has no such class on today's page).
 */
function authorLink(root: Element, comment: Element, body: Element): Element | undefined {
  return (
    firstOwn(root, 'a.author', comment, body) ??
    firstOwn(root, '.timeline-comment-header-text a[data-hovercard-type="user"]', comment, body)
  );
}

function ownReactions(comment: Element): string[] {
  return reactionsIn(
    firstOwn(comment, '.comment-reactions, .js-reactions-container', comment, null),
  );
}

/**
 * A discussion's upvotes ("Upvote: 6" on the button beside the post and each answer), worded
 * as Stack Exchange notes word their score; none when the page shows no count of its own.
 */
function ownUpvotes(comment: Element, body: Element | null): string[] {
  const button = firstOwn(comment, '.js-upvote-button', comment, body);
  const label = button?.getAttribute('aria-label') ?? '';
  const count = /(\d[\d,]*)/.exec(label)?.[1] ?? /^\s*(\d[\d,]*)\s*$/.exec(lineText(button))?.[1];
  if (count === undefined) return [];
  return [`${count} ${count === '1' ? 'upvote' : 'upvotes'}`];
}

/**
 * A discussion's chosen answer: today's page writes `timeline-chosen-answer` on the comment's box
 * and a disabled "Marked as answer" badge (`.discussion-footer-answered-badge`) in its footer;
 * older pages drew an "answer" class on the comment or a wrapper.
 */
function isAnswer(comment: Element, stop: Element): boolean {
  if (comment.classList.contains('timeline-chosen-answer')) return true;
  if (firstOwn(comment, '.discussion-footer-answered-badge', comment, null)) return true;
  for (let node: Element | null = comment; node && node !== stop; node = node.parentElement) {
    if (/(?:^|[\s-])answer(?:$|[\s-])/.test(node.getAttribute('class') ?? '')) return true;
  }
  return false;
}

function classicExtract(root: Element, context: SiteContext): SiteExtraction | null {
  const { doc, out } = context;
  const bodies = Array.from(root.querySelectorAll('.js-comment-body')).filter(
    (body) => !hiddenBlockOf(body.closest(GROUP)),
  );
  const first = bodies[0];
  const title =
    lineText(doc.querySelector('[data-component="PH_Title"] .markdown-title')) ||
    lineText(doc.querySelector('.js-issue-title')) ||
    lineText(doc.querySelector('.gh-header-title')) ||
    metaContent(doc, 'og:title');
  if (!first || !title) return null;
  const post = first.closest('.js-comment, .timeline-comment') ?? first;

  const content = out.createElement('div');
  const facts = factsLine(context, doc.body);
  if (facts) content.append(facts);
  content.append(...Array.from(permalinkSnippets(importBody(out, first)).childNodes));
  const postReactions = [...ownUpvotes(post, first), ...ownReactions(post)];
  if (postReactions.length) content.append(headerLine(out, { extras: postReactions }) as Element);

  const comments: ThreadComment[] = [];
  // Bodies and hidden comments in page order; a hidden comment's own bodies are read with it.
  const shown = new Set(bodies);
  const items = Array.from(root.querySelectorAll(`.js-comment-body, ${HIDDEN}`)).filter(
    (item) => shown.has(item) || item.matches(HIDDEN),
  );
  for (const item of items.slice(items.indexOf(first) + 1)) {
    if (context.comments === 'none') break;
    if (item.matches(HIDDEN)) {
      const reply = isReply(item);
      if (reply && context.comments === 'top-level') continue;
      const parent = comments.at(-1);
      if (reply && parent) parent.replies.push(hiddenComment(out, item));
      else comments.push(hiddenComment(out, item));
      continue;
    }
    const body = item;
    const comment = body.closest('.js-comment, .timeline-comment, .review-comment') ?? body;
    const reply = isReply(comment);
    if (reply && context.comments === 'top-level') continue;
    // A review's own comment is headed by the timeline item around it ("… reviewed"), not by a
    // header of its own.
    const headed = authorLink(comment, comment, body)
      ? comment
      : (comment.closest('.js-timeline-item, .TimelineItem') ?? comment);
    const parsed: ThreadComment = {
      author: lineText(authorLink(headed, comment, body)) || undefined,
      published: isoDate(
        firstOwn(headed, 'relative-time', comment, body)?.getAttribute('datetime'),
      ),
      facts: [
        // Worded as the Stack Exchange notes mark theirs.
        ...(!reply && isAnswer(comment, root) ? ['✓ Accepted answer'] : []),
        ...(reply ? [] : reviewedFile(comment)),
        ...ownUpvotes(comment, body),
        ...ownReactions(comment),
      ],
      body: permalinkSnippets(importBody(out, body)),
      replies: [],
    };
    const parent = comments.at(-1);
    if (reply && parent) parent.replies.push(parsed);
    else comments.push(parsed);
  }
  return {
    content: threadContent(out, Array.from(content.childNodes), comments, context.comments),
    metadata: {
      title,
      author: lineText(authorLink(post, post, first)) || undefined,
      published: isoDate(firstOwn(post, 'relative-time', post, first)?.getAttribute('datetime')),
      siteName: 'GitHub',
    },
  };
}

/** `Open · Labels: bug, help wanted`: the issue's state and labels, when the page shows them. */
function factsLine(context: SiteContext, root: Element): Element | null {
  const state = lineText(
    root.querySelector(
      '[data-testid="header-state"], [data-component="PH_Description"] [data-status], .gh-header-meta .State, .State',
    ),
  );
  const labels = new Set<string>();
  for (const label of root.querySelectorAll(
    '.js-issue-labels .IssueLabel, .sidebar-labels .IssueLabel, [data-testid="issue-viewer-metadata-pane"] a[href*="label"], a[href*="/labels/"]',
  )) {
    if (label.closest('.markdown-body')) continue;
    const name = lineText(label);
    if (name && name.length <= 50) labels.add(name);
  }
  const extras = [state, labels.size ? `Labels: ${[...labels].join(', ')}` : ''];
  return headerLine(context.out, { extras });
}

/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const githubDetector: SiteDetector = {
  id: 'github',
  family: 'code-host',
  // An issue, a pull request's conversation tab, a discussion.
  discussionAt: (url) =>
    /^(?:www\.)?github\.com$/.test(url.hostname) &&
    /^\/[^/]+\/[^/]+\/(?:issues|pull|discussions)\/\d+\/?$/.test(url.pathname),
  detect(doc) {
    // Tag and class lookups first (the browser's fast paths): most pages have neither, and this
    // runs on every article clip.
    const root = doc.documentElement;
    if (holdsTag(root, ['react-app']) && doc.querySelector(REACT_ROOT)) return true;
    return holdsClass(root, ['js-comment-body']) && !!doc.querySelector(CLASSIC_BODY);
  },
};

export const github: SiteModule = {
  ...githubDetector,
  extract(context) {
    const react = context.doc.querySelector(REACT_ROOT);
    if (react) return reactExtract(react, context);
    const classic = context.doc.querySelector('.js-discussion');
    return classic ? classicExtract(classic, context) : null;
  },
};
