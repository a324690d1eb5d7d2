import {
  firstOutside,
  headerLine,
  importBody,
  isoDate,
  metaContent,
  reactionsIn,
  textOf,
} from '../post-parts';
import { type ThreadComment, threadContent } from '../thread';
import type { SiteModule } from '../types';

/**
 * GitLab issues (gitlab.com or any self-hosted instance). GitLab names the page it renders on the
 * body (`data-page="projects:issues:show"`, `projects:work_items:show` for the newer work-item
 * view), which a saved copy keeps. The description is `.detail-page-description .md` (or the work
 * item's description); comments are `li.note` in the notes list, each with
 * `.note-header-author-name`, a `time[datetime]` and `.note-text`; system notes ("added label")
 * are timeline events and are left out; a thread's later notes are replies to its first.
 */

const PAGE = /^projects:(?:issues|work_items):show/;
const TITLE =
  '[data-testid="issue-title"], [data-testid="work-item-title"], .detail-page-description .title, h1.title';
const DESCRIPTION =
  '.detail-page-description .description .md, [data-testid="work-item-description"] .md, .work-item-description .md';

function noteComment(
  note: Element,
  context: Parameters<SiteModule['extract']>[0],
): ThreadComment | null {
  const text = note.querySelector('.note-text');
  if (!text) return null;
  return {
    author: textOf(firstOutside(note, '.note-header-author-name', text)) || undefined,
    published: isoDate(firstOutside(note, 'time[datetime]', text)?.getAttribute('datetime')),
    facts: reactionsIn(note.querySelector('.awards')),
    body: importBody(context.out, text),
    replies: [],
  };
}

export const gitlab: SiteModule = {
  id: 'gitlab',
  family: 'code-host',
  detect(doc) {
    return PAGE.test(doc.body?.getAttribute('data-page') ?? '');
  },
  extract(context) {
    const { doc, out } = context;
    const title = textOf(doc.querySelector(TITLE));
    const description = doc.querySelector(DESCRIPTION);
    if (!title || !description) return null;
    const content = out.createElement('div');
    const state = textOf(
      doc.querySelector('[data-testid="issue-state-badge"], .issuable-status-badge'),
    );
    const labels = Array.from(
      doc.querySelectorAll(
        '.issuable-show-labels .gl-label-text, [data-testid="work-item-labels"] .gl-label-text',
      ),
      (label) => textOf(label),
    ).filter(Boolean);
    const facts = headerLine(out, {
      extras: [state, labels.length ? `Labels: ${[...new Set(labels)].join(', ')}` : ''],
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

    const header = doc.querySelector(
      '.detail-page-header, [data-testid="work-item-created"], .issuable-meta',
    );
    return {
      content: threadContent(out, Array.from(content.childNodes), comments, context.comments),
      metadata: {
        title,
        author:
          textOf(
            header?.querySelector('.author-link .author, [data-testid="issue-author"], .author'),
          ) || undefined,
        published: isoDate(header?.querySelector('time[datetime]')?.getAttribute('datetime')),
        siteName: metaContent(doc, 'og:site_name') ?? 'GitLab',
      },
    };
  },
};
