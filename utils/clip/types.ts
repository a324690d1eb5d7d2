import * as z from 'zod/mini';
import { type CommentDepth, commentDepths } from './sites/types';

export const clipModes = ['article', 'selection', 'full-page', 'bookmark', 'image'] as const;
export type ClipMode = (typeof clipModes)[number];

/** What the background asks the engine for; validated on arrival because it crosses a boundary. */
export const clipRequestSchema = z.object({
  mode: z.enum(clipModes),
  /** Image mode: the image the user right-clicked (the context menu's `srcUrl`). */
  imageUrl: z.optional(z.string()),
  /** Remove `utm_*`, `fbclid` and similar tracking parameters from links and the page URL. */
  stripTrackingParameters: z.optional(z.boolean()),
  /** How long the engine may work before it drops optional rules; see DEFAULT_TIME_BUDGET_MS. */
  timeBudgetMs: z.optional(z.number().check(z.positive(), z.lte(60_000))),
  /** How much of a thread, an issue or a Q&A page to keep; absent: the site family's default. */
  comments: z.optional(z.enum(commentDepths)),
  /**
   * The page is a saved copy served from an address of its own (the headless command's loopback
   * server for a local file): relative addresses are read against the address the copy says it
   * was saved from, or, when it names none, not kept as links (saved-copy.ts).
   */
  savedCopy: z.optional(z.boolean()),
});
export type ClipRequest = z.infer<typeof clipRequestSchema>;

/** What the page says about itself. A field the page does not give is absent, never empty. */
export interface ClipMetadata {
  title?: string;
  author?: string;
  siteName?: string;
  /** ISO 8601 when the page's date could be read, otherwise as the page wrote it. */
  published?: string;
  description?: string;
  language?: string;
  direction?: 'ltr' | 'rtl';
  canonicalUrl?: string;
  leadImage?: string;
}

export interface Clip {
  title: string;
  /** The content only, as Markdown; composeNote adds the header the user chose. */
  markdown: string;
  /** The page's address as the user saw it (tracking parameters removed when asked). */
  url: string;
  mode: ClipMode;
  /** How the clip differs from what the user asked for, as codes the extension words. */
  notices: ClipNotice[];
  metadata: ClipMetadata;
  /** The site module that read the page (utils/clip/sites), absent when the generic engine did. */
  site?: string;
  /** With `site`: how much of the discussion the module kept (asked for, or the family's default). */
  comments?: CommentDepth;
}

/**
 * The engine speaks no language (it runs in the page, under jsdom and in the benchmarks): it says
 * what happened as a code, with parameters where a sentence needs them, and the extension words
 * it in the user's language (utils/i18n: clipNoticeText, clipErrorToUserError).
 */
export type ClipNoticeCode =
  /** Selection mode with nothing selected: the article was clipped. */
  | 'selection-empty'
  /** No main article found: the whole page was clipped. */
  | 'no-article'
  /** The article found was a small part of the page: the whole page was clipped. */
  | 'small-article'
  /**
   * A discussion whose layout its site module did not know, and the article found left out its
   * opening post or its replies: the whole page was clipped.
   */
  | 'discussion-cut'
  /** The time budget ran out: optional rules were dropped. */
  | 'time-budget'
  /** A frameset: the frame with the most text was clipped. */
  | 'frames';

export interface ClipNotice {
  code: ClipNoticeCode;
  params?: Record<string, string>;
}

export type ClipErrorKind =
  | 'invalid-request'
  | 'unclippable'
  | 'unsupported'
  | 'frames'
  | 'empty'
  | 'error-page'
  | 'internal';

export type ClipErrorCode =
  /** The request failed validation. */
  | 'bad-request'
  /** A browser page (chrome:, about:, view-source:, …). */
  | 'browser-page'
  /** A PDF document or viewer. */
  | 'pdf'
  /** Image mode without the image's address. */
  | 'no-image'
  /** Content in frames the engine cannot read. */
  | 'frames'
  /** A page with no text yet (still loading, or empty). */
  | 'not-loaded'
  /** The clip came out empty. */
  | 'no-text'
  /** The server answered the page with an error status (`params.status`): 404/410, 401/403,
   * 5xx, any other 4xx (utils/clip/error-page.ts). */
  | 'page-not-found'
  | 'page-not-public'
  | 'site-error'
  | 'site-refused'
  /** The engine threw; `params.detail` is the error's own text (not translated). */
  | 'internal';

export interface ClipError {
  kind: ClipErrorKind;
  code: ClipErrorCode;
  params?: Record<string, string>;
}

export type ClipResult = { ok: true; clip: Clip } | { ok: false; error: ClipError };
