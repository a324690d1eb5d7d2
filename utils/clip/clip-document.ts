import { TimeBudget } from './budget';
import { escapeText, safeInlineText } from './markdown/escape';
import { finishMarkdown, markdownConverter, markdownImage, toMarkdown } from './markdown/markdown';
import { isWhitespaceCode } from './markdown/text';
import { isHttpUrl, resolveUrl, stripTrackingParameters } from './markdown/urls';
import {
  cleanByline,
  cleanMetadataText,
  extractMetadata,
  isMenuByline,
  realDate,
} from './metadata/metadata';
import { normalizeCallouts } from './prepare/callouts';
import { neutraliseCommonClassWords } from './prepare/class-words';
import {
  markPageEndHeadings,
  removeAdLabels,
  removeAdUnits,
  removeArticleClutter,
  removeHoverCards,
} from './prepare/clutter';
import { hoistLinksOutOfInlineCode, normalizeCodeBlocks } from './prepare/code-blocks';
import { declaredBody, keepDeclaredBody, markDeclaredBody } from './prepare/declared-body';
import {
  gatherNotesSections,
  normalizeFootnotes,
  normalizeInlineNotes,
  restoreDefinitions,
  takeOutDefinitions,
} from './prepare/footnotes';
import { type InertParser, inertParser } from './prepare/inert';
import { normalizeMath } from './prepare/math';
import {
  captionedPicturesAsFigures,
  EMBED_FRAME_HOSTS,
  figureRowsIntoProse,
  freeEmbeddedPosts,
  normalizeEmbeds,
  normalizeFigures,
  normalizeImages,
  normalizeVideoElements,
  removeDuplicateImages,
} from './prepare/media';
import {
  dropLeadBeforeMainHeading,
  leavesOutDiscussion,
  proseAfterHeading,
} from './prepare/opening-post';
import {
  emphasisClassesOfOwnSheets,
  mergeAdjacentEmphasis,
  moveBreaksOutOfInlineMarks,
  normalizeEmphasis,
} from './prepare/page-style/emphasis';
import { nestLists } from './prepare/page-style/lists';
import { wordListParagraphs } from './prepare/page-style/word-lists';
import { normalizeRawTex } from './prepare/raw-tex';
import { selectionFragments } from './prepare/selection';
import {
  creditQuotes,
  flattenLayoutTables,
  labelTabPanels,
  linkHeadingsOfCards,
  listLabelledFields,
  normalizeHeadings,
  normalizeLinks,
  normalizeTaskLists,
  numberStyledLists,
  removeConsentBanners,
  removeEmptyListItems,
  removeNonContent,
  removePageChrome,
  removeRepeatedLinks,
  restoreHeadingLevels,
  unlistPosts,
} from './prepare/structure';
import { normalizeTimes, unwrapTimePermalinks } from './prepare/times';
import {
  applyVisibilityMarks,
  cloneVisibleDocument,
  defaultStyleSource,
  resolveStreamedSegments,
  type StyleSource,
} from './prepare/visibility';
import { hasText, lineText } from './presence';
import { PreparedReadability } from './readability';
import { declaredAddress, savedCopyBase, setBase } from './saved-copy';
import {
  detectSite,
  discussionAddressed,
  readClaimed,
  SiteReadersMissing,
  type SiteReading,
  type SiteSource,
} from './sites/read';
import {
  type CommentDepth,
  DEFAULT_COMMENT_DEPTH,
  type SiteDetector,
  type SiteFamily,
} from './sites/types';
import {
  type Clip,
  type ClipError,
  type ClipErrorCode,
  type ClipMetadata,
  type ClipNotice,
  type ClipNoticeCode,
  type ClipRequest,
  type ClipResult,
  clipRequestSchema,
} from './types';

/** Knobs for tests and the benchmark; the extension uses the defaults. */
export interface EngineOptions {
  styleSource?: StyleSource;
}

/**
 * Readability's article is trusted unless it is tiny while the page holds plenty more: then it
 * probably picked one teaser of a listing. Short articles on heavy pages are common (paywalls,
 * news briefs under a mountain of navigation: on the extraction benchmark every page whose
 * article was under 12% of the page was such a case), so the share alone never decides.
 */
const ARTICLE_SHARE_FLOOR = 0.12;
const ARTICLE_TEXT_FLOOR = 250;
const PAGE_TEXT_FOR_SHARE_CHECK = 3000;

/**
 * Past this many elements Readability alone would hold the tab for seconds; such pages (huge
 * archives, endless feeds) are cleaned as a whole page instead.
 */
const HUGE_PAGE_ELEMENTS = 60_000;

/**
 * Readability's own default: an attempt whose article holds fewer characters is retried with
 * its filters relaxed, up to three more times, each on a fresh copy of the page, and the longest
 * attempt wins. When the text Readability is given is shorter, no attempt can reach it, so a
 * short post (a status, a brief, a page of links) was read four times over. Asking for that
 * text's own length instead ends the search once an attempt keeps every character of it: no
 * later attempt could be longer, and the first of equally long attempts is the one Readability
 * would have picked. Any attempt that loses text is retried exactly as before.
 */
const READABILITY_CHAR_THRESHOLD = 500;

function notice(code: ClipNoticeCode): ClipNotice {
  return { code };
}

function failure(
  kind: ClipError['kind'],
  code: ClipErrorCode,
  params?: Record<string, string>,
): ClipResult {
  return { ok: false, error: params ? { kind, code, params } : { kind, code } };
}

const BROWSER_PAGE =
  /^(?:chrome|chrome-extension|chrome-search|chrome-untrusted|edge|brave|opera|vivaldi|moz-extension|resource|view-source|devtools|safari-extension|about):/i;

interface Context {
  doc: Document;
  request: ClipRequest;
  sites: SiteSource;
  budget: TimeBudget;
  styleSource: StyleSource;
  stripTracking: boolean;
  notices: ClipNotice[];
  /** For markup the page keeps as text; the live page's parser (inert.ts). */
  parseInert: InertParser;
  /** A saved copy's base address (request.savedCopy), set on every copy the engine makes. */
  copyBase?: string;
  /** Whether the latest prepared copy has a declared article body marked (declared-body.ts). */
  declaresBody?: boolean;
  /** Whether the page has tab panels (the visibility walk looked for them). */
  hasTabs?: boolean;
  /**
   * A discussion a site module claimed but could not read: the article must hold its opening
   * post, and its replies unless none are wanted, or the whole page is clipped (opening-post.ts).
   */
  discussion?: { replies: boolean };
}

/** JavaScript's `\s` is the set isWhitespaceCode tests. */
const NOT_WHITESPACE = /\S/;

/**
 * The length of `lineText` (presence.ts) up to `floor`, reading text nodes one by one and
 * stopping there: a long article or page is not copied out and normalised whole to learn that it
 * is long. Counts as lineText does (white space runs between words as one space), so below
 * `floor` the two agree.
 */
export function textLengthUpTo(element: Element | null | undefined, floor: number): number {
  if (!element) return 0;
  // 4: text nodes (NodeFilter is not a global in every DOM implementation).
  const walker = element.ownerDocument.createTreeWalker(element, 4);
  let length = 0;
  let pendingSpace = false;
  for (let node = walker.nextNode(); node && length < floor; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    // Most of a page's text nodes are the indentation between its tags: the regex engine finds
    // the first visible character faster than a loop over every blank one.
    const start = text.search(NOT_WHITESPACE);
    if (start === -1) {
      if (text.length > 0) pendingSpace = length > 0;
      continue;
    }
    if (start > 0) pendingSpace = length > 0;
    for (let index = start; index < text.length && length < floor; index += 1) {
      if (isWhitespaceCode(text.charCodeAt(index))) {
        pendingSpace = length > 0;
        continue;
      }
      length += pendingSpace ? 2 : 1;
      pendingSpace = false;
    }
  }
  return Math.min(length, floor);
}

/** A copy of the page with what it hides marked, its base a saved copy's when it is one. */
function visibleCopy(context: Context): ReturnType<typeof cloneVisibleDocument> {
  const copy = cloneVisibleDocument(context.doc, {
    styleSource: context.styleSource,
    budget: context.budget,
  });
  if (context.copyBase) setBase(copy.clone, context.copyBase);
  context.hasTabs = copy.hasTabs;
  return copy;
}

/** A clone of the page with hidden parts gone and every rule that needs the original markup applied. */
function preparedClone(context: Context): Document {
  const { clone, checkedEveryStyle } = visibleCopy(context);
  if (!checkedEveryStyle) degrade(context);
  if (clone.body) prepareContent(clone.body, context);
  return clone;
}

/** The rules that read the page's own markup (classes, scripts), before Readability strips it. */
function prepareContent(root: Element, context: Context): void {
  resolveStreamedSegments(root);
  context.declaresBody = markDeclaredBody(root);
  normalizeMath(root, context.parseInert);
  normalizeRawTex(root);
  normalizeInlineNotes(root);
  applyVisibilityMarks(root);
  removeHoverCards(root);
  removeConsentBanners(root);
  removeAdUnits(root);
  // Before the code rules, which take a panel holding only a code block for the block's frame.
  if (context.hasTabs !== false) labelTabPanels(root);
  normalizeCodeBlocks(root);
  normalizeCallouts(root);
  hoistLinksOutOfInlineCode(root);
  normalizeImages(root, context.parseInert);
  normalizeVideoElements(root);
  wordListParagraphs(root);
  normalizeTaskLists(root);
  numberStyledLists(root);
  nestLists(root, context.doc);
  normalizeHeadings(root);
  // Before Readability, which drops a field whose value is a link as a block of links.
  listLabelledFields(root);
  normalizeEmphasis(root, emphasisClassesOfOwnSheets(context.doc));
  if (context.budget.exhausted) degrade(context);
  else normalizeFootnotes(root);
  // Before Readability, which removes every footer (a quote's credit among them).
  creditQuotes(root);
  unwrapTimePermalinks(root, context.doc.URL);
  // Links are resolved after the content is chosen (finishContent): most of a page's links sit
  // in navigation that never reaches the note.
  removeNonContent(root, context.doc.URL);
  freeEmbeddedPosts(root);
  captionedPicturesAsFigures(root);
  figureRowsIntoProse(root);
  neutraliseCommonClassWords(root);
  markPageEndHeadings(root);
}

function degrade(context: Context): void {
  if (!context.notices.some((item) => item.code === 'time-budget')) {
    context.notices.push(notice('time-budget'));
  }
}

/** The rules that shape the content once it is chosen. */
function finishContent(root: Element, context: Context): string {
  normalizeTimes(root);
  restoreHeadingLevels(root);
  linkHeadingsOfCards(root);
  normalizeEmbeds(root);
  flattenLayoutTables(root);
  normalizeFigures(root);
  removeDuplicateImages(root);
  unlistPosts(root);
  removeEmptyListItems(root);
  normalizeLinks(root, {
    stripTracking: context.stripTracking,
    page: context.doc.URL,
    canonical: () => declaredAddress(context.doc),
  });
  removeRepeatedLinks(root);
  moveBreaksOutOfInlineMarks(root);
  mergeAdjacentEmphasis(root);
  return toMarkdown(root, markdownConverter());
}

function fullPageMarkdown(clone: Document, context: Context): string {
  const body = clone.body;
  if (!body) return '';
  removePageChrome(body);
  removeAdLabels(body, context.doc.URL);
  return finishContent(body, context);
}

function fillFromReadability(
  doc: Document,
  metadata: ClipMetadata,
  article: {
    byline?: string | null;
    siteName?: string | null;
    publishedTime?: string | null;
    lang?: string | null;
    dir?: string | null;
    title?: string | null;
  },
): ClipMetadata {
  const filled: ClipMetadata = { ...metadata };
  const clean = cleanMetadataText;
  filled.title ??= clean(article.title);
  if (!filled.author && article.byline && !isMenuByline(doc, article.byline))
    filled.author = cleanByline(article.byline);
  filled.siteName ??= clean(article.siteName);
  filled.published ??= realDate(clean(article.publishedTime));
  filled.language ??= clean(article.lang);
  const direction = clean(article.dir)?.toLowerCase();
  if (!filled.direction && (direction === 'rtl' || direction === 'ltr'))
    filled.direction = direction;
  return Object.fromEntries(
    Object.entries(filled).filter(([, value]) => value !== undefined),
  ) as ClipMetadata;
}

/** True when the article is tiny next to the page's own text (see ARTICLE_SHARE_FLOOR). */
export function articleLooksIncomplete(articleText: number, pageText: number): boolean {
  return (
    articleText < ARTICLE_TEXT_FLOOR &&
    articleText < pageText * ARTICLE_SHARE_FLOOR &&
    pageText - articleText > PAGE_TEXT_FOR_SHARE_CHECK
  );
}

function articleClip(
  context: Context,
  metadata: ClipMetadata,
): { markdown: string; metadata: ClipMetadata } {
  if (context.doc.getElementsByTagName('*').length > HUGE_PAGE_ELEMENTS) {
    degrade(context);
    return { markdown: fullPageMarkdown(preparedClone(context), context), metadata };
  }
  const clone = preparedClone(context);
  // The page's length matters only when the article turns out short (articleLooksIncomplete),
  // and only up to the point where the page is long enough to doubt it. Read now, bounded,
  // rather than preparing a second copy of the page afterwards: Readability takes this one apart.
  const pageText = textLengthUpTo(clone.body, ARTICLE_TEXT_FLOOR + PAGE_TEXT_FOR_SHARE_CHECK + 1);
  const definitions = takeOutDefinitions(clone);
  // Read without the footnote definitions: the article has them back only after it is judged.
  const discussion =
    context.discussion && clone.body
      ? { ...context.discussion, prose: proseAfterHeading(clone.body) }
      : undefined;
  // What Readability is given, counted as it counts an attempt (white space runs as one,
  // trimmed) and before its own scripts and styles come out: never below what an attempt can
  // keep, so an attempt that reaches it has kept everything. The footnote definitions just
  // taken out no longer count: with them a page of short notes looked longer than any attempt.
  const readableText =
    definitions.size > 0
      ? textLengthUpTo(clone.body, READABILITY_CHAR_THRESHOLD)
      : Math.min(pageText, READABILITY_CHAR_THRESHOLD);
  // Where an attempt that falls short starts again (readability.ts): a page whose text reaches
  // the threshold is nearly always kept at the first attempt, so it keeps no copy for a second
  // one and is prepared again in the rare case; a shorter page usually needs the copy.
  const restart =
    readableText < READABILITY_CHAR_THRESHOLD
      ? ('copy' as const)
      : () => {
          const fresh = preparedClone(context);
          takeOutDefinitions(fresh);
          return fresh;
        };
  const article = new PreparedReadability(
    clone,
    {
      serializer: (element: Node) => element as Element,
      allowedVideoRegex: EMBED_FRAME_HOSTS,
      charThreshold: Math.max(1, readableText),
    },
    restart,
  ).parse();
  const content = article?.content ?? null;
  const articleText = textLengthUpTo(content, ARTICLE_TEXT_FLOOR);
  if (!content || articleText === 0) return missedArticle(context, metadata, 'no-article');
  if (articleLooksIncomplete(articleText, pageText)) {
    return missedArticle(context, metadata, 'small-article');
  }
  if (discussion && leavesOutDiscussion(discussion.prose, content, discussion.replies)) {
    return missedArticle(context, metadata, 'discussion-cut');
  }
  restoreDefinitions(content, definitions);
  const filled = fillFromReadability(context.doc, metadata, article ?? {});
  removeArticleClutter(content, context.doc.URL, filled, !!context.discussion);
  // What Readability took around the body the page declares is its header and footer. After
  // the clutter rules, which know an author box by its heading: this would leave it headless.
  if (context.declaresBody) keepDeclaredBody(content);
  // Readability can choose a block that is all clutter (a list of other stories, when the
  // page's own text sits under a class it distrusts): an empty note would be no clip at all.
  if (!hasText(content)) return missedArticle(context, metadata, 'no-article');
  return { markdown: finishContent(content, context), metadata: filled };
}

/**
 * Readability missed the article. The body the page declares, when it has one, is better than
 * the whole page and needs no notice; otherwise the whole page, and the notice says why.
 */
function missedArticle(
  context: Context,
  metadata: ClipMetadata,
  code: 'no-article' | 'small-article' | 'discussion-cut',
): { markdown: string; metadata: ClipMetadata } {
  const page = preparedClone(context);
  // A discussion's declared body is its opening post alone: the whole page keeps the replies.
  const declared =
    code !== 'discussion-cut' && context.declaresBody && page.body ? declaredBody(page.body) : null;
  if (declared && textLengthUpTo(declared, ARTICLE_TEXT_FLOOR) >= ARTICLE_TEXT_FLOOR) {
    removeArticleClutter(declared, context.doc.URL, metadata);
    return { markdown: finishContent(declared, context), metadata };
  }
  context.notices.push(notice(code));
  if (code === 'discussion-cut' && page.body) dropLeadBeforeMainHeading(page.body);
  return { markdown: fullPageMarkdown(page, context), metadata };
}

/** The site module that read the page and the comment depth it kept (Clip.site, Clip.comments). */
interface SiteUsed {
  id: string;
  comments: CommentDepth;
}

/**
 * The families whose note is a discussion: its opening post (the question, the issue, the post a
 * thread answers, a conversation's first prompt) and the replies.
 */
const DISCUSSIONS: ReadonlySet<SiteFamily> = new Set([
  'code-host',
  'qa',
  'thread',
  'social',
  'ai-chat',
]);

/**
 * Article mode on a page a site module knows (a thread, an issue, a video): the module chooses
 * the content, then the same rules and Markdown writer as every other clip finish it. A module
 * that does not recognise the markup leaves the page to the generic engine; on a discussion,
 * the generic engine must then keep its opening post and replies, or it clips the whole page.
 */
function siteOrArticleClip(
  context: Context,
  metadata: ClipMetadata,
  claimed: SiteDetector | undefined,
): { markdown: string; metadata: ClipMetadata; site?: SiteUsed } {
  const reading: SiteReading = claimed
    ? readClaimed(context.doc, claimed, context.request.comments, context.sites, context.copyBase)
    : { clip: null };
  const found = reading.clip;
  if (found) {
    const { content, metadata: siteMetadata } = found.extraction;
    prepareSiteContent(content, context);
    const markdown = finishContent(content, context);
    if (markdown.trim()) {
      const merged: ClipMetadata = { ...metadata };
      for (const [key, value] of Object.entries(siteMetadata) as [
        keyof ClipMetadata,
        string | null | undefined,
      ][]) {
        if (value === null) delete merged[key];
        const clean = typeof value === 'string' ? cleanMetadataText(value) : undefined;
        if (clean) (merged as Record<string, string>)[key] = clean;
      }
      return { markdown, metadata: merged, site: { id: found.site.id, comments: found.comments } };
    }
  }
  // No module recognises the markup (a redesign renamed what the detectors look for), but the
  // page's address, or the one it declares, is one of a site's discussions: still a discussion.
  const site =
    reading.site ??
    discussionAddressed([context.doc.URL, metadata.canonicalUrl], context.sites.detectors);
  if (site && DISCUSSIONS.has(site.family)) {
    const depth = context.request.comments ?? DEFAULT_COMMENT_DEPTH[site.family];
    context.discussion = { replies: depth !== 'none' };
  }
  return articleClip(context, metadata);
}

/**
 * The markup rules for content a site module chose: everything prepareContent does except
 * judging visibility and boilerplate, which the module has already done by choosing.
 */
function prepareSiteContent(root: Element, context: Context): void {
  normalizeMath(root, context.parseInert);
  normalizeRawTex(root);
  normalizeInlineNotes(root);
  normalizeCodeBlocks(root);
  normalizeCallouts(root);
  hoistLinksOutOfInlineCode(root);
  normalizeImages(root, context.parseInert);
  normalizeVideoElements(root);
  // A mail written in Outlook shows in webmail with Word's list paragraphs.
  wordListParagraphs(root);
  normalizeTaskLists(root);
  numberStyledLists(root);
  normalizeHeadings(root);
  normalizeFootnotes(root);
  gatherNotesSections(root);
}

function selectionClip(
  context: Context,
  metadata: ClipMetadata,
): { markdown: string; metadata: ClipMetadata } {
  const live = context.doc.getSelection?.() ?? context.doc.defaultView?.getSelection() ?? null;
  const ranges: Range[] = [];
  for (let index = 0; live && index < live.rangeCount; index += 1) {
    const range = live.getRangeAt(index);
    if (!range.collapsed) ranges.push(range);
  }
  if (
    ranges.length === 0 ||
    ranges.every(
      (range) => !range.toString().trim() && !range.cloneContents().querySelector?.('img'),
    )
  ) {
    context.notices.push(notice('selection-empty'));
    return articleClip(context, metadata);
  }
  const { clone } = visibleCopy(context);
  const body = clone.body ?? clone.documentElement.appendChild(clone.createElement('body'));
  const parts = selectionFragments(context.doc, clone, ranges);
  body.replaceChildren(...parts);
  prepareContent(body, context);
  return { markdown: finishContent(body, context), metadata };
}

function scratchDocument(doc: Document): Document {
  return doc.implementation.createHTMLDocument('');
}

function bookmarkMarkdown(title: string, metadata: ClipMetadata): string {
  const parts: string[] = [];
  if (metadata.description) parts.push(escapeText(metadata.description));
  if (metadata.leadImage)
    parts.push(markdownImage(safeInlineText(title, { lineStart: false }), metadata.leadImage, ''));
  return finishMarkdown(parts.join('\n\n'));
}

function imageMarkdown(doc: Document, imageUrl: string, title: string, url: string): string {
  const base = doc.baseURI || doc.URL;
  const absolute = resolveUrl(imageUrl, base) ?? imageUrl;
  const image = Array.from(doc.images ?? []).find((candidate) => {
    const current = (candidate as HTMLImageElement).currentSrc || candidate.getAttribute('src');
    return (
      resolveUrl(current, base) === absolute ||
      resolveUrl(candidate.getAttribute('src'), base) === absolute
    );
  });
  const alt = (image?.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim();
  const caption = lineText(image?.closest('figure')?.querySelector('figcaption'));
  const scratch = scratchDocument(doc);
  const picture = scratch.createElement('img');
  picture.setAttribute('src', absolute);
  if (alt) picture.setAttribute('alt', alt);
  const holder = scratch.createElement('div');
  holder.appendChild(picture);
  normalizeImagesForImageMode(holder);
  const imageLine = toMarkdown(holder);
  // Through the link rule, as any link of a page: the title is escaped as text there.
  const from = scratch.createElement('p');
  const link = scratch.createElement('a');
  link.setAttribute('href', url);
  link.textContent = title;
  from.append('From ', link);
  const pageLink = toMarkdown(from);
  return finishMarkdown(
    [imageLine, caption ? escapeText(caption) : '', pageLink].filter(Boolean).join('\n\n'),
  );
}

/** The user picked this image: keep it even if it is small, only big data: URIs become a placeholder. */
function normalizeImagesForImageMode(holder: Element): void {
  const image = holder.querySelector('img');
  const src = image?.getAttribute('src') ?? '';
  if (image && src.startsWith('data:') && src.length > 2048)
    image.setAttribute('data-clipdeck-embedded-image', '');
}

function frameDocuments(doc: Document): Document[] {
  const documents: Document[] = [];
  for (const frame of Array.from(doc.querySelectorAll('frame, iframe'))) {
    try {
      const inner = (frame as HTMLIFrameElement).contentDocument;
      if (inner?.body) documents.push(inner);
    } catch {
      // Cross-origin frames are out of reach by design.
    }
  }
  return documents;
}

/** Chromium shows a PDF as a page whose body is one `<embed type="application/pdf">`. */
function isPdfViewer(body: HTMLElement | null): boolean {
  const only = body?.firstElementChild;
  return (
    body?.localName === 'body' &&
    body.childElementCount === 1 &&
    only?.localName === 'embed' &&
    (only.getAttribute('type') ?? '').toLowerCase() === 'application/pdf'
  );
}

function runClip(
  doc: Document,
  request: ClipRequest,
  sites: SiteSource,
  options: EngineOptions,
  depth: number,
): ClipResult {
  const pageUrl = doc.URL;
  if (BROWSER_PAGE.test(pageUrl) && !/^about:(?:blank|srcdoc)$/i.test(pageUrl)) {
    return failure('unclippable', 'browser-page');
  }
  if (/pdf/i.test(doc.contentType ?? '') || isPdfViewer(doc.body)) {
    return failure('unsupported', 'pdf');
  }
  const stripTracking = request.stripTrackingParameters ?? false;
  const url = stripTracking ? stripTrackingParameters(pageUrl) : pageUrl;
  const imageDocument = /^image\//i.test(doc.contentType ?? '');
  const mode = imageDocument ? 'image' : request.mode;
  // First in article mode: where a site claims the page and its reader is not loaded yet, this
  // throws SiteReadersMissing before anything else is read (sites/loading.ts).
  const claimed = mode === 'article' ? detectSite(doc, sites.detectors) : undefined;
  if (claimed) sites.reader(claimed);
  const copyBase = request.savedCopy ? savedCopyBase(doc) : undefined;
  const metadata = extractMetadata(doc, pageUrl, copyBase);
  const fallbackTitle = isHttpUrl(url) ? new URL(url).hostname : url;
  const notices: ClipNotice[] = [];
  const context: Context = {
    doc,
    request,
    sites,
    budget: new TimeBudget(request.timeBudgetMs),
    styleSource: options.styleSource ?? defaultStyleSource(doc),
    stripTracking,
    notices,
    parseInert: inertParser(doc),
    ...(copyBase && { copyBase }),
  };
  const build = (markdown: string, finalMetadata: ClipMetadata, site?: SiteUsed): ClipResult => {
    const clip: Clip = {
      title: finalMetadata.title ?? fallbackTitle,
      markdown,
      url,
      mode,
      notices,
      metadata: finalMetadata,
    };
    if (site) {
      clip.site = site.id;
      clip.comments = site.comments;
    }
    return { ok: true, clip };
  };

  if (mode === 'bookmark') {
    const title = metadata.title ?? fallbackTitle;
    return build(bookmarkMarkdown(title, metadata), metadata);
  }
  if (mode === 'image') {
    const imageUrl = imageDocument ? pageUrl : request.imageUrl;
    if (!imageUrl) {
      return failure('invalid-request', 'no-image');
    }
    return build(imageMarkdown(doc, imageUrl, metadata.title ?? fallbackTitle, url), metadata);
  }

  const body = doc.body;
  // A page that draws its post from data for its script (Steam news) has no text before that
  // script runs; a site module that knows the page reads the data, so the page is not empty.
  const blank = !!body && !hasText(body) && !body.querySelector('img');
  if (!body || body.tagName === 'FRAMESET' || (blank && !claimed)) {
    const frames = depth === 0 ? frameDocuments(doc) : [];
    const richest = frames.sort((a, b) => lineText(b.body).length - lineText(a.body).length)[0];
    if (richest && lineText(richest.body).length > 0) {
      const inner = runClip(richest, request, sites, options, depth + 1);
      if (inner.ok) inner.clip.notices.unshift(notice('frames'));
      return inner;
    }
    if (body?.tagName === 'FRAMESET' || frames.length > 0 || doc.querySelector('frameset, frame')) {
      return failure('frames', 'frames');
    }
    return failure('empty', 'not-loaded');
  }

  const {
    markdown,
    metadata: finalMetadata,
    site,
  }: { markdown: string; metadata: ClipMetadata; site?: SiteUsed } = mode === 'full-page'
    ? { markdown: fullPageMarkdown(preparedClone(context), context), metadata }
    : mode === 'selection'
      ? selectionClip(context, metadata)
      : siteOrArticleClip(context, metadata, claimed);
  if (!markdown.trim()) {
    return failure('empty', 'no-text');
  }
  return build(markdown, finalMetadata, site);
}

/**
 * The engine's entry point: a clip of `doc` as the request asks, or a structured error (a code
 * the extension words for the user). It never throws and never changes the live page, except
 * that SiteReadersMissing passes through: `sites` claimed the page without its reader, which
 * the caller loads before asking again (sites/loading.ts). Outside a tab, clipDocument
 * (./index.ts) calls it with every site loaded.
 */
export function clipWithSites(
  doc: Document,
  request: ClipRequest,
  sites: SiteSource,
  options: EngineOptions = {},
): ClipResult {
  const parsed = clipRequestSchema.safeParse(request);
  if (!parsed.success) {
    return failure('invalid-request', 'bad-request');
  }
  try {
    return runClip(doc, parsed.data, sites, options, 0);
  } catch (error) {
    if (error instanceof SiteReadersMissing) throw error;
    return failure('internal', 'internal', {
      detail: error instanceof Error ? error.message : String(error),
    });
  }
}
