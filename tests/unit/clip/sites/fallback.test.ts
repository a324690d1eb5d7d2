import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { holdsWords, openingPostWords } from '../../../../utils/clip/prepare/opening-post';
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
    expect(clip.notices).toEqual([{ code: 'opening-post-missed' }]);
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
    expect(notices).toEqual([{ code: 'opening-post-missed' }]);
    const post = markdown.indexOf('Moved my notes service off a VPS');
    const firstComment = markdown.indexOf('What does it draw at idle?');
    expect(post).toBeGreaterThan(-1);
    expect(firstComment).toBeGreaterThan(post);
  });

  it('keeps the generic article, with no notice, when it already starts with the opening post', () => {
    const clip = clipChanged('bluesky');
    expect(clip.site).toBeUndefined();
    expect(clip.notices).toEqual([]);
    expect(clip.markdown).toContain('Fifteen years of paper notebooks');
  });

  it('leaves pages no module claims to the article Readability finds', () => {
    // The same Stack Overflow markup with the marks its module detects renamed: an ordinary
    // page to the engine, which keeps the article it finds.
    const html = readFileSync(
      join(SITES, 'stack-exchange', 'fixtures', 'changed-layout.html'),
      'utf8',
    )
      .replaceAll('js-post-body', 'post-body')
      .replaceAll('id="question"', 'id="q"');
    const result = clipFixture(html);
    if (!result.ok) throw new Error(result.error.code);
    expect(result.clip.notices).toEqual([]);
    expect(result.clip.markdown).not.toContain('I sort an array of numbers');
  });
});

describe('the opening post', () => {
  it('is the first sentence of prose after the main heading, outside links and chrome', () => {
    const doc = pageFromHtml(`<body>
      <header><p>Welcome to the forum, please read the rules before posting</p></header>
      <nav><p>Home Latest Top Categories and many more places to go</p></nav>
      <p>Text above the heading is the site's, not the discussion's opening</p>
      <h1>Why is my build slow on Tuesdays only</h1>
      <div class="meta"><a href="/u/ann">Ann Example posted this a long time ago</a> 3 days</div>
      <div class="post"><span>It</span> <b>takes</b> forty minutes on Tuesdays and four on other days.</div>
      <div class="reply"><p>Cron jobs run on Tuesdays, check the backup schedule.</p></div>
    </body>`);
    expect(openingPostWords(doc.body)).toEqual([
      'it',
      'takes',
      'forty',
      'minutes',
      'on',
      'tuesdays',
      'and',
      'four',
    ]);
  });

  it('is found from the top of a page without a main heading, and not at all without prose', () => {
    const doc = pageFromHtml(
      '<body><div>Short label</div><p>One two three four five six seven</p></body>',
    );
    expect(openingPostWords(doc.body)?.slice(0, 3)).toEqual(['one', 'two', 'three']);
    const empty = pageFromHtml(
      '<body><h1>Title</h1><a href="/x">A link with many words in it here</a></body>',
    );
    expect(openingPostWords(empty.body)).toBeUndefined();
  });

  it('is found in text whose elements meet without a space, and not in other words', () => {
    const doc = pageFromHtml(
      '<body><div id="a"><a href="/u">@mira</a><span>Fifteen years of paper</span><span>notebooks</span></div></body>',
    );
    const article = doc.getElementById('a') as Element;
    expect(holdsWords(article, ['fifteen', 'years', 'of', 'paper', 'notebooks'])).toBe(true);
    expect(holdsWords(article, ['fifteen', 'years', 'of', 'pencil'])).toBe(false);
  });
});
