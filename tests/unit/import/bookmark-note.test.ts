import fc from 'fast-check';
import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString as textOf } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { bookmarkNoteFromLink, type ImportedLink } from '../../../utils/import';
import { unsafeParts } from '../clip/safety/markdown-safety';

function parse(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

function linksIn(node: Nodes): string[] {
  const own = node.type === 'link' ? [node.url] : [];
  const children =
    'children' in node ? node.children.flatMap((child) => linksIn(child as Nodes)) : [];
  return [...own, ...children];
}

const link: ImportedLink = {
  url: 'https://example.com/boring-tech?id=7',
  title: 'Why "boring" tech wins',
  tags: ['engineering', 'to read'],
  folders: ['Work', 'Reading'],
  excerpt: 'Choose boring technology.\n\nIt is known.',
  savedAt: '2023-11-14T22:13:20.000Z',
  highlights: ['Slow down.\nRead again.\n\nNote: Try this weekly', 'Attention is scarce.'],
  line: 3,
};

describe('bookmarkNoteFromLink', () => {
  it('writes the title, the address as a link, the day saved, the excerpt, and the highlights quoted', () => {
    const note = bookmarkNoteFromLink(link, {
      format: 'pocket',
      locale: 'en-GB',
      timeZone: 'UTC',
      tags: ['imported', 'Engineering'],
    });
    expect(note.title).toBe('Why "boring" tech wins');
    expect(note.markdown_text).toBe(
      [
        'Source: [Why "boring" tech wins](https://example.com/boring-tech?id=7) \\',
        'Saved 14 November 2023 \\',
        'Imported from a Pocket export (CSV)',
        '',
        'Choose boring technology.',
        '',
        'It is known.',
        '',
        '## Highlights',
        '',
        '> Slow down. Read again.',
        '>',
        '> Note: Try this weekly',
        '',
        '> Attention is scarce.',
        '',
      ].join('\n'),
    );
    // The user's tags are normalised with the export's: "Engineering" is already there.
    expect(note.tags).toEqual(['engineering', 'to read', 'imported']);
  });

  it('reads as a renderer reads it: one link, each highlight its own quote under the heading', () => {
    const tree = parse(bookmarkNoteFromLink(link).markdown_text);
    expect(linksIn(tree)).toEqual(['https://example.com/boring-tech?id=7']);
    const heading = tree.children.findIndex((node) => node.type === 'heading');
    const quotes = tree.children.slice(heading + 1);
    expect(quotes.map((node) => node.type)).toEqual(['blockquote', 'blockquote']);
    expect(textOf(quotes[1])).toBe('Attention is scarce.');
  });

  it('files the folder path as a tag when asked', () => {
    expect(bookmarkNoteFromLink(link, { folderTags: true }).tags).toContain('Work/Reading');
    expect(bookmarkNoteFromLink(link).tags).not.toContain('Work/Reading');
  });

  it('names a link without a title by its address, and leaves out what the export did not know', () => {
    const bare = {
      url: 'https://example.net/untitled',
      tags: [],
      folders: [],
      highlights: [],
      line: 1,
    };
    const note = bookmarkNoteFromLink(bare);
    expect(note.title).toBe('example.net/untitled');
    expect(note.markdown_text).toBe(
      'Source: [https://example.net/untitled](https://example.net/untitled)\n',
    );
  });
});

/** What an export file may hold in any field, most of it hostile to a Markdown note. */
const HOSTILE = [
  'javascript:alert(1)',
  '[click](javascript:alert(1))',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '![x](data:text/html,<script>)',
  '<javascript:alert(1)>',
  '[a]: javascript:alert(1)',
  '# heading',
  '> quote',
  '- item',
  '1. item',
  '```',
  '---',
  '| a | b |',
  '*emphasis*',
  '\\',
  '&lt;b&gt;',
  '\u202e',
  '\u0000',
  '\r\n',
  '\n\n',
  'https://example.com/a)b',
  'www.example.com',
  '<!-- c -->',
  '$x$',
] as const;

const hostileText = fc
  .array(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 8 })), { maxLength: 6 })
  .map((parts) => parts.join(''));

const hostileLink: fc.Arbitrary<ImportedLink> = fc.record({
  url: fc.oneof(
    fc.constant('https://example.com/page'),
    fc.webUrl(),
    hostileText.map((text) => `https://example.com/${encodeURIComponent(text)}`),
    hostileText,
  ),
  title: fc.option(hostileText, { nil: undefined }),
  tags: fc.array(hostileText, { maxLength: 3 }),
  folders: fc.array(hostileText, { maxLength: 3 }),
  excerpt: fc.option(hostileText, { nil: undefined }),
  savedAt: fc.option(
    fc
      .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
      .map((date) => date.toISOString()),
    { nil: undefined },
  ),
  highlights: fc.array(hostileText, { maxLength: 4 }),
  line: fc.nat(),
});

describe('whatever the file holds', () => {
  it('makes no live link but its http(s) address, no raw HTML, a one-line title', () => {
    fc.assert(
      fc.property(hostileLink, fc.boolean(), (imported, folderTags) => {
        const note = bookmarkNoteFromLink(imported, { folderTags, format: 'netscape' });
        // GFM makes words like `www.a.bjavascript:x` an autolink literal: always http(s), though
        // not always a parseable URL, which the shared check counts. Those alone are allowed, and
        // GFM's email literals (mailto:), which the project allows in every note.
        const problems = unsafeParts(note.markdown_text).filter(
          (problem) => !/^link to https?:\/\//.test(problem),
        );
        expect(problems).toEqual([]);
        for (const url of linksIn(parse(note.markdown_text))) {
          expect(url).toMatch(/^(?:https?:\/\/|mailto:)/);
        }
        expect(note.title).not.toMatch(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u);
        expect(note.title.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  }, 30_000);

  it('keeps the header, excerpt and highlights where they belong: nothing escapes its quote', () => {
    fc.assert(
      fc.property(hostileLink, (imported) => {
        const { markdown_text } = bookmarkNoteFromLink(imported);
        const tree = parse(markdown_text);
        const headings = tree.children.filter((node) => node.type === 'heading');
        // Only the note's own heading, and only when there is a highlight with words.
        expect(headings.length).toBeLessThanOrEqual(1);
        const at = tree.children.findIndex((node) => node.type === 'heading');
        if (at === -1) return;
        expect(textOf(tree.children[at])).toBe('Highlights');
        const after = tree.children.slice(at + 1);
        expect(after.every((node) => node.type === 'blockquote')).toBe(true);
        expect(after.length).toBeLessThanOrEqual(imported.highlights.length);
      }),
      { numRuns: 300 },
    );
  }, 30_000);
});
