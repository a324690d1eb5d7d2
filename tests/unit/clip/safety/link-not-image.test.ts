import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { pageFromHtml, rangeOver, selectRanges } from '../dom';

/**
 * A page's link must stay a link: a `!` in the words right before it, or `![` in its own words,
 * would make a CommonMark renderer show the link's address as a picture (any address a page
 * likes, loaded when the note is read). Found by safety.properties.test.ts with a mailto: link
 * whose words were `![image](javascript:alert(1)) link`.
 */
function kinds(markdown: string): { images: string[]; links: string[] } {
  const found = { images: [] as string[], links: [] as string[] };
  const walk = (node: Nodes) => {
    if (node.type === 'image') found.images.push(node.url);
    if (node.type === 'link') found.links.push(node.url);
    if ('children' in node) for (const child of node.children) walk(child as Nodes);
  };
  walk(fromMarkdown(markdown));
  return found;
}

const PROSE =
  '<p>The keepers logged the weather, the ships that passed and the state of the lamp every four hours, and wrote down anything out of the ordinary.</p>';

describe('a link stays a link', () => {
  const picked = [
    '<p>Wow!<a href="https://evil.example/pixel.png">the tide table</a> for May.</p>',
    '<p><a href="mailto:keeper@example.org">![image](javascript:alert(1)) link</a></p>',
    '<p>See <a href="https://example.org/a">![x</a>(https://evil.example/p2.png) here.</p>',
  ];
  const html = `<!DOCTYPE html><html><head><title>Harbour</title></head><body><article><h1>Harbour report</h1>${PROSE}<div id="picked">${picked.join(PROSE)}</div>${PROSE}${PROSE}</article></body></html>`;

  for (const mode of ['article', 'selection'] as const) {
    it(`in ${mode} mode: no picture, the three links kept, the words as the page shows them`, () => {
      const doc = pageFromHtml(html);
      if (mode === 'selection') selectRanges(doc, [rangeOver(doc, '#picked')]);
      const result = clipDocument(doc, { mode });
      if (!result.ok) throw new Error(`not clipped: ${result.error.kind}`);
      const { images, links } = kinds(result.clip.markdown);
      expect(images).toEqual([]);
      expect(links).toEqual([
        'https://evil.example/pixel.png',
        'mailto:keeper@example.org',
        'https://example.org/a',
      ]);
      expect(result.clip.markdown).toContain(
        'Wow\\![the tide table](https://evil.example/pixel.png)',
      );
    });
  }
});
