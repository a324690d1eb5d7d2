import { leavesOutPageProse } from './coverage';
import { readingPage } from './post-parts';
import {
  type CommentDepth,
  DEFAULT_COMMENT_DEPTH,
  type SiteDetector,
  type SiteExtraction,
  type SiteModule,
} from './types';

/**
 * Where the engine finds the sites it knows: every detector, and each site's reader. Under Node
 * and in tests every reader is there (ALL_SITES, ./registry.ts); in a tab the engine carries the
 * detectors alone and the readers arrive in a second script, only for a page a detector claims
 * (./loading.ts): a third of the engine's code that other pages need not compile.
 */
export interface SiteSource {
  detectors: readonly SiteDetector[];
  /** The site's reader; throws SiteReadersMissing where the readers are not loaded yet. */
  reader(site: SiteDetector): SiteModule['extract'];
}

/** A source with every reader of `modules` loaded (ALL_SITES; tests of one module). */
export function loadedSites(modules: readonly SiteModule[]): SiteSource {
  const readers = new Map(modules.map((site) => [site.id, site.extract]));
  return {
    detectors: modules,
    reader(site) {
      const extract = readers.get(site.id);
      if (!extract) throw new SiteReadersMissing(`No reader for ${site.id}`);
      return extract;
    },
  };
}

/**
 * A detector claimed the page but its reader is not loaded: the one error the engine lets
 * through, so the in-page engine can ask for the readers (./loading.ts) before reading the page.
 */
export class SiteReadersMissing extends Error {
  override name = 'SiteReadersMissing';
}

function parseUrl(address: string): URL | null {
  try {
    return new URL(address);
  } catch {
    return null;
  }
}

/**
 * An empty document for a module to build in, with the page's base URL (or a saved copy's, from
 * readSite's caller): relative links and images (`/wiki/…`, `//upload.wikimedia.org/…`) resolve
 * as they do on the page.
 */
function scratchDocument(doc: Document, baseAddress: string): Document {
  const out = doc.implementation.createHTMLDocument('');
  const base = out.createElement('base');
  base.setAttribute('href', baseAddress);
  out.head.append(base);
  return out;
}

/** The first module for which `claims` holds; a module whose check throws claims nothing. */
function firstClaiming(
  detectors: readonly SiteDetector[],
  claims: (site: SiteDetector) => boolean,
): SiteDetector | undefined {
  return detectors.find((site) => {
    try {
      return claims(site);
    } catch {
      return false;
    }
  });
}

/** The first module whose detector claims the page; a throwing detector claims nothing. */
export function detectSite(
  doc: Document,
  detectors: readonly SiteDetector[],
): SiteDetector | undefined {
  const url = parseUrl(doc.URL);
  return readingPage(doc, () => firstClaiming(detectors, (site) => site.detect(doc, url)));
}

export interface SiteClip {
  site: SiteDetector;
  extraction: SiteExtraction;
  /** The depth the module kept: the one asked for, or the site family's default. */
  comments: CommentDepth;
}

/**
 * The module whose site's discussion one of `addresses` names (SiteModule.discussionAt): for a
 * page no detector claims, the page's own address and the one it declares (a saved copy keeps
 * its canonical link). Unreadable addresses and a throwing check name nothing.
 */
export function discussionAddressed(
  addresses: readonly (string | undefined)[],
  detectors: readonly SiteDetector[],
): SiteDetector | undefined {
  for (const address of addresses) {
    const url = address ? parseUrl(address) : null;
    const site = url && firstClaiming(detectors, (module) => module.discussionAt?.(url) ?? false);
    if (site) return site;
  }
  return undefined;
}

/** What the site modules made of a page: the module that claimed it, and its reading if it had one. */
export interface SiteReading {
  /** The module whose detector claimed the page; undefined when none did. */
  site?: SiteDetector;
  /** Its reading, or null: no module claimed the page, or the one that did found markup it does not know. */
  clip: SiteClip | null;
}

/**
 * The page read by its site module. A module that finds markup it does not know (or throws, or
 * finds no text, or leaves out most of the prose the page shows: ./coverage.ts) reads nothing,
 * and the generic engine takes over; `site` still says that a module claimed the page, so the
 * engine knows what kind of page it is (a thread, an issue).
 */
export function readSite(
  doc: Document,
  comments: CommentDepth | undefined,
  sites: SiteSource,
  base?: string,
): SiteReading {
  const site = detectSite(doc, sites.detectors);
  return site ? readClaimed(doc, site, comments, sites, base) : { clip: null };
}

/**
 * readSite for a page whose detector the caller ran already (the engine asks first, to load
 * the readers): a page no site claims is not checked against every detector a second time.
 */
export function readClaimed(
  doc: Document,
  site: SiteDetector,
  comments: CommentDepth | undefined,
  sites: SiteSource,
  base: string = doc.baseURI || doc.URL,
): SiteReading {
  const depth = comments ?? DEFAULT_COMMENT_DEPTH[site.family];
  // Outside the try below: a reader not loaded yet is not markup the module does not know.
  const extract = sites.reader(site);
  try {
    const extraction = extract({
      doc,
      url: parseUrl(doc.URL),
      out: scratchDocument(doc, base),
      comments: depth,
    });
    if (!extraction || !/\S/.test(extraction.content.textContent ?? ''))
      return { site, clip: null };
    // A module that found the post but not the discussion (the site renamed one part of its
    // markup) would hand over a note that looks whole; the generic engine loses less.
    if (depth === 'all' && leavesOutPageProse(doc, extraction.content)) return { site, clip: null };
    // In the document, so the rules that look notes up by id (footnotes) find them.
    const { content } = extraction;
    if (!content.isConnected) content.ownerDocument.body?.append(content);
    return { site, clip: { site, extraction, comments: depth } };
  } catch {
    return { site, clip: null };
  }
}
