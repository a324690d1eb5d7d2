import { SITE_MODULES } from './registry';
import {
  type CommentDepth,
  DEFAULT_COMMENT_DEPTH,
  type SiteExtraction,
  type SiteModule,
} from './types';

export { SITE_MODULES } from './registry';
export {
  type CommentDepth,
  commentDepths,
  DEFAULT_COMMENT_DEPTH,
  type SiteContext,
  type SiteExtraction,
  type SiteFamily,
  type SiteModule,
  siteFamilies,
} from './types';

function parseUrl(address: string): URL | null {
  try {
    return new URL(address);
  } catch {
    return null;
  }
}

/** The first module whose detector claims the page; a throwing detector claims nothing. */
export function detectSite(
  doc: Document,
  modules: readonly SiteModule[] = SITE_MODULES,
): SiteModule | undefined {
  const url = parseUrl(doc.URL);
  return modules.find((site) => {
    try {
      return site.detect(doc, url);
    } catch {
      return false;
    }
  });
}

/**
 * The document a module builds its content in. It carries the page's base address, so a
 * relative link or image the module copies from the page resolves as it did there.
 */
function scratchDocument(doc: Document): Document {
  const out = doc.implementation.createHTMLDocument('');
  const base = out.createElement('base');
  base.setAttribute('href', doc.baseURI);
  out.head.append(base);
  return out;
}

export interface SiteClip {
  site: SiteModule;
  extraction: SiteExtraction;
}

/**
 * The page read by its site module, or null: no module claims it, or the claiming module finds
 * markup it does not know (or throws, or finds no text), and the generic engine takes over.
 */
export function extractSite(
  doc: Document,
  comments: CommentDepth | undefined,
  modules: readonly SiteModule[] = SITE_MODULES,
): SiteClip | null {
  const site = detectSite(doc, modules);
  if (!site) return null;
  try {
    const extraction = site.extract({
      doc,
      url: parseUrl(doc.URL),
      out: scratchDocument(doc),
      comments: comments ?? DEFAULT_COMMENT_DEPTH[site.family],
    });
    if (!extraction || !/\S/.test(extraction.content.textContent ?? '')) return null;
    return { site, extraction };
  } catch {
    return null;
  }
}
