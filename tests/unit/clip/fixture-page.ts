import { type ClipResult, clipDocument } from '../../../utils/clip';
import { pageFromHtml, rangeOver, selectRanges } from './dom';

/**
 * A fixture page clipped as its first-line comment asks: `<!-- clip: {...} -->` chooses the mode,
 * the page URL, the image (image mode), the elements to select (selection mode, one range per
 * selector) or tracking parameter stripping. Shared by the golden pages and the hostile pages.
 */
export interface FixtureOptions {
  mode?: 'article' | 'selection' | 'full-page' | 'bookmark' | 'image';
  url?: string;
  imageUrl?: string;
  select?: string[];
  stripTrackingParameters?: boolean;
  /** Comment depth for site modules (utils/clip/sites). */
  comments?: 'none' | 'top-level' | 'all';
  /** Site fixtures: the module expected to read the page, or null when it must fall back. */
  site?: string | null;
}

export function fixtureOptions(html: string): FixtureOptions {
  const match = /^\s*<!--\s*clip:\s*(\{[\s\S]*?\})\s*-->/.exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as FixtureOptions) : {};
}

export function clipFixture(html: string): ClipResult {
  const options = fixtureOptions(html);
  const doc = pageFromHtml(html, options.url);
  if (options.select)
    selectRanges(
      doc,
      options.select.map((selector) => rangeOver(doc, selector)),
    );
  return clipDocument(doc, {
    mode: options.mode ?? 'article',
    imageUrl: options.imageUrl,
    stripTrackingParameters: options.stripTrackingParameters,
    comments: options.comments,
  });
}
