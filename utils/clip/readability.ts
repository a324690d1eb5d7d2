import { Readability } from '@mozilla/readability';
import { hasText, isHeading, lineText } from './presence';

/** The parts of Readability 0.6.0's instance the overrides below read. */
interface ReadabilityInternals {
  REGEXPS: {
    byline: RegExp;
    unlikelyCandidates: RegExp;
    okMaybeItsACandidate: RegExp;
    hashUrl: RegExp;
  };
  _getInnerText(element: Element, normalizeSpaces?: boolean): string;
  _doc: Document;
  _postProcessContent(this: unknown, articleContent: Element): void;
  _getLinkDensity(this: unknown, element: Element): number;
  _textSimilarity(textA: string, textB: string): number;
  _headerDuplicatesTitle(this: unknown, node: Element): boolean;
  _removeAndGetNext(this: unknown, node: Element): Node | null;
  _removeFlag(this: unknown, flag: number): void;
  _getTextDensity(this: unknown, element: Element, tags: string[]): number;
  _articleTitle: string | null;
  _prepArticle(this: unknown, articleContent: Element): void;
  _unwrapNoscriptImages(doc: Document): void;
  _removeScripts(doc: Document): void;
  _prepDocument(): void;
}

/**
 * Where an attempt that falls short starts again from (see PreparedReadability's `restart`):
 * - `'copy'`: a copy of the body as Readability was about to read it, taken when it starts;
 * - a function: the page prepared afresh, its body as Readability's first attempt was given it
 *   before Readability's own preparation, asked for only when an attempt falls short.
 */
export type RestartPoint = 'copy' | (() => Document);

/** Readability's own methods, which the overrides below call on the instance after their part. */
const READABILITY = Readability.prototype as unknown as ReadabilityInternals;

/** A section's headings; an h1 is the page's title, which the note has. */
const SECTION_HEADINGS = 'h2, h3, h4, h5, h6';

/** What Readability 0.6.0 is handed back for the body's markup; never a page's own text. */
const RESTART_TOKEN = '\u0000clipdeck-restart-point';

/**
 * Left out without Readability weighing it: a heading, or a block it never scored (no score is
 * kept on it) that shows text and is not mostly links.
 */
function unjudged(readability: ReadabilityInternals, element: Element): boolean {
  if (isHeading(element)) return true;
  return (
    !('readability' in element) && hasText(element) && readability._getLinkDensity(element) < 0.5
  );
}

/**
 * The headings that end a run of left-out blocks, nearest the block after them last: each one
 * a section's (h2 to h6) and not mostly a link (a category label, a link to another post).
 */
function leadingHeadings(readability: ReadabilityInternals, run: Element[]): Element[] {
  const headings: Element[] = [];
  for (let index = run.length - 1; index >= 0; index -= 1) {
    const element = run[index] as Element;
    // The page's own title (an h1) stays out: the note has its title, and Readability leaves
    // the h1 out on purpose when it reads as the title.
    if (!isHeading(element) || element.localName === 'h1' || !hasText(element)) break;
    if (readability._getLinkDensity(element) >= 0.5) break;
    // Readability's own test for the heading that repeats the title, at any level here: the
    // note has its title.
    if (readability._textSimilarity(readability._articleTitle ?? '', lineText(element)) > 0.75)
      break;
    headings.unshift(element);
  }
  return headings;
}

/**
 * Readability with three of its per-node checks reordered, the cheap test first. They run on
 * every node (or every block) of every attempt, and as written they pay for what their answer
 * rarely needs:
 * - `_isValidByline` reads the node's whole `textContent` (on `<body>`, the whole page) before it
 *   looks at `rel`, `itemprop` and the class and id it is given; only a node that passes those
 *   needs its text measured.
 * - `_isElementWithoutContent` (every div, section, header and heading, and again when nested
 *   blocks are simplified) builds the block's whole text, the page's text for an outer wrapper,
 *   to learn whether it holds any; `hasText` stops at the first text with more than white space.
 * - `_isProbablyVisible` asks for `node.style` twice, which makes the browser build the node's
 *   inline style object; a node with no `style` attribute has no inline display or visibility.
 * The answers are exactly Readability's: the same conditions, in a different order, with no side
 * effects skipped. The package is pinned (package.json), and tests/unit/clip/readability.test.ts
 * checks that the methods replaced still exist under these names, so an upgrade that renames them
 * fails there rather than silently running the slow originals. Beside these it changes what
 * Readability keeps in two places, each explained where it is made: what it left out between two
 * sections it kept, with the headings right over the first (`parse`, `_prepArticle`), and the
 * root it removed (`_postProcessContent`).
 */
export class PreparedReadability<T = string> extends Readability<T> {
  /** The address the page's links mean, as it was handed over (its own or a saved copy's base). */
  readonly #base: string;

  /**
   * The children of each element that holds a heading between two other elements, in the page's
   * order, each followed by its first child: Readability puts a block that holds nothing but one
   * paragraph in the page as that paragraph.
   */
  #sections: (Element | null)[][] = [];

  /** Where an attempt that falls short starts again from; Readability's own way when unset. */
  readonly #restart: RestartPoint | undefined;
  /** The addresses of the page's download links, read at the first link measured. */
  #downloads: Set<string | null> | undefined;
  /** Whether this attempt's headline went with a block taken for chrome (_removeAndGetNext). */
  #headlineGone = false;

  constructor(
    doc: Document,
    options?: ConstructorParameters<typeof Readability<T>>[1],
    restart?: RestartPoint,
  ) {
    super(doc, options);
    this.#base = doc.baseURI;
    this.#restart = restart;
  }

  /**
   * Readability builds the article from the block it chose and those of its siblings that score
   * as prose. A heading between two of them scores nothing, and a section none of whose
   * paragraphs reaches Readability's 25-character floor (`<p>The main benefits are:</p>` and a
   * list) is never scored at all; both stayed behind. On a page whose sections are each a block
   * of their own under one parent, with headings between them, the note had the sections'
   * prose and none of their headings, or lost a short section from between two it kept. The
   * order of the children of every element that holds a heading between two other elements is
   * noted before the page is taken apart, and what was left out between two kept blocks goes
   * back in _prepArticle. So do the headings right over the first kept block, when Readability
   * chose the block alone (`<h2>Foo</h2><div>…the post…</div>`): the parents of headings with
   * a block after them are noted.
   */
  override parse(): ReturnType<Readability<T>['parse']> {
    const doc = (this as unknown as ReadabilityInternals)._doc;
    const parents = new Set<Element>();
    // A list between two blocks too: Readability scores no list item, so a story's key points
    // between its standfirst and its body (`<div class="lead">…</div><ul>…</ul><div>…`) went.
    // One query for both: the page is matched once.
    for (const element of Array.from(doc.querySelectorAll('h1, h2, h3, h4, h5, h6, ul, ol'))) {
      const parent = element.parentElement;
      if (!parent || !element.nextElementSibling || parents.has(parent)) continue;
      const list = element.localName === 'ul' || element.localName === 'ol';
      if (!list || element.previousElementSibling) parents.add(parent);
    }
    for (const parent of parents) {
      const children: (Element | null)[] = [];
      for (let child = parent.firstElementChild; child; child = child.nextElementSibling)
        children.push(child, child.firstElementChild);
      this.#sections.push(children);
    }
    const body = doc.body;
    if (!body || !this.#restart) return super.parse();
    this.#holdRestartPoint(body, this.#restart);
    try {
      return super.parse();
    } finally {
      delete (body as { innerHTML?: string }).innerHTML;
    }
  }

  /**
   * Readability keeps the body's markup as text when it starts reading (`page.innerHTML` at the
   * top of `_grabArticle`) and parses it back in when an attempt keeps too little text, to start
   * again with its filters relaxed. Serialising the body costs every clip a pass over the page,
   * though on most pages the first attempt is kept: on the corpus, a page whose text reaches
   * Readability's threshold starts again on 11 of 255 pages, a shorter one on 52 of 84. While
   * Readability reads, the body answers `innerHTML` for itself: reading it takes the restart
   * point, a copy of the body or nothing, and writing it back puts a copy of that point in
   * (a DOM copy, cheaper than parsing markup), or the page prepared afresh and given
   * Readability's own preparation again, which then serves as the copy for later attempts. Only
   * the token handed out is ever written back; anything else means Readability has changed, and
   * the clip fails loudly rather than read a wrong page (tests/unit/clip/readability.test.ts
   * holds both restart points to Readability's own articles). Where a browser does not let an
   * element's own property stand in for the DOM's accessor, Readability serialises and parses
   * as it always did, and the note is the same.
   */
  #holdRestartPoint(body: HTMLElement, restart: RestartPoint): void {
    const readability = this as unknown as ReadabilityInternals;
    let copy: Element | null = null;
    Object.defineProperty(body, 'innerHTML', {
      configurable: true,
      get: () => {
        if (restart === 'copy') copy = body.cloneNode(true) as Element;
        return RESTART_TOKEN;
      },
      set: (value: string) => {
        if (value !== RESTART_TOKEN)
          throw new Error('Readability wrote markup of its own to the body');
        if (copy) {
          body.replaceChildren(...Array.from(copy.cloneNode(true).childNodes));
          return;
        }
        if (restart === 'copy') throw new Error('Readability started again before it started');
        const fresh = restart().body;
        body.replaceChildren(...Array.from(fresh?.childNodes ?? []));
        // What parse() does to the page before _grabArticle, on the page as Readability has it.
        readability._unwrapNoscriptImages(readability._doc);
        readability._removeScripts(readability._doc);
        readability._prepDocument();
        copy = body.cloneNode(true) as Element;
      },
    });
  }

  /**
   * What stood between two blocks that are side by side in the article goes back between them
   * when Readability never judged it: a heading, or a block it never scored, with text and few
   * links. A block it scored and found too weak, and whatever it removed before scoring (hidden,
   * or unlikely by its class), stays out. This runs before Readability cleans the article, so
   * what comes back is cleaned as the rest is (a heading whose class it distrusts goes).
   */
  _prepArticle(articleContent: Element): void {
    const readability = this as unknown as ReadabilityInternals;
    for (const children of this.#sections) {
      let previous: Element | null = null;
      let left: Element[] = [];
      for (let index = 0; index < children.length; index += 2) {
        const element = children[index] as Element;
        const first = children[index + 1];
        // Readability may have unwrapped the block (its first child is kept) or given it another
        // tag (a new element holds its children: a `<div>` of text became a `<p>`).
        const kept =
          element.parentNode === articleContent
            ? element
            : element.isConnected || !first
              ? null
              : first.parentNode === articleContent
                ? first
                : first.parentElement?.parentNode === articleContent
                  ? first.parentElement
                  : null;
        if (!kept) {
          if (element.isConnected) left.push(element);
          continue;
        }
        if (!previous) {
          // The headings right over the first block kept open its section: the post's first
          // heading, or a subtitle under the headline. Not a run ending in anything else.
          const opening = leadingHeadings(readability, left);
          if (opening.length > 0) kept.before(...opening);
          previous = kept;
          left = [];
          continue;
        }
        // Weighed only once a kept block closes the run: the run after the last kept block is
        // most of a page (its comments, its footer), and measuring its links costs.
        if (left.length > 0 && kept.previousElementSibling === previous)
          kept.before(...left.filter((element) => unjudged(readability, element)));
        previous = kept;
        left = [];
      }
    }
    READABILITY._prepArticle.call(this, articleContent);
  }

  /**
   * Readability takes the page's root for chrome when its class or id says so (`<html
   * class="header-spacing">`) and removes it before it scores anything; the body, still held,
   * becomes the article. The `<head>` goes with the root, and with it the `<base>`, so the
   * article's links were read against the document's own address (for a saved copy, the server
   * it was opened from), by Readability and by every step after it. A root holding the base the
   * page was handed with stands in from here on. Pages that keep their root are not touched.
   */
  _postProcessContent(articleContent: Element): void {
    const doc = (this as unknown as ReadabilityInternals)._doc;
    if (!doc.documentElement && doc.baseURI !== this.#base) {
      const root = doc.appendChild(doc.createElement('html'));
      const head = root.appendChild(doc.createElement('head'));
      head.appendChild(doc.createElement('base')).setAttribute('href', this.#base);
    }
    READABILITY._postProcessContent.call(this, articleContent);
  }

  /**
   * Readability drops the first h1 or h2 whose words are like the title's that it meets on the
   * page. When the headline went before it, in a block Readability takes for chrome by its class
   * (WordPress's `<header class="entry-header">`), the next heading like the title went in its
   * place: a recipe card's name under the post (WordPress Recipe Maker names the card after the
   * post), a section named like the article. Once such a block has taken a heading like the
   * title with it, no other is dropped for it; the title's repeat where the article opens is
   * the engine's own rule's (clutter.ts removeTitleHeading).
   */
  _removeAndGetNext(node: Element): Node | null {
    if (!this.#headlineGone && this.#unlikely(node)) {
      const headings = isHeading(node)
        ? [node]
        : [
            ...Array.from(node.getElementsByTagName('h1')),
            ...Array.from(node.getElementsByTagName('h2')),
          ];
      this.#headlineGone = headings.some((heading) =>
        READABILITY._headerDuplicatesTitle.call(this, heading),
      );
    }
    return READABILITY._removeAndGetNext.call(this, node);
  }

  /** Readability relaxes a filter before each new attempt, which drops a heading afresh. */
  _removeFlag(flag: number): void {
    this.#headlineGone = false;
    READABILITY._removeFlag.call(this, flag);
  }

  _headerDuplicatesTitle(node: Element): boolean {
    if (this.#headlineGone) return false;
    return READABILITY._headerDuplicatesTitle.call(this, node);
  }

  /** Whether Readability would take the element for chrome by its class or id. */
  #unlikely(node: Element): boolean {
    const { REGEXPS } = this as unknown as ReadabilityInternals;
    const words = `${node.getAttribute('class') ?? ''} ${node.id}`;
    return REGEXPS.unlikelyCandidates.test(words) && !REGEXPS.okMaybeItsACandidate.test(words);
  }

  /**
   * Readability's last check before it keeps a block ("No useful content") asks how much of its
   * text sits in paragraphs, lists, cells, spans and blocks, and a heading's own words are none
   * of these. GitBook writes each heading's words in a div of their own beside its permalink's
   * (`<h2><div><a href="#…"></a></div><div>Prerequisites</div></h2>`): the div measured nothing,
   * went, and every heading of the page with it. A block inside a section's heading (h2 to h6)
   * that shows text counts as text in that check.
   */
  _getTextDensity(element: Element, tags: string[]): number {
    const density = READABILITY._getTextDensity.call(this, element, tags);
    if (density > 0 || !tags.includes('SPAN')) return density;
    return element.parentElement?.closest(SECTION_HEADINGS) && hasText(element) ? 1 : density;
  }

  /**
   * Readability reads a block that is mostly links as navigation, and drops it. A file the
   * author offers for download (a blog engine's file card; WordPress's file block: the file's
   * name and a "Download" button, all of it links) is content, not a way elsewhere on the web:
   * a link marked `download`, and any link to the same address, is weighed as text. Only links
   * so marked: a report's PDF cited in a sentence is still a link. Readability's own measure
   * otherwise, fragment links at 0.3.
   */
  _getLinkDensity(element: Element): number {
    const readability = this as unknown as ReadabilityInternals;
    this.#downloads ??= new Set(
      Array.from(readability._doc.querySelectorAll('a[download]'), (link) =>
        link.getAttribute('href'),
      ),
    );
    // Most pages offer no download: Readability's own measure, as it is.
    if (this.#downloads.size === 0) return READABILITY._getLinkDensity.call(this, element);
    const textLength = readability._getInnerText(element).length;
    if (textLength === 0) return 0;
    let linkLength = 0;
    for (const link of Array.from(element.getElementsByTagName('a'))) {
      const href = link.getAttribute('href');
      if (this.#downloads.has(href)) continue;
      const coefficient = href && readability.REGEXPS.hashUrl.test(href) ? 0.3 : 1;
      linkLength += readability._getInnerText(link).length * coefficient;
    }
    return linkLength / textLength;
  }

  _isValidByline(node: Element, matchString: string): boolean {
    const itemprop = node.getAttribute('itemprop');
    const named =
      node.getAttribute('rel') === 'author' ||
      (itemprop?.includes('author') ?? false) ||
      (this as unknown as ReadabilityInternals).REGEXPS.byline.test(matchString);
    if (!named) return false;
    const length = (node.textContent ?? '').trim().length;
    return length > 0 && length < 100;
  }

  _isElementWithoutContent(node: Node): boolean {
    if (node.nodeType !== 1 || hasText(node)) return false;
    const element = node as Element;
    const count = element.children.length;
    return (
      count === 0 ||
      count ===
        element.getElementsByTagName('br').length + element.getElementsByTagName('hr').length
    );
  }

  _isProbablyVisible(node: Element): boolean {
    if (node.hasAttribute('style')) {
      const style = (node as HTMLElement).style;
      if (style && (style.display === 'none' || style.visibility === 'hidden')) return false;
    }
    if (node.hasAttribute('hidden')) return false;
    // Wikimedia's math images are `aria-hidden` fallbacks that Readability keeps.
    if (node.getAttribute('aria-hidden') !== 'true') return true;
    const className = (node as { className?: unknown }).className;
    return typeof className === 'string' && className.includes('fallback-image');
  }
}
