import { holdsClass, holdsTag, lineText } from '../../presence';
import { isoDate, metaContent } from '../post-parts';
import type { SiteContext, SiteDetector, SiteModule } from '../types';
import { COMPAT_PLACEHOLDERS, compatLink, importWithWidgets } from './widgets';

/**
 * MDN Web Docs, in either of its front ends (and their saved copies):
 * - Yari (until 2025): the article is `article.main-page-content`, its `header h1`, then
 *   `section`s of `.section-content`.
 * - fred (since 2025): no article; in `main#content.layout__content`, the title, the Baseline
 *   badge and the summary sit in `.layout__header`, the sections (`section.content-section`, a
 *   heading then the content, sub-headings as sibling sections) in `.layout__body`.
 * Both write code examples as `div.code-example` with a `pre.brush: <language>`; fred's script
 * then swaps each for an `mdn-code-example`, and draws the compat table inside
 * `mdn-compat-table-lazy` (widgets.ts reads those). The compat table is written as plain rows of
 * versions, or as a line saying where it is when the page holds only its placeholder. The
 * interactive example keeps its code under "Try it", without its editor. Sidebars, the table of
 * contents, the Baseline badge, the "Help improve MDN" footer and copy buttons are left out.
 */

const CLUTTER = [
  'aside',
  'nav',
  '.sidebar',
  '#sidebar-quicklinks',
  '.document-toc-container',
  '.baseline-indicator',
  '.article-footer',
  '.metadata',
  '.prev-next',
  '.interactive',
  'iframe',
  '.example-header',
  '.copy-icon',
  '.bc-legend',
  '.bc-notes-wrapper',
  '.bc-history',
  'mdn-survey',
  'mdn-copy-button',
  'mdn-button',
  'mdn-content-feedback',
  'button',
  'svg',
  'script',
  'style',
  'template',
].join(', ');

/** fred's custom elements: a page holding one of them is MDN's, whatever it says of itself. */
const FRED_ELEMENTS = [
  'mdn-compat-table-lazy',
  'mdn-content-feedback',
  'mdn-survey',
  'mdn-placement-sidebar',
  'mdn-placement-top',
  'mdn-code-example',
  'mdn-search-button',
  'mdn-language-switcher',
];

/** MDN's own widgets, in either front end's markup. */
const WIDGET_CLASSES = ['bc-data', 'bc-table', 'baseline-indicator', 'example-header'];

function yariArticle(doc: Document): Element | undefined {
  // By class name first (the browser's fast path), as this runs on every article clip.
  return Array.from(doc.getElementsByClassName('main-page-content')).find(
    (element) => element.localName === 'article',
  );
}

function fredMain(doc: Document): Element | undefined {
  // By id first (the browser's fast path); many sites have a `#content`, few a `main` of fred's.
  const main = doc.getElementById('content');
  return main?.localName === 'main' && main.className.includes('layout__content')
    ? main
    : undefined;
}

/** The article's title, and its content copied into the scratch document. */
interface Blocks {
  title: string;
  content: Element;
}

/**
 * fred's page as a list of blocks: the header's summary, then the body's sections. Null when the
 * layout is not the one fred writes today (no header title, or no body of sections).
 */
function fredBlocks(main: Element, context: SiteContext): Blocks | null {
  const header = main.querySelector('[class*="layout__header"]');
  const body = main.querySelector('[class*="layout__body"]');
  const title = lineText(header?.querySelector('h1'));
  if (!header || !body || !title || !body.querySelector(':scope > section')) return null;
  const content = context.out.createElement('div');
  // The header holds the summary as a section; the rest of it (title, badge, survey, a
  // translation banner) is the page's frame.
  for (const block of [
    ...header.querySelectorAll(':scope > section'),
    ...body.querySelectorAll(':scope > section'),
  ]) {
    content.append(importWithWidgets(block, context));
  }
  return { title, content };
}

function yariBlocks(article: Element, context: SiteContext): Blocks | null {
  const title = lineText(article.querySelector('header h1, h1'));
  if (!title) return null;
  const content = importWithWidgets(article, context);
  // The title is the note's title: the article's own heading would only repeat it.
  content.querySelector('header h1, h1')?.remove();
  return { title, content };
}

function headingLevel(section: Element): number {
  const heading = section.querySelector('h2, h3, h4, h5, h6');
  return heading ? Number(heading.tagName.slice(1)) : 0;
}

/**
 * A section left with nothing but its heading goes, unless sub-sections follow it: fred writes
 * "Examples" as an empty section followed by one section per example, each under an h3.
 */
function removeEmptySections(content: Element): void {
  let nextLevel = 0;
  for (const section of Array.from(content.querySelectorAll(':scope > section')).reverse()) {
    const level = headingLevel(section);
    const heading = section.querySelector('h2, h3, h4, h5, h6');
    const rest = lineText(section).slice(lineText(heading).length).trim();
    const empty = !rest && !section.querySelector('img, table, pre');
    if (empty && !(level && nextLevel > level)) section.remove();
    else nextLevel = level;
  }
}

/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const mdnDetector: SiteDetector = {
  id: 'mdn',
  family: 'reference',
  detect(doc) {
    const root = yariArticle(doc) ?? fredMain(doc);
    if (!root) return false;
    // Other sites copy MDN's page frame (`main-page-content`, `layout__content`): MDN's name,
    // one of its own widgets or one of fred's elements must be there too.
    return (
      /\bMDN\b/.test(metaContent(doc, 'og:site_name') ?? '') ||
      holdsClass(root, WIDGET_CLASSES) ||
      holdsTag(doc.body ?? root, FRED_ELEMENTS)
    );
  },
};

export const mdn: SiteModule = {
  ...mdnDetector,
  extract(context) {
    const { doc, out } = context;
    const main = fredMain(doc);
    const article = yariArticle(doc);
    const read =
      (main && fredBlocks(main, context)) ?? (article && yariBlocks(article, context)) ?? null;
    if (!read) return null;
    const { title, content } = read;
    for (const junk of content.querySelectorAll(CLUTTER)) junk.remove();
    // The interactive example's editor is its own rendering; the example's code is its content
    // (nested in it on Yari, next to it on fred), the example the reader sees under "Try it".
    for (const example of content.querySelectorAll('interactive-example')) {
      example.replaceWith(...Array.from(example.childNodes));
    }
    // Code the page hides: the parts of a live sample the reader is not shown.
    for (const pre of content.querySelectorAll('pre.hidden')) {
      (pre.closest('.code-example') ?? pre).remove();
    }
    for (const placeholder of content.querySelectorAll(COMPAT_PLACEHOLDERS)) {
      if (!placeholder.querySelector('table')) placeholder.replaceWith(compatLink(out));
    }
    removeEmptySections(content);
    const modified = doc.querySelector('.last-modified-date time, .article-footer time');
    return {
      content,
      metadata: {
        title,
        published: isoDate(modified?.getAttribute('datetime')),
        siteName: metaContent(doc, 'og:site_name') ?? 'MDN Web Docs',
      },
    };
  },
};
