import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  dropLeadBeforeMainHeading,
  leavesOutDiscussion,
  proseAfterHeading,
} from '../../../../utils/clip/prepare/opening-post';
import { discussionAddressed } from '../../../../utils/clip/sites';
import { leavesOutPageProse } from '../../../../utils/clip/sites/coverage';
import { pageFromHtml } from '../dom';
import { clipFixture } from '../fixture-page';

/**
 * A site module that knows the site but not a redesigned page leaves it to the generic engine.
 * On a discussion the note must still start where the discussion does: Readability alone kept
 * one long answer without the question (Stack Overflow), or the replies without the post
 * (Reddit). The engine now checks that its article holds the opening post, and clips the whole
 * page, saying why, when it does not.
 */
const SITES = fileURLToPath(new URL('../../../../utils/clip/sites', import.meta.url));

function clipChanged(folder: string) {
  const result = clipFixture(
    readFileSync(join(SITES, folder, 'fixtures', 'changed-layout.html'), 'utf8'),
  );
  if (!result.ok) throw new Error(result.error.code);
  return result.clip;
}

describe('a discussion whose layout its module does not know', { timeout: 30_000 }, () => {
  it('keeps the question and every answer of a Stack Overflow page, and says why', () => {
    const clip = clipChanged('stack-exchange');
    expect(clip.site).toBeUndefined();
    expect(clip.notices).toEqual([{ code: 'discussion-cut' }]);
    expect(clip.markdown).toContain('I sort an array of numbers and get a strange order');
    expect(clip.markdown).toContain('Without a compare function');
    expect(clip.markdown).toContain('Use lodash');
    // The page's chrome stays out: its menu, its sidebar of related questions, its footer.
    expect(clip.markdown).not.toContain('[Tags]');
    expect(clip.markdown).not.toContain('How to sort an array of integers correctly');
    expect(clip.markdown).not.toContain('Site design / logo');
  });

  it('keeps the Reddit post before its comments', () => {
    const { markdown, notices } = clipChanged('reddit');
    expect(notices).toEqual([{ code: 'discussion-cut' }]);
    const post = markdown.indexOf('Moved my notes service off a VPS');
    const firstComment = markdown.indexOf('What does it draw at idle?');
    expect(post).toBeGreaterThan(-1);
    expect(firstComment).toBeGreaterThan(post);
  });

  it('keeps every comment of a Hacker News thread, not the story and its first comment alone', () => {
    const { markdown, notices } = clipChanged('hacker-news');
    expect(notices).toEqual([{ code: 'discussion-cut' }]);
    expect(markdown).toContain('I read a lot of long articles and papers');
    expect(markdown).toContain('Plain text files in a git repository');
    expect(markdown).toContain('A reply under a collapsed comment.');
  });

  it('keeps the reply Readability dropped from the middle of a Discourse topic', () => {
    // Readability kept the first and last posts and left out the one between them (short, and
    // heavy with links): a conversation with its middle gone reads as if nobody had answered.
    const { markdown, notices } = clipChanged('discourse');
    expect(notices).toEqual([{ code: 'discussion-cut' }]);
    const question = markdown.indexOf('Is this a known limitation?');
    const answer = markdown.indexOf('Known, yes. Tracked in [issue 77]');
    const thanks = markdown.indexOf('Thanks, I will wait for the release.');
    expect(question).toBeGreaterThan(-1);
    expect(answer).toBeGreaterThan(question);
    expect(thanks).toBeGreaterThan(answer);
    // Whole-page clipping still takes the header's buttons and the sidebar out.
    expect(markdown).not.toContain('Log In');
    expect(markdown).not.toContain('[Users]');
  });

  it("starts a whole-page discussion at its opening post's block, not at the site's links", () => {
    // ChatGPT's redesigned share page: the site's name, "Log in" and "Sign up for free" above
    // the conversation's heading.
    const chat = clipChanged('chatgpt');
    expect(chat.notices).toEqual([{ code: 'discussion-cut' }]);
    expect(chat.markdown).toMatch(/^# Sourdough hydration explained\n/);
    expect(chat.markdown).not.toContain('Log in');
    // Reddit draws the post's community, age and author above its title, in the post's block.
    const reddit = clipChanged('reddit');
    expect(reddit.markdown).toContain('[homelab_hugo](https://www.reddit.com/user/homelab_hugo/)');
    expect(reddit.markdown.indexOf('homelab_hugo')).toBeLessThan(
      reddit.markdown.indexOf('Moved my notes service off a VPS'),
    );
  });

  it('keeps when each post was written, which an article would drop as its dateline', () => {
    // On X's changed layout each reply's date is a link around a time element: on an article
    // that line restates the note's own date, on a thread it is the reply's.
    const { markdown } = clipChanged('x');
    const reply = markdown.indexOf('How do you version the envelope?');
    const date = markdown.indexOf('[May 13](https://x.com/lin_dev/status/1790000000000000010)');
    expect(date).toBeGreaterThan(-1);
    expect(reply).toBeGreaterThan(date);
    expect(clipChanged('mastodon').markdown).toContain(
      '[Jun 8, 2024, 07:45](https://social.example/@rosa/112233445566778899)',
    );
  });

  it('keeps the comments too when the page declares the post as its article body', () => {
    // schema.org's articleBody on a discussion marks the opening post alone: saving just that
    // would trade the lost post for lost comments.
    // A post long enough to stand as an article on its own (250 characters and more).
    const html = readFileSync(join(SITES, 'reddit', 'fixtures', 'changed-layout.html'), 'utf8')
      .replace('<div slot="text-body">', '<div slot="text-body" itemprop="articleBody">')
      .replace(
        '<p>Questions welcome.</p>',
        '<p>The board idles at three watts, the disk is backed up every night to a second disk in the same case, and the whole setup took an afternoon, most of it spent waiting for the first backup to finish. Questions welcome.</p>',
      );
    expect(html).toContain('itemprop="articleBody"');
    const result = clipFixture(html);
    if (!result.ok) throw new Error(result.error.code);
    expect(result.clip.notices).toEqual([{ code: 'discussion-cut' }]);
    expect(result.clip.markdown).toContain('Moved my notes service off a VPS');
    expect(result.clip.markdown).toContain('What does it draw at idle?');
  });

  it('keeps the generic article, with no notice, when it already starts with the opening post', () => {
    const clip = clipChanged('bluesky');
    expect(clip.site).toBeUndefined();
    expect(clip.notices).toEqual([]);
    expect(clip.markdown).toContain('Fifteen years of paper notebooks');
  });

  it('does not take the footnotes at the end of the page for replies the article left out', () => {
    // The engine takes footnote definitions out before Readability and puts them back after:
    // judged with them, the page seemed to go on after the article's last reply.
    const html = readFileSync(join(SITES, 'bluesky', 'fixtures', 'changed-layout.html'), 'utf8')
      .replace(
        'Everything else is optional.',
        'Everything else is optional.<sup><a href="#fn-1" id="ref-1">1</a></sup>',
      )
      .replace(
        '</div></div></main>',
        '</div></div><ol class="footnotes"><li id="fn-1">An index on the last page is how librarians kept ledgers for centuries. <a href="#ref-1">↩</a></li></ol></main>',
      );
    const result = clipFixture(html);
    if (!result.ok) throw new Error(result.error.code);
    expect(result.clip.notices).toEqual([]);
    expect(result.clip.markdown).toContain('[^1]: An index on the last page');
  });

  // The same Stack Overflow markup with the marks its module detects renamed: no module claims
  // the page any more. It declares its address in og:url.
  const unclaimed = (url: string) =>
    readFileSync(join(SITES, 'stack-exchange', 'fixtures', 'changed-layout.html'), 'utf8')
      .replace(/"url": "[^"]*"/, `"url": "${url}"`)
      .replaceAll('js-post-body', 'post-body')
      .replaceAll('id="question"', 'id="q"');
  const question =
    'https://stackoverflow.com/questions/79012345/why-does-array-sort-put-10-before-9';

  it.each([
    ["at a question's address", question],
    ['saved, declaring the address in og:url', 'file:///home/ada/why-sort.html'],
  ])('keeps the question and the answers of a page no module claims, %s', (_, url) => {
    // Readability alone kept the longest answer without the question. The address still says
    // the page is a question, so the engine checks its article as it does a claimed page's.
    const result = clipFixture(unclaimed(url));
    if (!result.ok) throw new Error(result.error.code);
    expect(result.clip.site).toBeUndefined();
    expect(result.clip.notices).toEqual([{ code: 'discussion-cut' }]);
    expect(result.clip.markdown).toContain('I sort an array of numbers and get a strange order');
    expect(result.clip.markdown).toContain('Without a compare function');
    expect(result.clip.markdown).toContain('Use lodash');
  });

  it('leaves such a page to the article Readability finds when no address says it is a question', () => {
    for (const url of ['file:///home/ada/why-sort.html', 'https://stackoverflow.com/tags']) {
      const result = clipFixture(unclaimed(url).replace(/<meta property="og:url"[^>]*>/, ''));
      if (!result.ok) throw new Error(result.error.code);
      expect(result.clip.notices).toEqual([]);
      expect(result.clip.markdown).not.toContain('I sort an array of numbers');
    }
  });
});

/**
 * A site renames one part of its markup but not the rest: the module still finds the post, and
 * its note would look whole without the discussion. Found by clipping the modules' fixtures with
 * a share of their class names and test ids removed at random (one page in seven lost its whole
 * discussion this way).
 */
describe('a module that finds the post but not the discussion', { timeout: 30_000 }, () => {
  const issue = () => readFileSync(join(SITES, 'github', 'fixtures', 'issue-react.html'), 'utf8');
  const comments = [
    'Confirmed on 2.4.0.',
    'Fixed by treating an empty file as the default config.',
  ];

  it('leaves the page to the generic engine, which keeps the comments', () => {
    // GitHub renames the timeline's test id; the issue's own test ids are unchanged.
    const html = issue().replace(
      'data-testid="issue-timeline-container"',
      'data-testid="timeline"',
    );
    const result = clipFixture(html);
    if (!result.ok) throw new Error(result.error.code);
    expect(result.clip.site).toBeUndefined();
    expect(result.clip.markdown).toContain('It panics instead of using the defaults');
    for (const comment of comments) expect(result.clip.markdown).toContain(comment);
  });

  it('keeps an X article whose paragraphs its module no longer finds', () => {
    // X's article editor marks each paragraph as a block; with those marks renamed, the module
    // still found the cover, the headings, the lists and the replies, and no paragraph.
    const html = readFileSync(join(SITES, 'x', 'fixtures', 'article-on-status.html'), 'utf8')
      .replaceAll(' data-block="true"', '')
      .replaceAll('longform-unstyled', 'longform-text');
    const result = clipFixture(html);
    if (!result.ok) throw new Error(result.error.code);
    expect(result.clip.site).toBeUndefined();
    expect(result.clip.markdown).toContain(
      'Three years ago I moved my household accounts out of a spreadsheet',
    );
    expect(result.clip.markdown).toContain('A format you can read without the tool that wrote it');
  });

  it('still reads the page when it holds the discussion, or when no comments were asked for', () => {
    const whole = clipFixture(issue());
    if (!whole.ok) throw new Error(whole.error.code);
    expect(whole.clip.site).toBe('github');
    for (const comment of comments) expect(whole.clip.markdown).toContain(comment);
    // With no comments wanted, leaving them out is the point: the module's note stands.
    const html = issue()
      .replace('data-testid="issue-timeline-container"', 'data-testid="timeline"')
      .replace('<!-- clip: {', '<!-- clip: {"comments": "none", ');
    const postOnly = clipFixture(html);
    if (!postOnly.ok) throw new Error(postOnly.error.code);
    expect(postOnly.clip.site).toBe('github');
    expect(postOnly.clip.markdown).not.toContain(comments[0]);
  });
});

describe("how much of the page's prose a module kept", () => {
  const page = (main: string) =>
    pageFromHtml(
      `<body><nav><p>${'Sign in to follow this thread and every reply that comes after it. '.repeat(3)}</p></nav><main>${main}</main></body>`,
    );
  const post = '<p>It takes forty minutes on Tuesdays and four on the other days of the week.</p>';
  const reply =
    '<p>Cron jobs run on Tuesdays, so check the backup schedule before anything else.</p>';
  const note = (html: string) => pageFromHtml(`<body>${html}</body>`).body;

  it('is too little when the discussion is missing, enough when it is there', () => {
    const doc = page(`${post}${reply}${reply.replace('Cron', 'Timers')}`);
    expect(leavesOutPageProse(doc, note(post))).toBe(true);
    expect(leavesOutPageProse(doc, note(`${post}${reply}`))).toBe(false);
  });

  it('does not count navigation, hidden parts, bylines or short lines', () => {
    const doc = page(
      `${post}<div hidden>${reply}</div><aside>${reply}</aside><p>Ann · <time>2 hours ago</time> · a reply from someone else in the thread</p><p>Reply</p>`,
    );
    expect(leavesOutPageProse(doc, note(post))).toBe(false);
  });

  it('reads prose written in divs and inline elements, as posts on X or Bluesky are', () => {
    const doc = page(
      `<div><span>It takes forty minutes on Tuesdays</span> <span>and only four minutes on the other days of the week.</span></div><div><span>Cron jobs run on Tuesdays, so check the <a href="/backup">backup</a> schedule before anything else.</span></div>`,
    );
    expect(
      leavesOutPageProse(
        doc,
        note(
          '<p>It takes forty minutes on Tuesdays and only four minutes on the other days of the week.</p>',
        ),
      ),
    ).toBe(false);
    const three = page(
      `<div>It takes forty minutes on Tuesdays and only four minutes on the other days of the week.</div><div>Cron jobs run on Tuesdays, so check the backup schedule before anything else.</div><div>Timers run on Tuesdays, so check the backup schedule before anything else.</div>`,
    );
    expect(
      leavesOutPageProse(
        three,
        note(
          '<p>It takes forty minutes on Tuesdays and only four minutes on the other days of the week.</p>',
        ),
      ),
    ).toBe(true);
  });

  it('finds a paragraph whose middle the module wrote its own way', () => {
    const doc = page(
      '<p>Last June I borrowed an idea from <span class="mention"></span> and counted the fireflies in the meadow by their flashes.</p>',
    );
    expect(
      leavesOutPageProse(
        doc,
        note(
          '<p>Last June I borrowed an idea from @lamplighter and counted the fireflies in the meadow by their flashes.</p>',
        ),
      ),
    ).toBe(false);
  });
});

/** A page and the part of it an article kept (the element with id "article"). */
function judged(html: string, replies = true): boolean {
  const doc = pageFromHtml(html);
  return leavesOutDiscussion(
    proseAfterHeading(doc.body),
    doc.getElementById('article') as Element,
    replies,
  );
}

describe('whether an article leaves part of a discussion out', () => {
  const header = `
    <header><p>Welcome to the forum, please read the rules before posting anything</p></header>
    <nav><p>Home Latest Top Categories and many more places to go</p></nav>
    <p>Text above the heading is the site's, not the discussion's own</p>
    <h1>Why is my build slow on Tuesdays only</h1>
    <div class="meta"><a href="/u/ann">Ann Example posted this a long time ago</a></div>
    <div class="date">8:14 AM (2 hours ago) · Published 9 February 2026 at 19:47</div>`;
  const post = '<p>It takes forty minutes on Tuesdays and four on the other days of the week.</p>';
  const reply = '<p>Cron jobs run on Tuesdays, check the backup schedule before anything else.</p>';
  const footer =
    '<footer><p>Powered by a forum engine, all rights reserved by whoever wrote it</p></footer>';

  it('keeps an article that holds the post and its replies, facts and chrome around them aside', () => {
    expect(judged(`<body>${header}<div id="article">${post}${reply}</div>${footer}</body>`)).toBe(
      false,
    );
  });

  it('finds the post left out when the article starts with the reply', () => {
    expect(judged(`<body>${header}${post}<div id="article">${reply}</div>${footer}</body>`)).toBe(
      true,
    );
  });

  it('finds the replies left out when the article ends with the post, unless none are wanted', () => {
    const page = `<body>${header}<div id="article">${post}</div>${reply}${footer}</body>`;
    expect(judged(page)).toBe(true);
    expect(judged(page, false)).toBe(false);
  });

  it('finds a reply left out of the middle, but not a line of facts', () => {
    const between = '<p>Did you check the backup schedule? It moved to Tuesdays last month.</p>';
    const facts = '<div class="date">answered 9 Feb 2026 at 19:47 · edited 10 Feb 2026</div>';
    const page = (middle: string) =>
      `<body>${header}<div id="article">${post}${middle}${reply}</div>${footer}</body>`;
    const doc = pageFromHtml(page(between));
    const prose = proseAfterHeading(doc.body);
    const article = doc.getElementById('article') as Element;
    expect(leavesOutDiscussion(prose, article, true)).toBe(false);
    // The same article with the reply between taken out, as Readability does with a sibling.
    article.querySelector('p:nth-child(2)')?.remove();
    expect(leavesOutDiscussion(prose, article, true)).toBe(true);
    expect(leavesOutDiscussion(prose, article, false)).toBe(false);
    const withFacts = pageFromHtml(page(facts));
    const factsProse = proseAfterHeading(withFacts.body);
    const factsArticle = withFacts.getElementById('article') as Element;
    factsArticle.querySelector('.date')?.remove();
    expect(leavesOutDiscussion(factsProse, factsArticle, true)).toBe(false);
  });

  it('counts letters, so prose without spaces between words is prose', () => {
    const question =
      '<p>ビルドが火曜日だけ遅いのはなぜですか。ほかの曜日は四分で終わるのに、火曜日は四十分かかります。</p>';
    const answer =
      '<p>火曜日にはバックアップのジョブが動いています。まずその予定を確認してください。</p>';
    const page = (article: string) => `<body><h1>質問</h1><p>2時間前</p>${article}</body>`;
    expect(judged(page(`<div id="article">${question}${answer}</div>`))).toBe(false);
    expect(judged(page(`${question}<div id="article">${answer}</div>`))).toBe(true);
  });

  it('does not judge an article whose start it cannot find in the page', () => {
    const doc = pageFromHtml(`<body>${header}${post}${reply}</body>`);
    const elsewhere = pageFromHtml(
      '<body><div id="a"><p>Text the page does not hold at all, anywhere.</p></div></body>',
    );
    expect(
      leavesOutDiscussion(
        proseAfterHeading(doc.body),
        elsewhere.getElementById('a') as Element,
        true,
      ),
    ).toBe(false);
  });
});

describe('where a discussion clipped whole starts', () => {
  const lead = '<div class="top"><a href="/">Forum</a><a href="/login">Log in</a></div>';
  const post =
    '<div class="post"><p class="by"><a href="/u/ann">ann</a> · 2h</p><h1>Slow builds</h1><p>It takes forty minutes on Tuesdays and four on other days.</p></div>';
  const reply =
    '<div class="reply"><p>Cron jobs run on Tuesdays, check the backup schedule.</p></div>';
  const textOf = (html: string) => {
    const doc = pageFromHtml(html);
    dropLeadBeforeMainHeading(doc.body);
    return doc.body.textContent ?? '';
  };

  it("drops the site's links above the block that holds the heading and the post", () => {
    const text = textOf(`<body>${lead}<main>${post}${reply}</main></body>`);
    expect(text).not.toContain('Log in');
    expect(text).toContain('ann · 2h');
    expect(text).toContain('Cron jobs run on Tuesdays');
  });

  it('keeps everything when the heading comes after the discussion', () => {
    const sidebar =
      '<aside-like class="about"><h1>About this forum</h1><p>A place to talk about builds and the tools that make them.</p></aside-like>';
    const discussion =
      '<div class="thread"><p>It takes forty minutes on Tuesdays and four on other days of the week.</p></div>';
    const text = textOf(`<body>${lead}${discussion}${sidebar}</body>`);
    expect(text).toContain('Log in');
    expect(text).toContain('It takes forty minutes');
  });
});

/**
 * The addresses of discussions, by which the engine knows a page no module claims any more is
 * still an issue or a thread: the pages of the same sites that are not one (a repository's
 * home, a pull request's diff, a subreddit, a profile) stay ordinary pages.
 */
describe("a site's discussion addresses", () => {
  const named = (address: string) => discussionAddressed([address])?.id;

  it.each([
    ['https://github.com/acme/widgets/issues/820', 'github'],
    ['https://github.com/acme/widgets/pull/815', 'github'],
    ['https://github.com/acme/widgets/discussions/41', 'github'],
    ['https://gitlab.com/acme/pipelines/-/issues/4211', 'gitlab'],
    ['https://git.example.org/infra/runner/-/merge_requests/12', 'gitlab'],
    ['https://unix.stackexchange.com/questions/10041/find-files', 'stack-exchange'],
    ['https://stackoverflow.com/questions/79012345/why', 'stack-exchange'],
    ['https://old.reddit.com/r/selfhosted/comments/1abcde/moved_my_notes/', 'reddit'],
    ['https://news.ycombinator.com/item?id=41000000', 'hacker-news'],
    ['https://lobste.rs/s/abc123/plain_text_notes', 'lobsters'],
    ['https://x.com/ada/status/1890000000000000000', 'x'],
    ['https://bsky.app/profile/ada.bsky.social/post/3kxyz', 'bluesky'],
    ['https://fosstodon.org/@ada/113456789012345678', 'mastodon'],
    ['https://chatgpt.com/share/67a1b2c3-0000', 'chatgpt'],
    ['https://claude.ai/share/5d6e7f80-1111', 'claude'],
    ['https://gemini.google.com/share/0a1b2c3d', 'gemini'],
  ])('%s is a discussion of %s', (address, id) => {
    expect(named(address)).toBe(id);
  });

  it.each([
    'https://github.com/acme/widgets',
    'https://github.com/acme/widgets/pull/815/files',
    'https://github.com/acme/widgets/issues',
    'https://gitlab.com/acme/pipelines',
    'https://stackoverflow.com/tags',
    'https://www.reddit.com/r/selfhosted/',
    'https://news.ycombinator.com/',
    'https://x.com/ada',
    'https://fosstodon.org/@ada',
    'https://medium.com/@ada/plain-text-notes-3f2a1b9c8d7e',
    'https://bsky.app/profile/ada.bsky.social',
    'https://chatgpt.com/',
    'https://example.org/questions/12/a-blog-post',
    'file:///home/ada/saved/issue-820.html',
  ])('%s is not', (address) => {
    expect(named(address)).toBeUndefined();
  });
});
