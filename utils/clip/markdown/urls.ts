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
  // forEach, not the iterator: in a Firefox content script `URL` is the page's, seen through an
  // Xray wrapper, and the iterator `keys()` returns there is "not iterable" (every clip of an
  // address with a query string failed in Firefox).
  const tracking: string[] = [];
  parsed.searchParams.forEach((_value, name) => {
    if (isTrackingParameter(name)) tracking.push(name);
  });
  if (tracking.length === 0) return url;
  for (const name of tracking) parsed.searchParams.delete(name);
  return parsed.href.replace(/\?$/, '');
}

/** A percent-encoded text decoded, or as it was when its escapes are broken (`%E0%A4%A`). */
export function decodeOrKeep(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
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

/**
 * The schemes a note may link to and show images from. Anything else a page writes (`javascript:`,
 * `vbscript:`, `data:text/html`, `file:`, an app's own scheme) would be a live link in the note,
 * so it is refused. The decision is made on the parsed URL, never on the attribute's text: the URL
 * parser drops tabs and newlines anywhere and control characters at either end, so
 * `java&#x09;script:` or `\x01javascript:` only show their scheme once parsed.
 */
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
const WEB_SCHEMES = new Set(['http:', 'https:']);
const IMAGE_SCHEMES = WEB_SCHEMES;
/** Inline pictures the engine keeps small ones of; SVG is left out, as it can carry script. */
const DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|jpg|webp|avif|bmp)[;,]/i;

/** The page's base address, or a function that reads it only when it is needed. */
type Base = string | (() => string);

function parsed(value: string, base: Base): URL | undefined {
  try {
    return new URL(value, (typeof base === 'string' ? base : base()) || undefined);
  } catch {
    return undefined;
  }
}

/** A link's absolute address when its scheme is one a note may hold; undefined otherwise. */
export function safeLinkUrl(value: string | null | undefined, base: Base): string | undefined {
  if (!value) return undefined;
  const url = parsed(value, base);
  return url && LINK_SCHEMES.has(url.protocol) ? url.href : undefined;
}

/** An image's absolute address when a note may show it (http, https, a small raster data: URI). */
export function safeImageUrl(value: string | null | undefined, base: Base): string | undefined {
  if (!value) return undefined;
  const url = parsed(value, base);
  if (!url) return undefined;
  if (IMAGE_SCHEMES.has(url.protocol)) return url.href;
  return url.protocol === 'data:' && DATA_IMAGE.test(url.href) ? url.href : undefined;
}

/**
 * Link wrappers: an address a site sends a click through, to count it or to warn, before the
 * reader reaches the destination its query holds: Google's `/url?q=` (links in a published or
 * exported Google Doc, in Gmail, in search results), Facebook's `/l.php?u=`, YouTube's and
 * Bluesky's `/redirect?q=` and `?u=`, Steam's `/linkfilter/?url=`, DuckDuckGo's `/l/?uddg=`,
 * VK's `/away.php?to=`. Known by the shape of the address (a redirector's path and a parameter
 * that holds a whole web address), not by a list of sites; Outlook's Safe Links, below, is the
 * one wrapper known by its host. Such a link in a note goes through a third party, may expire,
 * and shows an address that says nothing of where it leads.
 */
const REDIRECTOR_PATHS = String.raw`\/(?:url|l\.php|redirect|linkfilter\/?|l\/|away\.php)`;
const REDIRECT_PATH = new RegExp(`^${REDIRECTOR_PATHS}$`, 'i');
const REDIRECT_PARAMETERS = ['q', 'url', 'u', 'uddg', 'to'];
/**
 * Microsoft's Safe Links, which rewrites every link of a mail Outlook delivers to an organisation
 * (`https://eur01.safelinks.protection.outlook.com/?url=…&data=…`), sends the click through its
 * root path, so only its host tells it apart.
 */
const SAFE_LINKS = String.raw`safelinks\.protection\.outlook\.com`;
const SAFE_LINKS_HOST = new RegExp(`(?:^|\\.)${SAFE_LINKS}$`, 'i');
/** The same paths, followed by a query, or the Safe Links host, anywhere in an address's text. */
const REDIRECT_SHAPE = new RegExp(`${REDIRECTOR_PATHS}\\?|${SAFE_LINKS}\\/`, 'i');

/** The destination a link wrapper holds (an http or https address), or the link as it was. */
export function unwrapRedirect(href: string): string {
  // Most links are not wrapped: a look at the text spares them a second parse.
  if (!REDIRECT_SHAPE.test(href)) return href;
  const url = parsed(href, '');
  if (!url || !WEB_SCHEMES.has(url.protocol)) return href;
  if (!REDIRECT_PATH.test(url.pathname) && !SAFE_LINKS_HOST.test(url.hostname)) return href;
  for (const name of REDIRECT_PARAMETERS) {
    const value = url.searchParams.get(name);
    const target = value ? parsed(value, '') : undefined;
    // Only a web address: a wrapper around `javascript:` or a relative path is left as it was.
    if (target && WEB_SCHEMES.has(target.protocol)) return target.href;
  }
  return href;
}

/** The path of a picture file: a link there leads to a picture, not to another page. */
export const IMAGE_FILE_PATH = /\.(?:jpe?g|png|gif|webp|avif|svg)$/i;

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

/** A path ending in a document's, an archive's or a recording's extension. */
const FILE_PATH =
  /\.(?:pdf|epub|mobi|zip|gz|tgz|bz2|xz|7z|rar|docx?|xlsx?|pptx?|od[tsp]|rtf|csv|ics|mp3|m4a|ogg|opus|wav|flac|mp4|m4v|mov|webm|dmg|exe|msi|apk)$/i;

/** A link to a file the author offers: marked for download, or its path a file's. */
export function offersFile(link: Element, href: string | null): boolean {
  if (link.hasAttribute('download')) return true;
  if (!href) return false;
  const end = href.search(/[?#]/);
  return FILE_PATH.test(end === -1 ? href : href.slice(0, end));
}

/**
 * Whether `href` (resolved against `base`) is a fragment of the page at `page`: a place in the
 * page, not the page as a whole (`#` alone is none).
 */
export function pointsIntoPage(href: string, base: string, page: string): boolean {
  // Most such links are written as the fragment alone: no address to parse.
  if (base === page && href.startsWith('#')) return href.length > 1;
  try {
    const target = new URL(href, base);
    const here = new URL(page);
    return target.hash !== '' && target.origin + target.pathname === here.origin + here.pathname;
  } catch {
    return false;
  }
}
