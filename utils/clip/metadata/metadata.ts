import { foldedKey } from '../markdown/text';
import { isHttpUrl, resolveUrl } from '../markdown/urls';
import { jsonLdObjects } from '../sites/page-data';
import type { ClipMetadata } from '../types';

/**
 * Values some sites print when a field is empty, and template variables a site's generator left
 * unfilled ("{{page.title}}", "${author}"); a note must never show them.
 */
const PLACEHOLDER_VALUES =
  /^(?:undefined|null|none|n\/a|unknown|admin|\[object object\]|-|—|\{\{[^{}]*\}\}|\$\{[^{}]*\})$/i;

/** C0 and C1 controls: never text a reader sees, and what strict YAML loaders and terminals trip on. */
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/** A metadata value on one line, without control characters; undefined when nothing is left. */
export function cleanMetadataText(value: string | null | undefined): string | undefined {
  return value?.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim() || undefined;
}

function clean(value: string | null | undefined): string | undefined {
  const text = cleanMetadataText(value);
  if (!text || PLACEHOLDER_VALUES.test(text)) return undefined;
  return text;
}

type MetaIndex = Map<string, string>;

/**
 * One spelling for the many a vocabulary's key is written in: lower case, a dot as a colon
 * (Dublin Core is written "DC.title", "dc:title" and "dcterms.title"), and Open Graph's object
 * properties without the "og:" some pages put before them ("og:article:author" is
 * "article:author").
 */
function metaKey(key: string): string {
  return key
    .trim()
    .toLowerCase()
    .replace(/\./g, ':')
    .replace(/^og:(?=(?:article|book|profile|video|music):)/, '');
}

/**
 * Every meta tag's value by its property, name or itemprop (normalised by metaKey). An RDFa
 * `property` holds a space-separated list of keys, each of which names the value. A key given
 * both as `property` (the attribute RDFa, Open Graph and Dublin Core define) and as `name` (a
 * common misspelling, often left behind by an older template) takes the property's value;
 * otherwise the first tag wins.
 */
function indexMetaTags(doc: Document): MetaIndex {
  const index: MetaIndex = new Map();
  const named: [string, string][] = [];
  for (const meta of Array.from(doc.getElementsByTagName('meta'))) {
    const value = clean(meta.getAttribute('content'));
    if (!value) continue;
    for (const key of (meta.getAttribute('property') ?? '').split(/\s+/)) {
      const name = key && metaKey(key);
      if (name && !index.has(name)) index.set(name, value);
    }
    for (const key of [meta.getAttribute('name'), meta.getAttribute('itemprop')]) {
      if (key?.trim()) named.push([metaKey(key), value]);
    }
  }
  for (const [name, value] of named) if (!index.has(name)) index.set(name, value);
  return index;
}

/** The values the page gives for `names`, in the order of `names` (their preference). */
function metaValues(index: MetaIndex, names: string[]): string[] {
  const values: string[] = [];
  for (const name of names) {
    const value = index.get(metaKey(name));
    if (value) values.push(value);
  }
  return values;
}

function metaContent(index: MetaIndex, names: string[]): string | undefined {
  return metaValues(index, names)[0];
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ARTICLE_TYPES =
  /article|posting|report|blog|news|webpage|recipe|review|scholarly|creativework/i;

/** Schema.org objects from every JSON-LD script, @graph entries included, articles first. */
function readJsonLd(doc: Document): JsonObject[] {
  const typeOf = (item: JsonObject) => String(item['@type'] ?? '');
  return jsonLdObjects(doc).sort(
    (a, b) => Number(ARTICLE_TYPES.test(typeOf(b))) - Number(ARTICLE_TYPES.test(typeOf(a))),
  );
}

function jsonLdText(value: unknown): string | undefined {
  if (typeof value === 'string') return clean(value);
  if (Array.isArray(value)) {
    const names = value.map(jsonLdText).filter((name): name is string => !!name);
    return names.length > 0 ? names.join(', ') : undefined;
  }
  if (isObject(value)) return jsonLdText(value.name ?? value.url ?? value['@id']);
  return undefined;
}

function firstJsonLd(items: JsonObject[], key: string): unknown {
  for (const item of items) if (item[key] !== undefined) return item[key];
  return undefined;
}

const TITLE_SEPARATORS = /\s+[|\-–—:·•»«/\\]+\s+/;
const TRAILING_SEPARATOR = /[\s|\-–—:·•»«/\\]+$/;
const LEADING_SEPARATOR = /^[\s|\-–—:·•»«/\\]+/;

/** The title before its last part (`last`, as split by TITLE_SEPARATORS), without the separator. */
function withoutLastPart(title: string, last: string): string {
  return title.slice(0, title.lastIndexOf(last)).replace(TRAILING_SEPARATOR, '');
}

/** The title after its first part, without the separator. */
function withoutFirstPart(title: string, first: string): string {
  return title.slice(title.indexOf(first) + first.length).replace(LEADING_SEPARATOR, '');
}

/** The labels of the page's host, folded (`docs.example.io` → docs, example, io); none unparsed. */
function hostLabels(pageUrl: string): string[] {
  try {
    return new URL(pageUrl).hostname.split('.').map(foldedKey);
  } catch {
    return [];
  }
}

function normalizedForCompare(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s\p{P}]+/gu, ' ')
    .trim();
}

/** A title's words, lower-cased: runs of Unicode letters and digits, in any script. */
export function titleWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Whether two titles name the same thing: most words of the shorter are in the longer. */
function agrees(a: string, b: string): boolean {
  const left = titleWords(a);
  const right = new Set(titleWords(b));
  if (left.length === 0 || right.size === 0) return false;
  const shared = left.filter((word) => right.has(word)).length;
  return shared / Math.min(left.length, right.size) >= 0.5;
}

/**
 * The page's main heading: of the `<h1>`s whose words the `<title>` holds, the longest, so a
 * site logo set in an `<h1>` (the V8 blog's `<h1>V8</h1>`, which is only the title's site-name
 * part) loses to the article's own heading. Without a `<title>` to compare, the first `<h1>`.
 */
function mainHeading(doc: Document, documentTitle: string | undefined): string | undefined {
  const headings = doc.getElementsByTagName('h1');
  if (!documentTitle) return headingText(headings[0]);
  const title = normalizedForCompare(documentTitle);
  let best: string | undefined;
  for (let index = 0; index < headings.length && index < 20; index += 1) {
    const text = headingText(headings[index]);
    const words = text ? normalizedForCompare(text) : '';
    if (text && words && title.includes(words) && text.length > (best?.length ?? 0)) best = text;
  }
  return best;
}

/** The text of a heading's permalink: a sign, or nothing (an icon drawn by the style sheet). */
const PERMALINK_TEXT = /^[\s¶#§🔗¤]*$/u;

/**
 * A heading's own words, without the permalink a documentation generator appends to it (Sphinx
 * and MkDocs: "Lamp oils¶"): a link into the page whose text is only such a sign.
 */
function headingText(heading: Element | undefined): string | undefined {
  if (!heading) return undefined;
  const permalinks = Array.from(heading.querySelectorAll('a[href^="#"]')).filter((link) =>
    PERMALINK_TEXT.test(link.textContent ?? ''),
  );
  if (permalinks.length === 0) return clean(heading.textContent);
  const copy = heading.cloneNode(true) as Element;
  for (const link of Array.from(copy.querySelectorAll('a[href^="#"]'))) {
    if (PERMALINK_TEXT.test(link.textContent ?? '')) link.remove();
  }
  return clean(copy.textContent);
}

/** Meta tags that name the page's title, most trusted first. */
const TITLE_KEYS = [
  'dc:title',
  'dcterms:title',
  'dcterm:title',
  'og:title',
  'twitter:title',
  'parsely-title',
  'citation_title',
];

/**
 * The page's title when `<title>`, og:title, the JSON-LD headline and the main heading disagree.
 * og:title is usually the headline without the site's suffix, unless it is only the brand; a
 * JSON-LD headline counts only when the `<title>` or the heading agrees with it (Wikipedia puts
 * the article's short description there: "Wikimedia list article"); `<title>` is trimmed of a
 * "| Site" part when the heading or the site name shows which part is the headline.
 */
export function chooseTitle(
  doc: Document,
  meta: MetaIndex,
  siteName: string | undefined,
  jsonLd: () => JsonObject[],
): string | undefined {
  const documentTitle = clean(doc.title);
  const site = siteName ? normalizedForCompare(siteName) : undefined;
  const isBrandOnly = (text: string) => !!site && normalizedForCompare(text) === site;
  const usable = (title: string | undefined): title is string =>
    !!title && !isBrandOnly(title) && !(documentTitle && title.length < 4);
  // Dublin Core first: a page declares it on purpose for catalogues (as Readability also ranks
  // it), while og:title is sometimes a site-wide default.
  const social = metaValues(meta, TITLE_KEYS).find(usable);

  if (usable(social)) return stripSiteSuffix(social, site, doc.URL);
  const heading = mainHeading(doc, documentTitle);
  // Read only when the meta tags give no usable title.
  const headline = jsonLdText(firstJsonLd(jsonLd(), 'headline'));
  if (usable(headline)) {
    const witness = documentTitle ?? heading ?? clean(doc.querySelector('h1')?.textContent);
    if (!witness || agrees(headline, witness)) return stripSiteSuffix(headline, site, doc.URL);
  }
  if (documentTitle) {
    if (heading && normalizedForCompare(documentTitle).includes(normalizedForCompare(heading))) {
      return headedRest(doc, documentTitle, heading) ?? heading;
    }
    const stripped = stripSiteSuffix(documentTitle, site, doc.URL);
    return stripped === documentTitle ? stripTrailingName(documentTitle) : stripped;
  }
  return heading;
}

/**
 * When the main heading is only one end of the `<title>`, outside the page's main content, and a
 * heading in the main content is the rest, the main heading is the site's (a book's name in mdBook's menu bar, `<h1 class=
 * "menu-title">The Rust Programming Language</h1>`, over the chapter's `<h2>Defining an Enum</h2>`,
 * titled "Defining an Enum - The Rust Programming Language"): the rest is the page's title.
 */
function headedRest(doc: Document, title: string, heading: string): string | undefined {
  const parts = title.split(TITLE_SEPARATORS);
  if (parts.length < 2) return undefined;
  const first = parts[0] as string;
  const last = parts[parts.length - 1] as string;
  const key = normalizedForCompare(heading);
  let rest: string;
  if (key === normalizedForCompare(last)) rest = withoutLastPart(title, last);
  else if (key === normalizedForCompare(first)) rest = withoutFirstPart(title, first);
  else return undefined;
  const wanted = normalizedForCompare(rest);
  if (!wanted) return undefined;
  // Which heading is the site's is told by where each sits: the rest in the page's main content,
  // the main heading outside it (a logo's `<h1>V8</h1>` in the header names no article).
  let found: string | undefined;
  const headings = doc.querySelectorAll('h1, h2, h3');
  for (let index = 0; index < headings.length && index < 30; index += 1) {
    const element = headings[index] as Element;
    const text = headingText(element);
    if (!text) continue;
    const inMain = element.closest(MAIN_CONTENT) !== null;
    const words = normalizedForCompare(text);
    if (words === key && inMain) return undefined;
    if (words === wanted && inMain) found ??= text;
  }
  return found;
}

const MAIN_CONTENT = 'main, article, [role="main"]';

/**
 * A `<title>` whose last part is short next to the rest ("Lorem ipsum dolor sit amet – My
 * website", "Post | Blog | Jane Doe") ends in the site's or author's name even when the page
 * does not say so: that part goes, as Readability also does, when at least three words remain.
 */
function stripTrailingName(title: string): string {
  const parts = title.split(TITLE_SEPARATORS);
  const last = parts[parts.length - 1] ?? '';
  if (parts.length < 2) return title;
  const rest = withoutLastPart(title, last);
  const restWords = titleWords(rest).length;
  const lastWords = titleWords(last).length;
  return restWords >= 3 && lastWords <= 4 && lastWords < restWords ? rest : title;
}

function stripSiteSuffix(title: string, site: string | undefined, pageUrl: string): string {
  const parts = title.split(TITLE_SEPARATORS);
  if (parts.length < 2) return title;
  if (site) {
    const kept = parts.filter((part) => normalizedForCompare(part) !== site);
    if (kept.length > 0 && kept.length < parts.length) {
      // Re-join the remaining parts with the separators the page used.
      const first = kept[0] as string;
      const last = kept[kept.length - 1] as string;
      return title.slice(title.indexOf(first), title.lastIndexOf(last) + last.length);
    }
  }
  // Without a site name to go by (Docusaurus writes none: "Installation | Docusaurus"), a part
  // at either end that spells the page's host is the site's name.
  const first = parts[0] as string;
  const last = parts[parts.length - 1] as string;
  const labels = hostLabels(pageUrl);
  if (spellsHost(last, labels)) return withoutLastPart(title, last);
  if (spellsHost(first, labels)) return withoutFirstPart(title, first);
  return title;
}

/**
 * Whether a title's part is the name in the page's address (`docusaurus.io`, `github.com`), or
 * is made of its words (`docs.relaypipe.dev`'s "RelayPipe Docs", `learn.microsoft.com`'s
 * "Microsoft Learn").
 */
function spellsHost(part: string, labels: string[]): boolean {
  const key = foldedKey(part);
  if (key.length < 3) return false;
  // The last label is the domain's ending (`io`, `com`), never a site's name.
  const names = labels.slice(0, -1).filter((label) => label !== 'www');
  if (names.includes(key)) return true;
  const words = titleWords(part).map(foldedKey);
  return words.length > 1 && words.every((word) => names.includes(word));
}

/**
 * The site's name when the page declares none: the end of the `<title>` that spells the host
 * and holds its registered name, the label before the ending ("Installation | Docusaurus" on
 * docusaurus.io, "… | Microsoft Learn" on learn.microsoft.com). A part that spells only a
 * subdomain ("Docs") is a section, not a site.
 */
function siteNamedInTitle(title: string | undefined, pageUrl: string): string | undefined {
  const parts = title?.split(TITLE_SEPARATORS) ?? [];
  if (parts.length < 2) return undefined;
  const labels = hostLabels(pageUrl);
  const registered = labels[labels.length - 2];
  if (!registered || registered.length < 3) return undefined;
  const named = (part: string | undefined) =>
    !!part &&
    spellsHost(part, labels) &&
    titleWords(part).some((word) => foldedKey(word) === registered);
  const last = parts[parts.length - 1];
  const first = parts[0];
  return clean(named(last) ? last : named(first) ? first : undefined);
}

/**
 * The site's name without the slogan some sites add to it ("Aktuálně.cz - Víte, co se právě
 * děje"): of the name's parts, the one another source also gives as the site's name (the JSON-LD
 * publisher, a part of the `<title>`) or that spells one of the page's host labels. Read only
 * when the name has parts; unconfirmed, it stays whole, as a name may hold a dash itself.
 */
function withoutTagline(
  name: string,
  witnesses: () => (string | undefined)[],
  pageUrl: string,
): string {
  const parts = name.split(TITLE_SEPARATORS);
  if (parts.length < 2) return name;
  // No address to compare with leaves no labels: the other witnesses still count.
  const labels = hostLabels(pageUrl);
  const named = new Set(
    witnesses()
      .flatMap((witness) => witness?.split(TITLE_SEPARATORS) ?? [])
      .map(foldedKey),
  );
  const host = labels.join('');
  const confirmed = parts.find((part) => {
    const key = foldedKey(part);
    if (!key) return false;
    return named.has(key) || (key.length >= 3 && (labels.includes(key) || host.endsWith(key)));
  });
  return confirmed?.trim() ?? name;
}

function cleanAuthor(value: string | undefined): string | undefined {
  if (!value || isHttpUrl(value)) return undefined;
  return cleanByline(value);
}

/**
 * Marks that name the author in the page, most precise first: the name inside a schema.org
 * author (whose element often also holds a separator or a date: "Jane Doe —"), a link marked
 * rel=author, the author element itself. Each mark is tried in turn, as a `<link rel="author">`
 * in the head (a humans.txt) has no text and must not hide the others.
 */
const AUTHOR_MARKS = [
  '[itemprop~="author" i] [itemprop~="name" i]',
  'a[rel~="author" i]',
  '[itemprop~="author" i]',
  // Microformats (hCard's "fn" inside hAtom's "author"; h-entry's p-author), which WordPress
  // themes print around the link to the author's archive.
  '.author .fn, .p-author .p-name, .p-author',
  // A byline's link to the author's page, whatever else the byline says next to it (a date,
  // a comment count).
  '[class*="byline" i] a[href*="/author" i]',
];

function markedAuthor(doc: Document): string | undefined {
  for (const selector of AUTHOR_MARKS) {
    for (const element of Array.from(doc.querySelectorAll(selector)).slice(0, 5)) {
      const name = cleanAuthor(element.textContent ?? undefined);
      if (name) return name;
    }
  }
  return undefined;
}

/** "By", or one word and "by" ("Written by", "Posted by", "Words by"), or "von", "par"… */
const LEADING_BY = /^(?:(?:\p{L}+\s+)?by|von|par|por|di)[\s:]+/iu;
/** Another person's credit after the author's name: "… Edited by", "…, photos by". */
const TRAILING_CREDIT = /[\s,;|·•–—]+\p{L}+\s+by\b.*$/iu;

/** An address printed next to the name ("Jane Smith - https://jane.example/"): never a name. */
const WEB_ADDRESS = /\bhttps?:\/\/\S+/giu;

/**
 * A year, a clock time or a numeric date: what a byline element holds when it is really the
 * dateline ("April 28, 2019 at 6:01 am", "Wednesday, 26 February 2025") or glues the name to the
 * date ("Lucas Nolan22 Dec 2016"). A person's name has none of them, in any script.
 */
const DATE_OR_TIME = /\d{4}|\d{1,2}:\d{2}|\d{1,2}[./-]\d{1,2}[./-]\d{2}/u;

/**
 * A note's mark set right after a name, pointing to an affiliation or a contact note: "Ada
 * Keeper1, Ben Lamp1,2" (papers), "Jane Doe*". No name ends in a digit or such a sign, but a
 * user name does ("ggailey777", "jdoe42"): the word the mark follows is captured, and a mark
 * after a one-word byline or a word that starts in lower case stays (`withoutNameMarks`).
 */
const NAME_MARK = /(\S*\p{L})([\d*†‡§¶]{1,3}(?:,[\d*†‡§¶]{1,3})*)(?=$|[\s,;&])/gu;

/** A byline of one word is a user name or a mononym, whose digits are its own. */
function withoutNameMarks(name: string): string {
  if (!/\s/u.test(name)) return name;
  return name.replace(NAME_MARK, (whole, word: string) => (/^\p{Ll}/u.test(word) ? whole : word));
}

/** A dash, bar or comma left at either end once the name's neighbours are gone: "Jane Doe —". */
const DANGLING_SEPARATORS = /^[\s\p{Pd}|·•,;:/\\]+|[\s\p{Pd}|·•,;:/\\]+$/gu;

/**
 * The name in a byline: the note's header says "By" itself, so a byline that already starts with
 * a by-phrase loses it, and an editor's or photographer's credit after the name is cut.
 */
export function cleanByline(value: string | undefined): string | undefined {
  const text = clean(value);
  if (!text) return undefined;
  const name = clean(
    text
      .replace(WEB_ADDRESS, ' ')
      .replace(LEADING_BY, '')
      .replace(TRAILING_CREDIT, '')
      .replace(DANGLING_SEPARATORS, ''),
  );
  if (!name || DATE_OR_TIME.test(name)) return undefined;
  return clean(withoutNameMarks(name));
}

/** What Readability takes a byline from: a rel/itemprop author or a class or id that says so. */
const BYLINE_ELEMENTS = ['byline', 'author', 'dateline', 'writtenby']
  .flatMap((word) => [`[class*="${word}" i]`, `[id*="${word}" i]`])
  .concat('[rel~="author" i]', '[itemprop*="author" i]')
  .join(', ');

const squeezed = (text: string | null | undefined) => cleanMetadataText(text) ?? '';

/**
 * Whether an element is an entry of the site's menu: inside a navigation landmark, or one item
 * of a list of at least four items that are each one link and nothing else, set before the
 * page's main heading (a section menu; a list of an article's authors comes after its title).
 */
function isMenuEntry(element: Element): boolean {
  if (element.closest('nav, [role~="navigation" i], [role~="menubar" i]')) return true;
  const item = element.closest('li');
  const list = item?.parentElement;
  const heading = element.ownerDocument.querySelector('h1');
  if (!list || !heading) return false;
  const headingFollows = list.compareDocumentPosition(heading) & 4; // DOCUMENT_POSITION_FOLLOWING
  if (!headingFollows) return false;
  const items = Array.from(list.children).filter((child) => child.tagName === 'LI');
  return (
    items.length >= 4 &&
    items.every((entry) => {
      const links = entry.getElementsByTagName('a');
      const text = squeezed(entry.textContent);
      return links.length === 1 && text !== '' && squeezed(links[0]?.textContent) === text;
    })
  );
}

/**
 * Whether a byline Readability found in the page is the text of a menu entry: Readability takes
 * the first element whose class or id says "byline" or "author", and a menu's link to the site's
 * section of columnists says so too (Yahoo! Japan's `<li id="gnPriBylines">`). The first such
 * element with the byline's text is the one Readability took.
 */
export function isMenuByline(doc: Document, byline: string): boolean {
  const text = squeezed(byline);
  for (const element of Array.from(doc.querySelectorAll(BYLINE_ELEMENTS))) {
    if (squeezed(element.textContent) === text) return isMenuEntry(element);
  }
  return false;
}

/**
 * The publication date when the meta tags and the article's JSON-LD both give one: the earlier.
 * Both mean "first published", but a republished post moves one of them (Medium's
 * article:published_time is the latest republication, while the page and its JSON-LD show the
 * first date), and a clip is dated by when the piece first appeared. A value that is no date at
 * all ("{{date}}") yields to one that is.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

function earliestDate(...values: (string | undefined)[]): string | undefined {
  let best: { value: string; time: number } | undefined;
  for (const value of values) {
    const time = value === undefined ? Number.NaN : Date.parse(value);
    // Within a day the two name the same publication, written more or less precisely ("November
    // 19, 2019" is local midnight): the first, the meta tags' full timestamp, stays.
    if (value !== undefined && !Number.isNaN(time) && (!best || time <= best.time - DAY_MS))
      best = { value, time };
  }
  return best?.value ?? values.find((value) => value !== undefined);
}

/**
 * The dates a system writes when it has none: .NET's DateTime.MinValue ("0001-01-01T00:00:00Z",
 * Gannett's JSON-LD on every page of some of its papers), the year 0, its MaxValue
 * (9999-12-31) and the Unix epoch's first instant. A note dated 1 January of the year 1 is
 * worse than an undated one, and as the earliest of the page's dates it beat the real one.
 */
const NO_DATE = /^(?:0{3}\d|9999)-|^1970-01-01(?:[T ]00:00(?::00(?:\.0+)?)?(?:Z|[+-]00:?00)?)?$/;

/** A publication date, or undefined when the value is one of the NO_DATE stand-ins. */
export function realDate(value: string | undefined): string | undefined {
  return value !== undefined && NO_DATE.test(value.trim()) ? undefined : value;
}

function toIsoDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  // An offset without its colon ("-0400") is ISO 8601's basic form, which the date is not
  // written in and which some readers of front matter refuse: the extended form, as the date.
  if (/^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(value))
    return value.replace(/([T ][\d:.]+[+-]\d{2})(\d{2})$/, '$1:$2');
  const parsed = Date.parse(value);
  if (Number.isNaN(parsed)) return value;
  const date = new Date(parsed);
  // A day written without a clock ("March 2, 2024", Highwire's "2024/03/02") is read as the
  // reader's local midnight: as an instant in UTC it was the day before anywhere east of
  // Greenwich, and the note said so. Its day in the reader's calendar is the day written (the
  // year or month alone, an ISO form, is read in UTC).
  if (!/\d:\d/.test(value)) {
    const utc = /^\d{4}(?:-\d{2})?$/.test(value.trim());
    const year = utc ? date.getUTCFullYear() : date.getFullYear();
    const month = (utc ? date.getUTCMonth() : date.getMonth()) + 1;
    const day = utc ? date.getUTCDate() : date.getDate();
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }
  return date.toISOString();
}

function httpUrl(value: string | undefined, base: string): string | undefined {
  const resolved = resolveUrl(value, base);
  return resolved && isHttpUrl(resolved) ? resolved : undefined;
}

function jsonLdImage(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return jsonLdImage(value[0]);
  if (isObject(value)) return jsonLdImage(value.url ?? value.contentUrl);
  return undefined;
}

/** Drops absent fields so no note ever shows "undefined". */
function compact(metadata: ClipMetadata): ClipMetadata {
  return Object.fromEntries(
    Object.entries(metadata).filter(([, value]) => value !== undefined && value !== ''),
  ) as ClipMetadata;
}

/** The page's canonical address: `<link rel="canonical">`, wherever the page put it. */
function canonicalLink(doc: Document): string | undefined {
  // A walk of the few links rather than an attribute selector over every element of the page.
  for (const link of Array.from(doc.getElementsByTagName('link'))) {
    const rel = (link.getAttribute('rel') ?? '').toLowerCase().split(/[\t\n\f\r ]+/);
    if (rel.includes('canonical')) return link.getAttribute('href') ?? undefined;
  }
  return undefined;
}

/**
 * The first author the sources give, in their order, unless it is only the site's name (a
 * template fills meta author with "Substack" on every post) and a later source names someone:
 * then that one. Sources are asked lazily, so JSON-LD is parsed only when needed.
 */
function chooseAuthor(
  sources: (() => string | undefined)[],
  siteName: string | undefined,
): string | undefined {
  const site = siteName && normalizedForCompare(siteName);
  let first: string | undefined;
  for (const source of sources) {
    const name = source();
    if (!name) continue;
    if (!site || normalizedForCompare(name) !== site) return name;
    first ??= name;
  }
  return first;
}

/** A JSON-LD author given as a list: `"author": [`, looked for before any script is parsed. */
const JSON_LD_AUTHOR_LIST = /"author"\s*:\s*\[/;

/**
 * The article's authors, when a meta tag names one of them and the page's JSON-LD lists them
 * all: a template often fills meta author with the first byline only, and the co-authors were
 * lost from the note. The list is read only when a script holds one, and taken only when it
 * holds the name the meta tag gave.
 */
function withCoAuthors(
  author: string | undefined,
  doc: Document,
  jsonLd: () => JsonObject[],
): string | undefined {
  if (!author || author.includes(',')) return author;
  // By tag name (the browser's fast path), not an attribute selector matched on every element.
  const scripts = Array.from(doc.getElementsByTagName('script'));
  const listsAuthors = scripts.some(
    (script) =>
      script.getAttribute('type')?.toLowerCase() === 'application/ld+json' &&
      JSON_LD_AUTHOR_LIST.test(script.textContent ?? ''),
  );
  if (!listsAuthors) return author;
  const listed = firstJsonLd(jsonLd(), 'author');
  if (!Array.isArray(listed) || listed.length < 2) return author;
  const all = cleanAuthor(jsonLdText(listed));
  if (!all) return author;
  const named = normalizedForCompare(author);
  return all.split(', ').some((name) => normalizedForCompare(name) === named) ? all : author;
}

/**
 * Meta tags that name the author, most trusted first: Dublin Core's creator is declared on
 * purpose (as Readability also ranks it), while a template often fills the generic "author" with
 * the site's owner. A value that is no name (article:author is often a profile's address) gives
 * way to the next.
 */
const AUTHOR_KEYS = [
  'dc:creator',
  'dcterms:creator',
  'dcterm:creator',
  'author',
  'article:author',
  'parsely-author',
  'sailthru:author',
];

/**
 * Marks in the page that date the piece when its head does not, most precise first: schema.org
 * microdata on an element (a Blogger post's `<abbr itemprop="datePublished" title="…">`), an
 * article's `<time>`, HTML's old `pubdate`, and the microformats blog themes print (h-entry's
 * `dt-published`, hAtom's `published`, the class Blogger, phpBB-era and WordPress themes use).
 */
const PUBLISHED_MARKS = [
  '[itemprop~="datePublished" i]:not(meta)',
  'article time[datetime]',
  'time[pubdate][datetime]',
  '.dt-published',
  '.hentry .published, .h-entry .published, time.published, abbr.published',
];

const ANY_PUBLISHED_MARK = PUBLISHED_MARKS.join(', ');

function markedPublished(doc: Document): string | undefined {
  // One query for every mark (the page is matched once; most pages have none), then the marks
  // in order of trust, each by its first element.
  const marked = Array.from(doc.querySelectorAll(ANY_PUBLISHED_MARK));
  if (marked.length === 0) return undefined;
  for (const selector of PUBLISHED_MARKS) {
    const element = marked.find((candidate) => candidate.matches(selector));
    if (!element) continue;
    // The machine-readable value where the mark gives one; else the words, when they are short.
    const text = element.textContent ?? '';
    const value = clean(
      element.getAttribute('datetime') ??
        element.getAttribute('content') ??
        element.getAttribute('title') ??
        (text.length <= 40 ? text : undefined),
    );
    // A year at least: V8 reads "Mar 12" as 12 March 2001.
    if (value && /\d{4}/.test(value) && !Number.isNaN(Date.parse(value))) return realDate(value);
  }
  return undefined;
}

/** Authors past this many are "et al.", as a citation writes them (a physics paper has 3,000). */
const MAX_CITED_AUTHORS = 10;

/**
 * The authors Highwire Press tags name (Google Scholar's tags, which arXiv, PubMed Central, most
 * journals and institutional repositories write): one `citation_author` per author, most often
 * "Last, First". The index holds the first tag only, and the note named the first author alone,
 * surname first ("Okafor, Chiamaka" for three authors).
 */
function citationAuthors(doc: Document): string | undefined {
  const names: string[] = [];
  for (const meta of Array.from(doc.querySelectorAll('meta[name="citation_author" i]'))) {
    const value = clean(meta.getAttribute('content'));
    if (!value || isHttpUrl(value)) continue;
    // One author per tag, so a single comma can only part the surname from the given names.
    const parts = value.split(',');
    const name = parts.length === 2 ? `${parts[1]?.trim()} ${parts[0]?.trim()}`.trim() : value;
    if (!names.includes(name)) names.push(name);
  }
  if (names.length === 0) return undefined;
  const cited = names.slice(0, MAX_CITED_AUTHORS).join(', ');
  return cleanByline(names.length > MAX_CITED_AUTHORS ? `${cited} et al.` : cited);
}

/** `base`: what relative addresses are read against, when not the page's (a saved copy's). */
export function extractMetadata(
  doc: Document,
  pageUrl: string,
  base: string = doc.baseURI || pageUrl,
): ClipMetadata {
  // JSON-LD is parsed only when the meta tags leave a field empty: on news pages its scripts are
  // large, and most of them also describe themselves in meta tags.
  let jsonLdItems: JsonObject[] | undefined;
  const jsonLd = () => {
    jsonLdItems ??= readJsonLd(doc);
    return jsonLdItems;
  };
  const meta = indexMetaTags(doc);
  const publisher = () =>
    jsonLdText((firstJsonLd(jsonLd(), 'publisher') as JsonObject | undefined)?.name);
  const namedSite = metaContent(meta, ['og:site_name', 'application-name', 'al:ios:app_name']);
  const siteName = namedSite
    ? withoutTagline(namedSite, () => [publisher(), clean(doc.title)], doc.URL || pageUrl)
    : (publisher() ?? siteNamedInTitle(clean(doc.title), doc.URL || pageUrl));
  const author = withCoAuthors(
    chooseAuthor(
      [
        ...metaValues(meta, AUTHOR_KEYS).map((value) => () => cleanAuthor(value)),
        () => (meta.has('citation_author') ? citationAuthors(doc) : undefined),
        () => cleanAuthor(jsonLdText(firstJsonLd(jsonLd(), 'author'))),
        () => markedAuthor(doc),
      ],
      siteName,
    ),
    doc,
    jsonLd,
  );
  const published = toIsoDate(
    earliestDate(
      metaValues(meta, [
        'article:published_time',
        'datePublished',
        'og:published_time',
        'publish-date',
        'pubdate',
        'publishdate',
        'date',
        'dc.date',
        'dc.date.issued',
        'citation_publication_date',
        'citation_date',
        'sailthru.date',
        'parsely-pub-date',
      ])
        .map(realDate)
        .find((value) => value !== undefined),
      realDate(jsonLdText(firstJsonLd(jsonLd(), 'datePublished'))),
    ) ?? markedPublished(doc),
  );
  const description =
    metaContent(meta, ['og:description', 'description', 'twitter:description', 'dc.description']) ??
    jsonLdText(firstJsonLd(jsonLd(), 'description'));
  const rawLanguage =
    clean(doc.documentElement?.getAttribute('lang')) ??
    clean(doc.querySelector('meta[http-equiv="content-language" i]')?.getAttribute('content')) ??
    metaContent(meta, ['og:locale']);
  const direction = clean(
    doc.documentElement?.getAttribute('dir') ?? doc.body?.getAttribute('dir'),
  )?.toLowerCase();
  const canonicalUrl =
    httpUrl(canonicalLink(doc), base) ?? httpUrl(metaContent(meta, ['og:url']), base);
  const leadImage =
    httpUrl(
      metaContent(meta, [
        'og:image:secure_url',
        'og:image',
        'og:image:url',
        'twitter:image',
        'twitter:image:src',
      ]),
      base,
    ) ??
    httpUrl(jsonLdImage(firstJsonLd(jsonLd(), 'image')), base) ??
    httpUrl(doc.querySelector('link[rel="image_src" i]')?.getAttribute('href') ?? undefined, base);

  return compact({
    title: chooseTitle(doc, meta, siteName, jsonLd),
    author,
    siteName,
    published,
    description,
    language: rawLanguage?.replace('_', '-'),
    direction: direction === 'rtl' || direction === 'ltr' ? direction : undefined,
    canonicalUrl,
    leadImage,
  });
}
