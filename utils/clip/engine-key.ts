import type { Clip, ClipError, ClipRequest } from './types';

/**
 * Where the injected engine waits in the page's isolated world: `globalThis[Symbol.for(ENGINE_KEY)]`.
 * A symbol, not a named global: the page's DOM reaches the isolated world through named access
 * (an element with `id="clipdeckEngine"` is `window.clipdeckEngine` there too), and only string
 * keys can be named that way. `Symbol.for` lets a caller serialised into the page, which can
 * import nothing, find the engine from this name alone (passed to it as an argument).
 */
export const ENGINE_KEY = 'clipdeckEngine';

/**
 * What the background expects of the engine it finds there. A page keeps its isolated world when
 * Clipdeck is updated or reloaded, so it can still hold an older Clipdeck's engine, without the
 * calls below: callers treat an engine of another version as none, and injecting replaces it.
 */
export const ENGINE_API = 2;

/**
 * How the page writes a note (composeNote), in values a call into the page can carry. The
 * language and time zone are the background's, so a note's days do not depend on where it was
 * composed (a browser's fingerprinting protection can give pages other ones).
 */
export interface NoteStyle {
  /** A built-in template's id or the text of the user's own template (settings' templateSource). */
  template: string;
  /** The clip time, ISO 8601. */
  now: string;
  locale: string;
  timeZone: string;
}

/** A clip's note: the style, and the address the note names as its source instead of the tab's. */
export type ClipNoteRequest = NoteStyle & { sourceAddress?: string };

/** The note a quote or a link bookmark becomes: its title and Markdown. */
export interface PageNote {
  title: string;
  markdown: string;
}

/** "Quote to note": where the passage is linked from and what a new note for the page is named. */
export interface QuoteRequest {
  /** The tab's address as the note keeps it (tracking parameters removed when the user asks). */
  address: string;
  /** The page's canonical address: a new note's source. */
  source: string;
  /** The tab's title: a new note's title when the engine finds none. */
  tabTitle?: string;
  note: NoteStyle;
}

/** The quote as the page measured and wrote it. */
export interface PageQuote {
  /** The quote's Markdown: the passage as a blockquote and the link back to it. */
  markdown: string;
  /** Where the passage starts in the page's visible text, and that text's length. */
  offset: number;
  pageLength: number;
  /** The text-fragment link back to the passage; absent for a page that is not http(s). */
  link?: string;
}

/** The quote, and the note it starts when the page has none yet. */
export interface QuoteAnswer {
  quote: PageQuote;
  note: PageNote;
}

/** "Clip link": the link the user right-clicked, and the page it was on. */
export interface ClickedLink {
  /**
   * The link's address; by the time the page sees it, http(s) and without tracking parameters
   * when the user asks for that (prepareLinkBookmark checks and strips it first).
   */
  url: string;
  /** The link's words; absent when the page could not be asked. */
  text?: string;
  pageUrl?: string;
  pageTitle?: string;
}

/** The engine's clip; `note` when it was asked to write the note too. */
export type ComposedClipResult =
  | { ok: true; clip: Clip; note?: string }
  | { ok: false; error: ClipError };

/**
 * The engine's answer when a site module claims the page but its reader is not in the tab yet:
 * the background injects the readers' script and asks again (clip/sites/loading.ts).
 */
export interface SiteReadersNeeded {
  needs: 'site-readers';
}

export interface InPageClipEngine {
  api: typeof ENGINE_API;
  /**
   * The clip; with `note`, also the note it becomes (`note` in the answer); or that the page
   * needs the site readers first. Never throws.
   */
  clip(request: ClipRequest, note?: ClipNoteRequest): ComposedClipResult | SiteReadersNeeded;
  /** The selection as a quote, or null when nothing is selected. */
  quote(request: QuoteRequest): QuoteAnswer | null;
  /** A link's bookmark note. */
  linkBookmark(link: ClickedLink, note: NoteStyle): PageNote;
}
