import { lineText } from '../../presence';
import {
  firstOutside,
  headerLine,
  importBody,
  isoDate,
  metaContent,
  reactionsIn,
} from '../post-parts';
import { type ThreadComment, threadContent } from '../thread';
import type { SiteDetector, SiteModule } from '../types';

/**
 * GitLab issues (gitlab.com or any self-hosted instance). GitLab names the page it renders on the
 * body (`data-page="projects:issues:show"`; `projects:work_items:show` and the group pages for
 * work items and epics), which a saved copy keeps. Two views are served:
 *
 * - the older issue view: `.detail-page-description .description .md`, the state in
 *   `[data-testid="issue-state-badge"]`, labels in `.issuable-show-labels`;
 * - the Vue "work item" view every issue opens in since GitLab 17.x–18.x: the title
 *   `[data-testid="work-item-title"]`, the description `[data-testid="work-item-description"]`
 *   inside the `.work-item-description.md` box, a header row holding the state badge (a plain
 *   `.gl-badge`) and `[data-testid="work-item-created"]` (its `time` and the
 *   `[data-testid="work-item-author"]` link), labels in the sidebar's
 *   `[data-testid="work-item-labels"]`.
 *
 * Both draw the discussion with the same notes components: `li.note` items in
 * `.main-notes-list`, each with `.note-header-author-name`, a `time[datetime]` and its text in
 * `.note-text.md`; system notes (`li.system-note`: "added label") are timeline events and are
 * left out; a thread (`li.note-discussion`) holds its notes in `.discussion-notes`, the later ones
 * replies to the first.
 */

const PAGE = /^(?:projects:(?:issues|work_items)|groups:(?:work_items|epics)):show/;
const TITLE =
  '[data-testid="issue-title"], [data-testid="work-item-title"], .detail-page-description .title, h1.title';
/**
 * The description's rendered Markdown. GitLab's rendered-Markdown box is `.md` in both views (the
 * work item's test id sits on the element inside that box): without it the markup is not one
 * this module knows, and the generic engine reads the page.
 */
const DESCRIPTION =
  '.detail-page-description .description .md, .md[data-testid="work-item-description"], .md > [data-testid="work-item-description"], [data-testid="work-item-description"] .md';
const CREATED = '[data-testid="work-item-created"]';

function noteComment(
  note: Element,
  context: Parameters<SiteModule['extract']>[0],
): ThreadComment | null {
  const text = note.querySelector('.note-text');
  if (!text) return null;
  return {
    author: lineText(firstOutside(note, '.note-header-author-name', text)) || undefined,
    published: isoDate(firstOutside(note, 'time[datetime]', text)?.getAttribute('datetime')),
    facts: reactionsIn(note.querySelector('.awards')),
    body: importBody(context.out, text),
    replies: [],
  };
}

/**
 * "Open" or "Closed": the older view's state badge, or the work item's, the first badge of the
 * row that says who created it (a confidential or locked badge comes after it).
 */
function stateOf(doc: Document): string {
  const badge =
    doc.querySelector('[data-testid="issue-state-badge"], .issuable-status-badge') ??
    doc.querySelector(CREATED)?.parentElement?.querySelector('.gl-badge');
  return lineText(badge);
}

/** `Labels: bug, priority::1`: a scoped label is drawn as its scope and value side by side. */
function labelsOf(doc: Document): string {
  const names = new Set<string>();
  for (const label of doc.querySelectorAll(
    '.issuable-show-labels .gl-label, [data-testid="work-item-labels"] .gl-label',
  )) {
    const name = lineText(label.querySelector('.gl-label-text'));
    const scoped = lineText(label.querySelector('.gl-label-text-scoped'));
    if (name) names.add(scoped ? `${name}::${scoped}` : name);
  }
  return names.size ? `Labels: ${[...names].join(', ')}` : '';
}

/** The reactions under the description: the awards block that belongs to no note. */
function descriptionReactions(doc: Document): string[] {
  for (const block of doc.querySelectorAll('.awards')) {
    if (!block.closest('li.note, .main-notes-list, #notes-list')) return reactionsIn(block);
  }
  return [];
}

/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const gitlabDetector: SiteDetector = {
  id: 'gitlab',
  family: 'code-host',
  // GitLab's own path for an issue, a merge request or a work item, on gitlab.com and on the
  // instances companies run under their own names.
  discussionAt: (url) =>
    /^\/.+\/-\/(?:issues|merge_requests|work_items)\/\d+\/?$/.test(url.pathname),
  detect(doc) {
    return PAGE.test(doc.body?.getAttribute('data-page') ?? '');
  },
};

export const gitlab: SiteModule = {
  ...gitlabDetector,
  extract(context) {
    const { doc, out } = context;
    const title = lineText(doc.querySelector(TITLE));
    const description = doc.querySelector(DESCRIPTION);
    if (!title || !description) return null;
    const content = out.createElement('div');
    const facts = headerLine(out, {
      extras: [stateOf(doc), labelsOf(doc), ...descriptionReactions(doc)],
    });
    if (facts) content.append(facts);
    content.append(...Array.from(importBody(out, description).childNodes));

    const comments: ThreadComment[] = [];
    if (context.comments !== 'none') {
      // A thread is an `li.note-discussion` (or a `.discussion-notes` list) holding its notes;
      // a note on its own is a thread of one.
      const seen = new Set<Element>();
      let userNotes = 0;
      for (const note of doc.querySelectorAll('#notes-list li.note, .main-notes-list li.note')) {
        if (seen.has(note) || note.classList.contains('system-note')) continue;
        userNotes += 1;
        const thread = note.querySelector('.discussion-notes, ul.notes');
        const notes = thread
          ? Array.from(thread.querySelectorAll('li.note:not(.system-note)'))
          : [note];
        for (const inner of notes) seen.add(inner);
        const [head, ...rest] = notes.map((inner) => noteComment(inner, context));
        const top = head ?? null;
        if (!top) continue;
        if (context.comments === 'all') {
          for (const reply of rest) if (reply) top.replies.push(reply);
        }
        comments.push(top);
      }
      // GitLab writes every comment's text in `.note-text`: comments without one are markup this
      // module does not know (a redesign), and the note would quietly lose the discussion. The
      // generic engine reads such a page instead.
      if (comments.length === 0 && userNotes > 0) return null;
    }

    const header = doc.querySelector(`.detail-page-header, ${CREATED}, .issuable-meta`);
    return {
      content: threadContent(out, Array.from(content.childNodes), comments, context.comments),
      metadata: {
        title,
        author:
          lineText(
            header?.querySelector(
              '.author-link .author, [data-testid="issue-author"], [data-testid="work-item-author"], .author, a.js-user-link',
            ),
          ) || undefined,
        published: isoDate(header?.querySelector('time[datetime]')?.getAttribute('datetime')),
        siteName: metaContent(doc, 'og:site_name') ?? 'GitLab',
      },
    };
  },
};
