import { describe, expect, it } from 'vitest';
import { insertQuote } from '../../../../utils/quote';
import { type Quote, quoteMarkdown } from '../../../../utils/quote/page';
import { unsafeParts } from '../../clip/safety/markdown-safety';

const quote = (text: string, offset: number, pageLength = 1000): Quote => ({
  text,
  offset,
  pageLength,
  link: `https://example.com/a#:~:text=${encodeURIComponent(text)}`,
});

/** The quote as the page's engine writes it, before the background places it in a note. */
describe('a quote’s Markdown', () => {
  const header = 'Source: [Page](https://example.com/a) \\\nClipped 24 Nov 2026\n\n';

  it('keeps paragraphs as paragraphs of one blockquote', () => {
    expect(quoteMarkdown({ ...quote('one\ntwo', 1), link: undefined } as Quote)).toBe(
      '> one\n>\n> two',
    );
  });

  it('never turns page text into a live link, raw HTML or other Markdown, in the note too', () => {
    const hostile = [
      '[click](javascript:alert(1)) <img src=x onerror=alert(1)>',
      '# not a heading',
      '> not a nested quote',
      '<script>alert(1)</script>',
      '![](https://tracker.example/p.gif) javascript:alert(1) data:text/html,<b>x</b>',
      '1. not a list | a | table',
      '---',
    ].join('\n');
    const markdown = quoteMarkdown({ ...quote(hostile, 3), link: undefined } as Quote);
    const note = insertQuote(header, { markdown, offset: 3, pageLength: 1000 });
    expect(unsafeParts(note)).toEqual([]);
    expect(note).not.toMatch(/<img|<script|[^\\]\]\(javascript/);
    expect(note).not.toMatch(/^> #|^> >|^> ---/m);
  });

  it('links back only to http(s) pages', () => {
    const bad = quoteMarkdown({ ...quote('x', 1), link: 'javascript:alert(1)//#:~:text=x' });
    expect(bad).toBe('> x');
    const good = quoteMarkdown(quote('x', 1));
    expect(unsafeParts(good)).toEqual([]);
    expect(good).toContain('(https://example.com/a#:~:text=x "Clipdeck quote at 1 of 1000")');
  });
});
