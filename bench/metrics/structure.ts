import { JSDOM } from 'jsdom';
import type { Root } from 'mdast';
import { textOf, walk } from './markdown';
import { tokenise } from './text-overlap';

/**
 * Structure fidelity: which of the links, images, headings, list items, code blocks and table
 * cells of the expected article survive in a pipeline's Markdown. Each element becomes a key
 * (its URL's path, or its words), and the two sides are compared as multisets, so an element
 * survives when an equal one exists in the output, wherever it sits.
 */
export const ELEMENT_KINDS = [
  'links',
  'images',
  'headings',
  'listItems',
  'codeBlocks',
  'tableCells',
] as const;
export type ElementKind = (typeof ELEMENT_KINDS)[number];
export type Structure = Record<ElementKind, string[]>;

const emptyStructure = (): Structure => ({
  links: [],
  images: [],
  headings: [],
  listItems: [],
  codeBlocks: [],
  tableCells: [],
});

/**
 * A pipeline may percent-encode characters the page left bare (`Division_%28business%29`): both
 * reach the same page, so keys compare decoded.
 */
function decodePercents(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Links within the page (citations, their back-links, a table of contents) are all one key: a
 * pipeline may rename the anchors (GFM footnotes do), and what matters is that the link is there.
 */
export const IN_PAGE_LINK = '#in-page';

/**
 * Pages are served at their original URLs, but a pipeline may keep a URL relative or resolve it
 * against a different base: keys are the path, query and fragment, never the host.
 */
export function urlKey(raw: string, baseUrl: string): string {
  try {
    const url = new URL(raw.trim(), baseUrl);
    const base = new URL(baseUrl);
    if (url.hash && url.href.slice(0, -url.hash.length) === base.href.replace(/#.*$/, '')) {
      return IN_PAGE_LINK;
    }
    if (url.protocol === 'http:' || url.protocol === 'https:') {
      return decodePercents(`${url.pathname}${url.search}${url.hash}`);
    }
    return url.href.slice(0, 200);
  } catch {
    return raw.trim();
  }
}

/**
 * An image is known by its `src` and every other source the page names for it: `srcset`
 * candidates and the lazy-loading attributes (`data-src`, `data-srcset`, `data-hi-res-src`,
 * `datasrc`…), joined by line breaks, which no parsed URL contains. A pipeline that picks another
 * resolution of the same image has kept it.
 */
const LAZY_SOURCE = /^(?:srcset|datasrc|data-(?:[\w-]*-)?(?:src|srcset|original))$/i;
const SRCSET = /srcset$/i;

/**
 * The URLs of a `srcset`, as the HTML standard reads it: a URL runs to the next whitespace (it may
 * hold commas: `c_fill,w_80/cat.jpg`), and its descriptors run to the next comma, which needs no
 * space after it (`cat-600.jpg 600w,cat-1024.jpg 1024w`).
 */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  let position = 0;
  while (position < srcset.length) {
    while (position < srcset.length && /[\s,]/.test(srcset.charAt(position))) position += 1;
    let end = position;
    while (end < srcset.length && !/\s/.test(srcset.charAt(end))) end += 1;
    const url = srcset.slice(position, end);
    if (url.endsWith(',')) {
      position = end;
      urls.push(url.replace(/,+$/, ''));
      continue;
    }
    if (url) urls.push(url);
    const comma = srcset.indexOf(',', end);
    position = comma < 0 ? srcset.length : comma + 1;
  }
  return urls;
}

function imageKey(image: Element, baseUrl: string): string {
  const candidates: string[] = [];
  for (const { name, value } of Array.from(image.attributes)) {
    if (name === 'src' || !LAZY_SOURCE.test(name)) continue;
    candidates.push(...(SRCSET.test(name) ? srcsetUrls(value) : [value.trim()].filter(Boolean)));
  }
  const src = image.getAttribute('src');
  const tex = texOfMathImage(image.getAttribute('alt') ?? '', src ?? '');
  return [
    ...[...(src ? [src] : []), ...candidates].map((url) => urlKey(url, baseUrl)),
    ...(tex ? [mathKey(tex)] : []),
  ].join(ALTERNATIVES);
}

/**
 * Wikipedia (and MediaWiki sites) show formulas as images whose alt text is the TeX source,
 * wrapped in `{\displaystyle …}` or, in older pages, bare on an image from the math renderer; a
 * pipeline that turns such an image into that math has kept it.
 */
function texOfMathImage(alt: string, src: string): string | undefined {
  const wrapped = /^\{\\displaystyle\s*([\s\S]*)\}$/.exec(alt.trim())?.[1];
  if (wrapped !== undefined) return wrapped;
  return /\/math\/render\//.test(src) && alt.trim() ? alt.trim() : undefined;
}

// Braces and spaces are TeX spelling, not meaning: `\lambda_\min` (an old MediaWiki alt text)
// and `\lambda _{\min }` (the same formula's MathML annotation) are one formula.
const mathKey = (tex: string) => `math:${tex.replace(/[\s{}]+/g, '')}`;

const ALTERNATIVES = '\n';

/** Words only: whitespace, punctuation and escaping differences between HTML and Markdown vanish. */
export const wordsKey = (text: string): string => tokenise(text).join(' ');

export function structureOfHtml(root: ParentNode, baseUrl: string): Structure {
  const structure = emptyStructure();
  const all = (selector: string) => Array.from(root.querySelectorAll(selector));
  structure.links = all('a[href]').map((link) => urlKey(link.getAttribute('href') ?? '', baseUrl));
  structure.images = all('img').map((image) => imageKey(image, baseUrl));
  structure.headings = all('h1, h2, h3, h4, h5, h6').map((heading) =>
    wordsKey(textOfElement(heading)),
  );
  structure.listItems = all('li').map((item) => wordsKey(textOfElement(item)));
  structure.codeBlocks = all('pre').map((block) => wordsKey(block.textContent ?? ''));
  structure.tableCells = all('td, th').map((cell) => wordsKey(textOfElement(cell)));
  return structure;
}

export function structureOfMarkdown(tree: Root, baseUrl: string): Structure {
  const structure = emptyStructure();
  const definitions = new Map<string, string>();
  const footnoteReferences = new Map<string, number>();
  walk(tree, (node) => {
    if (node.type === 'definition') definitions.set(node.identifier.toLowerCase(), node.url);
    if (node.type === 'footnoteReference') {
      const label = node.identifier.toLowerCase();
      footnoteReferences.set(label, (footnoteReferences.get(label) ?? 0) + 1);
    }
  });
  const rawHtml: string[] = [];
  walk(tree, (node) => {
    switch (node.type) {
      case 'link':
        structure.links.push(urlKey(node.url, baseUrl));
        break;
      case 'linkReference':
        structure.links.push(urlKey(definitions.get(node.identifier.toLowerCase()) ?? '', baseUrl));
        break;
      case 'image':
        structure.images.push(urlKey(node.url, baseUrl));
        break;
      case 'imageReference':
        structure.images.push(
          urlKey(definitions.get(node.identifier.toLowerCase()) ?? '', baseUrl),
        );
        break;
      case 'math':
      case 'inlineMath':
        // Only ever matches an expected formula image (see texOfMathImage).
        structure.images.push(mathKey(node.value));
        break;
      // A citation rendered as a GFM footnote: the reference is a link to the note, and the
      // note is an item of the notes list with a link back to each reference (a renderer draws
      // one per reference, as a page's "^ a b" does for a source cited twice).
      case 'footnoteReference':
        structure.links.push(IN_PAGE_LINK);
        break;
      case 'footnoteDefinition': {
        const backLinks = Math.max(1, footnoteReferences.get(node.identifier.toLowerCase()) ?? 0);
        for (let count = 0; count < backLinks; count += 1) structure.links.push(IN_PAGE_LINK);
        structure.listItems.push(wordsKey(textOf(node)));
        break;
      }
      case 'heading':
        structure.headings.push(wordsKey(textOf(node)));
        break;
      case 'listItem':
        structure.listItems.push(wordsKey(textOf(node)));
        break;
      case 'code':
        structure.codeBlocks.push(wordsKey(node.value));
        break;
      case 'tableCell':
        structure.tableCells.push(wordsKey(textOf(node)));
        break;
      case 'html':
        rawHtml.push(node.value);
        break;
      default:
        break;
    }
  });
  // Markdown has no syntax for some elements (complex tables, <pre> with markup): a pipeline
  // that keeps them as raw HTML has kept them.
  if (rawHtml.some((html) => /<(a|img|h[1-6]|li|pre|td|th)\b/i.test(html))) {
    const fromHtml = structureOfHtml(JSDOM.fragment(rawHtml.join('\n')), baseUrl);
    // An output image is the one URL it shows.
    fromHtml.images = fromHtml.images.map((key) => key.split(ALTERNATIVES)[0] ?? '');
    for (const kind of ELEMENT_KINDS) structure[kind].push(...fromHtml[kind]);
  }
  return structure;
}

const BLOCK_ELEMENTS = new Set(
  'address article aside blockquote br dd details div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul'.split(
    ' ',
  ),
);

/** An element's text with block boundaries kept as line breaks, so words never run together. */
export function textOfElement(root: Node): string {
  const parts: string[] = [];
  const visit = (node: Node): void => {
    if (node.nodeType === 3) {
      parts.push(node.nodeValue ?? '');
      return;
    }
    if (node.nodeType !== 1 && node.nodeType !== 11 && node.nodeType !== 9) return;
    const name = node.nodeType === 1 ? (node as Element).localName : '';
    if (name === 'script' || name === 'style' || name === 'noscript' || name === 'template') return;
    const block = BLOCK_ELEMENTS.has(name);
    if (block) parts.push('\n');
    for (const child of Array.from(node.childNodes)) visit(child);
    if (block) parts.push('\n');
  };
  visit(root);
  return parts.join('');
}

export interface Survival {
  expected: number;
  survived: number;
}

const URL_KINDS: ReadonlySet<ElementKind> = new Set(['links', 'images']);

/**
 * Whether an output element's words stand for an expected element's: the same words, or a
 * whole-word part of them holding at least half (a heading that lost its "[edit]" link, a table
 * cell that lost a footnote marker has survived).
 */
export function wordsSurvive(expected: string, actual: string): boolean {
  if (expected === actual) return true;
  if (actual === '' || expected === '') return false;
  const expectedWords = expected.split(' ').length;
  const actualWords = actual.split(' ').length;
  return actualWords * 2 >= expectedWords && ` ${expected} `.includes(` ${actual} `);
}

/**
 * How many of the expected elements of each kind have an equal one in the actual output: exact
 * keys first, then another URL of the same image, or (for text-keyed kinds) the close matches
 * wordsSurvive accepts; each output element is used once.
 */
export function survival(expected: Structure, actual: Structure): Record<ElementKind, Survival> {
  const result = {} as Record<ElementKind, Survival>;
  for (const kind of ELEMENT_KINDS) {
    const available = new Map<string, number>();
    for (const key of actual[kind]) available.set(key, (available.get(key) ?? 0) + 1);
    const take = (key: string) => available.set(key, (available.get(key) ?? 0) - 1);
    const missing: string[] = [];
    for (const key of expected[kind]) {
      if ((available.get(key) ?? 0) > 0) take(key);
      else missing.push(key);
    }
    let closeMatches = 0;
    if (URL_KINDS.has(kind)) {
      for (const key of missing) {
        const match = key
          .split(ALTERNATIVES)
          .find((alternative) => (available.get(alternative) ?? 0) > 0);
        if (match !== undefined) {
          take(match);
          closeMatches++;
        }
      }
    } else {
      for (const key of missing) {
        const match = [...available].find(
          ([candidate, left]) => left > 0 && wordsSurvive(key, candidate),
        );
        if (match) {
          take(match[0]);
          closeMatches++;
        }
      }
    }
    result[kind] = {
      expected: expected[kind].length,
      survived: expected[kind].length - missing.length + closeMatches,
    };
  }
  return result;
}
