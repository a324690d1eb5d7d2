import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Readability } from '@mozilla/readability';
import fc from 'fast-check';
import { JSDOM, VirtualConsole } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { PreparedReadability, type RestartPoint } from '../../../utils/clip/readability';

/**
 * The engine's Readability answers every per-node check it reorders exactly as Readability
 * 0.6.0 does: on every element of real pages and on generated ones. If these fail after an
 * upgrade, the overrides in utils/clip/readability.ts no longer match the library.
 */

type Check = (node: Element, matchString: string) => unknown;
const CHECKS = ['_isValidByline', '_isElementWithoutContent', '_isProbablyVisible'] as const;

const CORPUS = fileURLToPath(new URL('../../../../shared/corpus', import.meta.url));
/** Pages with bylines, hidden blocks, math images and empty wrappers between them. */
const PAGES = [
  'readability/nytimes-1/source.html',
  'readability/hidden-nodes/source.html',
  'readability/salon-1/source.html',
  'defuddle/fixtures/math--wikipedia-mathml.html',
  'defuddle/fixtures/hidden--visibility.html',
];

const original = Readability.prototype as unknown as Record<string, Check>;

function answers(readability: PreparedReadability, element: Element) {
  const instance = readability as unknown as Record<string, Check>;
  const matchString = `${element.className} ${element.id}`;
  return CHECKS.map((name) => {
    const theirs = Boolean(original[name]?.call(instance, element, matchString));
    const ours = Boolean(instance[name]?.call(instance, element, matchString));
    return { name, theirs, ours };
  });
}

describe('the reordered Readability checks', () => {
  it('replace methods Readability still has', () => {
    const prototype = Readability.prototype as unknown as Record<string, unknown>;
    // The step the engine's Readability wraps to give back a root it removed (saved-copy.test.ts).
    expect(typeof prototype._postProcessContent).toBe('function');
    // The step it wraps to put back what was left out between two blocks of the article, and
    // what it asks of a block before it does (conversion-rules.test.ts).
    expect(typeof prototype._prepArticle).toBe('function');
    expect(typeof prototype._getLinkDensity).toBe('function');
    // And the test it asks of a heading over the first block kept, whether it repeats the title.
    expect(typeof prototype._textSimilarity).toBe('function');
    const reading = new Readability(new JSDOM('<title>Logs of the point</title>').window.document);
    reading.parse();
    expect((reading as unknown as { _articleTitle: unknown })._articleTitle).toBe(
      'Logs of the point',
    );
    // The preparation it gives a page prepared afresh when an attempt starts again.
    for (const name of ['_unwrapNoscriptImages', '_removeScripts', '_prepDocument'])
      expect(typeof prototype[name], name).toBe('function');
    for (const name of CHECKS) {
      expect(typeof prototype[name], name).toBe('function');
      expect(PreparedReadability.prototype[name as keyof PreparedReadability]).not.toBe(
        prototype[name],
      );
    }
  });

  it('give Readability’s answers on every element of real pages', () => {
    let differing = 0;
    let bylines = 0;
    let hidden = 0;
    let empty = 0;
    for (const page of PAGES) {
      const html = readFileSync(`${CORPUS}/${page}`, 'utf8');
      const doc = new JSDOM(html, { virtualConsole: new VirtualConsole() }).window.document;
      const readability = new PreparedReadability(doc);
      for (const element of doc.querySelectorAll('*')) {
        for (const { name, theirs, ours } of answers(readability, element)) {
          if (theirs !== ours) differing += 1;
          if (name === '_isValidByline' && theirs) bylines += 1;
          if (name === '_isProbablyVisible' && !theirs) hidden += 1;
          if (name === '_isElementWithoutContent' && theirs) empty += 1;
        }
      }
    }
    expect(differing).toBe(0);
    // Both answers were seen: the pages do hold bylines, hidden elements and empty blocks.
    expect(bylines).toBeGreaterThan(10);
    expect(hidden).toBeGreaterThan(10);
    expect(empty).toBeGreaterThan(10);
  }, 60_000);

  it('give Readability’s answers on generated elements', () => {
    const tags = ['div', 'section', 'span', 'a', 'img', 'svg', 'math', 'h2', 'p'];
    const attribute = fc.oneof(
      fc.constant(['style', 'display: none']),
      fc.constant(['style', 'visibility:hidden']),
      fc.constant(['style', 'color: red']),
      fc.constant(['style', '']),
      fc.constant(['hidden', '']),
      fc.constant(['aria-hidden', 'true']),
      fc.constant(['aria-hidden', 'false']),
      fc.constant(['class', 'mwe-math-fallback-image-inline']),
      fc.constant(['class', 'byline']),
      fc.constant(['id', 'author-box']),
      fc.constant(['rel', 'author']),
      fc.constant(['itemprop', 'author name']),
    );
    const child = fc.oneof(
      fc.constant(''),
      fc.constant(' \n\t\u00a0'),
      fc.constant('<br>'),
      fc.constant('<br><hr>'),
      fc.constant('<img src="a.png">'),
      fc.constant('<span>  </span>'),
      fc.constant('<!-- a comment -->'),
      fc.constant('<div><span> </span><i></i></div><p><b> </b></p>'),
      fc.constant('<div><span> <em>deep</em></span></div>'),
      fc.constant('<svg><![CDATA[ a ]]></svg>'),
      fc.constant('<template>only in the template</template>'),
      fc.constant('<b>Jane Doe</b>'),
      fc.constant('\ufeff'),
      fc.string({ maxLength: 120 }),
    );
    const doc = new JSDOM('<!doctype html><body></body>').window.document;
    const readability = new PreparedReadability(doc);
    fc.assert(
      fc.property(
        fc.constantFrom(...tags),
        fc.array(attribute, { maxLength: 4 }),
        fc.array(child, { maxLength: 4 }),
        (tag, attributes, children) => {
          // Parsed, not created: <svg> and <math> become foreign elements, as on a page.
          const attributeText = attributes.map(([name, value]) => ` ${name}="${value}"`).join('');
          doc.body.innerHTML = `<${tag}${attributeText}>${children.join('')}</${tag}>`;
          const element = doc.body.firstElementChild as Element;
          for (const { name, theirs, ours } of answers(readability, element)) {
            expect(ours, name).toBe(theirs);
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});

/**
 * Readability starts again from the body's markup when an attempt keeps too little text; the
 * engine's Readability keeps that restart point as a DOM copy, or not at all and prepares the
 * page afresh when it is needed (utils/clip/readability.ts). Either way the article must be the
 * one Readability's own way gives, on pages it reads once and on pages it reads more than once.
 */
describe('where an attempt that falls short starts again', () => {
  const parsePage = (html: string) =>
    new JSDOM(html, { url: 'http://fakehost/test/page.html', virtualConsole: new VirtualConsole() })
      .window.document;
  const article = (doc: Document, restart?: RestartPoint) => {
    const result = new PreparedReadability<Element>(
      doc,
      { charThreshold: 500, serializer: (element) => element as Element },
      restart,
    ).parse();
    // The body answers innerHTML for itself only while Readability reads.
    expect(Object.getOwnPropertyDescriptor(doc.body, 'innerHTML')).toBeUndefined();
    return result?.content?.outerHTML ?? null;
  };
  const attemptsOf = (html: string) => {
    const readability = new Readability(parsePage(html), { charThreshold: 500 });
    readability.parse();
    return (readability as unknown as { _attempts: unknown[] })._attempts.length;
  };

  /** Short, so read four times; with what Readability prepares before it reads (its parse()). */
  const PREPARED_BEFORE_READING = `<!doctype html><html><head><title>A post</title></head><body>
    <div class="sidebar"><p>Menu item one, menu item two, menu item three, and a fourth.</p></div>
    <div class="comment-thread"><p>The first paragraph of the post, with words, commas, and more words to score.<br>
    <br>After two breaks, <font color="red">words in a font</font>, still the same post.</p>
    <script>var note = "a script's own words, which no attempt may count as the post's";</script>
    <noscript><img src="/lazy.png" alt="lazy"></noscript><img data-src="/lazy.png" alt="lazy">
    <style>p { color: blue }</style></div></body></html>`;

  it.each([
    ['prepared-before-reading', true],
    ['readability/001/source.html', false],
    ['readability/remove-aria-hidden/source.html', true],
    ['readability/visibility-hidden/source.html', true],
    ['readability/firefox-nightly-blog/source.html', true],
  ])('gives Readability’s own article on %s', (page, startsAgain) => {
    const html =
      page === 'prepared-before-reading'
        ? PREPARED_BEFORE_READING
        : readFileSync(`${CORPUS}/${page}`, 'utf8');
    // The page is one Readability reads again, or one it does not, as the case says.
    expect(attemptsOf(html) > 0).toBe(startsAgain);
    const expected = article(parsePage(html));
    expect(expected).not.toBeNull();
    expect(article(parsePage(html), 'copy')).toBe(expected);
    let prepared = 0;
    const afresh = article(parsePage(html), () => {
      prepared += 1;
      return parsePage(html);
    });
    expect(afresh).toBe(expected);
    // Prepared afresh once at most: later attempts start from a copy of that.
    expect(prepared).toBe(startsAgain ? 1 : 0);
  });
});
