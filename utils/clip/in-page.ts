import * as z from 'zod/mini';
import { linkBookmarkClip } from '../quick-capture/page';
import { quoteOfSelection } from '../quote/page';
import { clipWithSites } from './clip-document';
import {
  composeInStyle,
  noteStyleSchema,
  noteStyleShape,
  withSourceAddress,
} from './compose/note-style';
import {
  type ComposedClipResult,
  ENGINE_API,
  ENGINE_KEY,
  type InPageClipEngine,
  type SiteReadersNeeded,
} from './engine-key';
import { errorPageFailure } from './error-page';
import { inPageSites } from './sites/loading';
import { SiteReadersMissing, type SiteSource } from './sites/read';
import type { Clip, ClipRequest } from './types';

export type { InPageClipEngine } from './engine-key';

/**
 * The injected script installs the engine once per page (in the extension's isolated world, which
 * the page's scripts cannot see), under the symbol engine-key.ts describes; the background then
 * calls it with the request's arguments through a second `executeScript({ func, args })`.
 * Injecting twice is harmless. Notes are composed here too, from the page's own content, so the
 * background, which a Chromium worker loads whole at every start, carries no template and no
 * escapes (issue 18); what comes back is checked there like any answer from a page.
 */
type EngineHolder = Record<symbol, InPageClipEngine | undefined>;

const SITE_READERS_NEEDED: SiteReadersNeeded = { needs: 'site-readers' };

// The background's requests, checked where they arrive (they cross into the page).
const clipNoteRequestSchema = z.object({
  ...noteStyleShape,
  sourceAddress: z.optional(z.string()),
});
const quoteRequestSchema = z.object({
  address: z.string(),
  source: z.string(),
  tabTitle: z.optional(z.string()),
  note: noteStyleSchema,
});
const clickedLinkSchema = z.object({
  url: z.string(),
  text: z.optional(z.string()),
  pageUrl: z.optional(z.string()),
  pageTitle: z.optional(z.string()),
});

/** The engine installed in this world (`scope` is its global object), if any. */
export function inPageEngine(scope: object = globalThis): InPageClipEngine | undefined {
  return (scope as EngineHolder)[Symbol.for(ENGINE_KEY)];
}

/**
 * `sites`: the detectors alone, the readers loaded when a site claims the page (the engine's
 * script); or every site with its reader (the script the background injects on a site's own
 * host; sites/hosts.ts).
 */
export function installClipEngine(
  scope: typeof globalThis = globalThis,
  sites: SiteSource = inPageSites(scope),
): void {
  const holder = scope as unknown as EngineHolder;
  // An older Clipdeck's engine, kept by the page across an update, is replaced (engine-key.ts).
  if (holder[Symbol.for(ENGINE_KEY)]?.api === ENGINE_API) return;

  // Never throws: a failure is an answer the background words.
  const clip = (request: ClipRequest): ComposedClipResult | SiteReadersNeeded => {
    const errorPage = errorPageFailure(scope);
    if (errorPage) return errorPage;
    try {
      return clipWithSites(scope.document, request, sites);
    } catch (error) {
      if (error instanceof SiteReadersMissing) return SITE_READERS_NEEDED;
      return internalFailure(error);
    }
  };

  holder[Symbol.for(ENGINE_KEY)] = {
    api: ENGINE_API,
    clip(request, noteRequest) {
      const result = clip(request);
      if (!('ok' in result) || !result.ok || !noteRequest) return result;
      try {
        const { sourceAddress, ...style } = clipNoteRequestSchema.parse(noteRequest);
        const named = sourceAddress ? withSourceAddress(result.clip, sourceAddress) : result.clip;
        return { ok: true, clip: named, note: composeInStyle(named, style) };
      } catch (error) {
        return internalFailure(error);
      }
    },

    // With the quote, a new note for the page, written now so the background needs nothing more
    // from the page whichever note the quote ends up in. The title is the engine's in bookmark
    // mode (which reads no article), else the tab's, else the host's. A request the background
    // would never send throws (as linkBookmark's does): the call then has no answer, and the
    // background says so.
    quote(input) {
      const request = quoteRequestSchema.parse(input);
      const quote = quoteOfSelection(scope, request.address);
      if (!quote) return null;
      // Bookmark mode reads no site, so it never waits for the readers.
      const answer = clip({ mode: 'bookmark' });
      const page = 'ok' in answer && answer.ok ? answer : undefined;
      const title =
        page?.clip.title.trim() || request.tabTitle?.trim() || new URL(request.source).host;
      const note: Clip = {
        title,
        markdown: quote.markdown,
        url: request.source,
        mode: 'selection',
        notices: [],
        metadata: page?.clip.metadata ?? {},
      };
      return { quote, note: { title, markdown: composeInStyle(note, request.note) } };
    },

    linkBookmark(link, style) {
      const bookmark = linkBookmarkClip(clickedLinkSchema.parse(link));
      return {
        title: bookmark.title,
        markdown: composeInStyle(bookmark, noteStyleSchema.parse(style)),
      };
    },
  };
}

function internalFailure(error: unknown): ComposedClipResult {
  return {
    ok: false,
    error: { kind: 'internal', code: 'internal', params: { detail: String(error) } },
  };
}
