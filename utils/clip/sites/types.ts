import type { ClipMetadata } from '../types';

/**
 * Site modules: pages that are not articles (threads, issues, Q&A, videos, chats) are read by a
 * module that knows the site's markup. Each module is a folder under utils/clip/sites/ holding
 * its detector, its extractor and its golden fixtures (`fixtures/<case>.html` + `<case>.md`),
 * listed once in ./registry.ts.
 */
export const siteFamilies = [
  'code-host',
  'qa',
  'thread',
  'social',
  'video',
  'ai-chat',
  'reference',
  'publication',
] as const;
export type SiteFamily = (typeof siteFamilies)[number];

/** How much of a page's discussion the note keeps; the user picks it (options and popup). */
export const commentDepths = ['none', 'top-level', 'all'] as const;
export type CommentDepth = (typeof commentDepths)[number];

/**
 * What each family keeps when the user has not chosen: a thread or an issue is its discussion;
 * a video's comments and a reference page's talk are not what people clip them for.
 */
export const DEFAULT_COMMENT_DEPTH: Record<SiteFamily, CommentDepth> = {
  'code-host': 'all',
  qa: 'all',
  thread: 'all',
  social: 'all',
  video: 'none',
  'ai-chat': 'all',
  reference: 'none',
  // A newsletter post or an announcement is the publisher's text; its comments are readers' talk.
  publication: 'none',
};

export interface SiteContext {
  /** The page as loaded. Read only: the engine never changes the live page. */
  doc: Document;
  /** The page's address; for a saved copy or a mirror it is not the site's own (detect by markup). */
  url: URL | null;
  /**
   * A scratch document to build the content in (`out.importNode(node, true)` to copy from the
   * page). The built content then goes through the engine's shared rules (code blocks, math,
   * footnotes, images) and its one Markdown writer, so link and HTML safety hold for every site.
   * Its base address (`out.baseURI`) is the one relative addresses are read against: the page's,
   * or for a saved copy the original's (saved-copy.ts). Read it there, not from `doc`.
   */
  out: Document;
  /** The comment depth to keep: the user's choice, or the family's default. */
  comments: CommentDepth;
}

export type SiteMetadata = { [Field in keyof ClipMetadata]?: ClipMetadata[Field] | null };

export interface SiteExtraction {
  /** The note's content as elements in `out` (headings, paragraphs, lists, blockquotes...). */
  content: Element;
  /**
   * What the site says better than the page's generic metadata; fields left out keep the page's,
   * and a field set to null is dropped: the page's value describes something else (a listing's
   * date is its first post's).
   */
  metadata: SiteMetadata;
}

/**
 * What tells a site's pages: in every bundle of the engine, so it must be small. A site's file
 * exports it apart from its module (`github` and `githubDetector`): the engine injected into a
 * tab carries the detectors alone, and the readers follow only when one claims the page
 * (./sources.ts).
 */
export interface SiteDetector {
  /** Short stable name, also the folder name: `github`, `stack-exchange`, `reddit`. */
  id: string;
  family: SiteFamily;
  /**
   * Whether this page is one this module reads. Markup must agree (never the URL alone: a saved
   * copy or a mirror has another address). Called on every article clip, so it must cost next to
   * nothing on pages of other sites: look at the URL or one cheap selector first.
   */
  detect(doc: Document, url: URL | null): boolean;
  /**
   * Whether `url` is the address of one of this site's discussions (an issue, a question, a
   * thread, a shared chat). Never enough to read a page: it counts only when no detector claims
   * the page (the site renamed what detect looks for), and then tells the generic engine that
   * the page is a discussion, so that its note keeps the opening post and the replies or the
   * engine clips the whole page. Left out where the site's addresses do not say it.
   */
  discussionAt?(url: URL): boolean;
}

export interface SiteModule extends SiteDetector {
  /**
   * The page's content and metadata, or null when the markup is not what the module expects
   * (the site changed its layout): the generic engine then clips the page, never an empty note.
   */
  extract(context: SiteContext): SiteExtraction | null;
}
