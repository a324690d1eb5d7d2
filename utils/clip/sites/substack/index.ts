import { inertParser } from '../../prepare/inert';
import { mathPlaceholder } from '../../prepare/math';
import { holdsClass } from '../../presence';
import { at, attributeJson, jsonLdObjects, scriptAssignment } from '../page-data';
import { importBody, isoDate, metaContent, textOf } from '../post-parts';
import type { SiteContext, SiteExtraction, SiteModule } from '../types';

/**
 * Substack: a newsletter post (on substack.com or on the publication's own domain) and a note
 * (Substack's short posts, alone or as the permalink of a feed). Both are recognised by markup:
 * a post is `.body.markup` inside the post article with Substack's component markers
 * (`data-component-name`) or its CDN; a note is the `FeedProseMirror` editor's output.
 *
 * A post keeps its subtitle, headings, images and footnotes and leaves the publication's calls to
 * subscribe, share buttons and "related post" cards out; a note keeps its text and its images
 * (the largest size the page offers), not the feed around it.
 */

const POST_BODY = '.available-content .body.markup, article .body.markup, .post .body.markup';

/** What a post's body holds that the author did not write: calls to act, widgets, controls. */
const POST_CHROME = [
  '.subscription-widget-wrap',
  '.subscription-widget',
  '[data-component-name="SubscribeWidget"]',
  '[data-component-name="SubscribeWidgetToDOM"]',
  '[data-component-name="ButtonCreateButton"]',
  '[data-component-name="DigestPostEmbed"]',
  '[data-component-name="CaptionedButtonToDOM"]',
  '.button-wrapper',
  '.header-anchor-parent',
  '.image-link-expand',
  '.paywall',
  'button',
  'form',
  'svg',
  'script',
  'style',
  'template',
].join(', ');

/** What the editor stored for a node it draws in the browser (its `data-attrs`). */
const componentAttrs = (element: Element): unknown => attributeJson(element, 'data-attrs');

/**
 * The nodes Substack serves empty and draws in the browser, their content only in `data-attrs`:
 * a LaTeX block (its TeX source), a mention (the person's name). Without this a clip of a saved
 * or server-rendered post loses every formula and leaves a gap where a name was.
 */
function fillDrawnNodes(copy: Element, out: Document): void {
  for (const block of Array.from(
    copy.querySelectorAll('[data-component-name="LatexBlockToDOM"], .latex-rendered[data-attrs]'),
  )) {
    const tex = stringAt(componentAttrs(block), 'persistentExpression');
    if (tex) block.replaceWith(mathPlaceholder(out, tex, 'display'));
    else block.remove();
  }
  for (const mention of Array.from(
    copy.querySelectorAll('[data-component-name="MentionToDOM"], .mention-wrap[data-attrs]'),
  )) {
    if (textOf(mention)) continue;
    const attrs = componentAttrs(mention);
    const name = stringAt(attrs, 'name');
    if (!name) continue;
    const url = stringAt(attrs, 'url');
    const link = out.createElement(url ? 'a' : 'span');
    if (url) link.setAttribute('href', url);
    link.textContent = name;
    mention.replaceWith(link);
  }
}

/**
 * An embedded post is a card of another post (its publication's logo and name, the title, an
 * excerpt, "Read more", counts): the note needs where it points, as one line with its title and
 * publication, not the card's pieces as loose paragraphs.
 */
function embeddedPostLinks(copy: Element, out: Document): void {
  for (const card of Array.from(
    copy.querySelectorAll('[data-component-name="EmbeddedPostToDOM"], .embedded-post-wrap'),
  )) {
    const attrs = componentAttrs(card);
    const href =
      stringAt(attrs, 'url') ??
      card.querySelector('a.embedded-post[href], a[href]')?.getAttribute('href');
    const title = stringAt(attrs, 'title') ?? textOf(card.querySelector('.embedded-post-title'));
    const publication =
      stringAt(attrs, 'publication_name') ??
      textOf(card.querySelector('.embedded-post-publication-name'));
    if (!href || !title) {
      card.remove();
      continue;
    }
    const line = out.createElement('p');
    const link = out.createElement('a');
    // The card's address carries Substack's tracking parameters; the post's own address does not.
    link.setAttribute('href', href.split('?')[0] ?? href);
    link.textContent = title;
    line.append(link);
    if (publication) line.append(` (${publication})`);
    card.replaceWith(line);
  }
}

/**
 * A paid post shows its free part and then Substack's paywall (outside the body): its heading says
 * what the reader is missing, in the page's own words. The note ends on it, so it does not pass for
 * the whole post.
 */
function paywallLine(article: Element, body: Element, out: Document): Element | null {
  const paywall = Array.from(
    article.ownerDocument.querySelectorAll('[data-component-name="Paywall"], .paywall'),
  ).find((wall) => !body.contains(wall) && !wall.contains(body));
  if (!paywall) return null;
  const heading = textOf(paywall.querySelector('h2, h3, .paywall-title'));
  if (!heading) return null;
  const line = out.createElement('p');
  const em = out.createElement('em');
  em.textContent = heading;
  line.append(em);
  return line;
}

/** The publication's JSON-LD article, when the page has one (Substack writes it on every post). */
function linkedArticle(doc: Document): Record<string, unknown> | undefined {
  return jsonLdObjects(doc).find((item) => typeof item.headline === 'string');
}

function authorName(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  const name = at(first, 'name');
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
}

/**
 * Substack's footnotes are links to the page's own address (`…/p/slug#footnote-1-123`) and a
 * numbered link at the start of each note: made into `<sup>` references to `#id` and notes that
 * hold the id themselves, which is the shape the engine's footnote rule reads.
 */
function normaliseFootnotes(content: Element): void {
  for (const anchor of Array.from(content.querySelectorAll('a.footnote-anchor[href*="#"]'))) {
    const id = (anchor.getAttribute('href') ?? '').split('#')[1];
    if (!id) continue;
    anchor.setAttribute('href', `#${id}`);
    if (!anchor.closest('sup')) {
      const sup = content.ownerDocument.createElement('sup');
      anchor.replaceWith(sup);
      sup.append(anchor);
    }
  }
  for (const note of Array.from(content.querySelectorAll('.footnote'))) {
    const number = note.querySelector('a.footnote-number');
    const id = number?.getAttribute('id');
    if (!number || !id) continue;
    number.remove();
    note.setAttribute('id', id);
  }
}

/** What the page's data says of a post the app has not drawn (see `savedPost`). */
interface PostData {
  body: Element;
  title?: string;
  subtitle?: string;
  author?: string;
  published?: string;
}

function postExtract(
  body: Element,
  context: SiteContext,
  data?: Omit<PostData, 'body'>,
): SiteExtraction | null {
  const { doc, out } = context;
  // A body parsed from the page's data has no article around it: the page's own elements are read.
  const article = body.closest('article, .post') ?? doc.body;
  const linked = linkedArticle(doc);
  const title =
    textOf(article.querySelector('h1.post-title, .post-title')) ||
    data?.title ||
    (typeof linked?.headline === 'string' ? linked.headline : '') ||
    metaContent(doc, 'og:title');
  if (!title) return null;

  const content = out.createElement('div');
  const subtitle = textOf(article.querySelector('h3.subtitle, .subtitle')) || data?.subtitle || '';
  if (subtitle) {
    const line = out.createElement('p');
    const em = out.createElement('em');
    em.textContent = subtitle;
    line.append(em);
    content.append(line);
  }
  const copy = importBody(out, body, POST_CHROME);
  // An image links to its own full size: the image is what the note needs.
  for (const link of Array.from(copy.querySelectorAll('a.image-link'))) {
    link.replaceWith(...Array.from(link.childNodes));
  }
  // The post's title is the note's title: headings inside the body sit one level below it.
  for (const heading of Array.from(copy.querySelectorAll('h1'))) {
    const h2 = out.createElement('h2');
    h2.append(...Array.from(heading.childNodes));
    heading.replaceWith(h2);
  }
  // Substack's editor bolds whole headings: a heading is bold already.
  for (const strong of Array.from(
    copy.querySelectorAll('h2 > strong:only-child, h3 > strong:only-child, h4 > strong:only-child'),
  )) {
    if (strong.parentElement?.textContent?.trim() === strong.textContent?.trim())
      strong.replaceWith(...Array.from(strong.childNodes));
  }
  normaliseFootnotes(copy);
  fillDrawnNodes(copy, out);
  embeddedPostLinks(copy, out);
  content.append(...Array.from(copy.childNodes));
  const paywall = paywallLine(article, body, out);
  if (paywall) content.append(paywall);

  const bylineAuthor = textOf(
    Array.from(article.querySelectorAll('.byline-wrapper a[href*="/@"]')).find(
      (link) => textOf(link) !== '',
    ),
  );
  return {
    content,
    metadata: {
      title,
      author: authorName(linked?.author) ?? (bylineAuthor || data?.author),
      published:
        isoDate(typeof linked?.datePublished === 'string' ? linked.datePublished : undefined) ??
        isoDate(metaContent(doc, 'article:published_time')) ??
        isoDate(data?.published),
      description: subtitle || undefined,
    },
  };
}

function stringAt(value: unknown, ...path: (string | number)[]): string | undefined {
  const found = at(value, ...path);
  return typeof found === 'string' && found.trim() ? found.trim() : undefined;
}

/**
 * The post in the data the app draws the page from (`window._preloads = JSON.parse("…")`), when
 * that data holds its body; read as text, never run.
 */
function preloadedPost(doc: Document): unknown {
  const post = at(scriptAssignment(doc, '_preloads'), 'post');
  return stringAt(post, 'body_html') ? post : undefined;
}

/**
 * A post page saved before the app drew it (or served as the app's shell): no `.body.markup`, but
 * the page data holds the post, its body as HTML, parsed in an inert document.
 */
function savedPost(doc: Document): PostData | null {
  const post = preloadedPost(doc);
  const html = stringAt(post, 'body_html');
  if (!html) return null;
  return {
    body: inertParser(doc)(html).body,
    title: stringAt(post, 'title'),
    subtitle: stringAt(post, 'subtitle'),
    author: stringAt(post, 'publishedBylines', 0, 'name'),
    published: stringAt(post, 'post_date'),
  };
}

/** The largest candidate of an image's `srcset` (by width), else its `src`. */
function largestSource(image: Element): string | undefined {
  let best: { url: string; width: number } | undefined;
  for (const candidate of (image.getAttribute('srcset') ?? '').split(/,\s+/)) {
    const [url, size] = candidate.trim().split(/\s+/);
    const width = Number.parseInt(size ?? '', 10);
    if (url && Number.isFinite(width) && (!best || width > best.width)) best = { url, width };
  }
  return best?.url ?? image.getAttribute('src') ?? undefined;
}

/** Links to a profile (`/@handle`), the author's name, outside the note's text. */
function noteAuthor(card: Element, text: Element): string | undefined {
  for (const link of Array.from(card.querySelectorAll('a[href*="/@"]'))) {
    if (text.contains(link)) continue;
    const name = textOf(link);
    if (name && !/^\d+\s*\w?$/.test(name)) return name;
  }
  return undefined;
}

/**
 * The note's card: the permalink unit when the page is a feed around one note; otherwise the
 * nearest ancestor of the page's only note text that also holds its author line.
 */
function noteCard(doc: Document): { card: Element; text: Element } | null {
  const unit = doc.querySelector('[class*="feedPermalinkUnit-"]');
  if (unit) {
    const text = unit.querySelector('.FeedProseMirror');
    return text ? { card: unit, text } : null;
  }
  const texts = doc.getElementsByClassName('FeedProseMirror');
  const text = texts.item(0);
  if (!text || texts.length > 1) return null;
  for (let node = text.parentElement; node && node !== doc.body; node = node.parentElement) {
    if (noteAuthor(node, text)) return { card: node, text };
  }
  return null;
}

function noteExtract(context: SiteContext): SiteExtraction | null {
  const { doc, out } = context;
  const found = noteCard(doc);
  if (!found) return null;
  const { card, text } = found;
  const content = importBody(out, text, POST_CHROME);
  for (const grid of Array.from(card.querySelectorAll('[class*="imageGrid-"]'))) {
    for (const image of Array.from(grid.querySelectorAll('img'))) {
      const src = largestSource(image);
      if (!src) continue;
      const copy = out.createElement('img');
      copy.setAttribute('src', src);
      copy.setAttribute('alt', image.getAttribute('alt') ?? '');
      const paragraph = out.createElement('p');
      paragraph.append(copy);
      content.append(paragraph);
    }
  }
  const author = noteAuthor(card, text);
  return {
    content,
    metadata: {
      title: metaContent(doc, 'og:title') ?? author,
      author,
    },
  };
}

export const substack: SiteModule = {
  id: 'substack',
  family: 'publication',
  detect(doc) {
    const root = doc.documentElement;
    if (holdsClass(root, ['FeedProseMirror'])) return true;
    // `.body.markup` is a common enough pair: Substack's component markers or CDN must agree.
    if (holdsClass(root, ['markup']) && doc.querySelector(POST_BODY)) {
      return !!doc.querySelector(
        '[data-component-name], link[href^="https://substackcdn.com"], img[src^="https://substackcdn.com"]',
      );
    }
    // A page the app has not drawn: its scripts are read only when it loads Substack's bundle,
    // so other sites' pages (which also name `_preloads` at times) cost one lookup.
    // (The page's script list, not an attribute selector: that would walk every element.)
    const scripts = Array.from(doc.getElementsByTagName('script'));
    return (
      scripts.some((script) => script.src.startsWith('https://substackcdn.com/bundle/')) &&
      preloadedPost(doc) !== undefined
    );
  },
  extract(context) {
    const body = context.doc.querySelector(POST_BODY);
    if (body) return postExtract(body, context);
    if (context.doc.getElementsByClassName('FeedProseMirror').length) return noteExtract(context);
    const saved = savedPost(context.doc);
    return saved ? postExtract(saved.body, context, saved) : null;
  },
};
