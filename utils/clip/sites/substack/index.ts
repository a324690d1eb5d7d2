import { isHttpUrl, resolveUrl, stripTrackingParameters } from '../../markdown/urls';
import { type InertParser, inertParser } from '../../prepare/inert';
import { mathPlaceholder } from '../../prepare/math';
import { holdsClass, lineText } from '../../presence';
import { at, attributeJson, jsonLdObjects, scriptAssignment } from '../page-data';
import { importBody, isoDate, metaContent } from '../post-parts';
import { isoDate as anyDate, emphasisLine } from '../thread';
import type { SiteContext, SiteDetector, SiteExtraction, SiteModule } from '../types';

/**
 * Substack: a newsletter post (on substack.com or on the publication's own domain) and a note
 * (Substack's short posts, alone or as the permalink of a feed). Both are recognised by markup:
 * a post is `.body.markup` inside the post article with Substack's component markers
 * (`data-component-name`) or its CDN; a note is the `FeedProseMirror` editor's output.
 *
 * A post keeps its subtitle, headings, images, image galleries, embedded X posts and footnotes and
 * leaves the publication's calls to subscribe, share buttons and "related post" cards out; a note
 * keeps its text and its images (the largest size the page offers), not the feed around it.
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
    if (lineText(mention)) continue;
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
    const title = stringAt(attrs, 'title') ?? lineText(card.querySelector('.embedded-post-title'));
    const publication =
      stringAt(attrs, 'publication_name') ??
      lineText(card.querySelector('.embedded-post-publication-name'));
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

/** An http(s) address from what the page or its data gave; anything else is no address. */
function webAddress(value: unknown, base: string): string | undefined {
  const url = typeof value === 'string' ? resolveUrl(value, base) : undefined;
  return url && isHttpUrl(url) ? url : undefined;
}

function paragraphOf(out: Document, ...nodes: (Node | string)[]): HTMLParagraphElement {
  const paragraph = out.createElement('p');
  paragraph.append(...nodes);
  return paragraph;
}

/**
 * An image gallery: the post page draws it as a figure of picture rows (`ImageGallery`), while the
 * post's stored body (a page saved before the app drew it) holds an empty `.image-gallery-embed`
 * whose images and caption are only in `data-attrs` (`gallery.images[].src`, the original upload).
 * Either way the note gets each image as a paragraph of its own, then the caption, as it gets a
 * captioned image; drawn side by side, the pictures would run together on one line.
 */
function galleries(copy: Element, out: Document): void {
  for (const gallery of Array.from(
    copy.querySelectorAll('[data-component-name="ImageGallery"], .image-gallery-embed'),
  )) {
    const data = at(componentAttrs(gallery), 'gallery');
    const images: Element[] = [];
    const stored = at(data, 'images');
    if (Array.isArray(stored)) {
      const alt = stringAt(data, 'alt') ?? '';
      for (const item of stored) {
        const src = webAddress(at(item, 'src'), out.baseURI);
        if (!src) continue;
        const image = out.createElement('img');
        image.setAttribute('src', src);
        image.setAttribute('alt', alt);
        images.push(image);
      }
    } else {
      // The drawn pictures keep their sources: the engine takes the largest, as for any image.
      for (const image of Array.from(gallery.querySelectorAll('img'))) {
        images.push(image.closest('picture') ?? image);
      }
    }
    const caption = stringAt(data, 'caption') ?? lineText(gallery.querySelector('figcaption'));
    if (images.length === 0) {
      gallery.remove();
      continue;
    }
    gallery.replaceWith(
      ...images.map((image) => paragraphOf(out, image)),
      ...(caption ? [paragraphOf(out, caption)] : []),
    );
  }
}

/**
 * A post's text as elements: its links (to the web only, without tracking parameters) and its line
 * breaks kept, a blank line starting the next paragraph, every other element's text as it reads.
 * The stored text (`full_text`) is markup, parsed inertly; the drawn text is the page's own nodes.
 */
function postParagraphs(out: Document, source: Node): HTMLParagraphElement[] {
  const paragraphs = [out.createElement('p')];
  const current = () => paragraphs[paragraphs.length - 1] as HTMLParagraphElement;
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) {
        (child.nodeValue ?? '').split(/(\n[ \t]*\n\s*|\n)/).forEach((part, index) => {
          if (index % 2 === 0) {
            if (part) current().append(part);
          } else if (part === '\n') {
            current().append(out.createElement('br'));
          } else {
            paragraphs.push(out.createElement('p'));
          }
        });
      } else if (child.nodeName === 'BR') {
        current().append(out.createElement('br'));
      } else if (child.nodeName === 'A') {
        const text = (child.textContent ?? '').trim();
        const href = webAddress((child as Element).getAttribute('href'), out.baseURI);
        if (!text || !href) {
          current().append(text);
          continue;
        }
        const link = out.createElement('a');
        link.setAttribute('href', stripTrackingParameters(href));
        link.textContent = text;
        current().append(link);
      } else if (
        child.nodeType === 1 &&
        !/^(script|style|template|button|svg)$/i.test(child.nodeName)
      ) {
        walk(child);
      }
    }
  };
  walk(source);
  return paragraphs.filter((paragraph) => /\S/.test(paragraph.textContent ?? ''));
}

/** What an embedded X post shows, from its stored data or, failing that, its drawn card. */
interface EmbeddedPost {
  url?: string;
  text: HTMLParagraphElement[];
  name?: string;
  handle?: string;
  date?: string;
  photos: { src: string; alt: string }[];
  quoted?: EmbeddedPost;
}

function storedPost(data: unknown, out: Document, parse: InertParser): EmbeddedPost | undefined {
  const html = stringAt(data, 'full_text');
  const name = stringAt(data, 'name');
  if (!html && !name) return undefined;
  const photos: { src: string; alt: string }[] = [];
  const stored = at(data, 'photos');
  for (const photo of Array.isArray(stored) ? stored : []) {
    const src = webAddress(at(photo, 'img_url'), out.baseURI);
    if (src) photos.push({ src, alt: stringAt(photo, 'alt_text') ?? '' });
  }
  const quoted = at(data, 'quoted_tweet');
  return {
    url: webAddress(at(data, 'url'), out.baseURI),
    text: html ? postParagraphs(out, parse(html).body) : [],
    name,
    handle: stringAt(data, 'username')?.replace(/^@/, ''),
    // The stored date is ISO 8601 or X's own `Thu Feb 08 12:00:45 +0000 2018`: the day, as bylines.
    date: anyDate(stringAt(data, 'date'))?.slice(0, 10),
    photos,
    quoted: storedPost(quoted, out, parse),
  };
}

/**
 * The day a card shows (`May 4, 2026`) as the stored data's `2026-05-04`, read in the local
 * calendar so that no time zone moves it; the text as shown when it is not a date the browser reads.
 */
function shownDay(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The drawn card, when it carries no data: a row with the avatar, the name and the `@handle`; the
 * text; the post's pictures; last, the time (`10:41 PM · May 3, 2026`) above the counts.
 */
function drawnPost(embed: Element, out: Document): EmbeddedPost {
  const card = embed.classList.contains('twitter-embed')
    ? embed
    : (embed.querySelector('.twitter-embed') ?? embed);
  const parts = Array.from(card.children);
  const handleSpan = Array.from(card.querySelectorAll('span')).find((span) =>
    /^@\w+$/.test(lineText(span)),
  );
  const header = parts.find((part) => handleSpan && part.contains(handleSpan));
  // The time and counts: rows of their own (the card's other parts hold text or pictures).
  const last = parts[parts.length - 1];
  const footer =
    last && last !== header && !last.querySelector('img') && last.querySelector(':scope > div')
      ? last
      : undefined;
  const body = parts.filter((part) => part !== header && part !== footer);
  const textPart = body.find((part) => !part.querySelector('img') && lineText(part) !== '');
  const shown = lineText(footer?.querySelector('span')).split('·');
  return {
    url: webAddress(embed.getAttribute('href'), out.baseURI),
    text: textPart ? postParagraphs(out, textPart) : [],
    name: lineText(handleSpan?.previousElementSibling) || undefined,
    handle: handleSpan ? lineText(handleSpan).slice(1) : undefined,
    date: shownDay(shown[shown.length - 1]?.trim()),
    photos: body.flatMap((part) =>
      Array.from(part.querySelectorAll('img')).flatMap((image) => {
        const src = webAddress(image.getAttribute('src'), out.baseURI);
        return src ? [{ src, alt: image.getAttribute('alt') ?? '' }] : [];
      }),
    ),
  };
}

/** A post's address without its query: the status path names the post, the rest is tracking. */
function postAddress(url: string): string {
  const address = new URL(url);
  address.search = '';
  address.hash = '';
  return address.href;
}

/** `— Name (@handle) date`, the date linked to the post (the name when there is no date). */
function attribution(out: Document, post: EmbeddedPost, url?: string): HTMLParagraphElement {
  const who = [post.name, post.handle && (post.name ? `(@${post.handle})` : `@${post.handle}`)]
    .filter(Boolean)
    .join(' ');
  const line = out.createElement('p');
  line.append('— ');
  const label = post.date ?? who;
  if (post.date && who) line.append(`${who} `);
  if (url) {
    const link = out.createElement('a');
    link.setAttribute('href', url);
    link.textContent = label || url;
    line.append(link);
  } else {
    line.append(label);
  }
  return line;
}

function postQuote(out: Document, post: EmbeddedPost): HTMLQuoteElement {
  const quote = out.createElement('blockquote');
  quote.append(...post.text);
  for (const photo of post.photos) {
    const image = out.createElement('img');
    image.setAttribute('src', photo.src);
    image.setAttribute('alt', photo.alt);
    quote.append(paragraphOf(out, image));
  }
  if (post.quoted && (post.quoted.text.length > 0 || post.quoted.name)) {
    quote.append(postQuote(out, post.quoted));
  }
  const url = post.url ? postAddress(post.url) : undefined;
  if (url || post.name || post.handle || post.date) quote.append(attribution(out, post, url));
  return quote;
}

/**
 * An embedded X post (`Twitter2ToDOM`): drawn on the post page as a link wrapping the whole card
 * (avatar, name, text, pictures, time, counts), which the note would get as one long link; stored
 * as an empty element whose post is only in `data-attrs`, which the note would lose. It becomes
 * what X's own embed code gives: a quote of the post's text and pictures, then who wrote it and
 * when, the date linked to the post.
 */
function embeddedPosts(copy: Element, out: Document, parse: InertParser): void {
  for (const embed of Array.from(
    copy.querySelectorAll('[data-component-name="Twitter2ToDOM"], .twitter-embed[data-attrs]'),
  )) {
    // The drawn card's inner element, already replaced with its link.
    if (!copy.contains(embed)) continue;
    const holder = embed.hasAttribute('data-attrs') ? embed : embed.querySelector('[data-attrs]');
    const stored = holder ? storedPost(componentAttrs(holder), out, parse) : undefined;
    const post = stored ?? drawnPost(embed, out);
    if (!post.url) post.url = webAddress(embed.getAttribute('href'), out.baseURI);
    if (post.text.length === 0 && post.photos.length === 0 && !post.url) {
      embed.remove();
      continue;
    }
    embed.replaceWith(postQuote(out, post));
  }
}

/**
 * A podcast player (Spotify, Apple Podcasts) is a frame whose `data-attrs` names the episode; the
 * engine makes a frame a link labelled by its title, so the title is the episode's, not "video".
 */
function titledFrames(copy: Element): void {
  for (const frame of Array.from(copy.querySelectorAll('iframe[data-attrs]'))) {
    const title = stringAt(componentAttrs(frame), 'title');
    if (title && !frame.getAttribute('title')) frame.setAttribute('title', title);
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
  const heading = lineText(paywall.querySelector('h2, h3, .paywall-title'));
  if (!heading) return null;
  return emphasisLine(out, heading);
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
  const noteIds = new Set(
    Array.from(content.querySelectorAll('.footnote a.footnote-number[id]'), (number) =>
      number.getAttribute('id'),
    ),
  );
  for (const anchor of Array.from(content.querySelectorAll('a.footnote-anchor[href*="#"]'))) {
    const id = (anchor.getAttribute('href') ?? '').split('#')[1];
    if (!id) continue;
    // A paid post's free part keeps its references but not the notes, which sit after the cut:
    // the number would read as part of the sentence and link to nothing.
    if (!noteIds.has(id)) {
      anchor.remove();
      continue;
    }
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
  /** Who the rest of the post is for, when the data says the body is only its free part. */
  cutFor?: string;
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
    lineText(article.querySelector('h1.post-title, .post-title')) ||
    data?.title ||
    (typeof linked?.headline === 'string' ? linked.headline : '') ||
    metaContent(doc, 'og:title');
  if (!title) return null;

  const content = out.createElement('div');
  const subtitle =
    lineText(article.querySelector('h3.subtitle, .subtitle')) || data?.subtitle || '';
  if (subtitle) content.append(emphasisLine(out, subtitle));
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
  galleries(copy, out);
  embeddedPosts(copy, out, inertParser(doc));
  titledFrames(copy);
  content.append(...Array.from(copy.childNodes));
  const paywall =
    paywallLine(article, body, out) ?? (data?.cutFor ? cutLine(out, data.cutFor) : null);
  if (paywall) content.append(paywall);

  const bylineAuthor = lineText(
    Array.from(article.querySelectorAll('.byline-wrapper a[href*="/@"]')).find(
      (link) => lineText(link) !== '',
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
  const body = inertParser(doc)(html).body;
  return {
    body,
    title: stringAt(post, 'title'),
    subtitle: stringAt(post, 'subtitle'),
    author: stringAt(post, 'publishedBylines', 0, 'name'),
    published: stringAt(post, 'post_date'),
    cutFor: cutFor(post, body),
  };
}

/** The audiences of a post that is not for everyone, and who they are in the note's words. */
const PAID_AUDIENCES = new Map([
  ['only_paid', 'paid subscribers'],
  ['founding', 'founding members'],
]);

/**
 * Words as a count of a post's length reads them. A script written without spaces counts each
 * character, so that the count never falls short of Substack's own and passes for a cut.
 */
function wordCount(text: string): number {
  const words = text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
  const unspaced = text.match(
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/gu,
  );
  return words + (unspaced?.length ?? 0);
}

/**
 * Who the rest of a paid post is for, when the page data holds only its free part: what the
 * server sends a reader who cannot read on. The data has no paywall words, but its fields say it:
 * `audience` is not `everyone`; the body lacks the editor's paywall marker (`PaywallToDOM`), which
 * a reader with access gets where the free part ends; and it holds far fewer words than the
 * post's `wordcount`, which counts the whole post. Without that count nothing says it is cut.
 */
function cutFor(post: unknown, body: Element): string | undefined {
  const readers = PAID_AUDIENCES.get(stringAt(post, 'audience') ?? '');
  const total = at(post, 'wordcount');
  if (!readers || typeof total !== 'number' || !(total > 0)) return undefined;
  if (body.querySelector('.paywall-jump, [data-component-name="PaywallToDOM"]')) return undefined;
  // A full body counts within a few per cent of `wordcount`; a free part, a fraction of it.
  return wordCount(body.textContent ?? '') < total * 0.8 ? readers : undefined;
}

/** The end of a cut post read from the page data, which has no paywall heading to end on. */
function cutLine(out: Document, readers: string): HTMLParagraphElement {
  return emphasisLine(
    out,
    `This post continues for ${readers}; the note holds only what the page showed.`,
  );
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
    const name = lineText(link);
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

/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const substackDetector: SiteDetector = {
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
    // (The page's script list, not an attribute selector: that would walk every element.) The
    // address as written is read first: a script's resolved `src` costs a URL parse, and only
    // one written with the CDN's name can resolve to it (unless the page is on the CDN itself).
    const scripts = Array.from(doc.getElementsByTagName('script'));
    return (
      scripts.some(
        (script) =>
          (script.getAttribute('src') ?? '').includes('substackcdn.com/bundle/') &&
          script.src.startsWith('https://substackcdn.com/bundle/'),
      ) && preloadedPost(doc) !== undefined
    );
  },
};

export const substack: SiteModule = {
  ...substackDetector,
  extract(context) {
    const body = context.doc.querySelector(POST_BODY);
    if (body) return postExtract(body, context);
    if (context.doc.getElementsByClassName('FeedProseMirror').length) return noteExtract(context);
    const saved = savedPost(context.doc);
    return saved ? postExtract(saved.body, context, saved) : null;
  },
};
