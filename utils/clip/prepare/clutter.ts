import { siteOf } from '../../tag-suggest';
import { isWhitespaceCode } from '../markdown/text';
import { IMAGE_FILE_PATH } from '../markdown/urls';
import { titleWords } from '../metadata/metadata';
import {
  elementBeside,
  isHeading,
  lineText,
  outermostWithSameText,
  SHOWN_WITHOUT_TEXT,
  showsSomething,
} from '../presence';
import { ASKS_FOR_INPUT, FORM_TEXT_LIMIT } from './structure';

/**
 * What Readability keeps inside an article although no reader wants it in a note: the site's menu
 * when Readability settles on a page-wide container, "Read more:" teasers between paragraphs,
 * headline lists of other stories, dateline and byline lines (the note's metadata already carries
 * the author and the date), and widget labels ("Advertisement", "Sign in", "Image 1 of 23").
 *
 * Every rule here looks at one block's own text and links, never at class names: Readability
 * strips classes from the article, and what counts is what the reader would see. Each rule is
 * narrow (whole-text phrases, short lines, blocks made only of links) so that an article's own
 * prose, lists and tables are never touched; the extraction benchmark measures the gain and the
 * Readability pages' structure figures measure what it costs.
 */

/** Blocks whose whole text is one of these is a widget's label, not the article's. */
/** The words an ad slot is labelled with. */
const AD_WORDS = ['advert(?:isement)?', 'sponsored(?: content)?'];

const WIDGET_LABEL = new RegExp(
  `^(?:${[
    ...AD_WORDS,
    'skip to (?:main )?content',
    'sign in',
    'log in',
    'subscribe',
    'subscriber services',
    'you (?:may|might) also like',
    'related(?: news| stories| articles| content| coverage)?',
    'more(?: stories| from [\\w ]{1,30})?',
    'see more',
    'read more',
    'read next',
    "don['’]t miss",
    'trending(?: now)?',
    'most (?:popular|read)',
    'continue reading(?: below)?',
    'story continues below(?: advertisement)?',
    'advertisement - story continues below',
    'this slideshow requires javascript',
    'loading(?: content)?',
    'enlarge(?: this)? image',
    'view author archive',
    'email the author',
    'follow (?:us |me )?on (?:twitter|facebook|instagram)',
    'image \\d+ of /? ?\\d+',
    'caption',
    'close',
    'comments?',
    'share(?: this(?: article| story)?)?',
    'tell us what you think',
    'breaking news',
  ].join('|')})\\s*[:.…]*$`,
  'i',
);

/** "Read more: <a>another story</a>" and the like: a lead-in followed by nothing but links. */
const TEASER_LEAD_IN =
  /^(?:see more|read more|more|also|related|recommended|read next|watch|listen|don['’]t miss|click here)\b[^:]{0,20}:/i;

/** Call-to-action sentences that name the site's own app, channel or newsletter. */
const CALL_TO_ACTION =
  /^(?:click here to get the .{1,40} app|get .{1,40} on the go by clicking here|read more on .{1,40} by clicking here|sign up (?:to|for) our newsletter.{0,80}|subscribe to (?:the|our) .{1,60}(?:channel|newsletters?).{0,60})[.!]?$/i;

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
/**
 * A date written out: "March 5", "5 Mar", "03/05/2019", "19.11.2019" (with a four-digit year, so a
 * version number is none), "2019-03-05", "3 hours ago". ASCII only, so the engine matches it
 * without Unicode tables (several times faster on every line).
 */
const DATE = new RegExp(
  `\\b${MONTH}\\s+\\d{1,2}\\b|\\b\\d{1,2}\\s+${MONTH}\\b|\\b\\d{1,2}/\\d{1,2}/\\d{2,4}\\b|\\b\\d{1,2}\\.\\d{1,2}\\.(?:1[89]|20)\\d{2}\\b|\\b\\d{4}-\\d{2}-\\d{2}\\b|\\b\\d+\\s+(?:minutes?|hours?|days?|weeks?)\\s+ago\\b`,
  'i',
);
/** "5 de março de 2019": the month is any word, so this one needs Unicode letters. */
const DATE_WITH_DE = /\b\d{1,2}\s+de\s+\p{L}+\s+de\s+\d{4}\b/iu;
const MAY_HOLD_DATE_WITH_DE = /\sde\s/i;

/** The first date in the text (the leftmost; the written-out forms first at the same place). */
function findDate(text: string): { index: number; length: number } | undefined {
  const plain = DATE.exec(text);
  const withDe = MAY_HOLD_DATE_WITH_DE.test(text) ? DATE_WITH_DE.exec(text) : null;
  const first = withDe && (!plain || withDe.index < plain.index) ? withDe : plain;
  return first ? { index: first.index, length: first[0].length } : undefined;
}

const TIME = /\b\d{1,2}:\d{2}\s*(?:[ap]\.?m\.?)?/i;
const DATELINE_LEAD = /^(?:last\s+)?(?:updated|published|posted|modified)\b/i;
/** Words that may surround a date on a dateline without making it a sentence. */
const DATELINE_WORD = new RegExp(
  `^(?:${MONTH}|mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?|updated|published|posted|last|modified|on|at|and|am|pm|a\\.m|p\\.m|[a-z]{2,4}t|utc|gmt|ago|minutes?|hours?|days?|weeks?|de|às|\\p{L}+-feira|\\d{1,2}:\\d{2}(?:[ap]m)?|\\d+\\p{L}{0,2})$`,
  'iu',
);

// Blocks only: an inline word ("needs *more* explanation") is never a label on its own.
const BLOCK_SELECTOR =
  'p, div, section, aside, header, footer, h1, h2, h3, h4, h5, h6, li, dl, dd, dt';
/** What the clutter rules count as a picture, as showsSomething does (presence.ts). */
const MEDIA = SHOWN_WITHOUT_TEXT;
const KEEP_INSIDE = 'pre, code, table, blockquote';

function linkTextLength(element: Element): number {
  let length = 0;
  for (const link of Array.from(element.querySelectorAll('a[href]'))) {
    length += lineText(link).length;
  }
  return length;
}

function wordCount(text: string): number {
  return text.split(' ').filter(Boolean).length;
}

/** Most date words need at most this many words around them to make a line a dateline. */
const DATELINE_MAX_WORDS = 16;

/** A short line that only states when (and maybe by whom) the story was published or updated. */
export function isDateline(text: string): boolean {
  // Every date and time pattern holds a digit; most lines have none.
  if (!/\d/.test(text)) return false;
  const words = text.split(/[\s|/;,·•—–-]+/).filter(Boolean);
  if (words.length === 0 || words.length > DATELINE_MAX_WORDS) return false;
  // A time alone ("Updated at 1:23 p.m.") makes a dateline only when the line says so first.
  if (!findDate(text) && !(DATELINE_LEAD.test(text) && TIME.test(text))) return false;
  const rest = words.filter((word) => !DATELINE_WORD.test(word.replace(/[():.,]+$/g, '')));
  return rest.length <= 3 && !/[.!?]["”']?$/.test(text.replace(/\b(?:a|p)\.m\.$/i, ''));
}

/** "By Jane Doe, John Roe" (maybe with a date): a byline the note's metadata already holds. */
export function isBylineLine(text: string): boolean {
  if (!/^(?:By|BY|by)\s+\p{Lu}/u.test(text) || /[.!?]$/.test(text)) return false;
  const date = findDate(text);
  const withoutDate = date
    ? `${text.slice(0, date.index)} ${text.slice(date.index + date.length)}`
    : text;
  const words = withoutDate.split(/[\s,|&-]+/).filter(Boolean);
  if (words.length > 12) return false;
  // Names: every remaining word is capitalised or a joining word.
  return words
    .slice(1)
    .every(
      (word) =>
        /^\p{Lu}/u.test(word) || /^(?:and|de|van|von|der|la|le|\d.*|[ap]m|[A-Z]{2,4})$/i.test(word),
    );
}

function isOnlyLinks(element: Element, text: string, minimumShare = 0.85): boolean {
  return text.length > 0 && linkTextLength(element) >= text.length * minimumShare;
}

/** "Photo: Hau Dinh, AP", "(Image: © NASA)", "SOURCE: News agencies": a credit on its own line. */
const CREDIT_LINE =
  /^\(?\s*(?:photo(?:graph)?|image|picture|credit|source)s?(?: credit)?\s*:\s*[^.!?]{1,80}\)?$/i;
/**
 * A rule drawn with characters ("* * *", "———"): the page's separator, not words. Underscores
 * stay: AP writes "___" between the parts of a story, before its corrections and credits, and
 * the Markdown writes it as a thematic break (markdown.ts, SEPARATOR_TEXT).
 */
const TEXT_RULE = /^[-–—*=~•·. ]{3,}$/;
/** Site footers and reuse notices. */
const COPYRIGHT =
  /^(?:©|\(c\)|copyright\b)|all rights reserved|is subject to copyright|^the contents of this site are/i;
const COOKIE_NOTICE = /\b(?:uses?|using) cookies\b/i;
/** A sentence that asks the reader to subscribe, join, follow or get something of the site's. */
const PROMOTION_VERB =
  /(?:^|[.!?]\s+)(?:subscribe|sign up|join|get|click here|download|follow|listen|like us|if you enjoyed|need more|have a tip)\b/gi;
const PROMOTION_OBJECT =
  /\b(?:newsletters?|subscribe|subscriptions?|inbox|app|forums?|channel|magazine|podcast|twitter|facebook|instagram|youtube|members?|delivered|reached at)\b/i;

/**
 * One scan of a line for the phrases of footers and promotions: each of those three patterns
 * holds one of these, so a line without them (nearly every line) is read once, not three times.
 */
const FOOTER_OR_PROMOTION_PHRASE = new RegExp(
  `${COPYRIGHT.source}|${COOKIE_NOTICE.source}|${PROMOTION_OBJECT.source}`,
  'i',
);

function isUpperCase(text: string): boolean {
  return /\p{Lu}/u.test(text) && text === text.toUpperCase();
}

/**
 * A teaser for another story of the site: one same-site link of five words or more, alone or
 * under a short capitalised kicker ("RANDY ANDY") or after a short label and a separator ("Lire
 * aussi |"), outside a paragraph unless the label is in bold; or a link shouted in capitals.
 */
function isTeaser(element: Element, text: string, pageUrl: string, hasLinks: boolean): boolean {
  if (!hasLinks) return false;
  const links = Array.from(element.querySelectorAll('a[href]'));
  const [link] = links;
  if (links.length !== 1 || !link || !isSameSite(link, pageUrl)) return false;
  const linkText = lineText(link);
  if (wordCount(linkText) < 5) return false;
  const rest = text.replace(linkText, '').trim();
  if (rest === '') return isUpperCase(linkText);
  if (wordCount(rest) > 4) return false;
  // In a paragraph only under a label set in bold ("**Czytaj także:** …", "**Read more:** …"):
  // a sentence's own words before a link ("See the report: …") are the writer's.
  if (element.localName === 'p' && !(opensWithBoldLabel(element, rest) && isStoryAddress(link)))
    return false;
  if (isUpperCase(rest)) return true;
  // A short label set apart before the headline by a separator ("Lire aussi | …", "Lesen Sie
  // auch: …"): a teaser's shape in any language. Not in a list, where "Chapter 1: <title>" is
  // an item of the page's own index.
  return !LIST_PARTS.has(element.localName) && text.startsWith(rest) && TEASER_LABEL_END.test(rest);
}

const LIST_PARTS = new Set(['li', 'dt', 'dd']);

/**
 * Whether a link's path names a story as sites do, by a slug of three words or more
 * ("/warszawa/nowe-tramwaje-na-ulicach-warszawy/5vbn2ka"): a bold step or term before a link to
 * a download or a tool's page ("**Step 1:** [Get the installer…](/download)") is no teaser.
 */
function isStoryAddress(link: Element): boolean {
  const path = (link as HTMLAnchorElement).pathname ?? '';
  return path.split('/').some((segment) => segment.split(/[-_]/).filter(Boolean).length >= 3);
}

/** Whether the paragraph opens with `label` alone in bold, the link after it. */
function opensWithBoldLabel(paragraph: Element, label: string): boolean {
  const first = paragraph.firstElementChild;
  if (!first || (first.localName !== 'strong' && first.localName !== 'b')) return false;
  if (paragraph.firstChild !== first && paragraph.firstChild?.textContent?.trim()) return false;
  return lineText(first) === label;
}

/** What ends a teaser's label before its headline. */
const TEASER_LABEL_END = /[:|»›→–—]$/;

/**
 * "Subscribe to our newsletters", "Follow him on Twitter": the verb opens a sentence and is
 * followed by a lower-case word, so a title ("Get Out is streaming on ...") is not taken for one.
 */
function isPromotion(text: string): boolean {
  if (!PROMOTION_OBJECT.test(text)) return false;
  for (const match of text.matchAll(PROMOTION_VERB)) {
    const next = text.slice((match.index ?? 0) + match[0].length);
    if (/^[\s?,:]*(?:\p{Ll}|$)/u.test(next)) return true;
  }
  return false;
}

/**
 * The rules that decide from a line's words alone. Most blocks are prose that none of them
 * matches, and these cost no call into the page's DOM.
 */
function isClutterText(
  text: string,
  words: number,
  pageUrl: string,
  footerOrPromotion: boolean,
): boolean {
  if (footerOrPromotion && isPromotion(text)) return true;
  if (text.length > 300) return false;
  if (WIDGET_LABEL.test(text) || CALL_TO_ACTION.test(text)) return true;
  // isDateline splits on more than spaces, so a line of more words than that is never one.
  if (TEXT_RULE.test(text) || (words <= DATELINE_MAX_WORDS && isDateline(text))) return true;
  if (isBylineLine(text)) return true;
  // The page's own address printed as a line (a share widget's fallback).
  return /^https?:\/\/\S+$/.test(text) && isSameSite(text, pageUrl);
}

/** The label an ad slot carries over its picture. */
const AD_LABEL = new RegExp(`^(?:${AD_WORDS.join('|')})\\s*[:.…]*$`, 'i');

/**
 * A block that says it is an advertisement and whose every picture comes from, or links to,
 * another site (the ad server's banner): the label alone went before, and the banner stayed
 * under it. A picture of the site's own under such a label stays.
 */
function isAdSlot(element: Element, text: string, pageUrl: string): boolean {
  if (!AD_LABEL.test(text)) return false;
  return Array.from(element.querySelectorAll(MEDIA)).every((media) => {
    const link = media.closest('a[href]');
    if (link && element.contains(link)) return !isSameSite(link, pageUrl);
    const source = media.getAttribute('src');
    return source !== null && source !== '' && !isSameSite(source, pageUrl);
  });
}

/**
 * The standard ad units' sizes (IAB), width by height: an empty box of one of these, set by its
 * inline style, is a slot waiting for an ad server's script.
 */
const AD_UNIT_SIZES = new Set([
  '728x90',
  '970x90',
  '970x250',
  '300x250',
  '336x280',
  '300x600',
  '160x600',
  '120x600',
  '300x1050',
  '320x50',
  '320x100',
  '300x50',
  '468x60',
  '234x60',
  '250x250',
  '200x200',
  '180x150',
  '125x125',
]);
/** A width and a height in whole pixels, set in an inline style (not `min-`/`max-`, not `line-height`). */
const BOX_WIDTH = /(?:^|[;\s])width\s*:\s*(\d+)px/i;
const BOX_HEIGHT = /(?:^|[;\s])height\s*:\s*(\d+)px/i;

/** The most an ad slot's label holds, in any language: "Iklan", "Anzeige", "Publicité", "广告". */
const AD_UNIT_LABEL_MAX_LENGTH = 24;

/**
 * Ad slots by their size, in any language: an empty box whose inline style gives it a standard
 * ad unit's size (WordPress.com's 300×250 under its "Iklan" label, waiting for the ad server's
 * script) goes with the wrappers around it that hold at most a short label. Read before
 * Readability, which strips inline styles; AD_WORDS only knows the labels in English.
 */
export function removeAdUnits(root: Element): void {
  for (const box of Array.from(root.querySelectorAll('[style*="width"][style*="height"]'))) {
    // The attribute's text, not the element's style object: pages set sizes inline on many
    // elements, and a declaration block parsed for each costs more than two searches.
    const style = box.getAttribute('style') ?? '';
    const width = BOX_WIDTH.exec(style)?.[1];
    const height = width && BOX_HEIGHT.exec(style)?.[1];
    if (!height || !AD_UNIT_SIZES.has(`${width}x${height}`) || !root.contains(box)) continue;
    if (box.querySelector(SHOWN_WITHOUT_TEXT) || labelText(box) !== '') continue;
    let slot: Element = box;
    for (let around = box.parentElement; around && around !== root; around = around.parentElement) {
      if (around.querySelector(SHOWN_WITHOUT_TEXT)) break;
      const text = labelText(around);
      if (text === undefined || text.split(' ').length > 2) break;
      slot = around;
    }
    slot.remove();
  }
  removeMarkedAdLabels(root);
}

/**
 * Where an ad slot's name can be: one substring selector, its words checked after. The page is
 * matched once against it, where a selector per place a word can begin (after a space, a dash,
 * an underscore, in the class or the id) cost 2 to 3 % of a news page's clip in Chromium.
 */
const AD_SLOT_MARKS = '[class*="ad" i]';
/** A word of a class or an id that names an ad slot, in the markup's English. */
const AD_SLOT_NAME =
  /(?:^|[\s_-])(?:ads?|adv|adverts?|advertis\w*|ad(?:slot|unit|box|container|wrapper|holder|label|zone)s?)(?=$|[\s_-])/i;

function namesAdSlot(element: Element): boolean {
  return AD_SLOT_NAME.test(`${element.getAttribute('class') ?? ''} ${element.id}`);
}

/**
 * An ad slot's label in any language ("REKLAMA", "Publicidad", "广告"), known by the slot's
 * class rather than its words: a block the markup names an ad ("ad-slot", "ad_content",
 * "AdLabel"; its id's words count too) that shows at most two words and no picture. Without
 * its script the slot is empty, and its label was left alone between two paragraphs.
 */
function removeMarkedAdLabels(root: Element): void {
  for (const slot of Array.from(root.querySelectorAll(AD_SLOT_MARKS))) {
    if (!namesAdSlot(slot) || HEADING_TAGS.has(slot.localName) || !root.contains(slot)) continue;
    const text = labelText(slot);
    if (!text || text.split(' ').length > 2 || slot.querySelector(SHOWN_WITHOUT_TEXT)) continue;
    slot.remove();
  }
}

const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * An ad slot's label left alone on its line ("Advertisement", "Sponsored"), in a full-page
 * clip, which keeps the page's lines and so skips the clutter pass: the slot's script fills the
 * box under it on the live page, and Kotaku's saved page wrote "Advertisement" 109 times into
 * the note. The label goes with the wrappers that show nothing else; a block that holds only
 * the label and pictures goes when every picture is another site's (the ad server's banner, as
 * in article mode), and stays whole when one is the site's own. A heading that says it stays.
 */
export function removeAdLabels(root: Element, pageUrl: string): void {
  const walker = root.ownerDocument.createTreeWalker(root, 4);
  const labels: Element[] = [];
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    // Saved pages indent a label's text, so only a long node is passed over unread.
    const value = text.nodeValue ?? '';
    if (value.length > 400 || !AD_LABEL.test(value.trim())) continue;
    const parent = text.parentElement;
    if (parent && parent !== root) labels.push(parent);
  }
  for (const label of labels) {
    if (!root.contains(label)) continue;
    const text = lineText(label);
    // A heading that says "Advertisement" heads a section about it (a privacy policy's).
    if (
      !AD_LABEL.test(text) ||
      label.querySelector(MEDIA) ||
      label.closest('h1, h2, h3, h4, h5, h6')
    )
      continue;
    const outer = outermostWithSameText(label, root, text);
    // The label's words are all its block says, and the block shows pictures too: an ad with
    // its label, or the site's own picture under one.
    const block = outer.parentElement;
    if (block && block !== root && lineText(block) === text) {
      if (isAdSlot(block, text, pageUrl)) block.remove();
      continue;
    }
    outer.remove();
  }
}

/** Never shown as words: the ad server's script inside a slot is not its label. */
const UNSHOWN_TEXT = new Set(['script', 'style', 'noscript', 'template']);

/**
 * The words an element shows, white space collapsed, or undefined once they are longer than an
 * ad slot's label: the walk stops there, so a slot's article-long ancestors cost little.
 */
function labelText(element: Element): string | undefined {
  let text = '';
  const walk = (node: Node): boolean => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) {
        text += child.nodeValue ?? '';
        if (visibleCharactersExceed(text, AD_UNIT_LABEL_MAX_LENGTH)) return false;
      } else if (child.nodeType === 1 && !UNSHOWN_TEXT.has((child as Element).localName)) {
        if (!walk(child)) return false;
      }
    }
    return true;
  };
  if (!walk(element)) return undefined;
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > AD_UNIT_LABEL_MAX_LENGTH ? undefined : line;
}

/**
 * Whether the rules that must look at the block's links could match these words: each has a
 * condition on the text alone, tested first so that prose never reaches the DOM. `footer`: a
 * short line with a copyright or cookie notice.
 */
function mayBeClutterByLinks(text: string, footer: boolean): boolean {
  if (footer) return true;
  if (text.length > 300) return false;
  return CREDIT_LINE.test(text) || TEASER_LEAD_IN.test(text);
}

/**
 * Whether the block could be a teaser (isTeaser): its link holds five words or more, and a
 * paragraph is one only when the link is all of it, shouted in capitals, or it opens in bold.
 */
function mayBeTeaser(element: Element, text: string, words: number): boolean {
  if (words < 5 || text.length > 300) return false;
  if (element.localName !== 'p') return true;
  const first = element.firstElementChild?.localName;
  return first === 'strong' || first === 'b' || isUpperCase(text);
}

/** The rules that need the block's links: footers and credits carry none, teasers are links. */
function isClutterByLinks(
  element: Element,
  text: string,
  pageUrl: string,
  footer: boolean,
): boolean {
  // Footers and credits carry no links of their own; a line that does is somebody's content.
  const hasLinks = element.querySelector('a[href]') !== null;
  if (footer && !hasLinks) return true;
  if (text.length > 300) return false;
  if (!hasLinks && CREDIT_LINE.test(text)) return true;
  const leadIn = TEASER_LEAD_IN.exec(text);
  if (leadIn) {
    const rest = text.slice(leadIn[0].length).trim();
    if (rest.length > 0 && wordCount(rest) <= 30 && isOnlyLinks(element, rest)) return true;
  }
  return isTeaser(element, text, pageUrl, hasLinks);
}

const MAX_LINE_LENGTH = 600;

/** Whether `text` holds more than `limit` characters that are not whitespace (stops counting there). */
function visibleCharactersExceed(text: string, limit: number): boolean {
  let count = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isWhitespaceCode(code)) continue;
    count += 1;
    if (count > limit) return true;
  }
  return false;
}

/**
 * On a discussion each post opens with who wrote it and when: a short line of links and a date
 * that on an article would be the byline the note's header already holds, or navigation. The
 * date a page marks up as a time (a `time` element, GitHub's `relative-time`) tells the two
 * apart; on a discussion such lines stay.
 */
const POST_TIME = 'time, relative-time';

/** A count and at most one word: "42 reactions", "1.2K". */
const COUNT_LINE = /^\d[\d.,]*\s*[KkMm]?(?:\s+\p{L}+)?$/u;
/** A picture declared this size or smaller in both directions is an icon. */
const ICON_SIZE = 32;

/**
 * A row of reaction icons over their count (dev.to's heart and flame beside "42 reactions"): the
 * line's words are a count, and every picture in it is declared icon-sized. A count with no
 * picture (a figure in a table of facts, "3,000 employees") or beside a larger one stays.
 */
function isIconCount(element: Element): boolean {
  const pictures = element.querySelectorAll(MEDIA);
  if (pictures.length === 0) return false;
  return Array.from(pictures).every((picture) => declaredWithin(picture, ICON_SIZE));
}

/** Whether a picture's declared width and height are both given and both at most `size`. */
function declaredWithin(picture: Element, size: number): boolean {
  const width = Number(picture.getAttribute('width'));
  const height = Number(picture.getAttribute('height'));
  return width > 0 && height > 0 && width <= size && height <= size;
}

/** Widget labels, teasers, promotions, credits, datelines and bylines, each a block of its own. */
function removeClutterLines(root: Element, pageUrl: string, discussion: boolean): void {
  const blocks = Array.from(root.querySelectorAll(BLOCK_SELECTOR));
  // Texts first, innermost blocks first: a block longer than any line makes every block around it
  // longer still, so the containers of the article are never copied out as text at all. Nothing
  // is removed in this pass, and the pass below only removes blocks after it has read them, so a
  // block's text when it is judged is the text read here.
  const texts = new Map<Element, string>();
  const long = new Set<Element>();
  for (let index = blocks.length - 1; index >= 0; index -= 1) {
    const block = blocks[index] as Element;
    if (long.has(block)) continue;
    const raw = block.textContent ?? '';
    if (raw.length > MAX_LINE_LENGTH && visibleCharactersExceed(raw, MAX_LINE_LENGTH)) {
      for (
        let around: Element | null = block;
        around && !long.has(around);
        around = around.parentElement
      )
        long.add(around);
    } else {
      texts.set(block, raw);
    }
  }
  for (const element of blocks) {
    const raw = texts.get(element);
    if (raw === undefined) continue;
    const text = raw.replace(/\s+/g, ' ').trim();
    if (text.length === 0 || text.length > MAX_LINE_LENGTH) continue;
    // The words first: the DOM is asked only about a block they do not clear.
    // Whitespace is collapsed and trimmed: one word more than spaces.
    const words = text.split(' ').length;
    // Footers and promotions are short (60 words at most).
    const footerOrPromotion = words <= 60 && FOOTER_OR_PROMOTION_PHRASE.test(text);
    const footer = footerOrPromotion && (COPYRIGHT.test(text) || COOKIE_NOTICE.test(text));
    const byText = isClutterText(text, words, pageUrl, footerOrPromotion);
    const count = words <= 2 && COUNT_LINE.test(text);
    if (
      !byText &&
      !count &&
      !mayBeClutterByLinks(text, footer) &&
      !mayBeTeaser(element, text, words)
    )
      continue;
    if (!root.contains(element) || element.closest(KEEP_INSIDE)) continue;
    if (count && isIconCount(element)) {
      outermostWithSameText(element, root, text).remove();
      continue;
    }
    if (element.querySelector(MEDIA) && !isAdSlot(element, text, pageUrl)) continue;
    if (discussion && element.querySelector(POST_TIME)) continue;
    if (byText || isClutterByLinks(element, text, pageUrl, footer))
      outermostWithSameText(element, root, text).remove();
  }
}

/** The first element in document order that holds article prose (text that is not links). */
function firstProse(root: Element): Element | null {
  return proseParagraphs(root, 1)[0] ?? null;
}

/** The first `count` paragraphs of prose, in page order (fewer when the article has fewer). */
function proseParagraphs(root: Element, count: number): Element[] {
  const found: Element[] = [];
  for (const paragraph of Array.from(root.querySelectorAll('p'))) {
    if (found.some((prose) => prose.contains(paragraph)) || !isProse(paragraph)) continue;
    if (found.push(paragraph) === count) break;
  }
  return found;
}

/** A paragraph of article prose: a hundred characters or more that are not link text. */
function isProse(paragraph: Element): boolean {
  return lineText(paragraph).length - linkTextLength(paragraph) >= 100;
}

function precedes(a: Node, b: Node): boolean {
  return Boolean(a.compareDocumentPosition(b) & 4 /* Node.DOCUMENT_POSITION_FOLLOWING */);
}

/**
 * An item's own words and how many of their characters are link text, the lists nested in it (a
 * menu's submenus, at any depth) left out: those are lists of their own.
 */
function ownWords(item: Element): { text: string; linkLength: number } {
  if (!item.querySelector('ul, ol'))
    return { text: lineText(item), linkLength: linkTextLength(item) };
  const parts: string[] = [];
  let linkLength = 0;
  const walk = (node: Node) => {
    if (node.nodeType === 3) parts.push(node.nodeValue ?? '');
    if (node.nodeType !== 1) return;
    const element = node as Element;
    if (element.matches('ul, ol')) return;
    if (element.matches('a[href]')) linkLength += lineText(element).length;
    for (const child of Array.from(element.childNodes)) walk(child);
  };
  for (const child of Array.from(item.childNodes)) walk(child);
  return { text: parts.join('').replace(/\s+/g, ' ').trim(), linkLength };
}

/**
 * Lists made only of short links: a menu when they come before the article's first paragraph;
 * a list of other stories' headlines anywhere (every item one link of four words or more).
 */
function removeLinkLists(root: Element, pageUrl: string): void {
  // The article as it was before any list went, measured only once a list needs it (most lists
  // are content and are cleared before): the whole article's text is long to read.
  let article: { prose: Element | null; textLength: number } | undefined;
  const measure = () => {
    article ??= { prose: firstProse(root), textLength: lineText(root).length };
    return article;
  };
  const remove = (list: Element) => {
    measure();
    list.remove();
  };
  for (const list of Array.from(root.querySelectorAll('ul, ol'))) {
    if (!root.contains(list) || list.closest(KEEP_INSIDE)) continue;
    const items = Array.from(list.children).filter((child) => child.localName === 'li');
    const filled = items
      .map((item) => ({ item, text: lineText(item) }))
      .filter(({ item, text }) => text.length > 0 || item.querySelector('img'));
    if (filled.length === 0) {
      if (items.length > 0) remove(list);
      continue;
    }
    // Judged on each item's own words: a menu's submenus are lists of their own.
    const own = filled.map(({ item }) => ownWords(item));
    const allLinks = own.every(
      ({ text, linkLength }) => text.length > 0 && linkLength >= text.length * 0.95,
    );
    if (!allLinks) continue;
    const { prose, textLength } = measure();
    if (lineText(list).length > textLength * 0.4) continue;
    const isMenu =
      filled.length >= 4 &&
      prose !== null &&
      precedes(list, prose) &&
      own.every(({ text }) => wordCount(text) <= 5);
    // Other stories of the same site; a list of links elsewhere (sources, bug reports) is content.
    const isHeadlines =
      filled.length >= 3 &&
      filled.every(({ item, text }) => {
        const links = Array.from(item.querySelectorAll('a[href]'));
        const [link] = links;
        return links.length === 1 && link && wordCount(text) >= 5 && isSameSite(link, pageUrl);
      });
    if (isMenu || isHeadlines) remove(list);
  }
}

/** Three blocks in a row, each one headline: fewer is a link the text points to. */
const HEADLINE_RUN = 3;

/** Whether nothing but whitespace or comments lies between two element siblings. */
function adjacent(first: Element, second: Element): boolean {
  return elementBeside(first, 'nextSibling') === second;
}

/**
 * Runs of other stories' headlines outside lists: blocks in a row (paragraphs, headings, one-item
 * lists, divs) whose whole text is one link of five words or more to the same site. Signals
 * only, no phrases: the words of the links, where they lead, and that several stand together,
 * so it works in any language. A headline the article's own text leads into is not a block of
 * its own; one or two in a row stay.
 */
function removeHeadlineRuns(root: Element, pageUrl: string): void {
  const blocks = new Set<Element>();
  for (const link of Array.from(root.querySelectorAll('a[href]'))) {
    if (link.closest(KEEP_INSIDE)) continue;
    const text = lineText(link);
    // A heading that is nothing but a link to another page is a headline however short.
    const heading = link.closest('h1, h2, h3, h4, h5, h6');
    const headline = heading !== null && lineText(heading) === text;
    const words = wordCount(text);
    if (words < (headline ? 2 : 5) || text.length > 300 || !isSameSite(link, pageUrl)) continue;
    const block = outermostWithSameText(link, root, text);
    // The climb stops at other text or an image beside the link; a link that is its own
    // block is one inside a sentence.
    if (block === link || block.querySelectorAll('a[href]').length !== 1) continue;
    blocks.add(block);
  }
  if (blocks.size < HEADLINE_RUN) return;
  const done = new Set<Element>();
  for (const block of blocks) {
    if (done.has(block)) continue;
    const run = [block];
    for (
      let next = block.nextElementSibling;
      next && blocks.has(next) && adjacent(run[run.length - 1] as Element, next);
      next = next.nextElementSibling
    )
      run.push(next);
    for (const member of run) done.add(member);
    if (run.length < HEADLINE_RUN) continue;
    const label = orphanedLabel(block, run[run.length - 1] as Element);
    for (const member of run) member.remove();
    label?.remove();
  }
}

/** Cards in a row: fewer may be the article's own pair of pictures, each with its story. */
const CARD_RUN = 3;
/** A card's words: a kicker, a headline and a line under it. */
const CARD_MAX_WORDS = 40;
const CARD_MAX_CHARACTERS = 400;
/** The article's other text must be at least this many times the run's. */
const CARD_SHARE = 2;
/** How far above its picture a card may begin (the picture's, text's and link's wrappers). */
const CARD_DEPTH = 4;

/**
 * The one page every link of a block leads to, when it is another page of the site (not this
 * one, not a picture): a card's image, headline and overlay links all lead to its story.
 */
function cardTarget(block: Element, pageUrl: string): string | null {
  const page = pageAddress(pageUrl);
  if (!page) return null;
  let target: string | null = null;
  for (const link of Array.from(block.querySelectorAll('a[href]'))) {
    const url = linkTarget(link, pageUrl)?.url;
    if (!url) return null;
    url.hash = '';
    if (siteHost(url) !== siteHost(page) || IMAGE_FILE_PATH.test(url.pathname)) return null;
    if (target !== null && url.href !== target) return null;
    target = url.href;
  }
  const self = new URL(page.href);
  self.hash = '';
  return target === self.href ? null : target;
}

/** A short block with a picture that leads, by all its links, to one other story of the site. */
function isCard(block: Element, pageUrl: string, pictured: ReadonlySet<Element>): string | null {
  // Cheapest first: most of an article's blocks are paragraphs without a picture.
  // A list's items are the article's own points or its reading list as often as other stories:
  // lists are judged by removeLinkLists, by the words of their links. And the picture makes it a
  // card: words and a link alone are as often the article's own line ("Earlier we wrote: …").
  if (block.localName === 'li' || !pictured.has(block)) return null;
  const raw = block.textContent ?? '';
  if (raw.length > CARD_MAX_CHARACTERS * 4) return null;
  const text = raw.replace(/\s+/g, ' ').trim();
  const words = wordCount(text);
  if (words < 2 || words > CARD_MAX_WORDS || text.length > CARD_MAX_CHARACTERS) return null;
  if (block.closest(KEEP_INSIDE) || block.querySelector(`${KEEP_INSIDE}, figcaption`)) return null;
  return cardTarget(block, pageUrl);
}

/**
 * Rails of cards for other stories ("Most read": a picture, a kicker and a headline, each card
 * one link to its story, the words often outside the link so link density does not see them).
 * Signals only, no phrases or class names: at least three sibling blocks of one kind in a row,
 * each short, with a picture, and leading wholly to a different page of the same site, beside an
 * article at least twice their length. The article's own text rarely does that: its paragraphs
 * are longer or link to several places, its figures have captions, a gallery's pictures open
 * picture files, and a page that is mostly cards is a listing the reader means to keep.
 */
function removeCardRuns(root: Element, pageUrl: string): void {
  const parents = new Set<Element>();
  // Read only once a run is found: most articles hold none.
  let articleLength: number | undefined;
  // Every card holds a picture: the rows to judge are found from the pictures up (an article
  // without pictures costs one lookup), and so are the blocks that hold one.
  const pictured = new Set<Element>();
  for (const picture of Array.from(root.getElementsByTagName('img'))) {
    let block = picture.parentElement;
    for (let depth = 0; block && block !== root && depth <= CARD_DEPTH; depth += 1) {
      pictured.add(block);
      const row = block.parentElement;
      if (row && row.childElementCount >= CARD_RUN) parents.add(row);
      block = row;
    }
  }
  for (const parent of parents) {
    if (!root.contains(parent)) continue;
    let run: Element[] = [];
    const targets = new Set<string>();
    const finish = () => {
      if (run.length >= CARD_RUN) {
        articleLength ??= lineText(root).length;
        const runLength = run.reduce((sum, card) => sum + lineText(card).length, 0);
        // Beside an article, cards are a side feature; a page that is mostly cards (a blog's
        // list of posts) is a listing, and its cards are what the reader came to keep.
        if (articleLength - runLength >= CARD_SHARE * runLength) {
          removeRun(run, root);
          articleLength -= runLength;
        }
      }
      run = [];
      targets.clear();
    };
    for (const child of Array.from(parent.children)) {
      const target = isCard(child, pageUrl, pictured);
      const previous = run[run.length - 1];
      const continues =
        target !== null &&
        !targets.has(target) &&
        (!previous || (previous.localName === child.localName && adjacent(previous, child)));
      if (!continues) finish();
      if (target === null) continue;
      run.push(child);
      targets.add(target);
    }
    finish();
  }
}

/**
 * Removes a run, the label over it when it heads nothing else, and the rail's own wrappers once
 * they hold nothing but their title ("Most read in world news").
 */
function removeRun(run: readonly Element[], root: Element): void {
  const first = run[0] as Element;
  const label = orphanedLabel(first, run[run.length - 1] as Element);
  let container = first.parentElement;
  for (const member of run) member.remove();
  label?.remove();
  while (container && container !== root && holdsAtMostALabel(container)) {
    const emptied: Element = container;
    container = emptied.parentElement;
    emptied.remove();
  }
}

/** Nothing shows in the block but, at most, one short heading without a link. */
function holdsAtMostALabel(block: Element): boolean {
  if (block.querySelector(MEDIA)) return false;
  const text = lineText(block);
  if (text === '') return true;
  const headings = block.querySelectorAll('h1, h2, h3, h4, h5, h6');
  const heading = headings[0];
  return headings.length === 1 && !!heading && lineText(heading) === text && isShortLabel(heading);
}

/** A section label: a few words, no link ("Related posts", "Most read in world news"). */
function isShortLabel(heading: Element): boolean {
  return !heading.querySelector('a[href]') && wordCount(lineText(heading)) <= 5;
}

/**
 * The heading right above a run of headlines ("Related posts", "Lees ook") when nothing but the
 * run sits under it (the run ends its section): without the run it would head nothing.
 */
function orphanedLabel(first: Element, last: Element): Element | null {
  const label = first.previousElementSibling;
  if (!label || !isHeading(label) || !adjacent(label, first)) return null;
  if (!isShortLabel(label)) return null;
  const after = last.nextElementSibling;
  const ends = after ? isHeading(after) && adjacent(last, after) : !showsAfter(last);
  return ends ? label : null;
}

/** The page's own address, parsed once per page rather than once per link compared with it. */
let parsedPage: { pageUrl: string; url: URL | null } | undefined;

function pageAddress(pageUrl: string): URL | null {
  if (parsedPage?.pageUrl !== pageUrl) {
    let url: URL | null = null;
    try {
      url = new URL(pageUrl);
    } catch {
      url = null;
    }
    parsedPage = { pageUrl, url };
  }
  return parsedPage.url;
}

/** A URL's site: its host without "www.". */
function siteHost(url: URL): string {
  return url.hostname.replace(/^www\./, '');
}

/** Where a link (or an address) leads, resolved against the page; null when either is no URL. */
function linkTarget(link: Element | string, pageUrl: string): { url: URL; page: URL } | null {
  const href = typeof link === 'string' ? link : (link.getAttribute('href') ?? '');
  const page = pageAddress(pageUrl);
  if (!page) return null;
  try {
    return { url: new URL(href, page), page };
  } catch {
    return null;
  }
}

function isSameSite(link: Element | string, pageUrl: string): boolean {
  const target = linkTarget(link, pageUrl);
  return target !== null && siteHost(target.url) === siteHost(target.page);
}

/** A kicker's own words stay this short ("Biz & IT —", "Opinion |", "World › Europe"). */
const KICKER_MAX_WORDS = 5;
const KICKER_MAX_LENGTH = 40;
/** A label that leads into the headline ends with a separator. */
const KICKER_END = /[—–|/•·›»-]$/;
const KICKER_BLOCKS = 'h1, h2, h3, h4, h5, h6, p, div';

/** The block holding the first text of the article, if any. */
function firstTextBlock(root: Element): Element | null {
  // 4: text nodes (NodeFilter is not a global in every DOM implementation).
  const walker = root.ownerDocument.createTreeWalker(root, 4);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!/\S/.test(node.nodeValue ?? '')) continue;
    const block = node.parentElement?.closest(KICKER_BLOCKS);
    return block && root.contains(block) && block !== root ? block : null;
  }
  return null;
}

/** A link to a section of the site this page sits in: its path is a leading part of the page's. */
function isSectionLink(link: Element, pageUrl: string): boolean {
  const target = linkTarget(link, pageUrl);
  if (!target) return false;
  const { url, page } = target;
  const path = url.pathname.replace(/\/?$/, '/');
  return (
    url.host === page.host &&
    path !== '/' &&
    page.pathname.startsWith(path) &&
    page.pathname.length > path.length
  );
}

/**
 * Section kickers: the label a news site sets over the headline ("Biz & IT —", a link to the
 * section). Readability drops the headline (the note has the title) but keeps the label, which
 * then opens the note as a stray heading. Only the article's first text is judged, and only when
 * it is a few words that end with a separator or are one link to a section the page belongs to.
 */
function removeSectionKickers(root: Element, pageUrl: string): void {
  for (let block = firstTextBlock(root); block; block = firstTextBlock(root)) {
    const text = lineText(block);
    if (text.length > KICKER_MAX_LENGTH || wordCount(text) > KICKER_MAX_WORDS) return;
    if (block.querySelector(MEDIA)) return;
    const links = block.querySelectorAll('a[href]');
    const [link] = links;
    const sectionLink =
      links.length === 1 &&
      !!link &&
      lineText(link) === text.replace(/\s*[—–|/•·›»:-]$/, '') &&
      isSectionLink(link, pageUrl);
    if (!KICKER_END.test(text) && !sectionLink) return;
    block.remove();
  }
}

/** An author box's lines under the name: a bio and the author's accounts, none long. */
const AUTHOR_BOX_LINES = 4;
const AUTHOR_BOX_LINE_WORDS = 80;

function sameLink(a: Element, b: Element): boolean {
  return a.getAttribute('href') === b.getAttribute('href');
}

/** A name or an alt text as compared with a name: one space between words, lower-cased. */
function comparableName(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * The author's name as the clutter rules compare it, lower-cased: the whole byline, then each
 * name of a list ("Ada Brook, Ben Quill": the page may show either alone).
 */
function authorNames(author: string | undefined): string[] {
  const whole = author ? comparableName(author) : '';
  if (!whole) return [];
  const each = whole.split(', ').filter((name) => name !== '' && name !== whole);
  return [whole, ...each];
}

/**
 * The author box a blog sets under the article: a heading that is nothing but a link with the
 * article's author's name (the note's header already names the author), the photo beside it
 * when it links to the same page, the few short lines under it up to the next heading (a bio,
 * the author's accounts) and a heading over it that would head nothing else. The author's name
 * is the signal, so no phrase of any language is needed; a heading with more words, or long
 * text under the name, is the article's own.
 */
function removeAuthorBox(root: Element, author: string | undefined): void {
  const names = authorNames(author);
  if (names.length === 0) return;
  for (const heading of Array.from(root.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
    const text = lineText(heading);
    const links = heading.querySelectorAll('a[href]');
    const link = links[0];
    if (!names.includes(text.toLowerCase()) || links.length !== 1 || !link) continue;
    if (lineText(link) !== text) continue;
    const lines: Element[] = [];
    let next = heading.nextElementSibling;
    for (; next && !isHeading(next); next = next.nextElementSibling) {
      if (lines.length === AUTHOR_BOX_LINES) return;
      if (wordCount(lineText(next)) > AUTHOR_BOX_LINE_WORDS) return;
      lines.push(next);
    }
    const photo = heading.previousElementSibling;
    const first =
      photo &&
      lineText(photo) === '' &&
      photo.querySelector(MEDIA) &&
      Array.from(photo.querySelectorAll('a[href]')).some((other) => sameLink(other, link))
        ? photo
        : heading;
    const last = lines[lines.length - 1] ?? heading;
    const label = orphanedLabel(first, last);
    for (const line of lines) line.remove();
    if (first !== heading) first.remove();
    heading.remove();
    label?.remove();
    return;
  }
  removePicturedAuthorBox(root, names);
}

/** Levels walked up from an author box's name to find the picture set before it. */
const AUTHOR_BOX_DEPTH = 3;

/**
 * The author box without a heading (Squarespace's, many themes'): the author's picture and,
 * after it, a line that is nothing but a link with the author's name to the same page as the
 * picture's, over a few short lines (the bio). Picture, name and address together are the
 * signal: a name linked alone in the text, or a picture of someone else, stays.
 */
function removePicturedAuthorBox(root: Element, names: string[]): void {
  // The pictures' addresses first: most notes have no linked picture, and their links are not read.
  const pictured = new Set<string>();
  for (const picture of Array.from(root.querySelectorAll('a[href] img'))) {
    const href = picture.closest('a[href]')?.getAttribute('href');
    if (href) pictured.add(href);
  }
  if (pictured.size === 0) return;
  const longest = Math.max(...names.map((name) => name.length));
  for (const link of Array.from(root.querySelectorAll('a[href]'))) {
    if (!pictured.has(link.getAttribute('href') ?? '')) continue;
    // The link's raw length first: most links are not near a name's, and are not read further.
    const length = link.textContent?.length ?? 0;
    if (length === 0 || length > longest + 40) continue;
    if (!names.includes(lineText(link).toLowerCase())) continue;
    const name = outermostWithSameText(link, root, lineText(link));
    if (name.querySelector(MEDIA)) continue;
    const photo = pictureBefore(name, link, root);
    if (!photo) continue;
    const lines: Element[] = [];
    for (let next = name.nextElementSibling; next; next = next.nextElementSibling) {
      if (lines.length === AUTHOR_BOX_LINES || isHeading(next)) return;
      if (wordCount(lineText(next)) > AUTHOR_BOX_LINE_WORDS) return;
      lines.push(next);
    }
    for (const line of lines) line.remove();
    photo.remove();
    name.remove();
    return;
  }
}

/**
 * The block before `name` (or before the box holding it, when the name opens its box) that
 * shows only a picture linked to `link`'s address.
 */
function pictureBefore(name: Element, link: Element, root: Element): Element | undefined {
  let current: Element | null = name;
  for (let depth = 0; current && current !== root && depth < AUTHOR_BOX_DEPTH; depth += 1) {
    const before = current.previousElementSibling;
    if (before) {
      const shows = lineText(before) === '' && before.querySelector(MEDIA);
      // The picture's link may be the block itself (`<a href><img></a>` beside the name's box).
      const links = [before, ...Array.from(before.querySelectorAll('a[href]'))];
      const linked = links.some((other) => other.matches('a[href]') && sameLink(other, link));
      return shows && linked ? before : undefined;
    }
    // Only an element that opens its parent lets the walk go up: text before it is the box's.
    if (
      current.parentElement?.firstChild !== current &&
      current.previousSibling?.textContent?.trim()
    )
      return undefined;
    current = current.parentElement;
  }
  return undefined;
}

/**
 * The author's name on a line of its own over the article (`<ul class="authors"><li><a>Jane
 * Smith</a></li></ul>`, a name under the headline), or a short line led by a link with the
 * name (ledByAuthorLink): the note's header names the author, so it goes. Only before the first
 * paragraph of prose, or on an article the second (a byline under the standfirst): "By Jane
 * Smith" lines are isBylineLine's, and the name inside a sentence or a longer line is the
 * article's.
 */
function removeAuthorLine(
  root: Element,
  author: string | undefined,
  prose: Element | null,
  nextProse: Element | null,
  discussion: boolean,
): void {
  const names = authorNames(author);
  if (names.length === 0 || !prose) return;
  // Walked, not queried: only the few elements over the prose are read. A standfirst is prose
  // too, and the byline often follows it, so on an article the walk goes on to the next prose.
  const end = discussion ? prose : nextProse;
  const walker = root.ownerDocument.createTreeWalker(root, 1);
  for (let node = walker.nextNode(); node && node !== end; node = walker.nextNode()) {
    const block = node as Element;
    if (block === prose || !block.matches(BLOCK_SELECTOR)) continue;
    // A block around the prose is the article, never a line over it.
    if (block.contains(prose) || (end && block.contains(end))) continue;
    const text = lineText(block);
    const lower = text.toLowerCase();
    const name = names.find((each) => lower.startsWith(each));
    if (!name || block.querySelector(MEDIA)) continue;
    if (lower !== name && !ledByAuthorLink(block, name, text)) continue;
    outermostWithSameText(block, root, text).remove();
    return;
  }
}

/** A picture's declared size at most this in both directions is an avatar's or a badge's. */
const AVATAR_SIZE = 128;
/** Words an alt text may add to the name it gives ("Jane Smith profile image"). */
const NAME_ALT_EXTRA_WORDS = 3;

/**
 * The pictures over the article that stand for a name the note already has: the author's photo
 * (its alt text names the article's author: "Jane Smith", "Jane Smith profile image") and a
 * picture-only link whose alt text is the words of a link to the same address beside it (a
 * publication's or a site's badge beside its name). On Medium, Ghost or dev.to they opened the
 * note as a row of small linked faces. The name is the signal, not a phrase or a class name;
 * only a linked or small picture counts, so an unlinked portrait leading a profile stays, and
 * only over the first paragraph of prose.
 */
function removeNamePictures(root: Element, author: string | undefined, prose: Element | null) {
  if (!prose) return;
  const names = authorNames(author);
  const pictures: Element[] = [];
  const links: Element[] = [];
  // Walked, not queried: only the few elements over the prose are read.
  const walker = root.ownerDocument.createTreeWalker(root, 1);
  for (let node = walker.nextNode(); node && node !== prose; node = walker.nextNode()) {
    const element = node as Element;
    if (element.localName === 'img') pictures.push(element);
    else if (element.localName === 'a' && element.hasAttribute('href')) links.push(element);
  }
  // The links' words are read only for a picture that does not name the author.
  let linkWords: Map<string, Set<string>> | undefined;
  const wordsLinkedTo = (href: string) => {
    if (!linkWords) {
      linkWords = new Map();
      for (const link of links) {
        const words = comparableName(lineText(link));
        if (!words) continue;
        const target = link.getAttribute('href') ?? '';
        linkWords.set(target, (linkWords.get(target) ?? new Set<string>()).add(words));
      }
    }
    return linkWords.get(href);
  };
  for (const picture of pictures) {
    const alt = comparableName(picture.getAttribute('alt') ?? '');
    if (!alt || !root.contains(picture)) continue;
    const link = picture.closest('a[href]');
    const linkedAlone = link !== null && root.contains(link) && lineText(link) === '';
    if (!linkedAlone && !declaredWithin(picture, AVATAR_SIZE)) continue;
    const namesAuthor = names.some(
      (name) => alt.includes(name) && wordCount(alt) - wordCount(name) <= NAME_ALT_EXTRA_WORDS,
    );
    const namesLink =
      !namesAuthor && linkedAlone && !!wordsLinkedTo(link.getAttribute('href') ?? '')?.has(alt);
    if (!namesAuthor && !namesLink) continue;
    outermostWithSameText(linkedAlone ? link : picture, root, '').remove();
  }
}

/** Words a line led by the author's linked name may hold: the name, a desk, a reading time. */
const AUTHOR_LINE_WORDS = 15;

/**
 * Whether a short line opens with a link whose words are the author's name, as a byline does
 * ("Claire Morel (Lyon, correspondante) Temps de lecture 4 min."): a standfirst that starts with
 * the name is a sentence, longer, and does not link it.
 */
function ledByAuthorLink(block: Element, name: string, text: string): boolean {
  if (wordCount(text) > AUTHOR_LINE_WORDS) return false;
  const link = block.querySelector('a[href]');
  return link !== null && lineText(link).toLowerCase() === name;
}

/** Whether a node shows anything but the headings in `ignored`. */
function showsBesides(node: Node, ignored: ReadonlySet<Element>): boolean {
  if (node.nodeType !== 1) return showsSomething(node);
  const element = node as Element;
  if (ignored.has(element)) return false;
  for (const heading of ignored)
    if (element.contains(heading))
      return Array.from(element.childNodes).some((child) => showsBesides(child, ignored));
  return showsSomething(element);
}

const NO_HEADINGS: ReadonlySet<Element> = new Set();

/** Whether a sibling after `node` shows anything but the headings in `ignored`. */
function showsAfter(node: Node, ignored = NO_HEADINGS): boolean {
  for (let after = node.nextSibling; after; after = after.nextSibling)
    if (showsBesides(after, ignored)) return true;
  return false;
}

/** Set on the prepared copy only, on the headings the page itself ends with. */
const PAGE_END_ATTRIBUTE = 'data-clipdeck-page-end';

/**
 * Marks the headings the page itself ends with, before Readability reads it: a heading the
 * article ends with once Readability left out what followed it ("Latest news" over a list it
 * dropped, "Featured" over cards) heads nothing in the note, while one the page ends with is
 * the page's own.
 */
export function markPageEndHeadings(root: Element): void {
  for (const heading of trailingHeadings(root)) heading.setAttribute(PAGE_END_ATTRIBUTE, '');
}

/**
 * The headings the article ends with: nothing after them shows but other such headings. Once
 * what followed a heading went as clutter ("About the author" over a removed author box,
 * "Related" over removed headlines) it heads nothing, and a note that ends in a heading looks
 * cut off.
 */
function trailingHeadings(root: Element): Set<Element> {
  const trailing = new Set<Element>();
  const headings = root.querySelectorAll('h1, h2, h3, h4, h5, h6');
  for (let index = headings.length - 1; index >= 0; index -= 1) {
    const heading = headings[index] as Element;
    if (heading.querySelector(MEDIA)) break;
    for (let node: Node | null = heading; node && node !== root; node = node.parentNode)
      if (showsAfter(node, trailing)) return trailing;
    trailing.add(heading);
  }
  return trailing;
}

/**
 * The forms that asked the reader for something and hold little text. Their controls went with
 * the non-content before Readability read the page (structure.ts, removeNonContent), which left
 * it no inputs to know a form by, so a comment form's labels and notes ("Leave a Reply", "Your
 * email address will not be published", "Name *") ended the note.
 */
function removeInputForms(root: Element): void {
  for (const form of Array.from(root.querySelectorAll(`[${ASKS_FOR_INPUT}]`))) {
    if (root.contains(form) && lineText(form).length < FORM_TEXT_LIMIT) form.remove();
  }
}

const NAVIGATION = 'nav, [role="navigation"]';

/**
 * What the page itself marks as navigation (`<nav>`, role="navigation") inside the article: a
 * breadcrumb over the headline, the site's section tabs, links to the previous and next post, a
 * table of contents whose links only lead back into the page. A semantic mark rather than a class
 * name, so it holds on any site in any language. A block so marked that is mostly prose rather
 * than links (a site that wraps its text in the wrong element) stays.
 */
function removeNavigation(root: Element): void {
  for (const nav of Array.from(root.querySelectorAll(NAVIGATION))) {
    if (!root.contains(nav) || nav.querySelector('main, article, [role="main"]')) continue;
    const text = lineText(nav);
    if (text.length === 0 || isOnlyLinks(nav, text, 0.5)) nav.remove();
  }
}

/** A site's home page: its root, with no query. */
function isSiteRoot(url: URL): boolean {
  return /^\/(?:index\.\w+)?$/.test(url.pathname) && !url.search;
}

/** A link to the site's home page: the page's own site, at its root, with no query. */
function isHomeLink(link: Element, pageUrl: string): boolean {
  const target = linkTarget(link, pageUrl);
  return (
    target !== null && siteHost(target.url) === siteHost(target.page) && isSiteRoot(target.url)
  );
}

/**
 * A link to a section the page is filed under: the site's own, its path a folder that the
 * page's path lies in ("/societe/" over "/societe/article/2024/03/12/…"), with no query.
 */
function isAncestorLink(link: Element, pageUrl: string): boolean {
  const target = linkTarget(link, pageUrl);
  if (!target || target.url.search || siteHost(target.url) !== siteHost(target.page)) return false;
  const folder = asFolder(target.url.pathname);
  // The page itself (a contents list's `#section` links) is no section it is filed under.
  const page = asFolder(target.page.pathname);
  return folder !== '/' && folder !== page && page.startsWith(folder);
}

/** A path as a folder, ending in a slash: "/societe" and "/societe/" are the same section. */
function asFolder(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}

/** A breadcrumb's first link: the site's home page, or a section the page is filed under. */
function isCrumbStart(link: Element, pageUrl: string): boolean {
  return isHomeLink(link, pageUrl) || isAncestorLink(link, pageUrl);
}

/** A picture-only link inside a figure whose caption says what the picture is. */
function inCaptionedFigure(link: Element): boolean {
  const figure = link.closest('figure');
  return figure !== null && lineText(figure) !== '';
}

/**
 * Pictures whose only link leads to a site's home page: a logo (the site's masthead, a
 * newsletter's sender), a house promotion ("puzzles.example.com/"), the author's photo linked to
 * their home page. An article's own picture shows what it tells of and links to its full size
 * or its source page, not to the front of a site, so the signal needs no words of any language.
 * The link goes with the wrappers that show nothing else; a link with words of its own stays, and
 * so does a captioned figure, whose caption says what the picture is.
 */
function removeHomeLinkedPictures(root: Element, pageUrl: string): void {
  // From the pictures to their links: an article has far fewer pictures than links.
  for (const media of Array.from(root.querySelectorAll(MEDIA))) {
    const link = media.parentElement?.closest('a[href]');
    if (!link || !root.contains(link) || lineText(link) !== '') continue;
    const target = linkTarget(link, pageUrl)?.url;
    if (!target || !isSiteRoot(target) || inCaptionedFigure(link)) continue;
    outermostWithSameText(link, root, '').remove();
  }
}

/** A site's own name without its suffix: "staticflickr" of staticflickr.com. */
function siteName(address: string): string | undefined {
  return siteOf(address)?.split('.')[0];
}

/**
 * Whether two addresses belong to one company's sites: the same site, or one's name inside the
 * other's (flickr.com's pictures come from staticflickr.com, Amazon's from media-amazon.com).
 */
function sameOwner(a: string, b: string): boolean {
  const first = siteName(a);
  const second = siteName(b);
  return !!first && !!second && (first.includes(second) || second.includes(first));
}

/** How many banners at most are taken from the end of one article. */
const TRAILING_BANNERS = 3;

/**
 * The banner an article ends with: a picture that is all of its link, after the last words of
 * the note, leading to another site than the page's and than the picture's own (a magazine's
 * subscription offer on a science site, a charger advertised through a short link, a shopping
 * list behind a 300 × 600 creative). An article's own picture at its end shows what it tells of,
 * and links, if at all, to its full size, to the page it comes from or to the company that hosts
 * it; a picture from one site linking to a third is an advertisement, in any language. A captioned
 * figure, a link with words and a link to a picture file stay.
 */
function removeTrailingBanners(root: Element, pageUrl: string): void {
  const page = siteOf(pageUrl);
  if (!page) return;
  for (let taken = 0; taken < TRAILING_BANNERS; taken += 1) {
    // The last link that shows something (an empty anchor shows nothing); the headings left over
    // nothing at the end go after this pass (removeArticleClutter), so they do not count as after.
    const links = root.querySelectorAll('a[href]');
    let link: Element | undefined;
    for (let index = links.length - 1; index >= 0 && !link; index -= 1)
      if (showsSomething(links[index] as Element)) link = links[index];
    if (!link || lineText(link) !== '' || !link.querySelector(MEDIA)) return;
    const headings = removableTrailingHeadings(root);
    for (let node: Node | null = link; node && node !== root; node = node.parentNode)
      if (showsAfter(node, headings)) return;
    const target = linkTarget(link, pageUrl)?.url;
    if (!target || !/^https?:$/.test(target.protocol) || IMAGE_FILE_PATH.test(target.pathname))
      return;
    if (siteOf(target.href) === page || inCaptionedFigure(link)) return;
    const pictures = Array.from(link.querySelectorAll('img'));
    if (pictures.length === 0) return;
    for (const picture of pictures) {
      const source = picture.getAttribute('src') ?? '';
      if (!/^https?:/i.test(source) || sameOwner(source, target.href)) return;
    }
    outermostWithSameText(link, root, '').remove();
  }
}

/** What stands between a breadcrumb's links: spaces and arrows, bars, slashes. */
const CRUMB_SEPARATOR = /^[\s›>»/|·•→:\\-]*$/;
/** The current page's name a breadcrumb may end with, as plain text. */
const CRUMB_LAST_MAX_WORDS = 15;
const CRUMB_LINK_MAX_WORDS = 8;
const CRUMB_HOLDER = `${BLOCK_SELECTOR}, nav`;

/** A block's text in document order, as runs inside one link or outside any. */
function linkRuns(block: Element): { text: string; link: Element | null }[] {
  const runs: { text: string; link: Element | null }[] = [];
  const walker = block.ownerDocument.createTreeWalker(block, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const link = node.parentElement?.closest('a[href]') ?? null;
    const inside = link && block.contains(link) ? link : null;
    const last = runs[runs.length - 1];
    if (last && last.link === inside) last.text += node.nodeValue ?? '';
    else runs.push({ text: node.nodeValue ?? '', link: inside });
  }
  return runs;
}

/**
 * Home › Section › This story: a link to the site's home page first (or to a section the page
 * is filed under: "Société › Villes" over a story at /societe/article/…), then only short links
 * and separators, and perhaps the page's own name as plain text at the end. In a list or on
 * one line; marked as navigation or not (CMSs inject them into the article with no mark at all).
 */
function isBreadcrumb(block: Element, pageUrl: string): boolean {
  const runs = linkRuns(block).filter((run) => run.link || run.text.trim() !== '');
  const [first] = runs;
  if (!first?.link || !isCrumbStart(first.link, pageUrl)) return false;
  if (runs.filter((run) => run.link).length < 2) return false;
  return runs.every((run, index) => {
    const text = run.text.replace(/\s+/g, ' ').trim();
    if (run.link) return wordCount(text) <= CRUMB_LINK_MAX_WORDS;
    if (CRUMB_SEPARATOR.test(text)) return true;
    return index === runs.length - 1 && wordCount(text) <= CRUMB_LAST_MAX_WORDS;
  });
}

/**
 * Breadcrumbs before the article's first prose, found from their first link (isCrumbStart): the
 * list it is an item of, or the block that holds it.
 */
function removeBreadcrumbs(root: Element, pageUrl: string, prose: Element | null): void {
  if (!prose) return;
  for (const link of Array.from(root.querySelectorAll('a[href]'))) {
    if (!precedes(link, prose)) return;
    if (!root.contains(link) || !isCrumbStart(link, pageUrl)) continue;
    const item = link.closest('li');
    const block = item && root.contains(item) ? item.parentElement : link.closest(CRUMB_HOLDER);
    if (!block || block === root || !root.contains(block) || block.contains(prose)) continue;
    if (isBreadcrumb(block, pageUrl)) block.remove();
  }
}

/** A title or heading as compared: its words as the title rule reads them (metadata.ts). */
function comparable(text: string): string {
  return titleWords(text).join(' ');
}

/**
 * The heading that repeats the note's title where the article opens, before its first paragraph
 * of prose: the note already has the title. Readability drops only the first heading like its own
 * reading of the title that it meets on the whole page, and its words are ASCII letters only, so
 * a title in Japanese or Arabic never matches; on those pages, and on some news and documentation
 * sites, the article still opened with it. Words are compared as Unicode letters and digits. Only
 * the first such heading goes, and never the article's only text. A paragraph counts too: a
 * document editor's title is a styled paragraph (Google Docs' `<p class="title">`), not a heading.
 */
function removeTitleHeading(root: Element, title: string | undefined, prose: Element | null): void {
  const wanted = title ? comparable(title) : '';
  if (!wanted) return;
  for (const block of Array.from(root.querySelectorAll('h1, h2, p'))) {
    if (prose && !precedes(block, prose)) return;
    const text = lineText(block);
    if (comparable(text) !== wanted) continue;
    if (lineText(root).length > text.length) block.remove();
    return;
  }
}

/** Article mode: run on Readability's article, before it becomes Markdown. */
export function removeArticleClutter(
  content: Element,
  pageUrl: string,
  note: { author?: string; title?: string },
  discussion = false,
): void {
  const { author, title } = note;
  removeNavigation(content);
  // None of the rules up to the author's line removes a block holding prose, so one reading
  // serves them all (the second paragraph of prose ends the byline's walk).
  const [prose = null, nextProse = null] = proseParagraphs(content, 2);
  removeBreadcrumbs(content, pageUrl, prose);
  removeTitleHeading(content, title, prose);
  // Before the author's line goes: a badge's name is read from the link beside it.
  removeNamePictures(content, author, prose);
  removeAuthorLine(content, author, prose, nextProse, discussion);
  removeSectionKickers(content, pageUrl);
  removeAuthorBox(content, author);
  removeHomeLinkedPictures(content, pageUrl);
  removeLinkLists(content, pageUrl);
  removeHeadlineRuns(content, pageUrl);
  removeCardRuns(content, pageUrl);
  removeClutterLines(content, pageUrl, discussion);
  removeInputForms(content);
  removeTrailingBanners(content, pageUrl);
  for (const heading of removableTrailingHeadings(content)) heading.remove();
}

/**
 * Headings the page itself ends with stay as the page has them (markPageEndHeadings); those
 * left at the end once what followed them went, by Readability or by the removals of the
 * clutter pass, go.
 */
function removableTrailingHeadings(root: Element): Set<Element> {
  const headings = trailingHeadings(root);
  for (const heading of headings)
    if (heading.hasAttribute(PAGE_END_ATTRIBUTE)) headings.delete(heading);
  return headings;
}

const HOVER_CARD = /(?:^|[\s_-])(?:rollover|hover-?card|popover|tooltip|preview-card)(?:$|[\s_-])/i;

/**
 * Hover cards: the panel a site shows when the pointer rests on a name (recent headlines about
 * that person). It sits in the paragraph right after its link, hidden until hovered, so
 * Readability reads it into the sentence ("Ilhan OmarIlhan OmarHillicon Valley: ...").
 * Runs before Readability, while class names are still there.
 */
export function removeHoverCards(root: Element): void {
  // A card follows the link that opens it: walking the links is cheaper than testing every
  // element's class.
  for (const trigger of Array.from(root.getElementsByTagName('a'))) {
    const card = trigger.nextElementSibling;
    if (!card || card.localName === 'a' || !root.contains(card)) continue;
    const name = `${card.getAttribute('class') ?? ''} ${card.id}`;
    if (HOVER_CARD.test(name) && card.querySelector('a[href]')) card.remove();
  }
}
