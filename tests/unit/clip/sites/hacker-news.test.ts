import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { readSiteFixture } from '../../../support/site-fixtures';
import { pageFromHtml } from '../dom';
import { fixtureOptions } from '../fixture-page';

/** Hacker News lists of stories (the front page, "new", "ask") beyond their golden note. */
function clip(html: string) {
  const result = clipDocument(pageFromHtml(html, fixtureOptions(html).url), { mode: 'article' });
  if (!result.ok) throw new Error(result.error.code);
  return result.clip;
}

describe('hacker news story lists', { timeout: 30_000 }, () => {
  it('keeps the ranked list: each title linked to its target, with its facts and discussion', () => {
    const { markdown, site } = clip(readSiteFixture('hacker-news/fixtures/front-page.html'));
    expect(site).toBe('hacker-news');
    expect(markdown.match(/^\d+\. \[/gm)).toEqual(['1. [', '2. [', '3. [', '4. [']);
    expect(markdown).toContain(
      '1. [Ten years of notes in plain text](https://notes.example.org/plain-text-ten-years) (notes.example.org)\\\n' +
        '   **vellum** · [2026-02-12](https://news.ycombinator.com/item?id=43100201) · 412 points · 188 comments',
    );
    // "discuss" and the age are no comment count; a job has neither author nor points.
    expect(markdown).toMatch(/\*\*tinyclip_dev\*\* · \[2026-02-12\]\([^)]*\) · 31 points$/m);
    expect(markdown).not.toMatch(/hours ago|discuss|\bhide\b|More\]/);
  });

  it('numbers a later page from its first rank', () => {
    const html = readSiteFixture('hacker-news/fixtures/front-page.html').replace(
      /<span class="rank">(\d+)\.<\/span>/g,
      (_, rank: string) => `<span class="rank">${Number(rank) + 30}.</span>`,
    );
    expect(clip(html).markdown).toMatch(/^31\. \[Ten years of notes/m);
  });
});
