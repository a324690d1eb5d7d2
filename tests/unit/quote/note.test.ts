import { describe, expect, it } from 'vitest';
import { insertQuote, placedQuotes, type Quote, quoteMarkdown } from '../../../utils/quote';
import { unsafeParts } from '../clip/markdown-safety';

const quote = (text: string, offset: number, pageLength = 1000): Quote => ({
  text,
  offset,
  pageLength,
  link: `https://example.com/a#:~:text=${encodeURIComponent(text)}`,
});

/** The quotes' words in the order the note shows them. */
function quotedTexts(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('> '))
    .map((line) => line.slice(2));
}

describe('quotes in a note', () => {
  const header = 'Source: [Page](https://example.com/a) \\\nClipped 24 Nov 2026\n\n';

  it('go in page order whatever order they were quoted in', () => {
    let note = `${header}${quoteMarkdown(quote('middle', 500))}\n`;
    note = insertQuote(note, quote('end', 900));
    note = insertQuote(note, quote('start', 10));
    note = insertQuote(note, quote('before middle', 400));
    expect(quotedTexts(note)).toEqual(['start', 'before middle', 'middle', 'end']);
    expect(placedQuotes(note)).toHaveLength(4);
    expect(note.startsWith(header)).toBe(true);
  });

  it('keep their order after the user edits a quote’s words, and compare places across page lengths', () => {
    let note = `${header}${quoteMarkdown(quote('first', 100, 1000))}\n`;
    note = note.replace('> first', '> first, as I remember it');
    // The page grew since: 300 of 2000 is later than 100 of 1000.
    note = insertQuote(note, quote('second', 300, 2000));
    expect(quotedTexts(note)).toEqual(['first, as I remember it', 'second']);
  });

  it('go at the end of a note that has none yet, after a rule', () => {
    const note = insertQuote('# A whole-page clip\n\nSome text.\n', quote('passage', 5));
    expect(note).toMatch(/Some text\.\n\n---\n\n> passage\n\n\[Go to the passage\]/);
  });

  it('keep paragraphs as paragraphs of one blockquote', () => {
    expect(quoteMarkdown({ ...quote('one\ntwo', 1), link: undefined } as Quote)).toBe(
      '> one\n>\n> two',
    );
  });

  it('never turn page text into a live link, raw HTML or other Markdown', () => {
    const hostile = [
      '[click](javascript:alert(1)) <img src=x onerror=alert(1)>',
      '# not a heading',
      '> not a nested quote',
      '<script>alert(1)</script>',
      '![](https://tracker.example/p.gif) javascript:alert(1) data:text/html,<b>x</b>',
      '1. not a list | a | table',
      '---',
    ].join('\n');
    const note = insertQuote(`${header}`, { ...quote(hostile, 3), link: undefined } as Quote);
    expect(unsafeParts(note)).toEqual([]);
    expect(note).not.toMatch(/<img|<script|[^\\]\]\(javascript/);
    expect(note).not.toMatch(/^> #|^> >|^> ---/m);
  });

  it('link back only to http(s) pages', () => {
    const bad = quoteMarkdown({ ...quote('x', 1), link: 'javascript:alert(1)//#:~:text=x' });
    expect(bad).toBe('> x');
    const good = quoteMarkdown(quote('x', 1));
    expect(unsafeParts(good)).toEqual([]);
    expect(good).toContain('(https://example.com/a#:~:text=x "Clipdeck quote at 1 of 1000")');
  });
});
