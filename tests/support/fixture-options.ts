/**
 * A fixture page clipped as its first-line comment asks: `<!-- clip: {...} -->` chooses the mode,
 * the page URL, the image (image mode), the elements to select (selection mode, one range per
 * selector), tracking parameter stripping, the comment depth, and for a site fixture the module
 * that must read it.
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
