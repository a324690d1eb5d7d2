import { lineText } from '../../presence';
import { firstOutside, headerLine, importBody, isoDate, metaContent } from '../post-parts';
import type { SiteContext, SiteDetector, SiteModule } from '../types';

/**
 * Stack Overflow and every Stack Exchange site (and their saved copies): one markup across the
 * network, so it is detected by that, never by a host list. The question is `#question` (or
 * `.question.js-question`), each answer `.answer.js-answer` with `data-score` and the
 * `accepted-answer` class; a post's text is `.js-post-body` (`.s-prose`); its author is the last
 * `.post-signature` (the first may be the last editor's) with `.user-details a` and a
 * `.relativetime` whose `title` is the UTC time; comments are `li.comment` with `.comment-copy`,
 * `.comment-user`, `.comment-date` and `.comment-score`. Stack Exchange comments are flat, so
 * "top-level" and "all" keep the same.
 */

const QUESTION = '#question, .question.js-question';

/**
 * A Stack Exchange time as ISO 8601. The network writes UTC everywhere, but the `datetime` of
 * its `time[itemprop="dateCreated"]` carries no zone (`2025-05-14T09:21:07`), which a browser
 * would read as its own local time: a time without a zone is read as UTC here.
 */
function utcDate(value: string | null | undefined): string | undefined {
  const raw = value?.trim();
  if (raw && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/.test(raw))
    return isoDate(`${raw}Z`);
  return isoDate(raw);
}

interface Signature {
  author?: string;
  date?: string;
}

function signatureOf(post: Element, body: Element): Signature {
  const signatures = Array.from(post.querySelectorAll('.post-signature')).filter(
    (signature) => !body.contains(signature),
  );
  const owner =
    signatures.find((signature) => signature.classList.contains('owner')) ?? signatures.at(-1);
  const time = owner?.querySelector('.relativetime, time[datetime]');
  return {
    author:
      lineText(owner?.querySelector('.user-details a, .user-details [itemprop="name"]')) ||
      lineText(owner?.querySelector('.user-details'))?.split(' ')[0] ||
      undefined,
    date:
      utcDate(time?.getAttribute('title') ?? time?.getAttribute('datetime')) ??
      utcDate(firstOutside(post, 'time[itemprop="dateCreated"]', body)?.getAttribute('datetime')),
  };
}

function scoreOf(post: Element): string | undefined {
  const value =
    post.getAttribute('data-score') ??
    post.querySelector('.js-vote-count')?.getAttribute('data-value') ??
    lineText(post.querySelector('.js-vote-count'));
  return value && /^-?\d+$/.test(value.trim()) ? value.trim() : undefined;
}

/** A post's comments as a list: `**author** · day · score: text`. */
function commentsList(post: Element, context: SiteContext): Element | null {
  if (context.comments === 'none') return null;
  const items = post.querySelectorAll('li.comment, li.js-comment');
  if (!items.length) return null;
  const { out } = context;
  const list = out.createElement('ul');
  for (const item of items) {
    const copy = item.querySelector('.comment-copy');
    if (!copy) continue;
    const date = item.querySelector('.comment-date .relativetime-clean, .comment-date [title]');
    const score = lineText(item.querySelector('.comment-score'));
    const line = headerLine(out, {
      author: lineText(item.querySelector('.comment-user')) || undefined,
      date: isoDate(date?.getAttribute('title')),
      extras: /^\d+$/.test(score) ? [`${score} ▲`] : [],
    });
    const li = out.createElement('li');
    if (line) li.append(...Array.from(line.childNodes), out.createTextNode(': '));
    li.append(...Array.from(importBody(out, copy).childNodes));
    list.append(li);
  }
  return list.children.length ? list : null;
}

/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const stackExchangeDetector: SiteDetector = {
  id: 'stack-exchange',
  family: 'qa',
  // A question on Stack Overflow or a site of the network (its own domains included).
  discussionAt: (url) =>
    /(?:^|\.)(?:stackoverflow\.com|stackexchange\.com|superuser\.com|serverfault\.com|askubuntu\.com|mathoverflow\.net|stackapps\.com)$/.test(
      url.hostname,
    ) && /^\/questions\/\d+(?:\/|$)/.test(url.pathname),
  detect(doc) {
    // By id and class name first: the browser's fast paths, as this runs on every article clip.
    const question = doc.getElementById('question') ?? doc.getElementsByClassName('js-question')[0];
    return !!question?.getElementsByClassName('js-post-body')[0];
  },
};

export const stackExchange: SiteModule = {
  ...stackExchangeDetector,
  extract(context) {
    const { doc, out } = context;
    const question = doc.querySelector(QUESTION);
    const questionBody = question?.querySelector('.js-post-body');
    const title = lineText(
      doc.querySelector('#question-header h1, h1[itemprop="name"], .question-hyperlink'),
    );
    if (!question || !questionBody || !title) return null;
    const content = out.createElement('div');
    content.append(...Array.from(importBody(out, questionBody).childNodes));
    const tags = Array.from(
      question.querySelectorAll('.post-taglist .post-tag, .js-post-tag-list-item .post-tag'),
      lineText,
    );
    const score = scoreOf(question);
    const facts = headerLine(out, {
      extras: [
        score !== undefined ? `${score} votes` : '',
        tags.length ? `Tags: ${[...new Set(tags)].join(', ')}` : '',
      ],
    });
    if (facts) content.append(facts);
    const questionComments = commentsList(question, context);
    if (questionComments) content.append(questionComments);

    const answers = Array.from(doc.querySelectorAll('.answer.js-answer, #answers .answer'));
    if (answers.length) {
      const heading = out.createElement('h2');
      heading.textContent = 'Answers';
      content.append(out.createElement('hr'), heading);
    }
    for (const answer of new Set(answers)) {
      const body = answer.querySelector('.js-post-body');
      if (!body) continue;
      const accepted =
        answer.classList.contains('accepted-answer') ||
        answer.getAttribute('itemprop') === 'acceptedAnswer';
      const heading = out.createElement('h3');
      heading.textContent = accepted ? '✓ Accepted answer' : 'Answer';
      const { author, date } = signatureOf(answer, body);
      const answerScore = scoreOf(answer);
      const line = headerLine(out, {
        author,
        date,
        extras: answerScore !== undefined ? [`${answerScore} votes`] : [],
      });
      content.append(heading);
      if (line) content.append(line);
      content.append(...Array.from(importBody(out, body).childNodes));
      const list = commentsList(answer, context);
      if (list) content.append(list);
    }

    const { author, date } = signatureOf(question, questionBody);
    return {
      content,
      metadata: {
        title,
        author,
        published:
          utcDate(doc.querySelector('time[itemprop="dateCreated"]')?.getAttribute('datetime')) ??
          date,
        siteName: metaContent(doc, 'og:site_name'),
      },
    };
  },
};
