import { describe, expect, it } from 'vitest';
import { parseMarkdown, plainText } from '../../../bench/metrics/markdown';

const render = (markdown: string) => plainText(parseMarkdown(markdown));

describe('plainText', () => {
  it('keeps link text and drops link targets', () => {
    expect(render('Read [the docs](https://example.com/docs "Docs") now.')).toBe(
      'Read the docs now.',
    );
  });

  it('drops images, their URLs and their alt text', () => {
    expect(render('Before ![A cat](https://example.com/cat.png) after')).toBe('Before  after');
  });

  it('drops reference definitions but keeps reference link text', () => {
    expect(render('See [the spec][spec].\n\n[spec]: https://example.com/spec')).toBe(
      'See the spec.',
    );
  });

  it('separates blocks so words of adjacent blocks never join', () => {
    expect(render('# Title\nFirst paragraph\n\n- one\n- two\n\n> quoted')).toBe(
      'Title\n\nFirst paragraph\n\none\n\ntwo\n\nquoted',
    );
  });

  it('keeps the text of code, math, tables and footnotes without their syntax', () => {
    const text = render(
      '```js\nconst a = 1;\n```\n\n$$\nE = mc^2\n$$\n\n| a | b |\n|---|---|\n| c | d |\n\nNote[^1]\n\n[^1]: The footnote.',
    );
    for (const part of ['const a = 1;', 'E = mc^2', 'a', 'd', 'The footnote.']) {
      expect(text).toContain(part);
    }
    expect(text).not.toMatch(/```|\$\$|\|/);
  });

  it('keeps the text of raw HTML without its tags', () => {
    expect(render('<table><tr><td>cell</td></tr></table>').trim()).toBe('cell');
  });

  it('joins the text of inline tags to the words around it, as a browser shows it', () => {
    expect(render('AA<sup>H</sup> = A<sup>H</sup>A, H<sub>2</sub>O')).toBe('AAH = AHA, H2O');
  });

  it('reads setext and ATX headings, and either list marker, the same way', () => {
    expect(render('Title\n=====\n\n* item')).toBe(render('# Title\n\n- item'));
  });
});
