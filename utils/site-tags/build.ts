import { siteOf } from '../tag-suggest';

/**
 * Which tags the user gives pages of each site, for suggestions. Node-safe (no storage): the
 * scan and the outbox feed it, utils/site-tags/store.ts keeps it.
 */
export interface SiteEntry {
  site: string;
  /** Notes from this site seen (tagged or not): the share of them carrying a tag is the signal. */
  notes: number;
  /** Most used first, at most TAGS_PER_SITE. */
  tags: { tag: string; count: number }[];
}

/** Sites kept: a 10,000-note account keeps its most clipped sites, about 60 kB at most. */
export const MAX_SITES = 500;
export const TAGS_PER_SITE = 12;

/** Counts tags per site while notes go by; trimmed to the bounds when read. */
export class SiteTagsAccumulator {
  private readonly sites = new Map<string, { notes: number; tags: Map<string, number> }>();

  constructor(entries: readonly SiteEntry[] = []) {
    for (const entry of entries) {
      this.sites.set(entry.site, {
        notes: entry.notes,
        tags: new Map(entry.tags.map(({ tag, count }) => [tag, count])),
      });
    }
  }

  /** One note made from `sourceUrl` (canonical or not) with these tags. */
  add(sourceUrl: string | undefined, tags: readonly string[]): void {
    const site = sourceUrl && siteOf(sourceUrl);
    if (!site) return;
    let known = this.sites.get(site);
    if (!known) {
      known = { notes: 0, tags: new Map() };
      this.sites.set(site, known);
    }
    known.notes += 1;
    for (const tag of new Set(tags)) known.tags.set(tag, (known.tags.get(tag) ?? 0) + 1);
  }

  /**
   * A note of `sourceUrl` whose tags the user changed from `before` to `after`: the site keeps its
   * count of notes, and its tags follow the edit. A site not kept yet (past the bounds, or never
   * scanned) counts the note as new, with the tags it has now.
   */
  retag(sourceUrl: string | undefined, before: readonly string[], after: readonly string[]): void {
    const site = sourceUrl && siteOf(sourceUrl);
    if (!site) return;
    const known = this.sites.get(site);
    if (!known) {
      this.add(sourceUrl, after);
      return;
    }
    const kept = new Set(after);
    for (const tag of new Set(before)) {
      if (kept.has(tag)) continue;
      const count = (known.tags.get(tag) ?? 0) - 1;
      if (count > 0) known.tags.set(tag, count);
      else known.tags.delete(tag);
    }
    const had = new Set(before);
    for (const tag of kept) {
      if (!had.has(tag)) known.tags.set(tag, (known.tags.get(tag) ?? 0) + 1);
    }
  }

  entries(): SiteEntry[] {
    return [...this.sites]
      .map(([site, { notes, tags }]) => ({
        site,
        notes,
        tags: [...tags]
          .map(([tag, count]) => ({ tag, count }))
          .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag))
          .slice(0, TAGS_PER_SITE),
      }))
      .sort((a, b) => b.notes - a.notes || a.site.localeCompare(b.site))
      .slice(0, MAX_SITES);
  }
}
