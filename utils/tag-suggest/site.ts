/**
 * The site a page belongs to, for "tags you gave other pages of this site": the registrable
 * domain, approximated without the public suffix list (about 130 kB, too much for the popup to
 * load before it can show anything). The rule: the last two labels of the host, or three when
 * the last is a two-letter country code and the one before it is short (co.uk, com.au, ne.jp),
 * the common shape of second-level registries. Its errors only merge or split sites, which
 * makes a suggestion a little better or worse, never wrong to show. The clip engine reads it too
 * (a banner to another site, utils/clip/prepare/clutter.ts), where a merged site counts as the
 * page's own and the picture stays.
 */
export function siteOf(address: string): string | undefined {
  let host: string;
  try {
    const url = new URL(address);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    host = url.hostname.replace(/\.$/, '');
  } catch {
    return undefined;
  }
  if (!host) return undefined;
  // An IP address or a single-label host (localhost) is its own site.
  if (/^[\d.]+$/.test(host) || host.startsWith('[') || !host.includes('.')) return host;
  const labels = host.split('.');
  const last = labels[labels.length - 1] ?? '';
  const second = labels[labels.length - 2] ?? '';
  const keep = last.length === 2 && second.length <= 3 && labels.length > 2 ? 3 : 2;
  return labels.slice(-keep).join('.');
}
