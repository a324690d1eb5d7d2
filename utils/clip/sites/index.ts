import {
  discussionAddressed as addressedAmong,
  detectSite as detectAmong,
  readSite as readWith,
  type SiteReading,
  type SiteSource,
} from './read';
import { ALL_SITES } from './registry';
import type { CommentDepth, SiteDetector } from './types';

export { SITE_DETECTORS } from './detectors';
export { inPageSites, installSiteReaders, SITE_READERS_KEY } from './loading';
export {
  loadedSites,
  type SiteClip,
  SiteReadersMissing,
  type SiteReading,
  type SiteSource,
} from './read';
export { ALL_SITES, SITE_MODULES } from './registry';
export {
  type CommentDepth,
  commentDepths,
  DEFAULT_COMMENT_DEPTH,
  type SiteContext,
  type SiteDetector,
  type SiteExtraction,
  type SiteFamily,
  type SiteModule,
  siteFamilies,
} from './types';

// For tests and the benchmark, which run with every site loaded; the engine passes its own
// source (./read.ts).

/** The first site whose detector claims the page; a throwing detector claims nothing. */
export function detectSite(
  doc: Document,
  detectors: readonly SiteDetector[] = ALL_SITES.detectors,
): SiteDetector | undefined {
  return detectAmong(doc, detectors);
}

/** The site whose discussion one of `addresses` names (read.ts). */
export function discussionAddressed(
  addresses: readonly (string | undefined)[],
  detectors: readonly SiteDetector[] = ALL_SITES.detectors,
): SiteDetector | undefined {
  return addressedAmong(addresses, detectors);
}

/** The page read by its site's module, or by none (read.ts). */
export function readSite(
  doc: Document,
  comments: CommentDepth | undefined,
  sites: SiteSource = ALL_SITES,
  base?: string,
): SiteReading {
  return readWith(doc, comments, sites, base);
}
