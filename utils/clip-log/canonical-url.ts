import { isTrackingParameter } from '../clip/markdown/urls';

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
  const kept = [...url.searchParams].filter(([name]) => !isTrackingParameter(name));
  kept.sort(([a, valueA], [b, valueB]) =>
    a === b ? valueA.localeCompare(valueB) : a < b ? -1 : 1,
  );
  const query = new URLSearchParams(kept).toString();
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  return `${url.protocol}//${url.host}${path}${query ? `?${query}` : ''}`;
}
