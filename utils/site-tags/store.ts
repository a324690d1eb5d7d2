import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import { siteOf } from '../tag-suggest';
import { type SiteEntry, SiteTagsAccumulator } from './build';

const siteEntrySchema = z.object({
  site: z.string().check(z.minLength(1)),
  notes: z.int().check(z.nonnegative()),
  tags: z.array(z.object({ tag: z.string(), count: z.int().check(z.positive()) })),
});

export const siteTagsSchema = z.object({
  /** The service the counts describe: another base URL is another account. */
  baseUrl: z.string(),
  sites: z.array(siteEntrySchema),
});
export type SiteTags = z.infer<typeof siteTagsSchema>;

export const siteTagsItem = storage.defineItem<SiteTags | null>('local:siteTags', {
  fallback: null,
  version: 1,
});

/** A damaged value is as good as none: the next full scan of the notes rebuilds it. */
export async function readSiteTags(baseUrl: string): Promise<SiteTags | null> {
  const parsed = siteTagsSchema.safeParse(await siteTagsItem.getValue());
  return parsed.success && parsed.data.baseUrl === baseUrl ? parsed.data : null;
}

let writes: Promise<unknown> = Promise.resolve();

function change(baseUrl: string, next: (current: SiteEntry[]) => SiteEntry[]): Promise<void> {
  const written = writes.then(async () => {
    const current = (await readSiteTags(baseUrl))?.sites ?? [];
    await siteTagsItem.setValue({ baseUrl, sites: next(current) });
  });
  writes = written.catch(() => undefined);
  return written;
}

/** After a full scan of the notes: the counts it gathered replace what was kept. */
export function replaceSiteTags(baseUrl: string, gathered: SiteTagsAccumulator): Promise<void> {
  return change(baseUrl, () => gathered.entries());
}

/** Notes Clipdeck just saved count at once, without waiting for the next scan. */
export function addSiteTags(
  baseUrl: string,
  notes: readonly { sourceUrl: string | undefined; tags: readonly string[] }[],
): Promise<void> {
  // Most outbox saves are edits, deletes or moves: no clip, so no read and rewrite of the counts.
  if (!notes.length) return Promise.resolve();
  return change(baseUrl, (current) => {
    const gathered = new SiteTagsAccumulator(current);
    for (const note of notes) gathered.add(note.sourceUrl, note.tags);
    return gathered.entries();
  });
}

/**
 * Tags the user changed on notes the service has (the popup, the just-saved view, a bulk retag):
 * the site's suggestions follow at once, not at the next full scan, up to a day later. An edit
 * right after a shortcut clip is the user correcting the defaults: the signal that matters most.
 */
export function retagSiteNotes(
  baseUrl: string,
  notes: readonly { sourceUrl: string; before: readonly string[]; after: readonly string[] }[],
): Promise<void> {
  if (!notes.length) return Promise.resolve();
  return change(baseUrl, (current) => {
    const gathered = new SiteTagsAccumulator(current);
    for (const note of notes) gathered.retag(note.sourceUrl, note.before, note.after);
    return gathered.entries();
  });
}

/** What the ranking needs for one page: its site's notes and tags, if any were seen. */
export function tagsOfSite(
  siteTags: SiteTags | null,
  pageUrl: string | undefined,
): SiteEntry | undefined {
  const site = pageUrl && siteOf(pageUrl);
  return site ? siteTags?.sites.find((entry) => entry.site === site) : undefined;
}
