import { describe, expect, it } from 'vitest';
import { linkBookmarkContent } from '../../../../utils/quick-capture/page';
import { inspectMarkdown, paragraphLines } from '../../clip/safety/note-safety';

/** A link bookmark's words come from the page the link was on: they must stay words. */
describe('link bookmark content from a hostile page', () => {
  const hostile = {
    url: 'https://guides.example.org/tide-pools',
    text: 'Pools](javascript:alert(1)) <img src=x onerror=alert(1)> [x',
    pageUrl: 'https://review.example.com/anemones.html',
    pageTitle: '# Review\n> <script>alert(1)</script> ![i](javascript:alert(2))',
  };

  it('keeps the link words and page title as text, and links only the two web addresses', () => {
    const markdown = linkBookmarkContent(hostile);
    const findings = inspectMarkdown(markdown);
    expect(findings.badDestinations).toEqual([]);
    expect(findings.pageHtml).toEqual([]);
    expect(findings.blocks).toEqual(['paragraph', 'paragraph']);
    expect(paragraphLines(markdown, 0)).toEqual([
      'Pools](javascript:alert(1)) <img src=x onerror=alert(1)> [x',
    ]);
    expect(paragraphLines(markdown, 1)).toEqual([
      'Found on # Review > <script>alert(1)</script> ![i](javascript:alert(2))',
    ]);
  });

  it('links the page it was found on only when that page has a web address', () => {
    const markdown = linkBookmarkContent({ ...hostile, pageUrl: 'javascript:alert(1)' });
    expect(markdown).not.toContain('Found on');
    expect(inspectMarkdown(markdown).badDestinations).toEqual([]);
  });
});
