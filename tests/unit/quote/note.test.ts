import { describe, expect, it } from 'vitest';
import type { PageQuote } from '../../../utils/clip/light';
import { insertQuote, placedQuotes } from '../../../utils/quote';
import { quoteMarkdown } from '../../../utils/quote/page';

/** A quote as the page's engine answers it: its Markdown, written there, and its place. */
const quote = (text: string, offset: number, pageLength = 1000): PageQuote => {
  const link = `https://example.com/a#:~:text=${encodeURIComponent(text)}`;
  return { markdown: quoteMarkdown({ text, offset, pageLength, link }), offset, pageLength, link };
};

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
    let note = `${header}${quote('middle', 500).markdown}\n`;
    note = insertQuote(note, quote('end', 900));
    note = insertQuote(note, quote('start', 10));
    note = insertQuote(note, quote('before middle', 400));
    expect(quotedTexts(note)).toEqual(['start', 'before middle', 'middle', 'end']);
    expect(placedQuotes(note)).toHaveLength(4);
    expect(note.startsWith(header)).toBe(true);
  });

  it('keep their order after the user edits a quote’s words, and compare places across page lengths', () => {
    let note = `${header}${quote('first', 100, 1000).markdown}\n`;
    note = note.replace('> first', '> first, as I remember it');
    // The page grew since: 300 of 2000 is later than 100 of 1000.
    note = insertQuote(note, quote('second', 300, 2000));
    expect(quotedTexts(note)).toEqual(['first, as I remember it', 'second']);
  });

  it('go at the end of a note that has none yet, after a rule', () => {
    const note = insertQuote('# A whole-page clip\n\nSome text.\n', quote('passage', 5));
    expect(note).toMatch(/Some text\.\n\n---\n\n> passage\n\n\[Go to the passage\]/);
  });
});
