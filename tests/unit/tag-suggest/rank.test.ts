import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  markdownHeadings,
  pageWords,
  rankTags,
  SUGGESTIONS_SHOWN,
  sameStem,
  siteOf,
  type TagAccount,
} from '../../../utils/tag-suggest';

const EMPTY: TagAccount = { tags: [], recentTags: [] };

function account(overrides: Partial<TagAccount> = {}): TagAccount {
  return {
    tags: [
      { tag: 'reading', count: 40 },
      { tag: 'climate', count: 12 },
      { tag: 'rust', count: 9 },
      { tag: 'elections', count: 5 },
      { tag: 'machine-learning', count: 3 },
      { tag: 'café', count: 2 },
    ],
    recentTags: ['reading', 'climate'],
    ...overrides,
  };
}

describe('rankTags', () => {
  it('suggests nothing for an empty account, whatever the page', () => {
    const page = pageWords({ title: 'Rust 2026: what is new', headings: ['Async', 'Errors'] });
    expect(rankTags({ account: EMPTY, page })).toEqual([]);
    expect(rankTags({ account: EMPTY })).toEqual([]);
    expect(rankTags({ account: EMPTY, typed: 'ru' })).toEqual([]);
  });

  it('puts a tag given to other pages of the same site before the recent tags', () => {
    const ranked = rankTags({
      account: account({ site: { notes: 3, tags: [{ tag: 'rust', count: 3 }] } }),
      page: pageWords({ title: 'Release notes', headings: [] }),
    });
    expect(ranked[0]).toBe('rust');
    expect(ranked.indexOf('rust')).toBeLessThan(ranked.indexOf('reading'));
  });

  it('without a site match, recent tags come before merely popular ones', () => {
    const ranked = rankTags({
      account: account({ recentTags: ['café'] }),
      page: pageWords({ title: 'Nothing in common', headings: [] }),
    });
    expect(ranked[0]).toBe('café');
  });

  it('finds tag words in the title across case, accents and word forms', () => {
    const ranked = rankTags({
      account: account(),
      page: pageWords({ title: 'ÉLECTIONS: what the polls say', headings: [] }),
    });
    expect(ranked[0]).toBe('elections');
    const cafe = rankTags({
      account: account(),
      page: pageWords({ title: 'The best CAFES in Lyon', headings: [] }),
    });
    expect(cafe[0]).toBe('café');
  });

  it('matches every word of a multi-word tag, in the headings too', () => {
    const ranked = rankTags({
      account: account({ recentTags: [] }),
      page: pageWords({ title: 'A tour', headings: ['Machine Learned models', 'Learning rates'] }),
    });
    expect(ranked[0]).toBe('machine-learning');
  });

  it('matches tags inside text written without spaces', () => {
    const ranked = rankTags({
      account: {
        tags: [
          { tag: 'reading', count: 9 },
          { tag: '東京', count: 1 },
        ],
        recentTags: [],
      },
      page: pageWords({ title: '東京の天気予報', headings: [] }),
    });
    expect(ranked[0]).toBe('東京');
  });

  it('never offers a chosen tag, and filters by what is typed, starting matches first', () => {
    const ranked = rankTags({ account: account(), typed: 'RE', chosen: ['Reading'] });
    expect(ranked).not.toContain('reading');
    expect(rankTags({ account: account(), typed: 'ing' })).toEqual(['reading', 'machine-learning']);
    expect(rankTags({ account: account(), typed: 'cafe' })).toEqual(['café']);
  });

  it('returns at most the shown number of distinct tags', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ tag: fc.string({ minLength: 1 }), count: fc.nat(50) })),
        fc.array(fc.string()),
        fc.string(),
        (tags, recentTags, title) => {
          const ranked = rankTags({
            account: {
              tags: tags.map(({ tag, count }) => ({ tag, count: count + 1 })),
              recentTags,
            },
            page: pageWords({ title, headings: [] }),
          });
          expect(ranked.length).toBeLessThanOrEqual(SUGGESTIONS_SHOWN);
          expect(new Set(ranked.map((tag) => tag.normalize('NFKD').toLowerCase())).size).toBe(
            ranked.length,
          );
        },
      ),
    );
  });
});

describe('words and sites', () => {
  it('reads forms of a word as one stem, short words only when equal', () => {
    expect(sameStem('election', 'elections')).toBe(true);
    expect(sameStem('ukraine', 'ukrainian')).toBe(true);
    expect(sameStem('program', 'programming')).toBe(true);
    expect(sameStem('art', 'article')).toBe(false);
    expect(sameStem('politics', 'police')).toBe(false);
  });

  it('names a page’s site by its registrable domain', () => {
    expect(siteOf('https://www.bbc.co.uk/news/a?b=1')).toBe('bbc.co.uk');
    expect(siteOf('https://blog.example.com/post')).toBe('example.com');
    expect(siteOf('http://127.0.0.1:8080/a.html')).toBe('127.0.0.1');
    expect(siteOf('about:blank')).toBeUndefined();
  });

  it('reads ATX and setext headings from Markdown', () => {
    expect(markdownHeadings('# One\n\ntext\n\nTwo\n---\n\n### Three ###\n')).toEqual([
      'One',
      'Two',
      'Three',
    ]);
  });
});

describe('the ranking stays in the browser', () => {
  it('imports nothing that could send: no fetch, messaging, storage or other domains', () => {
    const folder = join(__dirname, '../../../utils/tag-suggest');
    for (const file of readdirSync(folder)) {
      const source = readFileSync(join(folder, file), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
      expect(
        imports.every((path) => path?.startsWith('./')),
        file,
      ).toBe(true);
      expect(source, file).not.toMatch(
        /\b(?:fetch|XMLHttpRequest|WebSocket|sendBeacon|sendMessage|browser\.|chrome\.)/,
      );
    }
  });
});
