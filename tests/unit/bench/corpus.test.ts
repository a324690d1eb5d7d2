import { describe, expect, it } from 'vitest';
import { type CorpusPage, defuddleUrl, pageFilter } from '../../../bench/corpus';

const page = (set: CorpusPage['set'], name: string): CorpusPage => ({
  set,
  name,
  file: `${set}/${name}.html`,
  url: 'http://fakehost/test/page.html',
  bytes: 1,
});
const PAGES = [
  page('readability', 'wikipedia'),
  page('readability', 'wikipedia-2'),
  page('readability', 'nytimes-1'),
  page('defuddle', 'math--wikipedia-mathml'),
];
const pick = (pattern: string | undefined) =>
  PAGES.filter(pageFilter(pattern)).map((entry) => `${entry.set}/${entry.name}`);

describe('pageFilter', () => {
  it('keeps every page without a pattern', () => {
    expect(pick(undefined)).toHaveLength(4);
  });

  it('matches plain text as a substring, globs as whole names, /…/ as a regex', () => {
    expect(pick('wiki')).toHaveLength(3);
    expect(pick('wikipedia*')).toEqual(['readability/wikipedia', 'readability/wikipedia-2']);
    expect(pick('/^nytimes-\\d$/')).toEqual(['readability/nytimes-1']);
  });

  it('matches against set/name too, and takes several patterns', () => {
    expect(pick('defuddle/*,nytimes-1')).toEqual([
      'readability/nytimes-1',
      'defuddle/math--wikipedia-mathml',
    ]);
  });
});

describe('defuddleUrl', () => {
  it('reads the URL from the first-line comment, after a doctype', () => {
    const html = '<!DOCTYPE html>\n<!-- {"url":"https://example.com/post"} -->\n<html></html>';
    expect(defuddleUrl('codeblocks--x', html)).toBe('https://example.com/post');
  });

  it('otherwise makes one from the name without its category', () => {
    expect(defuddleUrl('codeblocks--rehype-pretty-code', '<html></html>')).toBe(
      'https://rehype-pretty-code',
    );
    expect(defuddleUrl('author-share-widget', '<html></html>')).toBe('https://author-share-widget');
  });
});
