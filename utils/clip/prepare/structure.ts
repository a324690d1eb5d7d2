import {
  decodeOrKeep,
  isHttpUrl,
  offersFile,
  pointsIntoPage,
  safeLinkUrl,
  stripTrackingParameters,
  unwrapRedirect,
} from '../markdown/urls';
import {
  hasText,
  headingRank,
  holdsOnly,
  holdsTag,
  isHeading,
  lineText,
  outermostWithSameText,
  SHOWN_WITHOUT_TEXT,
  showsSomething,
} from '../presence';

export const HEADING_LEVEL_ATTRIBUTE = 'data-clipdeck-level';

/**
 * What a permalink shows: a mark, or nothing but a zero-width space (VitePress writes one in
 * every heading's anchor, which `\s` does not cover: it stayed at the end of the heading).
 */
const PERMALINK_TEXT = /^(?:[\s#¶§⚓\u200B-\u200D\u2060\uFEFF]|\u{1F517}|\uFE0F|\uFE0E)*$/u;
const PERMALINK_CLASS =
  /anchor|permalink|headerlink|heading-link|hash-link|header-link|deep-link|self-link/i;

/**
 * Headings keep their level and lose their permalink anchors (`#`, `¶`, `🔗`). Readability turns
 * every h1 into an h2, so the level is written down here and restored afterwards.
 */
export function normalizeHeadings(root: Element): void {
  for (const heading of Array.from(root.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
    heading.setAttribute(HEADING_LEVEL_ATTRIBUTE, heading.tagName.slice(1));
    unwrapPermalinkAround(heading, root);
    for (const link of Array.from(heading.querySelectorAll('a'))) {
      const href = link.getAttribute('href') ?? '';
      const text = link.textContent ?? '';
      const selfLink = href.startsWith('#') || href === '';
      // A link that is only a mark (`#`, `¶`, `🔗`) in a heading is its permalink, wherever it
      // points (Verso's go through a search page: `find/?name=…`); an empty one is, when it
      // points at the page itself or says so by its class.
      if (
        PERMALINK_TEXT.test(text) &&
        (text.trim() !== '' || selfLink || PERMALINK_CLASS.test(link.getAttribute('class') ?? ''))
      ) {
        link.remove();
      } else if (selfLink) {
        // The link's name stays reachable: a note reference may point at it (Texinfo's
        // `<h5><a id="FOOT1" href="#DOCF1">(1)</a></h5>`).
        const name = link.id || link.getAttribute('name');
        if (name && !heading.id) heading.id = name;
        link.replaceWith(...Array.from(link.childNodes));
      }
    }
    for (const icon of Array.from(
      heading.querySelectorAll('svg, button, [class*="anchor-icon"], .octicon'),
    ))
      icon.remove();
    for (const side of [heading.previousElementSibling, heading.nextElementSibling])
      if (side && isPermalinkBeside(side, heading)) side.remove();
    unboldWholeHeading(heading);
  }
}

/**
 * The permalink beside a heading rather than in it: GitHub's rendered Markdown
 * (`<div class="markdown-heading"><h2>…</h2><a class="anchor" href="#…"><svg…></a></div>`) and
 * Starlight's (`.sl-heading-wrapper`) put it after the heading in a block of their own. To
 * Readability that block is a short one with a link and no paragraph, and it dropped it with the
 * heading: a README or a Starlight page lost every section heading. A link to this page's own
 * fragment that shows at most a mark, and names the heading (its id) or says it is an anchor by
 * its class.
 */
function isPermalinkBeside(side: Element, heading: Element): boolean {
  if (side.localName !== 'a') return false;
  const href = side.getAttribute('href') ?? '';
  if (!href.startsWith('#') || !PERMALINK_TEXT.test(side.textContent ?? '')) return false;
  return (
    (heading.id !== '' && href === `#${heading.id}`) ||
    PERMALINK_CLASS.test(side.getAttribute('class') ?? '')
  );
}

/**
 * Bold that holds every word of a heading goes: a heading is bold already, and the stars add
 * nothing a reader sees but noise in the Markdown (`### **Meal 1**`) and in the heading's link
 * name in a notes app. Editors write it whenever an author bolds a line and then makes it a
 * heading. Bold over part of the heading (`1. **CADR**`, a term before its gloss) stays.
 */
function unboldWholeHeading(heading: Element): void {
  const bold = heading.querySelectorAll('b, strong');
  if (bold.length === 0) return;
  const walker = heading.ownerDocument.createTreeWalker(heading, 4);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (!hasText(text)) continue;
    const holder = text.parentElement?.closest('b, strong');
    if (!holder || !heading.contains(holder)) return;
  }
  for (const element of Array.from(bold)) element.replaceWith(...Array.from(element.childNodes));
}

/**
 * A heading inside its own permalink, `<a href="#create"><div><h2>Create</h2></div></a>`
 * (documentation sites make the whole heading clickable): the link goes and the heading stays.
 * Left in, Readability reads the block as all link and drops the heading with it, and a
 * heading that survives is written inside a link, `[## Create](…#create)`, which is no heading.
 */
function unwrapPermalinkAround(heading: Element, root: Element): void {
  const link = heading.parentElement?.closest('a');
  if (!link || !root.contains(link) || !isSamePageLink(link)) return;
  link.replaceWith(...Array.from(link.childNodes));
}

function isSamePageLink(link: Element): boolean {
  const href = (link.getAttribute('href') ?? '').trim();
  if (href === '' || href.startsWith('#')) return true;
  const doc = link.ownerDocument;
  return pointsIntoPage(href, doc.baseURI, doc.URL);
}

export function restoreHeadingLevels(root: Element): void {
  for (const heading of Array.from(root.querySelectorAll(`[${HEADING_LEVEL_ATTRIBUTE}]`))) {
    const level = heading.getAttribute(HEADING_LEVEL_ATTRIBUTE);
    if (!level || heading.tagName === `H${level}` || !/^H[1-6]$/.test(heading.tagName)) continue;
    const replacement = heading.ownerDocument.createElement(`h${level}`);
    replacement.append(...Array.from(heading.childNodes));
    heading.replaceWith(replacement);
  }
}

/**
 * A link around a heading and what goes with it (a card: a picture, the title, a summary, a
 * date) gives its address to the heading and lets the rest go free. Written whole, the link
 * could hold no block, so the title and the summary ran together as one long link text
 * (`[Scaling at Acme How we redesigned…](…)`) and the heading was lost. The picture and the
 * summary keep no link: the title leads where the card did. After the content is chosen, so
 * that Readability still weighs a card as the link it is.
 */
export function linkHeadingsOfCards(root: Element): void {
  const links = new Set<Element>();
  for (const heading of Array.from(root.querySelectorAll('a h1, a h2, a h3, a h4, a h5, a h6'))) {
    const link = heading.parentElement?.closest('a');
    if (!link || !root.contains(link) || !link.getAttribute('href')) continue;
    if (!hasText(heading) || heading.querySelector('a, h1, h2, h3, h4, h5, h6')) continue;
    // A link that is only its heading (a menu entry, a list of story titles, a footer's "Powered
    // by" logo) reads best as the link it is.
    if (!holdsMoreThan(link, heading)) continue;
    const own = link.cloneNode(false) as Element;
    own.append(...Array.from(heading.childNodes));
    heading.append(own);
    links.add(link);
  }
  // A card without a heading (a blog engine's bookmark card: the linked page's title, its
  // summary, its site; a file card: the file's title and caption) is titled by its first block
  // when that reads as a title and the card holds more than a few words.
  for (const block of Array.from(root.querySelectorAll('a p, a div'))) {
    const link = block.parentElement?.closest('a');
    if (!link || links.has(link) || !root.contains(link) || !link.getAttribute('href')) continue;
    if (link.querySelector('a, h1, h2, h3, h4, h5, h6')) continue;
    if (lineText(link).length < CARD_TEXT) continue;
    const title = firstTextBlock(link);
    if (!title || !holdsMoreThan(link, title) || !isTitleLike(lineText(title))) continue;
    const own = link.cloneNode(false) as Element;
    own.append(...Array.from(title.childNodes));
    title.append(own);
    links.add(link);
  }
  for (const link of links) link.replaceWith(...Array.from(link.childNodes));
}

const CARD_BLOCK = /^(?:p|div|section|header|footer|figcaption|blockquote|li|dd|dt)$/;
/**
 * Fewer characters than this in the whole link, it is a link with a few words laid out in
 * blocks ("Previous" over a chapter's name, a name over a date), best read as one link.
 */
const CARD_TEXT = 50;

/**
 * Whether a card's first words can title it: two words or more, with a letter. A score ("8"), a
 * count, a label such as "Next:" or "Sponsored" over the real title is not a title.
 */
function isTitleLike(text: string): boolean {
  return /\p{L}/u.test(text) && text.split(' ').length >= 2;
}

/** The innermost block inside `link` that holds its first words, if they sit in one. */
function firstTextBlock(link: Element): Element | null {
  // 4: text nodes (NodeFilter is not a global in every DOM implementation).
  const walker = link.ownerDocument.createTreeWalker(link, 4);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!/\S/.test(node.nodeValue ?? '')) continue;
    for (
      let parent = node.parentElement;
      parent && parent !== link;
      parent = parent.parentElement
    ) {
      if (CARD_BLOCK.test(parent.localName)) return parent;
    }
    return null;
  }
  return null;
}

/** Whether `link` shows a picture or words outside `heading`. */
function holdsMoreThan(link: Element, heading: Element): boolean {
  if (link.querySelector('img, picture, video')) return true;
  return lineText(link).length > lineText(heading).length;
}

export interface LinkOptions {
  stripTracking: boolean;
  /** The page's address: a site module's content sits in a scratch document of its own. */
  page: string;
  /** The page's canonical address, looked up only when a link carries an address to share. */
  canonical?: () => string | undefined;
}

/**
 * Absolute links (the note lives elsewhere); a link to anything but http, https or mailto becomes
 * its text. A link around an image is kept (it usually opens the full-size picture or the
 * picture's page), unless it opens exactly the image the note already shows.
 */
export function normalizeLinks(root: Element, options: LinkOptions): void {
  const base = root.ownerDocument.baseURI;
  for (const link of Array.from(root.querySelectorAll('a'))) {
    const attribute = link.getAttribute('href') ?? '';
    const raw = attribute.trim();
    // Parsed before it is judged (safeLinkUrl): a scheme test on the raw text misses `java\tscript:`.
    let href = raw === '#' ? undefined : safeLinkUrl(raw, base);
    if (!href) {
      link.replaceWith(...Array.from(link.childNodes));
      continue;
    }
    if (href.includes('#') && isStrayPermalink(link, href, options.page)) {
      link.remove();
      continue;
    }
    href = unwrapRedirect(href);
    if (CARRIES_ADDRESS.test(href) && sharesThisPage(href, options)) {
      const picture = Array.from(link.querySelectorAll(SHOWN_WITHOUT_TEXT)).some(
        (shown) => !isIcon(shown),
      );
      // Words in a sentence around it make it a link of the text ("tell us through [our
      // form](…?from=<this page>)"): it stays as it is.
      if (picture || !inRunningText(link)) {
        // A button's label ("Pin", "Tweet", "Share on X") goes with it; a quote offered for
        // sharing, or a picture offered for pinning, stays as the page shows it, unlinked.
        const label = (link.textContent ?? '').trim();
        if (!picture && label.split(/\s+/).length <= SHARE_LABEL_WORDS) link.remove();
        else link.replaceWith(...Array.from(link.childNodes));
        continue;
      }
    }
    if (options.stripTracking && isHttpUrl(href)) href = stripTrackingParameters(href);
    if (href !== attribute) link.setAttribute('href', href);
    // Most links hold only text: no image to look for.
    if (!link.firstElementChild) continue;
    const images = link.getElementsByTagName('img');
    const only = images.length === 1 && !(link.textContent ?? '').trim() ? images[0] : undefined;
    if (only && only.getAttribute('src') === href) link.replaceWith(only);
  }
}

/** A query value that is a web address, plain or encoded: `?url=https%3A%2F%2F…`. */
const CARRIES_ADDRESS = /[?&][^=&#]*=[^&#]*https?(?::|%3A)/i;
const SHARE_LABEL_WORDS = 3;

/**
 * A link that asks another site to post this page (`pinterest.com/pin/create/…?url=<this
 * page>`, `twitter.com/share?text=…&url=<this page>`, `facebook.com/sharer.php?u=…`, a mail
 * whose body is the address): a share button, whatever the site or the language of its label.
 * In the note it was a "[Pin](…)" beside the recipe, and a pinned picture led to Pinterest.
 * Known by the page's own address in its query, never by the sharing site's name.
 */
function sharesThisPage(href: string, options: LinkOptions): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  const here = [options.page, options.canonical?.()].map(pageKey).filter((key) => key !== '');
  if (here.length === 0) return false;
  // The query read as text: in Firefox's content scripts the page's URLSearchParams iterators
  // are not iterable from the script's side.
  for (const pair of url.search.slice(1).split('&')) {
    const value = decodeOrKeep(pair.slice(pair.indexOf('=') + 1).replace(/\+/g, ' '));
    for (const address of value.match(/https?:\/\/\S+/gi) ?? []) {
      if (here.includes(pageKey(address))) return true;
    }
  }
  return false;
}

/** The size under which a picture is a button's icon, not one of the page's pictures. */
const ICON_PIXELS = 48;

const STYLE_SIZE = {
  width: /(?:^|;)\s*width\s*:\s*([\d.]+)px/i,
  height: /(?:^|;)\s*height\s*:\s*([\d.]+)px/i,
};

/** A share button's icon: a vector file, or a picture the page sets at an icon's size. */
function isIcon(shown: Element): boolean {
  if (shown.localName !== 'img') return false;
  if (/\.svg(?:[?#]|$)/i.test(shown.getAttribute('src') ?? '')) return true;
  const style = shown.getAttribute('style') ?? '';
  return (['width', 'height'] as const).some((name) => {
    const size = Number.parseFloat(
      shown.getAttribute(name) ?? style.match(STYLE_SIZE[name])?.[1] ?? '',
    );
    return size > 0 && size <= ICON_PIXELS;
  });
}

const BLOCK_TAGS =
  /^(?:P|LI|DIV|TD|TH|DD|DT|FIGURE|FIGCAPTION|BLOCKQUOTE|SECTION|ARTICLE|H[1-6]|BODY)$/;

/** Whether words outside any link share the link's block: the link is part of a sentence. */
function inRunningText(link: Element): boolean {
  let block = link.parentElement;
  while (block && !BLOCK_TAGS.test(block.tagName)) block = block.parentElement;
  if (!block) return false;
  const walker = block.ownerDocument.createTreeWalker(block, 4);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!/\p{L}/u.test(node.nodeValue ?? '')) continue;
    const holder = node.parentElement;
    if (!holder?.closest('a') || !block.contains(holder.closest('a'))) return true;
  }
  return false;
}

/** A page's address as two links to it compare: no scheme, `www.`, query, fragment or end slash. */
function pageKey(address: string | undefined): string {
  if (!address) return '';
  try {
    const url = new URL(address);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    return `${url.hostname.replace(/^www\./, '')}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return '';
  }
}

/**
 * A permalink away from any heading: Sphinx writes its `¶` after every definition, table caption
 * and figure caption, rustdoc its `§` beside every item, and each was a `[¶](…#json.dump)` in
 * the note, a mark that leads back to the page the note was taken from. A link to a fragment of
 * this page that shows nothing but such a mark; a mark that leads elsewhere is a link.
 */
function isStrayPermalink(link: Element, href: string, page: string): boolean {
  const text = link.textContent ?? '';
  if (text.trim() === '' || text.length > 8 || !PERMALINK_TEXT.test(text)) return false;
  return pointsIntoPage(href, page, page);
}

/** A label of a few words beside its buttons: "Article Text" [Copy], "Was this helpful?" [Yes] [No]. */
const CONTROL_LABEL_WORDS = 5;
const CONTROL_LABEL_LENGTH = 40;

/**
 * The words that name a row of buttons ("Article Text" beside a Copy Text button, "Was this
 * helpful?" over Yes and No, "Post your reply" beside Reply): the buttons go below as
 * non-content, and the label was left as a stray line. A group goes whole when each of its
 * children holds either buttons (and nothing else shown) or a few words (and no button, no
 * link, no picture, no heading: a section's name beside its toggle is the article's), at least
 * one button has words and the label has a letter. A button that opens and closes content
 * (`aria-expanded`, `aria-controls`) names nothing.
 */
function removeControlLabels(root: Element): void {
  const buttons = root.getElementsByTagName('button');
  if (buttons.length === 0) return;
  const groups = new Set<Element>();
  for (const button of Array.from(buttons)) {
    if (button.hasAttribute('aria-expanded') || button.hasAttribute('aria-controls')) continue;
    const group = outermostWithSameText(button, root, lineText(button)).parentElement;
    // Inside a link or a table cell the words are the link's or the cell's (a quote card's
    // author beside its Save button, a product's name over its picture).
    if (!group || group === root || groups.has(group) || group.closest('a, td, th')) continue;
    if (isControlGroup(group)) groups.add(group);
  }
  for (const group of groups) {
    if (!group.isConnected) continue;
    const parent = group.parentElement;
    group.remove();
    if (parent) removeEmptiedBesideHeading(parent, root);
  }
}

/** How far up a frame emptied of its controls is looked for. */
const EMPTIED_FRAMES = 3;

/**
 * The frame the controls leave empty beside a heading (Tasty Recipes' units and scale buttons
 * beside "Ingredients", with or without their labels) goes with them. Left in, it made the
 * heading's block one that holds a block, which Readability keeps as a block rather than as the
 * heading's paragraph, and then drops for holding no paragraph's text once the empty frame is
 * gone: the list lost its heading.
 */
function removeEmptiedBesideHeading(element: Element, root: Element): void {
  let block: Element | null = element;
  for (let up = 0; block && block !== root && up < EMPTIED_FRAMES; up += 1) {
    if (showsSomething(block)) return;
    const before = block.previousElementSibling;
    if (before && isHeading(before)) {
      block.remove();
      return;
    }
    block = block.parentElement;
  }
}

/** What a label never holds: a link, a picture, a heading, a table, code or a list. */
const NO_LABEL = 'a, img, picture, video, iframe, h1, h2, h3, h4, h5, h6, table, pre, ul, ol';

function letters(element: Element): number {
  return (element.textContent ?? '').replace(/\s/g, '').length;
}

function isControlGroup(group: Element): boolean {
  let label = '';
  let named = false;
  for (const child of Array.from(group.childNodes)) {
    if (child.nodeType === 3) {
      if ((child.nodeValue ?? '').trim()) return false;
      continue;
    }
    if (child.nodeType !== 1) continue;
    const element = child as Element;
    const buttons =
      element.localName === 'button'
        ? [element]
        : Array.from(element.getElementsByTagName('button'));
    if (buttons.length > 0) {
      // Nothing shown beside the buttons' own words: no words, no picture (a product's card).
      const words = buttons.reduce((length, button) => length + letters(button), 0);
      if (letters(element) > words) return false;
      named ||= words > 0;
      for (const media of Array.from(element.querySelectorAll(SHOWN_WITHOUT_TEXT)))
        if (!media.closest('button')) return false;
      continue;
    }
    if (element.matches(NO_LABEL) || element.querySelector(NO_LABEL)) return false;
    label = `${label} ${lineText(element)}`.trim();
  }
  // Buttons with words of their own: beside icons alone, the words may be the page's (a
  // commenter's role badge, a score between vote arrows, a video's length).
  return (
    named &&
    /\p{L}/u.test(label) &&
    label.length <= CONTROL_LABEL_LENGTH &&
    label.split(' ').length <= CONTROL_LABEL_WORDS
  );
}

/** The page's navigation, banners, sidebars and dialogs (by element and ARIA role). */
export const CHROME_SELECTOR = [
  'nav',
  'aside',
  'header:not(article header):not(main header)',
  'footer:not(article footer):not(main footer)',
  '[role="navigation"]',
  '[role="banner"]',
  '[role="contentinfo"]',
  '[role="search"]',
  '[role="complementary"]',
  '[role="dialog"]',
  '[role="alertdialog"]',
  'dialog',
].join(', ');

const CHROME_NAME =
  /(?:^|[\s_-])(?:cookie|consent|gdpr|newsletter-signup|skip-link|skip-to|sharing|share-buttons|social-share|breadcrumbs?|site-header|site-footer|masthead|sidebar|advert|ad-slot|ad-container|popup|modal)(?:$|[\s_-])/i;

/** What never belongs in a note, in any mode. */
const NON_CONTENT_TAGS = [
  'script',
  'style',
  'link',
  'meta',
  'template',
  'noscript',
  'select',
  'textarea',
  'button',
  'canvas',
  'object',
  'param',
  'svg',
  'input',
];

export function removeNonContent(root: Element, pageUrl: string): void {
  if (markFormsAskingForInput(root)) removeLinksToForms(root, pageUrl);
  removeSwitches(root);
  removeControlLabels(root);
  removeEntryLabels(root);
  // A lookup by tag name per tag: the browser answers each from a fast path, where one selector
  // list of fourteen tags is matched element by element, several times slower on long pages.
  const emptied = new Set<Element>();
  for (const tag of NON_CONTENT_TAGS) {
    const control = CONTROL_TAGS.has(tag);
    for (const element of Array.from(root.getElementsByTagName(tag))) {
      if (control && element.parentElement) emptied.add(element.parentElement);
      element.remove();
    }
  }
  for (const frame of emptied) if (frame.isConnected) removeEmptiedBesideHeading(frame, root);
}

/** Inputs a reader types or picks a value into; a checkbox's or a radio's label is an option. */
const ENTRY_INPUT_TYPES =
  /^(?:|text|number|email|search|tel|url|password|date|datetime-local|month|week|time)$/;

/** The control a label names: its `for` target, or the control inside it. */
function labelledControl(label: Element): Element | null {
  const id = label.getAttribute('for');
  const target = id
    ? label.ownerDocument.getElementById(id)
    : label.querySelector(CONTROL_SELECTOR);
  return target && CONTROL_TAGS.has(target.localName) ? target : null;
}

const CONTROL_SELECTOR = 'input, select, textarea';

/**
 * The label of a box the reader types into or picks from ("Quantity" over a shop's number box,
 * "Your email" beside a newsletter field outside its form): the control goes below as
 * non-content, and its label stayed as a stray word. A checkbox's or a radio button's label is
 * an option's words (a task, an answer) and stays, as does a label in a list or a table, or one
 * longer than a few words.
 */
function removeEntryLabels(root: Element): void {
  const labels = root.getElementsByTagName('label');
  if (labels.length === 0) return;
  for (const label of Array.from(labels)) {
    if (!root.contains(label) || label.closest('li, td, th')) continue;
    const control = labelledControl(label);
    if (!control) continue;
    const type = (control.getAttribute('type') ?? '').toLowerCase();
    if (control.localName === 'input' && !ENTRY_INPUT_TYPES.test(type)) continue;
    if (lineText(label).length > CONTROL_LABEL_LENGTH) continue;
    label.remove();
  }
}

/** Up to this much text, a switch's frame holds its label and a line of help, nothing more. */
const SWITCH_TEXT = 80;
/** What a switch's frame never holds: the content around it. */
const BEYOND_SWITCH = 'a[href], img, picture, video, table, pre, ul, ol, h1, h2, h3, h4, h5, h6';

/**
 * A checkbox outside a list, a table and a form is a switch of the page's own (Tasty Recipes'
 * "Cook Mode" over the steps, with "Prevent your screen from going dark"; a live blog's "Show
 * key events only"): the box went with the page's controls, and its label and help stayed as a
 * stray line. The frame that holds the switch and only a few words beside it goes with it. A
 * task list's boxes are its items' (normalizeTaskLists has read them); a frame holding more
 * than a label (the text a "Read more" box shows) keeps what it holds.
 */
function removeSwitches(root: Element): void {
  const inputs = root.getElementsByTagName('input');
  if (inputs.length === 0) return;
  for (const input of Array.from(inputs)) {
    const type = (input.getAttribute('type') ?? '').toLowerCase();
    if (type !== 'checkbox' && input.getAttribute('role') !== 'switch') continue;
    if (!root.contains(input) || input.closest('li, td, th, form')) continue;
    let frame: Element | null = null;
    for (
      let parent = input.parentElement;
      parent && parent !== root && lineText(parent).length <= SWITCH_TEXT;
      parent = parent.parentElement
    ) {
      if (parent.getElementsByTagName('input').length > 1 || parent.querySelector(BEYOND_SWITCH))
        break;
      frame = parent;
    }
    frame?.remove();
  }
}

/** The controls whose frame, left empty beside a heading, goes with them. */
const CONTROL_TAGS = new Set(['button', 'input', 'select', 'textarea']);

/** Whether nothing a reader sees follows the element in its parent. */
function endsItsBlock(element: Element): boolean {
  for (let node = element.nextSibling; node; node = node.nextSibling)
    if (showsSomething(node)) return false;
  return true;
}

/**
 * The heading just over the element, with nothing a reader sees between them: a reply form's
 * "Leave a Reply" stands over its form with, at most, a cancel link the page keeps hidden.
 */
function headingOver(element: Element): Element | undefined {
  for (let node = element.previousSibling; node; node = node.previousSibling) {
    if (!showsSomething(node)) continue;
    return node.nodeType === 1 && isHeading(node as Element) ? (node as Element) : undefined;
  }
  return undefined;
}

/**
 * The heading with the wrappers it alone fills (`<header><h2>Most popular</h2></header>`): what
 * stands over its section among the section's blocks. As the markup has it, the wrapper holds
 * no other element; as a reader sees it (`asShown`), none that shows anything, so a headline
 * left alone in its header once the breadcrumb beside it went still heads the article after it.
 */
function headingBlock(heading: Element, root: Element, asShown: boolean): Element {
  let block = heading;
  for (let parent = block.parentElement; parent && parent !== root; parent = parent.parentElement) {
    if (!fillsAlone(block, parent, asShown)) break;
    block = parent;
  }
  return block;
}

/** Whether nothing else in the parent counts beside the node: a sibling walk, as a flat page may hold thousands. */
function fillsAlone(node: Node, parent: Element, asShown: boolean): boolean {
  for (let child = parent.firstChild; child; child = child.nextSibling) {
    if (child === node) continue;
    if ((!asShown && child.nodeType === 1) || showsSomething(child)) return false;
  }
  return true;
}

/**
 * What the heading heads: the elements after its block, up to the next heading of its rank or
 * above, and whether anything there shows to a reader.
 */
function sectionUnder(
  heading: Element,
  root: Element,
  asShown: boolean,
): { shows: boolean; elements: Element[] } {
  const rank = headingRank(heading);
  const elements: Element[] = [];
  let shows = false;
  for (let node = headingBlock(heading, root, asShown).nextSibling; node; node = node.nextSibling) {
    const element = node.nodeType === 1 ? (node as Element) : undefined;
    if (element && isHeading(element) && headingRank(element) <= rank) break;
    if (element) elements.push(element);
    shows ||= showsSomething(node);
  }
  return { shows, elements };
}

/**
 * Full-page mode: the page without its navigation, banners, dialogs and forms. A heading over
 * only what went ("Navigation menu" over the site's menus, "Most popular" over its links, "Leave
 * a Reply" over the reply form) would head nothing, and goes with it. A heading that had nothing
 * under it before (a card's title, the last words of a page), or whose section lost nothing,
 * stays as the page has it.
 */
export function removePageChrome(root: Element): void {
  const sections = Array.from(root.querySelectorAll('h1, h2, h3, h4, h5, h6'), (heading) => ({
    heading,
    ...sectionUnder(heading, root, false),
  }));
  for (const element of Array.from(root.querySelectorAll(CHROME_SELECTOR))) {
    if (root.contains(element) && !element.querySelector('main, article, [role="main"]'))
      element.remove();
  }
  removeNamedChrome(root, root.querySelectorAll('[class], [id]'), CHROME_NAME);
  for (const form of Array.from(root.querySelectorAll('form'))) {
    if (lineText(form).length >= FORM_TEXT_LIMIT) continue;
    // A form that asked for nothing but holds paragraphs wraps a post: old Reddit sets every
    // post and comment body in a form of its own (for editing in place).
    if (!form.hasAttribute(ASKS_FOR_INPUT) && form.querySelector('p')) continue;
    // Its controls went before Readability read the page, so a reply form shows nothing by now:
    // the heading right over it, when it ends its block, is the form's own.
    const heading = endsItsBlock(form) ? headingOver(form) : undefined;
    heading?.remove();
    form.remove();
  }
  for (const { heading, shows, elements } of sections) {
    if (!root.contains(heading) || sectionUnder(heading, root, true).shows) continue;
    if (shows || elements.some((element) => !root.contains(element))) heading.remove();
  }
}

/** Set on the clone only, on the forms that ask the user for something (markFormsAskingForInput). */
export const ASKS_FOR_INPUT = 'data-clipdeck-asks-input';
/**
 * Up to this much text a form is a form (a search box, a sign-up, a reply box with its notes);
 * beyond it, a page or a post the site happens to wrap in one.
 */
export const FORM_TEXT_LIMIT = 300;

/** A control the user fills in or presses; hidden inputs carry the page's own state. */
const USER_CONTROL =
  'input:not([type="hidden"]), textarea, select, button, [contenteditable]:not([contenteditable="false"])';

/**
 * Marks the forms that ask the user for something (a search box, a sign-up, a reply box), read
 * before removeNonContent takes the controls out. Hidden parts are gone by then, so the edit
 * box a page keeps hidden under a post does not count.
 */
function markFormsAskingForInput(root: Element): boolean {
  let asking = false;
  for (const form of Array.from(root.getElementsByTagName('form'))) {
    if (!form.querySelector(USER_CONTROL)) continue;
    form.setAttribute(ASKS_FOR_INPUT, '');
    asking = true;
  }
  return asking;
}

/**
 * A link into the page that leads to a form asking for input is one of the form's controls: the
 * "Reply" under every comment and the "Leave a comment" under the title (WordPress's
 * `?replytocom=88#respond`, `#respond` holding the reply form and its heading), a "Sign up"
 * that scrolls to the newsletter box. They go as the form's own controls do: the note has no form
 * to open, and each was a link line under a comment. A link into a block that holds more than a
 * form's text (the comments, the article) leads to content and stays.
 */
function removeLinksToForms(root: Element, pageUrl: string): void {
  const doc = root.ownerDocument;
  for (const link of Array.from(root.querySelectorAll('a[href*="#"]'))) {
    const href = link.getAttribute('href') ?? '';
    if (!pointsIntoPage(href, pageUrl, pageUrl)) continue;
    const id = decodeOrKeep(href.slice(href.indexOf('#') + 1));
    const target = id ? doc.getElementById(id) : null;
    if (!target || !root.contains(target) || target.contains(link)) continue;
    const form =
      target.closest(`[${ASKS_FOR_INPUT}]`) ?? target.querySelector(`[${ASKS_FOR_INPUT}]`);
    const block = form?.contains(target) ? form : target;
    if (form && lineText(block).length < FORM_TEXT_LIMIT) removeWithSeparator(link, root);
  }
}

/** A separator between links in a line ("Leave a comment · 2 comments", "Jump to: a, b"). */
const LEADING_LINK_SEPARATOR = /^\s*[·•|/–—,-]\s*/u;
const TRAILING_LINK_SEPARATOR = /\s*[·•|/–—,-]\s*$/u;
const SEPARATOR_ONLY = /^\s*[·•|/–—,-]\s*$/u;

/** The nearest sibling that shows something, or a text node with words, on one side. */
function shownSibling(node: Node, next: boolean): Node | null {
  let sibling = next ? node.nextSibling : node.previousSibling;
  while (sibling && !showsSomething(sibling))
    sibling = next ? sibling.nextSibling : sibling.previousSibling;
  return sibling;
}

/**
 * Removes the link, with the wrappers it alone fills, and the separator that set it apart from
 * the next item of its line, or else from the one before: a separator in a text node, or in an
 * element of its own (`<span class="text-sep">/</span>`).
 */
function removeWithSeparator(link: Element, root: Element): void {
  const gone = outermostWithSameText(link, root, lineText(link));
  for (const [next, edge] of [
    [true, LEADING_LINK_SEPARATOR],
    [false, TRAILING_LINK_SEPARATOR],
  ] as const) {
    const sibling = shownSibling(gone, next);
    if (!sibling) continue;
    if (sibling.nodeType === 3 && edge.test(sibling.nodeValue ?? '')) {
      sibling.nodeValue = (sibling.nodeValue ?? '').replace(edge, next ? '' : ' ');
      break;
    }
    if (sibling.nodeType === 1 && SEPARATOR_ONLY.test(lineText(sibling as Element))) {
      (sibling as Element).remove();
      break;
    }
  }
  gone.remove();
}

/** Elements whose name may be a consent banner's: the browser's own substring match finds the few. */
const CONSENT_CANDIDATES = ['cookie', 'consent', 'gdpr']
  .flatMap((word) => [`[id*="${word}" i]`, `[class*="${word}" i]`])
  .join(', ');
/**
 * The names sites and consent tools give a cookie or consent banner ("cookie-law-info-bar",
 * "cookieChoiceInfo", "consent-overlay", "gdpr-popup"): a word of the name, so "cookie-recipe"
 * or "fortune-cookies" is no banner.
 */
const CONSENT_NAME =
  /(?:^|[\s_-])(?:cookies?[-_]?(?:banner|bar|notice|law|consent|policy|popup|prompt|message|msg|info|alert|wall|modal|overlay|dialog|warning|choice|container|wrapper|accept)|consent(?:[-_]?(?:banner|bar|notice|popup|modal|overlay|dialog|wrapper|container|box|manager|message))?(?:$|[\s_-])|gdpr|cookiebot|onetrust|cmplz|didomi|cookieconsent)/i;

/**
 * Every mode: a cookie or consent banner is never what the reader clips, in any language. Class
 * names are what these share across sites (the banner's text is in the page's language); the
 * banner is short and holds no article.
 */
export function removeConsentBanners(root: Element): void {
  removeNamedChrome(root, root.querySelectorAll(CONSENT_CANDIDATES), CONSENT_NAME);
}

/** The candidates whose class or id `name` matches, when short and holding no article. */
function removeNamedChrome(root: Element, candidates: NodeListOf<Element>, name: RegExp): void {
  for (const element of Array.from(candidates)) {
    if (!root.contains(element)) continue;
    if (
      name.test(`${element.getAttribute('class') ?? ''} ${element.id}`) &&
      (element.textContent ?? '').length < 2000 &&
      !element.querySelector('main, article, [role="main"]')
    )
      element.remove();
  }
}

/**
 * Tabs (`role="tablist"` over `role="tabpanel"`s: Docusaurus, Starlight, Radix, Microsoft Learn)
 * show one panel at a time; a note shows them all, each under its tab's name, and the row of
 * tab names goes. Left as the page had it, the note held the names as a list of their own and
 * only the open panel ("npm", "Yarn", "pnpm" over the npm command alone). The hidden panels are
 * shown on the copy by the visibility walk (visibility.ts). A tab pairs with the panel its
 * `aria-controls` names, else the panels that follow the row in its frame pair in order; a page
 * that renders only the open panel has it named by the selected tab. A row whose tabs do not
 * all find a panel (links styled as tabs, a panel still loading) stays as it is.
 */
export function labelTabPanels(root: Element): void {
  const rows = root.querySelectorAll('[role="tablist"]');
  for (const row of Array.from(rows)) {
    const tabs = Array.from(row.querySelectorAll('[role="tab"]'));
    if (tabs.length === 0) continue;
    const pairs = tabPanelPairs(row, tabs);
    if (!pairs) continue;
    namePanels(pairs);
    row.remove();
  }
  for (const set of Array.from(root.getElementsByClassName('tabbed-set'))) labelTabbedSet(set);
}

function namePanels(pairs: Array<[Element, Element]>): void {
  for (const [tab, panel] of pairs) {
    const name = lineText(tab);
    if (!name || !showsSomething(panel)) continue;
    const label = panel.ownerDocument.createElement('p');
    label.appendChild(panel.ownerDocument.createElement('strong')).textContent = name;
    panel.prepend(label);
  }
}

/**
 * MkDocs Material's content tabs (pymdownx.tabbed) are radio buttons and their labels over
 * blocks the style sheet shows one at a time, with no tab roles: `.tabbed-labels > label` over
 * `.tabbed-content > .tabbed-block`, or, in the extension's older markup, each `label` before its
 * own `.tabbed-content`. The labels ran together as one line ("CC++") over the open block alone.
 */
export const TABBED_PANELS =
  '.tabbed-set > .tabbed-content > .tabbed-block, .tabbed-set > .tabbed-content';

function labelTabbedSet(set: Element): void {
  const labels = Array.from(
    set.querySelectorAll(':scope > .tabbed-labels > label, :scope > label'),
  );
  const blocks = Array.from(set.querySelectorAll(':scope > .tabbed-content > .tabbed-block'));
  const panels =
    blocks.length > 0 ? blocks : Array.from(set.querySelectorAll(':scope > .tabbed-content'));
  if (labels.length === 0 || labels.length !== panels.length) return;
  namePanels(labels.map((label, index) => [label, panels[index] as Element]));
  for (const label of labels) label.remove();
  for (const input of Array.from(set.querySelectorAll(':scope > input'))) input.remove();
  set.querySelector(':scope > .tabbed-labels')?.remove();
}

function tabPanelPairs(row: Element, tabs: Element[]): Array<[Element, Element]> | undefined {
  const doc = row.ownerDocument;
  const controlled = tabs.map((tab) => {
    const id = tab.getAttribute('aria-controls');
    const panel = id ? doc.getElementById(id) : null;
    return panel?.getAttribute('role') === 'tabpanel' ? panel : null;
  });
  if (controlled.every((panel) => panel !== null)) {
    return tabs.map((tab, index) => [tab, controlled[index] as Element]);
  }
  // The panels after the row, in the nearest frame that holds any, stopping at another row.
  let frame = row.parentElement;
  for (let up = 0; frame && up < 3; up += 1, frame = frame.parentElement) {
    const panels = panelsAfter(row, frame);
    if (panels.length === 0) continue;
    if (panels.length >= tabs.length) {
      return tabs.map((tab, index) => [tab, panels[index] as Element]);
    }
    const selected = tabs.filter((tab) => tab.getAttribute('aria-selected') === 'true');
    if (panels.length === 1 && selected.length === 1) {
      return [[selected[0] as Element, panels[0] as Element]];
    }
    return undefined;
  }
  return undefined;
}

function panelsAfter(row: Element, frame: Element): Element[] {
  const panels: Element[] = [];
  for (const element of Array.from(frame.querySelectorAll('[role="tablist"], [role="tabpanel"]'))) {
    const after = (row.compareDocumentPosition(element) & 4) !== 0;
    if (!after || row.contains(element)) continue;
    // Inside a panel already taken, a row or a panel belongs to tabs of its own.
    if (panels.some((panel) => panel.contains(element))) continue;
    if (element.getAttribute('role') === 'tablist') break;
    panels.push(element);
  }
  return panels;
}

export const TASK_ATTRIBUTE = 'data-clipdeck-task';

/** Checkboxes of task lists become markers, since Readability removes inputs. */
export function normalizeTaskLists(root: Element): void {
  // No input, no task list: a tag lookup says so before the descendant selector runs.
  if (!holdsTag(root, ['input'])) return;
  for (const checkbox of Array.from(root.querySelectorAll('li input[type="checkbox" i]'))) {
    const item = checkbox.closest('li');
    if (!item) continue;
    // Only a checkbox that starts its item makes it a task.
    const range = checkbox.ownerDocument.createRange();
    range.setStart(item, 0);
    range.setEndBefore(checkbox);
    if (range.toString().trim() !== '') continue;
    checkbox.replaceWith(taskMarker(checkbox.ownerDocument, checkbox.hasAttribute('checked')));
  }
}

/** A list-style that counts its items: digits, letters, numerals of any script. */
const COUNTING_STYLE =
  /list-style(?:-type)?\s*:[^;]*\b(?:decimal|lower-|upper-|armenian|georgian|cjk-|hebrew|hiragana|katakana|ethiopic|[a-z]+-(?:numeric|counting|formal|informal))/i;

/**
 * A `ul` the page numbers by its style is a numbered list to the reader: WordPress Recipe Maker
 * writes each recipe's steps as `<ul>` of items styled `list-style-type: decimal`, and the note
 * showed them as bullets. The style on the list or on every item says so; Readability takes
 * inline styles off, so this runs before it. A class that numbers by style sheet is not read.
 */
export function numberStyledLists(root: Element): void {
  for (const list of Array.from(root.getElementsByTagName('ul'))) {
    if (!countsItems(list)) continue;
    const numbered = list.ownerDocument.createElement('ol');
    for (const attribute of Array.from(list.attributes))
      numbered.setAttribute(attribute.name, attribute.value);
    numbered.append(...Array.from(list.childNodes));
    list.replaceWith(numbered);
  }
}

function countsItems(list: Element): boolean {
  const own = list.getAttribute('style');
  if (own && COUNTING_STYLE.test(own)) return true;
  let items = 0;
  for (const child of Array.from(list.children)) {
    if (child.localName !== 'li') continue;
    const style = child.getAttribute('style');
    if (!style || !COUNTING_STYLE.test(style)) return false;
    items += 1;
  }
  return items > 0;
}

/** The mark a task's item starts with, for the Markdown rule to write as `[x]` or `[ ]`. */
export function taskMarker(doc: Document, checked: boolean): Element {
  const marker = doc.createElement('span');
  marker.setAttribute(TASK_ATTRIBUTE, checked ? 'x' : ' ');
  // Text, because empty elements are dropped (by Readability, and by turndown's blank rule).
  marker.textContent = checked ? '[x]' : '[ ]';
  return marker;
}

/**
 * List items that would write nothing in the note (an icon link whose picture is the
 * stylesheet's or an inline SVG, a share button's empty anchor, a spacer) would each be a bare
 * "-", and a numbered list would count them. They go, and a list they leave without items goes
 * with them. Of what shows without text, the Markdown keeps only images: frames, SVG and canvas
 * are left out of it (markdown.ts), and players have become links by now (media.ts).
 */
export function removeEmptyListItems(root: Element): void {
  for (const item of Array.from(root.getElementsByTagName('li'))) {
    if (writesSomething(item)) continue;
    const list = item.parentElement;
    item.remove();
    if (list && (list.localName === 'ul' || list.localName === 'ol') && !writesSomething(list))
      list.remove();
  }
}

function writesSomething(element: Element): boolean {
  return hasText(element) || element.getElementsByTagName('img').length > 0;
}

/**
 * A stream of posts marked up as a list of articles (a live blog's updates: BBC's
 * `<ol role="list"><li><article>…`; a blog's comments) was written as a numbered list, every
 * update an item and its paragraphs indented under the number. Each item holding one article and
 * nothing else, at least half of them posts (a paragraph of prose outside any link, no headline
 * linking to another page), the list is the posts one after another. A list of replies nested
 * in a post's item stays a list, so the thread keeps its shape.
 */
export function unlistPosts(root: Element): void {
  const lists = new Set<Element>();
  for (const article of Array.from(root.querySelectorAll('li > article'))) {
    const list = article.parentElement?.parentElement;
    // A list inside an item is the replies to that item's post (WordPress's `ol.children`):
    // unlisted, a reply would read as the rest of the post it answers.
    if (list && (list.localName === 'ol' || list.localName === 'ul') && !list.closest('li'))
      lists.add(list);
  }
  for (const list of lists) {
    const items = Array.from(list.children);
    if (!items.every((item) => item.localName === 'li' && holdsOnlyArticle(item))) continue;
    const articles = items.map((item) => item.firstElementChild as Element);
    // Posts are written, teasers link: a list of stories, each headline a link to its story,
    // reads best as the list it is.
    if (articles.filter(isPost).length * 2 < articles.length) continue;
    list.replaceWith(...articles);
  }
}

/** A paragraph this long, outside any link, is a post's own writing. */
const POST_PARAGRAPH = 80;

/** A post has writing of its own; a teaser's headline links to the story it teases. */
function isPost(article: Element): boolean {
  const page = article.ownerDocument.URL.split('#')[0];
  for (const link of Array.from(article.querySelectorAll(HEADING_LINKS))) {
    const href = link.getAttribute('href') ?? '';
    if (!href.startsWith('#') && (link as HTMLAnchorElement).href.split('#')[0] !== page)
      return false;
  }
  return Array.from(article.getElementsByTagName('p')).some(
    (paragraph) => !paragraph.closest('a') && lineText(paragraph).length >= POST_PARAGRAPH,
  );
}

const HEADING_LINKS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']
  .map((tag) => `${tag} a[href]`)
  .join(', ');

function holdsOnlyArticle(item: Element): boolean {
  const only = item.firstElementChild;
  return !!only && only.localName === 'article' && holdsOnly(item, only);
}

/**
 * A document's name and a "Download" button beside it, both linking the file (WordPress's file
 * block), read `[rye-loaf-card](…pdf)[Download](…pdf)` in the note. A link to a file right after
 * a link to the same file, with nothing but white space between them and a label of a few words
 * or none, repeats it: it goes. Only a file's: beside a name, a link to the same profile is the
 * person's handle (`[Mira Ink](…)[@mira](…)`). Run after normalizeLinks, when both addresses
 * are written alike.
 */
export function removeRepeatedLinks(root: Element): void {
  for (const link of Array.from(root.getElementsByTagName('a'))) {
    const href = link.getAttribute('href');
    if (!href || !offersFile(link, href)) continue;
    let before = link.previousSibling;
    while (before && before.nodeType === 3 && !/\S/.test(before.nodeValue ?? '')) {
      before = before.previousSibling;
    }
    const previous = before?.nodeType === 1 ? (before as Element) : null;
    if (previous?.localName !== 'a' || previous.getAttribute('href') !== href) continue;
    if (link.querySelector('img, picture, svg, video')) continue;
    if (lineText(link).split(' ').length > REPEATED_LINK_WORDS) continue;
    link.remove();
  }
}

/** Words a repeated link's label may have: a button's ("Download", "Get the file"). */
const REPEATED_LINK_WORDS = 3;

/** A credit already marked as one: a dash of any length, or a hyphen, before the name. */
const MARKED_CREDIT = /^[\s\u00A0]*[-\u2012-\u2015\u2E3A\u2E3B]/;
/** Longer than this, the element closing a quote is more of the quote, not its credit. */
const CREDIT_MAX = 200;

/**
 * A quote's credit, written as the quote's last element (`<cite>` in WordPress's quote and
 * pull-quote blocks, a `<footer>` in Bootstrap's), showed in the note as one more line of the
 * quote ("> My grandmother, every single time" read as words she said), or not at all (a
 * footer). It is set apart as the page sets it, on a line of its own after a dash, unless the
 * page wrote the dash. Before Readability, on the page's copy.
 */
export function creditQuotes(root: Element): void {
  for (const quote of Array.from(root.getElementsByTagName('blockquote'))) {
    const credit = quote.lastElementChild;
    if (!credit || (credit.localName !== 'cite' && credit.localName !== 'footer')) continue;
    const text = lineText(credit);
    if (!text || text.length > CREDIT_MAX || text === lineText(quote)) continue;
    // A paragraph of its own: Readability removes every footer as the page's, and a cite left
    // inline would run on after the quote's last words where the quote has no paragraphs.
    const line = quote.ownerDocument.createElement('p');
    if (credit.localName === 'cite') {
      credit.replaceWith(line);
      line.append(credit);
    } else {
      line.append(...Array.from(credit.childNodes));
      credit.replaceWith(line);
    }
    if (!MARKED_CREDIT.test(line.textContent ?? '')) line.prepend('— ');
  }
}

/**
 * Tables: a data table stays a table for the Markdown rule; a layout table (a page grid, a
 * one-column box, a table holding tables or headings) is flattened to its cells' content, because
 * a GFM table cannot hold blocks. Tables nested in a data table make it a layout table: the inner
 * tables then become GFM tables of their own.
 */
export function flattenLayoutTables(root: Element): void {
  const tables = Array.from(root.querySelectorAll('table'));
  // Innermost last, so an outer layout table is flattened before its children are judged.
  for (const table of tables) {
    // Readability hands back a detached tree: "still in root" is the test, not isConnected.
    if (!root.contains(table) || !isLayoutTable(table)) continue;
    const doc = table.ownerDocument;
    const replacement = doc.createElement('div');
    for (const row of Array.from(table.rows)) {
      for (const cell of Array.from(row.cells)) {
        if (!(cell.textContent ?? '').trim() && !cell.querySelector('img, table')) continue;
        const block = doc.createElement('div');
        block.append(...Array.from(cell.childNodes));
        replacement.appendChild(block);
      }
    }
    const caption = table.caption;
    if (caption && (caption.textContent ?? '').trim()) {
      const paragraph = doc.createElement('p');
      paragraph.append(...Array.from(caption.childNodes));
      replacement.prepend(paragraph);
    }
    table.replaceWith(replacement);
  }
  for (const table of Array.from(root.querySelectorAll('table'))) {
    if (!(table.textContent ?? '').trim() && !table.querySelector('img')) table.remove();
  }
  unwrapOrphanedTableParts(root);
}

/**
 * Readability renames a layout table it takes as the article to a <div>, and leaves its rows
 * and cells inside with no table around them. Written as table parts they would be a table
 * the Markdown writer never closes (its cell codes showed as "B1,1,D" above Paul Graham's
 * essays): each cell becomes a block of its own instead, as flattening does.
 */
function unwrapOrphanedTableParts(root: Element): void {
  // Rows are what such a table leaves; with every row in a table (or none, as in most notes)
  // there is nothing to unwrap.
  if (Array.from(root.getElementsByTagName('tr')).every((row) => row.closest('table'))) return;
  const parts = Array.from(root.querySelectorAll('tbody, thead, tfoot, tr, td, th'));
  for (const part of parts) {
    if (part.parentElement?.closest('table') || !root.contains(part)) continue;
    if (part.localName === 'td' || part.localName === 'th') {
      const block = part.ownerDocument.createElement('div');
      block.append(...Array.from(part.childNodes));
      part.replaceWith(block);
    } else {
      part.replaceWith(...Array.from(part.childNodes));
    }
  }
}

/**
 * Code of several lines is a block a GFM cell cannot hold; one line (a declaration in an API
 * reference's table, beside its header and version) reads as well as a code span in its cell.
 */
function isMultiLine(pre: Element): boolean {
  return (pre.textContent ?? '').trim().includes('\n');
}

/** How many of the row's cells hold text. */
function textCells(row: HTMLTableRowElement): number {
  let count = 0;
  for (const cell of Array.from(row.cells)) if (hasText(cell)) count += 1;
  return count;
}

function isLayoutTable(table: HTMLTableElement): boolean {
  const role = table.getAttribute('role');
  if (role === 'presentation' || role === 'none') return true;
  if (table.querySelector('table')) return true;
  const rows = Array.from(table.rows).filter((row) => row.closest('table') === table);
  if (rows.length === 0) return true;
  const columns = Math.max(
    ...rows.map((row) => Array.from(row.cells).reduce((sum, cell) => sum + (cell.colSpan || 1), 0)),
  );
  if (columns <= 1) return true;
  const hasHeader = !!table.querySelector('th, thead, caption') || table.hasAttribute('summary');
  if (
    table.querySelector('h1, h2, h3, h4, h5, h6, blockquote, hr, ul ul, ol ol') ||
    Array.from(table.querySelectorAll('pre')).some(isMultiLine)
  )
    return !hasHeader || !!table.querySelector('h1, h2, h3');
  // A grid that never sets two texts side by side relates nothing to anything: its other cells
  // are spacers, indents and icons (Hacker News indents each comment with a one-row table of an
  // empty cell, a vote arrow and the comment). As a GFM table it only squeezes the text into a
  // cell; the texts read in order once flattened.
  if (!hasHeader && rows.every((row) => textCells(row) <= 1)) return true;
  if (rows.length === 1 && !hasHeader) {
    const text = (table.textContent ?? '').trim();
    return text.length > 200 || table.querySelectorAll('p').length > 1;
  }
  return false;
}

/** A field's label: a few words at most. */
const FIELD_LABEL_LENGTH = 30;
/** A field's value: a short line, no paragraph. */
const FIELD_VALUE_LENGTH = 120;
/** The headings that may label a field (a page's title never does). */
const FIELD_HEADINGS = ['h2', 'h3', 'h4', 'h5', 'h6'];
/** Fields in a row before they read as a record rather than as sections. */
const FIELD_RUN = 3;
/** What a field's value never holds: blocks of its own. */
const BEYOND_FIELD_VALUE = 'ul, ol, table, pre, blockquote, figure, h1, h2, h3, h4, h5, h6, p';

/** The label and value of a field written as a heading over its value, or null. */
function fieldParts(block: Element): { label: Element; value: Element } | null {
  // The shape first, without reading any text: most headings' parents hold more than two.
  if (block.childElementCount !== 2) return null;
  const label = block.firstElementChild;
  const value = block.lastElementChild;
  if (!label || !value || !isHeading(label) || isHeading(value)) return null;
  for (const node of Array.from(block.childNodes))
    if (node.nodeType === 3 && /\S/.test(node.nodeValue ?? '')) return null;
  const labelText = lineText(label);
  if (labelText === '' || labelText.length > FIELD_LABEL_LENGTH) return null;
  const valueText = lineText(value);
  if (valueText === '' || valueText.length > FIELD_VALUE_LENGTH) return null;
  if (value.matches(BEYOND_FIELD_VALUE) || value.querySelector(BEYOND_FIELD_VALUE)) return null;
  return { label, value };
}

/**
 * A record written as a heading over each value (a wiki's infobox, Fandom's "Type" / "Tool",
 * "Weight" / "2.5"; a product's specifications): each field read as a section of its own, a
 * heading over one word. Three fields or more in a row, each a block holding only a short
 * heading and a short line, become a list of "**Label**: value" items. The shape is the signal,
 * not a class name; a heading over a paragraph or a list is a section and stays.
 */
export function listLabelledFields(root: Element): void {
  // A lookup by tag name per tag (the browser's fast path), not a selector list.
  const headings = FIELD_HEADINGS.flatMap((tag) => Array.from(root.getElementsByTagName(tag)));
  if (headings.length < FIELD_RUN) return;
  const done = new Set<Element>();
  for (const heading of headings) {
    const block = heading.parentElement;
    if (!block || done.has(block) || block === root || heading !== block.firstElementChild)
      continue;
    const parts = fieldParts(block);
    if (!parts) continue;
    // Headings come tag by tag, not in page order: the run starts at its first field.
    const run: { block: Element; label: Element; value: Element }[] = [{ block, ...parts }];
    for (let previous = block.previousElementSibling; previous; ) {
      const field = previous.localName === block.localName ? fieldParts(previous) : null;
      if (!field) break;
      run.unshift({ block: previous, ...field });
      previous = previous.previousElementSibling;
    }
    for (let next = block.nextElementSibling; next; ) {
      const field = next.localName === block.localName ? fieldParts(next) : null;
      if (!field) break;
      run.push({ block: next, ...field });
      next = next.nextElementSibling;
    }
    for (const field of run) done.add(field.block);
    if (run.length < FIELD_RUN) continue;
    const doc = root.ownerDocument;
    const list = doc.createElement('ul');
    for (const field of run) {
      const item = doc.createElement('li');
      const strong = doc.createElement('strong');
      strong.textContent = lineText(field.label).replace(/\s*:$/, '');
      item.append(strong, ': ', ...Array.from(field.value.childNodes));
      list.append(item);
    }
    run[0]?.block.before(list);
    for (const field of run) field.block.remove();
  }
}
