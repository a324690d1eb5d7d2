import { unwrapRedirect } from '../../markdown/urls';
import { lineText } from '../../presence';
import {
  at,
  findAll,
  type JsonRecord,
  jsonLdObjects,
  scriptAssignment,
  textOf,
} from '../page-data';
import { metaContent } from '../post-parts';
import type { SiteContext, SiteDetector, SiteExtraction, SiteModule } from '../types';

/**
 * YouTube watch pages: the video (as a link), its description with links, the chapters as a
 * list of moments and the transcript when the page holds it (the transcript panel opened, or
 * a saved copy of a page where it was), in whichever of its two panels YouTube served. The
 * live page's markup comes first: YouTube navigates without reloading, so the data scripts,
 * JSON-LD and meta tags it was loaded with may describe another video; they are used only when
 * they name the video the page shows.
 */

const YOUTUBE = 'https://www.youtube.com/';

interface VideoData {
  id?: string;
  player?: unknown;
  initial?: unknown;
  /** The schema.org VideoObject the player keeps in the page (`ytd-player-microformat-renderer`). */
  schema?: JsonRecord;
}

interface Moment {
  seconds: number;
  title: string;
}

interface Piece {
  text: string;
  href?: string;
}

/** "1:02:03" → 3723; undefined when it is not a clock time. */
export function clockSeconds(text: string): number | undefined {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

export function clockText(seconds: number): string {
  const whole = Math.floor(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

function momentUrl(id: string, seconds: number): string {
  return `${YOUTUBE}watch?v=${encodeURIComponent(id)}&t=${Math.floor(seconds)}s`;
}

/** The id of the video the page shows: the player element's, else the address or canonical link. */
function shownVideoId(doc: Document, url: URL | null): string | undefined {
  const flexy = doc.getElementsByTagName('ytd-watch-flexy')[0];
  const fromElement = flexy?.getAttribute('video-id');
  if (fromElement) return fromElement;
  const canonical = doc.head?.querySelector('link[rel="canonical"]')?.getAttribute('href');
  for (const address of [url?.href, canonical, metaContent(doc, 'og:url')]) {
    const id = linkedVideoId(address);
    if (id) return id;
  }
  return undefined;
}

/** Whether an address (watch, embed or short link) names the video `id`. */
function namesVideo(address: unknown, id: string): boolean {
  if (typeof address !== 'string') return false;
  try {
    const parsed = new URL(address, YOUTUBE);
    return parsed.searchParams.get('v') === id || parsed.pathname.split('/').pop() === id;
  } catch {
    return false;
  }
}

/**
 * The page's schema.org VideoObject (JSON-LD) when it describes the video `id`: a copy left
 * from an earlier video describes another one.
 */
function videoObject(doc: Document, id: string): JsonRecord | undefined {
  return jsonLdObjects(doc).find(
    (item) =>
      item['@type'] === 'VideoObject' &&
      [item.embedUrl, item.url, item['@id']].some((address) => namesVideo(address, id)),
  );
}

/** The channel in the page's older schema.org microdata, when that names the video `id`. */
function microdataAuthor(doc: Document, id: string): string | undefined {
  const scope = doc.querySelector('[itemtype$="VideoObject"]');
  const named =
    scope?.querySelector('[itemprop="identifier"]')?.getAttribute('content') === id ||
    namesVideo(scope?.querySelector('[itemprop="url"]')?.getAttribute('href'), id);
  if (!named) return undefined;
  return (
    scope?.querySelector('[itemprop="author"] [itemprop="name"]')?.getAttribute('content') ??
    undefined
  );
}

function videoData(doc: Document, url: URL | null): VideoData {
  const id = shownVideoId(doc, url);
  const player = scriptAssignment(doc, 'ytInitialPlayerResponse');
  const playerId = at(player, 'videoDetails', 'videoId');
  const videoId = id ?? (typeof playerId === 'string' ? playerId : undefined);
  const schema = videoId ? videoObject(doc, videoId) : undefined;
  // Stale data from an earlier video (navigation without reload) would put another video's
  // chapters and description in the note: better none.
  if (typeof playerId === 'string' && id && playerId !== id) return { id, schema };
  const initial = scriptAssignment(doc, 'ytInitialData');
  const initialId = at(initial, 'currentVideoEndpoint', 'watchEndpoint', 'videoId');
  return {
    id: videoId,
    player,
    initial: typeof initialId === 'string' && initialId !== videoId ? undefined : initial,
    schema,
  };
}

/** A link on the page, made absolute against YouTube and freed of its redirect wrapper. */
function pageLink(href: string): string | undefined {
  try {
    return unwrapRedirect(new URL(href, YOUTUBE).href);
  } catch {
    return undefined;
  }
}

/** The description's text and links, in order, from the page's description box. */
function descriptionPieces(root: Element): Piece[] {
  const pieces: Piece[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, 4);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    if (!text) continue;
    const link = node.parentElement?.closest('a');
    const href =
      link && root.contains(link) ? pageLink(link.getAttribute('href') ?? '') : undefined;
    const last = pieces[pieces.length - 1];
    if (href && last?.href === href) last.text += text;
    else pieces.push(href ? { text, href } : { text });
  }
  return pieces;
}

const LINKABLE =
  /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'’”]|(?<![\w:])(?:\d+:)?\d{1,2}:\d{2}(?![\w:])/g;

/** A description as plain text (the data scripts'): its addresses and clock times become links. */
function plainPieces(text: string, id: string | undefined): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(LINKABLE)) {
    const found = match[0];
    const seconds = found.startsWith('http') ? undefined : clockSeconds(found);
    const href =
      seconds !== undefined ? (id ? momentUrl(id, seconds) : undefined) : pageLink(found);
    if (!href) continue;
    if (match.index > last) pieces.push({ text: text.slice(last, match.index) });
    pieces.push({ text: found, href });
    last = match.index + found.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

/** Pieces as paragraphs: a blank line parts paragraphs, a single line break stays one. */
function piecesToParagraphs(out: Document, pieces: Piece[]): Element[] {
  const paragraphs: Element[] = [];
  let paragraph = out.createElement('p');
  const flush = () => {
    while (paragraph.lastChild?.nodeName === 'BR') paragraph.lastChild.remove();
    if (/\S/.test(paragraph.textContent ?? '')) paragraphs.push(paragraph);
    paragraph = out.createElement('p');
  };
  for (const piece of pieces) {
    if (piece.href) {
      const link = out.createElement('a');
      link.setAttribute('href', piece.href);
      link.textContent = piece.text.replace(/\s+/g, ' ');
      paragraph.append(link);
      continue;
    }
    const blocks = piece.text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n\s*/);
    blocks.forEach((block, blockIndex) => {
      if (blockIndex > 0) flush();
      block.split('\n').forEach((line, lineIndex) => {
        if (lineIndex > 0 && paragraph.firstChild) paragraph.append(out.createElement('br'));
        if (line) paragraph.append(line);
      });
    });
  }
  flush();
  return paragraphs;
}

function descriptionElement(doc: Document): Element | null {
  const box =
    doc.querySelector('ytd-watch-metadata [id="description-inline-expander"]') ??
    doc.querySelector(
      '[id="description-inline-expander"], ytd-video-secondary-info-renderer [id="description"]',
    );
  if (!box) return null;
  // The expanded text is the whole description, the snippet only its start; but the expanded
  // box stays empty until the reader opens it, so the first one holding text wins.
  const candidates = [
    box.querySelector('[id="expanded"] yt-attributed-string'),
    box.querySelector('yt-attributed-string'),
    box.querySelector('yt-formatted-string'),
  ];
  return candidates.find((candidate) => /\S/.test(candidate?.textContent ?? '')) ?? box;
}

/** The video a watch link names (`/watch?v=…`), if it is one. */
function linkedVideoId(href: string | null | undefined): string | undefined {
  if (!href) return undefined;
  try {
    const parsed = new URL(href, YOUTUBE);
    return parsed.pathname === '/watch' ? (parsed.searchParams.get('v') ?? undefined) : undefined;
  } catch {
    return undefined;
  }
}

function chaptersFromMarkup(doc: Document, id: string): Moment[] {
  const moments: Moment[] = [];
  for (const item of Array.from(doc.getElementsByTagName('ytd-macro-markers-list-item-renderer'))) {
    // Each chapter links to its moment; one linking to another video is left from an earlier
    // page (navigation without reload).
    const linked = linkedVideoId(item.querySelector('a[href]')?.getAttribute('href'));
    if (linked && linked !== id) continue;
    const title = lineText(item.querySelector('h4'));
    const seconds = clockSeconds(lineText(item.querySelector('[id="time"]')));
    if (title && seconds !== undefined) moments.push({ seconds, title });
  }
  return moments;
}

function chaptersFromData(initial: unknown): Moment[] {
  const moments: Moment[] = [];
  for (const chapter of findAll(initial, 'chapterRenderer')) {
    const title = textOf(chapter.title)?.trim();
    const millis = chapter.timeRangeStartMillis;
    if (title && typeof millis === 'number') moments.push({ seconds: millis / 1000, title });
  }
  if (moments.length > 0) return moments;
  for (const item of findAll(initial, 'macroMarkersListItemRenderer')) {
    const title = textOf(item.title)?.trim();
    const seconds = clockSeconds(textOf(item.timeDescription) ?? '');
    if (title && seconds !== undefined) moments.push({ seconds, title });
  }
  return moments;
}

/** One entry per moment, in time order (the page lists chapters in several panels). */
function uniqueMoments(moments: Moment[]): Moment[] {
  const seen = new Set<string>();
  return moments
    .filter((moment) => {
      const key = `${Math.floor(moment.seconds)} ${moment.title}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.seconds - b.seconds);
}

interface Segment {
  seconds: number;
  text: string;
  /** A section header of the transcript panel (a chapter) starts here. */
  section?: boolean;
  /** That header's title. */
  sectionTitle?: string;
}

/**
 * The transcript panel's rows and section headers, in both of the panels YouTube serves (each
 * video gets one or the other since March 2026): the classic `ytd-transcript-*` renderers and
 * the newer view models (`transcript-segment-view-model` rows, `timeline-chapter-view-model`
 * headers), which may sit in a panel with no target-id at all.
 */
const TRANSCRIPT_ITEMS = [
  'ytd-transcript-segment-renderer',
  'ytd-transcript-section-header-renderer',
  'transcript-segment-view-model',
  'timeline-chapter-view-model',
].join(', ');
const SECTION_HEADERS = new Set([
  'ytd-transcript-section-header-renderer',
  'timeline-chapter-view-model',
]);
const PANEL = 'ytd-engagement-panel-section-list-renderer';
/** Text boxes of the newer row; its clock and the clock's spoken label sit beside them. */
const ATTRIBUTED_TEXT = '.ytAttributedStringHost, .yt-core-attributed-string, [role="text"]';

/**
 * A panel YouTube keeps closed. The page holds several (an empty classic panel beside an open
 * newer one, or one still holding an earlier video's rows after navigation without reload):
 * only the open one is the transcript of the video shown.
 */
function closedPanel(panel: Element | null): boolean {
  if (!panel) return false;
  return panel.hasAttribute('hidden') || /HIDDEN/.test(panel.getAttribute('visibility') ?? '');
}

/** The open panel's rows and headers: the one holding the most rows, when several are open. */
function transcriptItems(doc: Document): Element[] {
  const byPanel = new Map<Element | null, Element[]>();
  for (const item of Array.from(doc.querySelectorAll(TRANSCRIPT_ITEMS))) {
    const panel = item.closest(PANEL);
    if (closedPanel(panel)) continue;
    const items = byPanel.get(panel) ?? [];
    items.push(item);
    byPanel.set(panel, items);
  }
  const rows = (items: Element[]) => items.filter((item) => !SECTION_HEADERS.has(item.localName));
  let best: Element[] = [];
  for (const items of byPanel.values()) if (rows(items).length > rows(best).length) best = items;
  return best;
}

function segmentText(row: Element): string {
  if (row.localName === 'ytd-transcript-segment-renderer') {
    return lineText(row.querySelector('.segment-text'));
  }
  // The newer row may split its text over several attributed strings: all of them, outermost.
  const boxes = Array.from(row.querySelectorAll(ATTRIBUTED_TEXT)).filter(
    (box) => !row.contains(box.parentElement?.closest(ATTRIBUTED_TEXT) ?? null),
  );
  return boxes.map(lineText).filter(Boolean).join(' ');
}

function segmentClock(row: Element): number | undefined {
  const clock = row.querySelector('.segment-timestamp, .ytwTranscriptSegmentViewModelTimestamp');
  return clockSeconds(lineText(clock));
}

function transcriptSegments(doc: Document): Segment[] {
  const segments: Segment[] = [];
  let header: Element | undefined;
  for (const item of transcriptItems(doc)) {
    if (SECTION_HEADERS.has(item.localName)) {
      header = item;
      continue;
    }
    const seconds = segmentClock(item);
    const text = segmentText(item);
    if (seconds === undefined || !text) continue;
    if (!header) segments.push({ seconds, text });
    else {
      const title = lineText(header.querySelector('h2, h3') ?? header);
      segments.push({ seconds, text, section: true, ...(title && { sectionTitle: title }) });
    }
    header = undefined;
  }
  return segments;
}

/** The transcript's section headers as chapters, each at its first row. */
function chaptersFromTranscript(segments: Segment[]): Moment[] {
  return segments.flatMap((segment) =>
    segment.sectionTitle ? [{ seconds: segment.seconds, title: segment.sectionTitle }] : [],
  );
}

/**
 * The chapters: the page's chapter lists, else the data it was loaded with, else the transcript
 * panel's own section headers (all that is left when the data describes another video).
 */
function videoChapters(doc: Document, id: string, initial: unknown, segments: Segment[]): Moment[] {
  for (const read of [
    () => chaptersFromMarkup(doc, id),
    () => chaptersFromData(initial),
    () => chaptersFromTranscript(segments),
  ]) {
    const moments = read();
    if (moments.length > 0) return uniqueMoments(moments);
  }
  return [];
}

const SENTENCE_END = /[.!?…。！？]["'’”)]*$/u;
/** A paragraph ends at a sentence's end after this long, or at any segment after the longer span. */
const PARAGRAPH_SECONDS = 30;
const PARAGRAPH_MAX_SECONDS = 90;

interface TranscriptParagraph {
  /** The chapter this paragraph opens, by the title the panel or the chapter list gives it. */
  chapter?: string;
  segments: Segment[];
}

/**
 * Transcript segments (a few words each) as paragraphs, each opened by its moment: a new one at
 * a chapter, at a sentence's end once a paragraph is long enough, and at the latest after
 * PARAGRAPH_MAX_SECONDS (automatic captions have no punctuation).
 */
export function transcriptParagraphs(
  segments: Segment[],
  chapters: Moment[],
): TranscriptParagraph[] {
  const paragraphs: TranscriptParagraph[] = [];
  let current: TranscriptParagraph = { segments: [] };
  let nextChapter = 0;
  for (const segment of segments) {
    let reached: Moment | undefined;
    while (
      nextChapter < chapters.length &&
      (chapters[nextChapter]?.seconds ?? 0) <= segment.seconds
    ) {
      reached = chapters[nextChapter];
      nextChapter += 1;
    }
    const first = current.segments[0];
    const previous = current.segments[current.segments.length - 1];
    const span = first ? segment.seconds - first.seconds : 0;
    const breakHere =
      !!first &&
      (segment.section ||
        !!reached ||
        span >= PARAGRAPH_MAX_SECONDS ||
        (span >= PARAGRAPH_SECONDS && SENTENCE_END.test(previous?.text ?? '')));
    if (breakHere) {
      paragraphs.push(current);
      current = { segments: [] };
    }
    const chapter = segment.sectionTitle ?? reached?.title;
    if (chapter && current.segments.length === 0) current.chapter = chapter;
    current.segments.push(segment);
  }
  if (current.segments.length > 0) paragraphs.push(current);
  return paragraphs;
}

function heading(out: Document, text: string, level: 'h2' | 'h3' = 'h2'): Element {
  const element = out.createElement(level);
  element.textContent = text;
  return element;
}

function momentLink(out: Document, id: string | undefined, seconds: number): Node {
  const label = clockText(seconds);
  if (!id) return out.createTextNode(label);
  const link = out.createElement('a');
  link.setAttribute('href', momentUrl(id, seconds));
  link.textContent = label;
  return link;
}

interface Comment {
  author: string;
  date: string;
  body: Element | null;
  replies: Comment[];
}

function readComment(view: Element): Comment {
  return {
    author: lineText(view.querySelector('[id="author-text"]')),
    date: lineText(view.querySelector('[id="published-time-text"]')),
    body: view.querySelector('[id="content-text"]'),
    replies: [],
  };
}

function commentThreads(doc: Document, withReplies: boolean): Comment[] {
  const threads: Comment[] = [];
  for (const thread of Array.from(doc.getElementsByTagName('ytd-comment-thread-renderer'))) {
    const views = Array.from(
      thread.querySelectorAll('ytd-comment-view-model, ytd-comment-renderer'),
    );
    const top = views.find((view) => !view.closest('ytd-comment-replies-renderer'));
    if (!top) continue;
    const comment = readComment(top);
    if (withReplies) {
      comment.replies = views
        .filter((view) => view.closest('ytd-comment-replies-renderer'))
        .map(readComment);
    }
    threads.push(comment);
  }
  return threads;
}

function commentElement(out: Document, comment: Comment): Element {
  const item = out.createElement('li');
  const header = out.createElement('p');
  const author = out.createElement('strong');
  author.textContent = comment.author || '?';
  header.append(author);
  if (comment.date) header.append(` · ${comment.date}`);
  item.append(header);
  if (comment.body) item.append(...piecesToParagraphs(out, descriptionPieces(comment.body)));
  if (comment.replies.length > 0) {
    const replies = out.createElement('ul');
    for (const reply of comment.replies) replies.append(commentElement(out, reply));
    item.append(replies);
  }
  return item;
}

/**
 * The upload day the page shows under the title, when it reads as a date ("Mar 3, 2024"); a
 * relative or localised text ("2 days ago") gives none rather than a wrong one.
 */
function shownDate(doc: Document): string | undefined {
  for (const span of Array.from(doc.querySelectorAll('ytd-watch-info-text [id="info"] span'))) {
    const text = lineText(span);
    if (!/\d{4}/.test(text)) continue;
    const parsed = Date.parse(`${text} 12:00 UTC`);
    if (!Number.isNaN(parsed)) return new Date(parsed).toISOString().slice(0, 10);
  }
  return undefined;
}

function extract({ doc, url, out, comments }: SiteContext): SiteExtraction | null {
  const data = videoData(doc, url);
  const { id, player, initial, schema } = data;
  const micro = player ? at(player, 'microformat', 'playerMicroformatRenderer') : undefined;
  const title =
    lineText(doc.querySelector('ytd-watch-metadata [id="title"] h1, ytd-watch-metadata h1')) ||
    textOf(at(player, 'videoDetails', 'title')) ||
    textOf(schema?.name) ||
    (player ? metaContent(doc, 'og:title') : undefined);
  if (!id || !title) return null;

  const channel =
    lineText(
      doc.querySelector(
        'ytd-watch-metadata ytd-channel-name a, ytd-video-owner-renderer [id="channel-name"] a, [id="owner"] [id="channel-name"] a',
      ),
    ) ||
    textOf(at(player, 'videoDetails', 'author')) ||
    textOf(schema?.author) ||
    textOf(at(schema, 'author', 'name')) ||
    microdataAuthor(doc, id) ||
    undefined;
  const published =
    [at(micro, 'publishDate'), schema?.uploadDate].find(
      (date): date is string => typeof date === 'string' && date !== '',
    ) ?? shownDate(doc);

  const content = out.createElement('article');
  const video = out.createElement('p');
  const watch = out.createElement('a');
  watch.setAttribute('href', `${YOUTUBE}watch?v=${encodeURIComponent(id)}`);
  watch.textContent = `▶ ${title} (YouTube)`;
  video.append(watch);
  content.append(video);

  const descriptionBox = descriptionElement(doc);
  const plainDescription =
    textOf(at(player, 'videoDetails', 'shortDescription')) ?? textOf(schema?.description);
  const pieces = descriptionBox
    ? descriptionPieces(descriptionBox)
    : plainDescription
      ? plainPieces(plainDescription, id)
      : [];
  const description = piecesToParagraphs(out, pieces);
  content.append(...description);

  const segments = transcriptSegments(doc);
  const chapters = videoChapters(doc, id, initial, segments);
  if (chapters.length > 0) {
    content.append(heading(out, 'Chapters'));
    const list = out.createElement('ul');
    for (const chapter of chapters) {
      const item = out.createElement('li');
      item.append(momentLink(out, id, chapter.seconds), ` ${chapter.title}`);
      list.append(item);
    }
    content.append(list);
  }

  if (segments.length > 0) {
    content.append(heading(out, 'Transcript'));
    for (const paragraph of transcriptParagraphs(segments, chapters)) {
      if (paragraph.chapter) content.append(heading(out, paragraph.chapter, 'h3'));
      const element = out.createElement('p');
      element.append(
        momentLink(out, id, paragraph.segments[0]?.seconds ?? 0),
        ` ${paragraph.segments.map((segment) => segment.text).join(' ')}`,
      );
      content.append(element);
    }
  }

  if (comments !== 'none') {
    const threads = commentThreads(doc, comments === 'all');
    if (threads.length > 0) {
      content.append(heading(out, 'Comments'));
      const list = out.createElement('ul');
      for (const thread of threads) list.append(commentElement(out, thread));
      content.append(list);
    }
  }

  out.body.append(content);
  const summary = description[0] ? lineText(description[0]) : undefined;
  return {
    content,
    metadata: {
      title,
      author: channel,
      siteName: 'YouTube',
      published,
      description: summary && summary.length > 300 ? `${summary.slice(0, 297)}…` : summary,
      canonicalUrl: `${YOUTUBE}watch?v=${encodeURIComponent(id)}`,
      leadImage: `https://i.ytimg.com/vi/${encodeURIComponent(id)}/hqdefault.jpg`,
    },
  };
}

/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const youtubeDetector: SiteDetector = {
  id: 'youtube',
  family: 'video',
  detect(doc) {
    // The watch page's own element is the sign: the head is the one the tab was loaded with
    // (YouTube navigates without reloading), which need not be a watch page's. A copy of the
    // server's HTML without the app (its data scripts only) must name the site in its head.
    if (doc.getElementsByTagName('ytd-watch-flexy').length > 0) return true;
    return (
      metaContent(doc, 'og:site_name') === 'YouTube' && scriptHolds(doc, 'ytInitialPlayerResponse')
    );
  },
};

export const youtube: SiteModule = { ...youtubeDetector, extract };

function scriptHolds(doc: Document, name: string): boolean {
  return Array.from(doc.getElementsByTagName('script')).some(
    (script) => !script.hasAttribute('src') && (script.textContent ?? '').includes(name),
  );
}
