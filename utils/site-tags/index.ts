/**
 * Site tags: for each site (registrable domain) the user clipped, how many notes and which tags
 * they carry, kept locally (`local:siteTags`, bounded) for the popup's tag suggestions. Rebuilt
 * by each full scan of the notes (the note's source read from its Markdown), added to by each
 * clip the outbox saves, and following each tag edit the outbox delivers.
 */
export { MAX_SITES, type SiteEntry, SiteTagsAccumulator, TAGS_PER_SITE } from './build';
export {
  addSiteTags,
  readSiteTags,
  replaceSiteTags,
  retagSiteNotes,
  type SiteTags,
  siteTagsItem,
  siteTagsSchema,
  tagsOfSite,
} from './store';
