import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { detectSite } from '../../../../utils/clip/sites';
import { pageFromHtml } from '../dom';

/**
 * X beyond its golden notes: an X Article kept as a saved copy without the web app around it
 * (no `#react-root`, no post card with an author line), as reading-view savers and reduced copies
 * keep it, on a status address of a page X served in another language.
 */
const ARTICLE_ALONE = `<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="utf-8">
<title>X 上的 Lin Yue：“慢慢写的笔记” / X</title></head>
<body>
<div data-testid="twitter-article-title">Slow notes, kept</div>
<div data-testid="twitterArticleRichTextView">
  <div class="longform-unstyled" data-block="true"><div class="public-DraftStyleDefault-block">
    <span><span data-text="true">I write one note a day and never more.</span></span>
  </div></div>
  <div class="longform-unstyled" data-block="true"><div class="public-DraftStyleDefault-block">
    <span><span data-text="true">The second paragraph keeps the reason: fewer notes, reread more often.</span></span>
  </div></div>
</div>
</body></html>`;

function clip(html: string, url: string) {
  const result = clipDocument(pageFromHtml(html, url), { mode: 'article' });
  if (!result.ok) throw new Error(result.error.code);
  return result.clip;
}

describe('X articles saved alone', () => {
  const url = 'https://x.com/lin_yue/status/1900000000000000001';

  it('reads the article by its reading view, without the app around it', () => {
    expect(detectSite(pageFromHtml(ARTICLE_ALONE, url))?.id).toBe('x');
    const note = clip(ARTICLE_ALONE, url);
    expect(note.site).toBe('x');
    expect(note.markdown).toContain('I write one note a day and never more.');
    expect(note.markdown).toContain('fewer notes, reread more often.');
  });

  it('takes the title from the article, not the page title X words in its language', () => {
    expect(clip(ARTICLE_ALONE, url).metadata.title).toBe('Slow notes, kept');
  });

  it('names the author by the handle in the address when the page names nobody', () => {
    expect(clip(ARTICLE_ALONE, url).metadata.author).toBe('@lin_yue');
    const onArticleAddress = 'https://x.com/lin_yue/article/1900000000000000001';
    expect(clip(ARTICLE_ALONE, onArticleAddress).metadata.author).toBe('@lin_yue');
  });
});
