/**
 * Query parameters that only tell the sender who clicked; removing them never changes the page.
 * Prefixes end with `_`.
 */
const TRACKING_PARAMETER_PREFIXES = ['utm_', 'vero_', 'oly_', 'pk_', 'mtm_', 'hsa_'];
const TRACKING_PARAMETERS = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'igshid',
  'igsh',
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'ref_src',
  'ref_url',
  'spm',
  'scid',
  'wickedid',
  'rb_clickid',
  's_cid',
  '_ga',
  '_gl',
]);

/** Whether a query parameter only says who sent the visitor (shared with the clip log's "already clipped"). */
export function isTrackingParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    TRACKING_PARAMETERS.has(lower) ||
    TRACKING_PARAMETER_PREFIXES.some((prefix) => lower.startsWith(prefix))
  );
}

export function stripTrackingParameters(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!parsed.search) return url;
  const names = [...parsed.searchParams.keys()];
  const tracking = names.filter(isTrackingParameter);
  if (tracking.length === 0) return url;
  for (const name of tracking) parsed.searchParams.delete(name);
  return parsed.href.replace(/\?$/, '');
}

/** Resolves a page's URL attribute against its base; undefined for what cannot be a link. */
export function resolveUrl(value: string | null | undefined, base: string): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  try {
    return new URL(trimmed, base).href;
  } catch {
    return undefined;
  }
}

export function isHttpUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** Makes a destination safe inside `(...)` without changing where it points. */
export function markdownDestination(url: string): string {
  return url
    .replace(/ /g, '%20')
    .replace(/\(/g, '%28')
    .replace(/\)/g, '%29')
    .replace(/</g, '%3C')
    .replace(/>/g, '%3E');
}
