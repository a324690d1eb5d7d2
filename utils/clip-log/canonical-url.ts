/**
 * Query parameters that only say who sent the visitor; two addresses that differ only in these
 * are the same page. Prefixes end with `_`.
 */
const TRACKING_PREFIXES = ['utm_', 'vero_', 'oly_', 'pk_', 'mtm_', 'hsa_'];
const TRACKING_NAMES = new Set([
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
  '_ga',
  '_gl',
]);

function isTracking(name: string): boolean {
  const lower = name.toLowerCase();
  return TRACKING_NAMES.has(lower) || TRACKING_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/**
 * The address that identifies a page for "already clipped": no fragment, no tracking
 * parameters, the remaining parameters in a fixed order, no trailing slash on the path. The
 * host is already lowercased by URL. Undefined for what is not an http(s) address.
 */
export function canonicalUrl(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const kept = [...url.searchParams].filter(([name]) => !isTracking(name));
  kept.sort(([a, valueA], [b, valueB]) =>
    a === b ? valueA.localeCompare(valueB) : a < b ? -1 : 1,
  );
  const query = new URLSearchParams(kept).toString();
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  return `${url.protocol}//${url.host}${path}${query ? `?${query}` : ''}`;
}
