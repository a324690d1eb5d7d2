import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clipDocument, clipModes } from '../../../utils/clip';
import { textLengthUpTo } from '../../../utils/clip/clip-document';
import { pageFromHtml, rangeOver, selectRanges } from './dom';

/**
 * Property tests: whatever a page contains, the engine answers with a Result and never throws;
 * and the text a reader sees on a generated page is all in its Markdown. Runs are few because
 * every case builds a jsdom document.
 */

const awkwardText = fc.stringMatching(/^[\w .,:;!?*_`~#>|$\\[\]()<&'"^=+-]{0,40}$/);
const word = fc.stringMatching(/^[a-z]{2,8}[0-9]?$/);
const words = fc.array(word, { minLength: 1, maxLength: 8 }).map((list) => list.join(' '));

const ATTRIBUTE_VALUES = [
  'language-js',
  'lang-python',
  'brush: ruby',
  'katex',
  'MathJax',
  'footnote-ref',
  'hidden',
  'javascript:alert(1)',
  'data:image/png;base64,AAAA',
  '#fn1',
  'https://example.com/a b(c)',
  'x.jpg 2x, y.jpg 9000w, ,',
  '999999',
  '-1',
  'true',
  '',
];
const attributeName = fc.constantFrom(
  'class',
  'href',
  'src',
  'srcset',
  'data-src',
  'colspan',
  'rowspan',
  'aria-hidden',
  'style',
  'id',
  'lang',
  'type',
  'start',
);
const attribute = fc
  .tuple(attributeName, fc.constantFrom(...ATTRIBUTE_VALUES))
  .map(([name, value]) => ` ${name}="${value.replace(/"/g, '&quot;')}"`);
const tagName = fc.constantFrom(
  'p',
  'div',
  'span',
  'a',
  'img',
  'pre',
  'code',
  'table',
  'tr',
  'td',
  'th',
  'ul',
  'ol',
  'li',
  'h1',
  'h3',
  'blockquote',
  'sup',
  'sub',
  'mark',
  'del',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'picture',
  'source',
  'iframe',
  'video',
  'math',
  'mi',
  'msup',
  'annotation',
  'script',
  'noscript',
  'br',
  'input',
  'details',
  'summary',
  'svg',
  'frame',
  'template',
  'section',
  'article',
  'em',
  'strong',
);

const { node: arbitraryMarkup } = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    awkwardText,
    fc
      .tuple(
        tagName,
        fc.array(attribute, { maxLength: 3 }),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.boolean(),
      )
      .map(
        ([tag, attributes, children, closed]) =>
          `<${tag}${attributes.join('')}>${children.join('')}${closed ? `</${tag}>` : ''}`,
      ),
  ),
}));

describe('clipping any page', () => {
  it('never throws, in any mode, and explains every failure', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryMarkup, { maxLength: 6 }),
        fc.constantFrom(...clipModes),
        (parts, mode) => {
          const doc = pageFromHtml(
            `<!DOCTYPE html><html><head><title>t</title></head><body>${parts.join('')}</body></html>`,
          );
          if (mode === 'selection' && doc.body.firstElementChild)
            selectRanges(doc, [rangeOver(doc, 'body > *')]);
          const result = clipDocument(doc, { mode, imageUrl: 'https://example.com/i.png' });
          if (result.ok) expect(typeof result.clip.markdown).toBe('string');
          else expect(result.error.code).toMatch(/^[a-z-]+$/);
          expect(result.ok || result.error.kind !== 'internal').toBe(true);
        },
      ),
      { numRuns: 30 },
    );
  }, 60_000);
});

// Blocks a reader sees, each given as [html, its visible text].
const inline = fc.oneof(
  words.map((text) => [text, text] as const),
  words.map((text) => [`<em>${text}</em>`, text] as const),
  words.map((text) => [`<strong>${text}</strong>`, text] as const),
  words.map((text) => [`<a href="/x/${text.length}">${text}</a>`, text] as const),
  words.map((text) => [`<code>${text}</code>`, text] as const),
);
const sentence = fc
  .array(inline, { minLength: 1, maxLength: 4 })
  .map(
    (parts) =>
      [parts.map(([html]) => html).join(' '), parts.map(([, text]) => text).join(' ')] as const,
  );
const block = fc.oneof(
  sentence.map(([html, text]) => [`<p>${html}</p>`, text] as const),
  sentence.map(([html, text]) => [`<h2>${html}</h2>`, text] as const),
  fc
    .array(sentence, { minLength: 1, maxLength: 4 })
    .map(
      (items) =>
        [
          `<ul>${items.map(([html]) => `<li>${html}</li>`).join('')}</ul>`,
          items.map(([, text]) => text).join(' '),
        ] as const,
    ),
  sentence.map(([html, text]) => [`<blockquote><p>${html}</p></blockquote>`, text] as const),
  fc
    .array(words, { minLength: 2, maxLength: 3 })
    .map(
      (cells) =>
        [
          `<table><tr>${cells.map((cell) => `<th>${cell}</th>`).join('')}</tr><tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr></table>`,
          [...cells, ...cells].join(' '),
        ] as const,
    ),
  fc
    .array(words, { minLength: 1, maxLength: 4 })
    .map(
      (lines) =>
        [
          `<pre><code class="language-js">${lines.join('\n')}</code></pre>`,
          lines.join(' '),
        ] as const,
    ),
);

function tokens(text: string): string[] {
  return text.match(/\w+/g) ?? [];
}

describe('visible text', () => {
  it('survives into the Markdown of the whole page', () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 8 }), (blocks) => {
        const doc = pageFromHtml(
          `<html><head><title>t</title></head><body><main>${blocks.map(([html]) => html).join('\n')}</main></body></html>`,
        );
        const result = clipDocument(doc, { mode: 'full-page' });
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const present = new Set(tokens(result.clip.markdown));
        const missing = blocks
          .flatMap(([, text]) => tokens(text))
          .filter((token) => !present.has(token));
        expect(missing).toEqual([]);
      }),
      { numRuns: 30 },
    );
  }, 60_000);
});

describe('counting a page’s text', () => {
  // Readability's own measure of an attempt (`_getInnerText(element, true)`): the engine asks it
  // to stop once an attempt is as long as the page, so the engine's count must be the same.
  const readabilityLength = (element: Element) =>
    (element.textContent ?? '').trim().replace(/\s{2,}/g, ' ').length;
  const blank = fc.constantFrom(' ', '\n', '\t', '\u00a0', '\u2003', '\u3000', '\ufeff', '\r\n  ');
  const piece = fc.oneof(
    word,
    blank,
    fc.array(fc.oneof(word, blank), { minLength: 1, maxLength: 6 }).map((list) => list.join('')),
  );

  it('counts as Readability does, up to the floor', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('p', 'div', 'span', 'li', ''), piece), {
          maxLength: 12,
        }),
        fc.integer({ min: 1, max: 80 }),
        (parts, floor) => {
          const doc = pageFromHtml(
            '<!DOCTYPE html><html><body><div id="root"></div></body></html>',
          );
          const root = doc.getElementById('root') as Element;
          for (const [tag, text] of parts) {
            if (tag === '') root.append(text);
            else root.append(Object.assign(doc.createElement(tag), { textContent: text }));
          }
          const expected = Math.min(readabilityLength(root), floor);
          expect(textLengthUpTo(root, floor)).toBe(expected);
        },
      ),
      { numRuns: 150 },
    );
  });
});
