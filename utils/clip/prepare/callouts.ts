import { holdsClass, holdsTag, lineText } from '../presence';

/**
 * Callouts (admonitions): the boxed "Note", "Warning", "Tip" of documentation sites and notes
 * apps. They become a blockquote marked with the callout's type, title and fold state, which the
 * Markdown rules write as an Obsidian / GitHub callout (`> [!warning] Title`), instead of a title
 * line and loose paragraphs that no longer look set apart.
 *
 * Recognised: Obsidian Publish (`.callout[data-callout]`), GitHub alerts (`.markdown-alert`),
 * MkDocs / Sphinx / Hugo admonitions (`.admonition` with `.admonition-title`), Docusaurus
 * (`.theme-admonition`), Bootstrap's alerts (`.alert.alert-info`, the framework most
 * documentation and company sites are built on; `.alert.is-info` with Bulma's modifiers, as
 * Microsoft Learn writes them), Starlight's asides (`.starlight-aside--tip`: the Astro docs
 * theme), Ghost's callout cards (`.kg-callout-card`: an emoji and a text, in a colour that
 * names no type, so a note headed by its emoji), a `.callout` that names its type in a
 * `callout-<type>` class (Quarto's documents and blogs, and sites that write their own), and
 * MkDocs Material's collapsible blocks (`details.warning`, folded as the page has them). Runs
 * before Readability, while class names are still there: Readability drops every `aside`, so a
 * Starlight aside was lost whole.
 */
export const CALLOUT_ATTRIBUTE = 'data-clipdeck-callout';
export const CALLOUT_TITLE_ATTRIBUTE = 'data-clipdeck-callout-title';
export const CALLOUT_FOLD_ATTRIBUTE = 'data-clipdeck-callout-fold';

const CALLOUT_TYPES = new Set(
  'note abstract summary tldr info todo tip hint important success check done question help faq warning caution attention failure fail missing danger error bug example quote cite'.split(
    ' ',
  ),
);

interface Callout {
  element: Element;
  type: string;
  title: Element | null;
  /** '-' folded, '+' foldable but open, '' not foldable. */
  fold: string;
  /** The title when no title element is left to read it from. */
  label?: string;
}

/** Longer than this, an `aria-label` is the callout's text read out, not its title. */
const LABEL_TITLE_MAX = 80;

function typeFromClasses(element: Element, prefix = ''): string | undefined {
  for (const name of Array.from(element.classList)) {
    const type = name.toLowerCase().slice(prefix.length);
    if (name.toLowerCase().startsWith(prefix) && CALLOUT_TYPES.has(type)) return type;
  }
  return undefined;
}

const CALLOUT_SELECTOR =
  '.callout[data-callout], .callout[class*="callout-"], .markdown-alert, .admonition, .theme-admonition, .alert[class*="alert-"], .alert[class*="is-"], .starlight-aside, .kg-callout-card, details[class]';

/** The class every kind of callout carries. */
const CALLOUT_CLASSES = [
  'callout',
  'markdown-alert',
  'admonition',
  'theme-admonition',
  'alert',
  'starlight-aside',
  'kg-callout-card',
];

/**
 * A `.callout` without Obsidian's `data-callout`: its type is a `callout-<type>` class. Quarto
 * also lets a document name types of its own (`callout-task`), known by Quarto's own body
 * container; such a one is a note. A `.callout` with neither is some site's box (a pull quote, a
 * promotion) and stays as it is.
 */
function classedCalloutType(element: Element): string | undefined {
  return (
    typeFromClasses(element, 'callout-') ??
    (element.querySelector(':scope > .callout-body-container, :scope > * > .callout-body-container')
      ? 'note'
      : undefined)
  );
}

/** The title of a classed callout: Quarto's title container, or a `.callout-title` of its own. */
function classedCalloutTitle(element: Element): Element | null {
  for (const title of Array.from(
    element.querySelectorAll('.callout-title-container, .callout-title'),
  )) {
    if (title.parentElement?.closest('.callout') === element) return title;
  }
  return null;
}

/**
 * Bootstrap's alert colours and the callout each stands for. `primary`, `secondary`, `light` and
 * `dark` are colours with no meaning of their own: a note.
 */
const BOOTSTRAP_TYPES: Readonly<Record<string, string>> = {
  info: 'info',
  warning: 'warning',
  danger: 'danger',
  success: 'success',
  primary: 'note',
  secondary: 'note',
  light: 'note',
  dark: 'note',
};

/**
 * A Bootstrap alert's callout type, or nothing for an element that is no content alert: one
 * that can be closed (`.alert-dismissible`: the site's notices, a cookie or login message) or
 * one with no colour of Bootstrap's (another library's `alert` class). The colour is Bootstrap's
 * `alert-info` or Bulma's modifier, `is-info`, which Microsoft Learn's alerts use (`<div
 * class="alert is-info"><p class="alert-title">Note</p>`).
 */
function bootstrapType(element: Element): string | undefined {
  if (element.classList.contains('alert-dismissible')) return undefined;
  for (const name of Array.from(element.classList)) {
    const colour = name.startsWith('alert-')
      ? name.slice(6)
      : name.startsWith('is-')
        ? name.slice(3)
        : '';
    const type = BOOTSTRAP_TYPES[colour];
    if (type) return type;
  }
  return undefined;
}

/**
 * One selector pass over the page, in reading order, on pages that have a callout at all; each
 * kind is then read its own way.
 */
function findCallouts(root: Element): Callout[] {
  const found: Callout[] = [];
  if (!holdsClass(root, CALLOUT_CLASSES) && !holdsTag(root, ['details'])) return found;
  for (const element of Array.from(root.querySelectorAll(CALLOUT_SELECTOR))) {
    const classes = element.classList;
    if (classes.contains('callout') && element.hasAttribute('data-callout')) {
      const collapsible = classes.contains('is-collapsible');
      found.push({
        element,
        type: (element.getAttribute('data-callout') ?? 'note').toLowerCase() || 'note',
        title: element.querySelector(':scope > .callout-title'),
        fold: collapsible ? (classes.contains('is-collapsed') ? '-' : '+') : '',
      });
    } else if (classes.contains('callout')) {
      const type = classedCalloutType(element);
      if (!type) continue;
      found.push({ element, type, title: classedCalloutTitle(element), fold: '' });
    } else if (classes.contains('starlight-aside')) {
      // Starlight hides the title from screen readers (`aria-hidden`), which the visibility rules
      // take out with what is hidden, and names the aside with it instead (`aria-label`).
      const label = (element.getAttribute('aria-label') ?? '').replace(/\s+/g, ' ').trim();
      found.push({
        element,
        type: typeFromClasses(element, 'starlight-aside--') ?? 'note',
        title: element.querySelector(':scope > .starlight-aside__title'),
        fold: '',
        ...(label.length <= LABEL_TITLE_MAX && { label }),
      });
    } else if (element.localName === 'details' && !classes.contains('admonition')) {
      // MkDocs Material's collapsible blocks (pymdownx.details): `<details class="warning">`
      // with its title in the summary, no admonition class. A details element whose classes
      // name no callout type is a page's own fold and stays one.
      const type = typeFromClasses(element);
      if (!type) continue;
      found.push({
        element,
        type,
        title: element.querySelector(':scope > summary'),
        fold: element.hasAttribute('open') ? '+' : '-',
      });
    } else if (classes.contains('kg-callout-card')) {
      found.push({
        element,
        type: 'note',
        title: element.querySelector(':scope > .kg-callout-emoji'),
        fold: '',
      });
    } else if (classes.contains('markdown-alert')) {
      found.push({
        element,
        type: typeFromClasses(element, 'markdown-alert-') ?? 'note',
        title: element.querySelector(':scope > .markdown-alert-title'),
        fold: '',
      });
    } else if (classes.contains('theme-admonition')) {
      found.push({
        element,
        type: typeFromClasses(element, 'theme-admonition-') ?? 'note',
        title: element.querySelector(':scope > [class*="admonitionHeading"]'),
        fold: '',
      });
    } else if (classes.contains('alert')) {
      const type = bootstrapType(element);
      if (!type) continue;
      found.push({
        element,
        type,
        title: element.querySelector(':scope > .alert-heading, :scope > .alert-title'),
        fold: '',
      });
    } else {
      const title = element.querySelector(':scope > .admonition-title, :scope > summary');
      if (!title && element.localName !== 'details') continue;
      found.push({
        element,
        type: typeFromClasses(element) ?? 'note',
        title,
        fold: element.localName === 'details' ? (element.hasAttribute('open') ? '+' : '-') : '',
      });
    }
  }
  return found;
}

/**
 * Docusaurus writes its default titles in lower case ("tip", "note") and shows them in capitals
 * by its style sheet alone; in a note they read `> [!tip] tip`. A default title (a callout
 * type's name, all in lower case) is written with a capital, "Tip", as Obsidian names a callout
 * without a title. Any other title is the author's and stays as written ("npm", "pip").
 */
function shownTitle(title: string | undefined): string | undefined {
  if (!title || !CALLOUT_TYPES.has(title) || title !== title.toLowerCase()) return title;
  return title.charAt(0).toUpperCase() + title.slice(1);
}

export function normalizeCallouts(root: Element): void {
  const doc = root.ownerDocument;
  // Innermost first, so a callout inside another is converted before its container moves it.
  for (const { element, type, title, fold, label } of findCallouts(root).reverse()) {
    if (!root.contains(element) || element.closest('pre, code')) continue;
    const quote = doc.createElement('blockquote');
    quote.setAttribute(CALLOUT_ATTRIBUTE, CALLOUT_TYPES.has(type) ? type : 'note');
    const titleText = shownTitle(lineText(title) || label);
    if (titleText) quote.setAttribute(CALLOUT_TITLE_ATTRIBUTE, titleText);
    if (fold) quote.setAttribute(CALLOUT_FOLD_ATTRIBUTE, fold);
    title?.remove();
    quote.append(...Array.from(element.childNodes));
    element.replaceWith(quote);
  }
}
