import { IMAGE_FILE_PATH, isHttpUrl, resolveUrl, safeImageUrl } from '../markdown/urls';
import { hasText, headingRank, holdsClass, holdsTag, isHeading } from '../presence';
import type { InertParser } from './inert';

/** Images with a `data:` URI longer than this become a short placeholder instead of kilobytes of base64. */
export const MAX_DATA_URI_LENGTH = 2048;
export const EMBEDDED_IMAGE_ATTRIBUTE = 'data-clipdeck-embedded-image';
export const EMBED_LINK_ATTRIBUTE = 'data-clipdeck-embed';

const LAZY_SOURCE_ATTRIBUTES = [
  'data-src',
  'data-lazy-src',
  'data-original',
  'data-lazy',
  'data-url',
  'data-hi-res-src',
  'data-original-src',
  'data-full-src',
  'data-image',
  'data-img-src',
  'data-actualsrc',
];
const LAZY_SRCSET_ATTRIBUTES = ['data-srcset', 'data-lazy-srcset', 'data-original-srcset'];
/** Once an image has its one `src`, its other sources only weigh the note down. */
const SPENT_SOURCE_ATTRIBUTES = new Set([
  'srcset',
  'sizes',
  ...LAZY_SOURCE_ATTRIBUTES,
  ...LAZY_SRCSET_ATTRIBUTES,
]);

const PLACEHOLDER_SOURCE =
  /(?:^data:image\/(?:gif|svg|png)[^,]*,.{0,400}$)|(?:^|[/_-])(?:placeholder|spacer|blank|transparent|pixel|1x1|grey|gray|lazy-?load(?:er|ing)?)\.(?:gif|png|svg)(?:$|\?)/i;
const TRACKING_PIXEL_SOURCE =
  /(?:\/(?:pixel|beacon|track(?:ing)?|collect|impression|p)(?:\.gif|\.png|\?|\/|$))|doubleclick\.net|facebook\.com\/tr|google-analytics\.com|scorecardresearch\.com|quantserve\.com|pixel\.wp\.com|b\.scorecardresearch|\/spacer\.gif|\/blank\.gif|\/clear\.gif/i;

interface SrcsetCandidate {
  url: string;
  /** Width in pixels (`800w`) or density times 1000 (`2x`), so either orders candidates. */
  size: number;
}

/** Parses `srcset` as the HTML standard describes it; URLs may contain commas. */
export function parseSrcset(srcset: string): SrcsetCandidate[] {
  const candidates: SrcsetCandidate[] = [];
  let position = 0;
  while (position < srcset.length) {
    while (position < srcset.length && /[\s,]/.test(srcset[position] as string)) position += 1;
    if (position >= srcset.length) break;
    let end = position;
    while (end < srcset.length && !/\s/.test(srcset[end] as string)) end += 1;
    let url = srcset.slice(position, end);
    position = end;
    let descriptor = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      const comma = srcset.indexOf(',', position);
      const stop = comma < 0 ? srcset.length : comma;
      descriptor = srcset.slice(position, stop).trim();
      position = stop + 1;
    }
    const width = /^(\d+)w$/i.exec(descriptor);
    const density = /^([\d.]+)x$/i.exec(descriptor);
    const size = width ? Number(width[1]) : density ? Number(density[1]) * 1000 : 1000;
    if (url) candidates.push({ url, size });
  }
  return candidates;
}

function largestCandidate(srcset: string | null | undefined): string | undefined {
  if (!srcset) return undefined;
  let best: SrcsetCandidate | undefined;
  for (const candidate of parseSrcset(srcset))
    if (!best || candidate.size > best.size) best = candidate;
  return best?.url;
}

function isPlaceholderSource(src: string | null): boolean {
  return !src?.trim() || PLACEHOLDER_SOURCE.test(src.trim());
}

/**
 * The attributes an image has, read in one call: most images have four or five, and asking for
 * each of the dozen lazy-loading names one by one would cost a call into the DOM apiece.
 */
function attributeReader(
  image: Element,
  names = image.getAttributeNames(),
): (name: string) => string | null {
  return (name) => (names.includes(name) ? image.getAttribute(name) : null);
}

/**
 * A picture file's address in a data attribute of a name no list knows (`data-image-loader`,
 * `data-hires`, a theme's own): read only when the image shows a placeholder and no known lazy
 * attribute answers. An absolute or root-relative address whose path ends as a picture file's.
 */
function pictureInDataAttributes(image: Element, names: readonly string[]): string | undefined {
  for (const name of names) {
    if (!name.startsWith('data-')) continue;
    const value = image.getAttribute(name)?.trim();
    if (!value || !/^(?:https?:\/\/|\/[^/])/i.test(value)) continue;
    if (IMAGE_FILE_PATH.test(value.replace(/[?#].*$/, ''))) return value;
  }
  return undefined;
}

/** The best real source of an image: lazy attributes, srcset (largest), then src. */
function bestImageSource(
  image: Element,
  attribute = attributeReader(image),
  names?: readonly string[],
): string | undefined {
  const lazySrcset = LAZY_SRCSET_ATTRIBUTES.map(attribute).find(Boolean);
  const src = attribute('src');
  const lazy = LAZY_SOURCE_ATTRIBUTES.map(attribute).find(
    (value) =>
      !!value && /^(?:https?:|\/|\.|[\w-]+\/|[\w-]+\.[a-z]{2,5}(?:$|\?))/i.test(value.trim()),
  );
  const fromSrcset = largestCandidate(lazySrcset) ?? largestCandidate(attribute('srcset'));
  if (fromSrcset) return fromSrcset;
  if (lazy && (isPlaceholderSource(src) || lazy !== src)) return lazy;
  if (!isPlaceholderSource(src)) return src ?? undefined;
  return (
    lazy ?? pictureInDataAttributes(image, names ?? image.getAttributeNames()) ?? (src || undefined)
  );
}

/** Images in `<noscript>`: lazy-loading sites put the real image there for readers without scripts. */
function restoreNoscriptImages(root: Element, parseInert: InertParser): void {
  const doc = root.ownerDocument;
  for (const noscript of Array.from(root.querySelectorAll('noscript'))) {
    let images = Array.from(noscript.querySelectorAll('img'));
    if (images.length === 0) {
      // With scripting on, the browser keeps noscript content as text: parse it, inertly.
      const markup = noscript.textContent ?? '';
      if (!/<img\b/i.test(markup)) continue;
      images = Array.from(parseInert(markup).querySelectorAll('img'));
    }
    const image = images[0];
    if (!image) continue;
    if (images.length === 1 && isTrackingPixel(image, image.getAttribute('src') ?? '')) {
      noscript.remove();
      continue;
    }
    const sibling = images.length === 1 ? lazyImageBeside(noscript) : undefined;
    if (sibling) {
      const real = bestImageSource(image);
      if (real) {
        sibling.setAttribute('src', real);
        sibling.removeAttribute('srcset');
        for (const name of [...LAZY_SOURCE_ATTRIBUTES, ...LAZY_SRCSET_ATTRIBUTES])
          sibling.removeAttribute(name);
        if (!sibling.getAttribute('alt') && image.getAttribute('alt'))
          sibling.setAttribute('alt', image.getAttribute('alt') ?? '');
      }
      noscript.remove();
    } else {
      noscript.replaceWith(...images.map((found) => doc.importNode(found, true)));
    }
  }
}

/**
 * The lazy image a `<noscript>` stands in for: the element right before or after it, when that is
 * an image or holds exactly one (a wrapper, a `<picture>`), or the only image of its parent. Never
 * an image further away: a noscript pixel at the end of an article is not the article's first image.
 */
function lazyImageBeside(noscript: Element): Element | undefined {
  const onlyImageOf = (element: Element | null): Element | undefined => {
    if (!element) return undefined;
    if (element.localName === 'img') return element;
    const images = element.getElementsByTagName('img');
    return images.length === 1 ? (images[0] ?? undefined) : undefined;
  };
  const beside =
    onlyImageOf(noscript.previousElementSibling) ?? onlyImageOf(noscript.nextElementSibling);
  if (beside) return beside;
  const parent = noscript.parentElement;
  if (!parent) return undefined;
  const others = Array.from(parent.getElementsByTagName('img')).filter(
    (candidate) => !noscript.contains(candidate),
  );
  return others.length === 1 ? others[0] : undefined;
}

/** `<picture>`: the largest source the page offers, as one `<img>` with the picture's alt. */
function flattenPictures(root: Element): void {
  for (const picture of Array.from(root.querySelectorAll('picture'))) {
    const image = picture.querySelector('img');
    const candidates: Array<SrcsetCandidate & { formatRank: number }> = [];
    for (const source of Array.from(picture.querySelectorAll('source'))) {
      const type = (source.getAttribute('type') ?? '').toLowerCase();
      if (type && !/^image\/(?:jpe?g|png|webp|gif|avif|svg)/.test(type)) continue;
      const srcset = source.getAttribute('srcset') ?? source.getAttribute('data-srcset');
      // Of two equally large candidates, the format every Markdown viewer shows wins.
      const formatRank = /avif/.test(type) ? 0 : /webp/.test(type) ? 1 : 2;
      if (srcset)
        candidates.push(...parseSrcset(srcset).map((candidate) => ({ ...candidate, formatRank })));
    }
    if (!image) {
      picture.remove();
      continue;
    }
    const imageSource = bestImageSource(image);
    const best = candidates.sort((a, b) => b.size - a.size || b.formatRank - a.formatRank)[0];
    const chosen =
      best && (!imageSource || best.size > 1000 || isPlaceholderSource(imageSource))
        ? best.url
        : imageSource;
    if (chosen) image.setAttribute('src', chosen);
    image.removeAttribute('srcset');
    picture.replaceWith(image);
  }
}

function isTrackingPixel(image: Element, src: string, attribute = attributeReader(image)): boolean {
  const width = Number.parseInt(attribute('width') ?? '', 10);
  const height = Number.parseInt(attribute('height') ?? '', 10);
  if ((width > 0 && width <= 2) || (height > 0 && height <= 2)) return true;
  return TRACKING_PIXEL_SOURCE.test(src);
}

/** The most pixels a side of an embedded picture has when it is an icon or a placeholder. */
const TINY_IMAGE_SIDE = 32;

/**
 * A picture embedded as a `data:` PNG or GIF that is a few pixels across, by the size its own
 * header gives: a blurred placeholder the page scales up while the real picture loads (Figma's
 * 20 × 11 "LQIP" beside the 528 × 297 picture it stands for, which the note then showed as
 * kilobytes of base64, or twice) or an icon (a 25 × 25 share button). Either way not a picture
 * of the article, in any language; the size is read from the bytes, not guessed from the name.
 */
function isTinyDataImage(source: string): boolean {
  const match = /^data:image\/(png|gif);base64,([A-Za-z0-9+/]{32})/i.exec(source);
  if (!match) return false;
  let bytes: string;
  try {
    bytes = atob(match[2] as string);
  } catch {
    return false;
  }
  const byte = (index: number) => bytes.charCodeAt(index);
  let width: number;
  let height: number;
  if ((match[1] as string).toLowerCase() === 'png') {
    // The signature, then the IHDR chunk: its length and type, then width and height, big-endian.
    if (bytes.slice(12, 16) !== 'IHDR') return false;
    width = ((byte(16) << 24) | (byte(17) << 16) | (byte(18) << 8) | byte(19)) >>> 0;
    height = ((byte(20) << 24) | (byte(21) << 16) | (byte(22) << 8) | byte(23)) >>> 0;
  } else {
    // "GIF87a" or "GIF89a", then the logical screen's width and height, little-endian.
    if (!bytes.startsWith('GIF8')) return false;
    width = byte(6) | (byte(7) << 8);
    height = byte(8) | (byte(9) << 8);
  }
  return width > 0 && height > 0 && width <= TINY_IMAGE_SIDE && height <= TINY_IMAGE_SIDE;
}

/** Every image gets one absolute `src`: lazy and responsive sources resolved, junk removed. */
export function normalizeImages(root: Element, parseInert: InertParser): void {
  restoreNoscriptImages(root, parseInert);
  flattenPictures(root);
  const base = root.ownerDocument.baseURI;
  for (const image of Array.from(root.querySelectorAll('img'))) {
    const names = image.getAttributeNames();
    const attribute = attributeReader(image, names);
    const source = bestImageSource(image, attribute, names);
    if (!source) {
      image.remove();
      continue;
    }
    if (source.startsWith('data:')) {
      // Short data URIs are lazy-loading placeholders (a blank GIF, an empty SVG box).
      if (source.length < 400 || isTinyDataImage(source)) {
        image.remove();
        continue;
      }
      if (source.length > MAX_DATA_URI_LENGTH) image.setAttribute(EMBEDDED_IMAGE_ATTRIBUTE, '');
      else if (!safeImageUrl(source, base)) {
        image.remove();
        continue;
      }
      image.setAttribute('src', source);
    } else {
      // A srcset or lazy source a note may not show does not hide a good `src`.
      const src = attribute('src');
      const absolute =
        safeImageUrl(source, base) ??
        (isPlaceholderSource(src) ? undefined : safeImageUrl(src, base));
      if (!absolute || isPlaceholderSource(source) || isTrackingPixel(image, absolute, attribute)) {
        image.remove();
        continue;
      }
      image.setAttribute('src', absolute);
    }
    for (const name of names) if (SPENT_SOURCE_ATTRIBUTES.has(name)) image.removeAttribute(name);
  }
}

interface EmbedProvider {
  name: string;
  match: RegExp;
  /** What the embed shows, for the link's label when the frame has no title of its own. */
  noun?: string;
  /** The page a reader should open, from the embed's URL. */
  watchUrl(url: URL, match: RegExpExecArray): string;
}

const EMBED_PROVIDERS: EmbedProvider[] = [
  {
    name: 'YouTube',
    match: /^https?:\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/embed\/([\w-]{6,})/i,
    watchUrl: (_url, match) => `https://www.youtube.com/watch?v=${match[1]}`,
  },
  {
    name: 'Vimeo',
    match: /^https?:\/\/player\.vimeo\.com\/video\/(\d+)/i,
    watchUrl: (_url, match) => `https://vimeo.com/${match[1]}`,
  },
  {
    name: 'Dailymotion',
    match: /^https?:\/\/(?:www\.)?dailymotion\.com\/embed\/video\/(\w+)/i,
    watchUrl: (_url, match) => `https://www.dailymotion.com/video/${match[1]}`,
  },
  {
    name: 'Loom',
    match: /^https?:\/\/(?:www\.)?loom\.com\/embed\/(\w+)/i,
    watchUrl: (_url, match) => `https://www.loom.com/share/${match[1]}`,
  },
  {
    name: 'Twitch',
    match: /^https?:\/\/(?:player|clips)\.twitch\.tv\//i,
    watchUrl: (url) =>
      url.searchParams.get('video')
        ? `https://www.twitch.tv/videos/${url.searchParams.get('video')?.replace(/^v/, '')}`
        : url.searchParams.get('channel')
          ? `https://www.twitch.tv/${url.searchParams.get('channel')}`
          : url.href,
  },
  {
    name: 'Spotify',
    match: /^https?:\/\/open\.spotify\.com\/embed\/(.+)$/i,
    watchUrl: (_url, match) => `https://open.spotify.com/${(match[1] ?? '').split('?')[0]}`,
  },
  {
    name: 'SoundCloud',
    match: /^https?:\/\/w\.soundcloud\.com\/player/i,
    watchUrl: (url) => url.searchParams.get('url') ?? url.href,
  },
  {
    name: 'CodePen',
    match: /^https?:\/\/codepen\.io\/([\w-]+)\/embed\/(?:preview\/)?(\w+)/i,
    watchUrl: (_url, match) => `https://codepen.io/${match[1]}/pen/${match[2]}`,
  },
  {
    name: 'TED',
    match: /^https?:\/\/embed\.ted\.com\/talks\/([\w-]+)/i,
    watchUrl: (_url, match) => `https://www.ted.com/talks/${match[1]}`,
  },
  {
    // An embedded post: the frame is all that shows it; without it the note loses the post.
    name: 'X',
    noun: 'post',
    match:
      /^https?:\/\/(?:platform\.twitter\.com\/embed\/Tweet\.html\?(?:.*&)?id=(\d+)|(?:www\.)?(?:x|twitter)\.com\/(\w+)\/status\/(\d+))/i,
    watchUrl: (_url, match) =>
      match[1]
        ? `https://x.com/i/status/${match[1]}`
        : `https://x.com/${match[2]}/status/${match[3]}`,
  },
  {
    name: 'Instagram',
    noun: 'post',
    match: /^https?:\/\/(?:www\.)?instagram\.com\/(p|reel|tv)\/([\w-]+)/i,
    watchUrl: (_url, match) => `https://www.instagram.com/${match[1]}/${match[2]}/`,
  },
  {
    name: 'Bluesky',
    noun: 'post',
    match: /^https?:\/\/embed\.bsky\.app\/embed\/(did:[\w:.%-]+)\/app\.bsky\.feed\.post\/(\w+)/i,
    watchUrl: (_url, match) => `https://bsky.app/profile/${match[1]}/post/${match[2]}`,
  },
  {
    // Mastodon's embed frame is the post's own address on its server plus /embed.
    name: 'Mastodon',
    noun: 'post',
    match: /^(https?:\/\/[\w.-]+\/@[\w.]+\/\d+)\/embed\b/i,
    watchUrl: (_url, match) => match[1] ?? '',
  },
  {
    name: 'Threads',
    noun: 'post',
    match: /^https?:\/\/(?:www\.)?threads\.(?:net|com)\/(@[\w.]+)\/post\/([\w-]+)/i,
    watchUrl: (_url, match) => `https://www.threads.net/${match[1]}/post/${match[2]}`,
  },
  {
    // Facebook's plugin frames carry the post's or video's own address in `href`.
    name: 'Facebook',
    noun: 'post',
    match: /^https?:\/\/(?:www\.)?facebook\.com\/plugins\/post\.php\?/i,
    watchUrl: (url) => pluginTarget(url),
  },
  {
    name: 'Facebook',
    match: /^https?:\/\/(?:www\.)?facebook\.com\/plugins\/video\.php\?/i,
    watchUrl: (url) => pluginTarget(url),
  },
  {
    // The player page is the only address the frame gives (the author's name is not in it).
    name: 'TikTok',
    match: /^https?:\/\/(?:www\.)?tiktok\.com\/(?:embed\/v\d|player\/v\d)\/(\d+)/i,
    watchUrl: (_url, match) => `https://www.tiktok.com/embed/v2/${match[1]}`,
  },
  {
    // Charts and maps drawn in a frame: the link opens the same chart or map on its own page.
    name: 'Datawrapper',
    noun: 'chart',
    match: /^https?:\/\/datawrapper\.dwcdn\.net\/(\w+)(?:\/(\d+))?/i,
    watchUrl: (_url, match) =>
      `https://datawrapper.dwcdn.net/${match[1]}/${match[2] ? `${match[2]}/` : ''}`,
  },
  {
    name: 'Flourish',
    noun: 'chart',
    match: /^https?:\/\/flo\.uri\.sh\/(visualisation|story)\/(\d+)/i,
    watchUrl: (_url, match) => `https://public.flourish.studio/${match[1]}/${match[2]}/`,
  },
  {
    name: 'Google',
    noun: 'map',
    match: /^https:\/\/(?:www\.)?google\.com\/maps\/embed\b/i,
    watchUrl: (url) => url.href,
  },
  {
    name: 'Apple Podcasts',
    noun: 'episode',
    match: /^https?:\/\/embed\.podcasts\.apple\.com\/(.+)$/i,
    watchUrl: (_url, match) => `https://podcasts.apple.com/${match[1]}`,
  },
  {
    name: 'Wistia',
    match: /^https?:\/\/fast\.wistia\.(?:net|com)\/embed\/iframe\/(\w+)/i,
    watchUrl: (url) => url.href,
  },
];

/** The address a Facebook plugin frame shows, when it is a web address; else the frame's own. */
function pluginTarget(url: URL): string {
  const target = url.searchParams.get('href') ?? '';
  return isHttpUrl(target) ? target : url.href;
}

/** Readability's own list of video hosts (its REGEXPS.videos), whose frames it always keeps. */
const READABILITY_VIDEO_HOSTS =
  /\/\/(www\.)?((dailymotion|youtube|youtube-nocookie|player\.vimeo|v\.qq)\.com|(archive|upload\.wikimedia)\.org|player\.twitch\.tv)/i;

/**
 * Frames Readability must keep for normalizeEmbeds to turn into links: its own video hosts plus
 * every provider above, derived from the providers so that a new one cannot be forgotten here
 * (Readability removes any other iframe as clutter).
 */
export const EMBED_FRAME_HOSTS = new RegExp(
  [
    READABILITY_VIDEO_HOSTS.source,
    ...EMBED_PROVIDERS.map(({ match }) => match.source.replace(/^\^/, '')),
  ].join('|'),
  'i',
);

function embedLink(doc: Document, href: string, label: string): Element {
  const paragraph = doc.createElement('p');
  const link = doc.createElement('a');
  link.setAttribute('href', href);
  link.setAttribute(EMBED_LINK_ATTRIBUTE, '');
  link.textContent = label;
  paragraph.appendChild(link);
  return paragraph;
}

/**
 * A frame title that says only what the frame is ("YouTube video player", "X Post", "Twitter
 * Tweet", "Google Maps", "Interactive or visual content"): the link's label names the provider
 * and what it shows instead.
 */
function namesOnlyTheProvider(title: string, provider: EmbedProvider): boolean {
  const generic = new Set([...provider.name.toLowerCase().split(/\s+/), ...GENERIC_FRAME_WORDS]);
  return title
    .toLowerCase()
    .split(/[\s:–-]+/)
    .every((word) => word === '' || generic.has(word));
}

const GENERIC_FRAME_WORDS = [
  'video',
  'player',
  'embed',
  'embedded',
  'twitter',
  'tweet',
  'post',
  'fb',
  'social',
  'plugin',
  'chart',
  'map',
  'maps',
  'episode',
  // Flourish's own title for every frame: "Interactive or visual content".
  'interactive',
  'or',
  'visual',
  'content',
];

/**
 * Videos and players become a titled link; other iframes (ads, widgets) go. This runs after
 * Readability, which keeps video iframes but would drop a paragraph holding only a link.
 */
export function normalizeEmbeds(root: Element): void {
  const doc = root.ownerDocument;
  const base = doc.baseURI;
  for (const frame of Array.from(root.querySelectorAll('iframe, embed, object'))) {
    const raw =
      frame.getAttribute('src') ??
      frame.getAttribute('data-src') ??
      frame.getAttribute('data') ??
      '';
    const absolute = resolveUrl(raw, base);
    let replaced = false;
    if (absolute) {
      for (const provider of EMBED_PROVIDERS) {
        const match = provider.match.exec(absolute);
        if (!match) continue;
        const title = (frame.getAttribute('title') ?? '').trim();
        const label =
          title && !namesOnlyTheProvider(title, provider)
            ? `${title} (${provider.name})`
            : `${provider.name} ${provider.noun ?? 'video'}`;
        const symbol = provider.noun ? '' : '▶ ';
        frame.replaceWith(
          embedLink(doc, provider.watchUrl(new URL(absolute), match), `${symbol}${label}`),
        );
        replaced = true;
        break;
      }
    }
    if (!replaced) frame.remove();
  }
}

/**
 * Players drawn by scripts (lite-youtube) and `<video>`/`<audio>`: these have no text, so
 * Readability would drop them; they become links before it runs.
 */
export function normalizeVideoElements(root: Element): void {
  const doc = root.ownerDocument;
  const base = doc.baseURI;
  // Single lookups first: most pages hold no player.
  const hasPlayer =
    holdsTag(root, ['lite-youtube']) || root.querySelector('[data-youtube-id]') !== null;
  const players = hasPlayer
    ? root.querySelectorAll('lite-youtube[videoid], [data-youtube-id]')
    : [];
  for (const lite of Array.from(players)) {
    const id = lite.getAttribute('videoid') ?? lite.getAttribute('data-youtube-id');
    const title = lite.getAttribute('playlabel') ?? lite.getAttribute('title') ?? 'YouTube video';
    lite.replaceWith(embedLink(doc, `https://www.youtube.com/watch?v=${id}`, `▶ ${title}`));
  }
  const hasMedia = holdsTag(root, ['video', 'audio']);
  for (const media of hasMedia ? Array.from(root.querySelectorAll('video, audio')) : []) {
    const candidates = [
      media.getAttribute('src'),
      ...Array.from(media.querySelectorAll('source')).map((source) => source.getAttribute('src')),
    ];
    const href = candidates
      .map((candidate) => resolveUrl(candidate, base))
      .find((url): url is string => !!url && isHttpUrl(url));
    if (!href) {
      media.remove();
      continue;
    }
    const kind = media.tagName === 'VIDEO' ? 'Video' : 'Audio';
    const title = (media.getAttribute('title') ?? media.getAttribute('aria-label') ?? '').trim();
    media.replaceWith(embedLink(doc, href, `▶ ${title ? `${title} (${kind})` : kind}`));
  }
}

/**
 * The markup a platform's embed code puts in the page before its script draws the post. X's,
 * Bluesky's and TikTok's hold the post: its text, its author and a dated link (TikTok's, the
 * caption), in a blockquote of the platform's class; it stays a quote.
 */
const QUOTED_POST_CLASSES = ['twitter-tweet', 'twitter-video', 'bluesky-embed', 'tiktok-embed'];
/**
 * Instagram's, Mastodon's and Threads' hold only the platform's own wording ("View this post on
 * Instagram", "View on Mastodon"): each becomes a link to the post, from the attribute that
 * names it.
 */
const LINKED_POSTS: Array<{ className: string; address: string }> = [
  { className: 'instagram-media', address: 'data-instgrm-permalink' },
  { className: 'mastodon-embed', address: 'data-embed-url' },
  { className: 'text-post-media', address: 'data-text-post-permalink' },
];
const LINKED_POST_CLASSES = LINKED_POSTS.map(({ className }) => className);

/**
 * A post embedded in an article (X, Bluesky, TikTok, Instagram, Mastodon, Threads, Facebook) sits
 * in the site's own wrappers, and those are what Readability judges: a class saying "social"
 * makes it page chrome, and a block that is one short post with a dated link is too dense in
 * links to keep. Every wrapper that holds nothing but the post is taken away, so the post stands
 * in the text as the reader sees it: a quote before the platform's script runs (or when a blocker
 * stops it), the platform's frame after (a link to the post, normalizeEmbeds). A post under a
 * heading of its own ("Follow us" in a sidebar) keeps that block, which Readability judges as
 * before. Runs after removeNonContent: the embed script beside the post must not count as content.
 */
export function freeEmbeddedPosts(root: Element): void {
  const quoted = holdsClass(root, QUOTED_POST_CLASSES);
  const linked = holdsClass(root, LINKED_POST_CLASSES);
  const framed = holdsTag(root, ['iframe']);
  if (!quoted && !linked && !framed) return;
  const doc = root.ownerDocument;
  const posts: Element[] = [];
  if (quoted) {
    const selector = QUOTED_POST_CLASSES.map((name) => `blockquote.${name}`).join(', ');
    for (const post of Array.from(root.querySelectorAll(selector))) {
      for (const paragraph of Array.from(post.getElementsByTagName('p')))
        splitAtBlankLines(paragraph);
      linkTikTokVideo(post);
      posts.push(post);
    }
  }
  for (const { className, address } of linked ? LINKED_POSTS : []) {
    for (const blockquote of Array.from(root.querySelectorAll(`blockquote.${className}`))) {
      const link = linkToPost(doc, blockquote.getAttribute(address));
      if (!link) continue;
      blockquote.replaceWith(link);
      posts.push(link);
    }
  }
  for (const frame of framed ? Array.from(root.getElementsByTagName('iframe')) : []) {
    const src = resolveUrl(
      frame.getAttribute('src') ?? frame.getAttribute('data-src'),
      doc.baseURI,
    );
    if (src && postProvider(src)) posts.push(frame);
  }
  for (const post of posts) {
    const frame = outermostWrapper(post, root);
    if (frame !== post) frame.replaceWith(post);
  }
}

/**
 * A post's blank lines are two line breaks in one paragraph. Readability makes such a paragraph a
 * block of paragraphs and then judges the block by its links: a post of a line and a picture link
 * went. The paragraph is split where the post has a blank line, as the platform shows it.
 */
function splitAtBlankLines(paragraph: Element): void {
  const groups: Node[][] = [[]];
  let pending: Node[] = [];
  for (const node of Array.from(paragraph.childNodes)) {
    if (node.nodeName === 'BR' || (node.nodeType === 3 && !hasText(node))) {
      pending.push(node);
      continue;
    }
    const current = groups[groups.length - 1] as Node[];
    const blankLine = pending.filter((item) => item.nodeName === 'BR').length >= 2;
    if (blankLine && current.length > 0) groups.push([node]);
    else current.push(...pending, node);
    pending = [];
  }
  if (groups.length === 1) return;
  paragraph.replaceWith(
    ...groups.map((nodes) => {
      const part = paragraph.cloneNode(false) as Element;
      part.append(...nodes);
      return part;
    }),
  );
}

/** A paragraph linking to the post the address names, when a post provider knows it. */
function linkToPost(doc: Document, address: string | null): Element | undefined {
  const url = resolveUrl(address, doc.baseURI);
  const provider = url ? postProvider(url) : undefined;
  if (!url || !provider) return undefined;
  const match = provider.match.exec(url) as RegExpExecArray;
  return embedLink(doc, provider.watchUrl(new URL(url), match), `${provider.name} post`);
}

/**
 * TikTok's quote is the caption; the video is only in its `cite`. The quote ends with a link to
 * it, as the platform's card would.
 */
function linkTikTokVideo(post: Element): void {
  if (!post.classList.contains('tiktok-embed')) return;
  const cite = resolveUrl(post.getAttribute('cite'), post.ownerDocument.baseURI) ?? '';
  const video = /^https:\/\/(?:www\.)?tiktok\.com\/(@[\w.-]+)\/video\/(\d+)/i.exec(cite);
  if (!video) return;
  const href = `https://www.tiktok.com/${video[1]}/video/${video[2]}`;
  post.appendChild(embedLink(post.ownerDocument, href, '▶ TikTok video'));
}

function postProvider(url: string): EmbedProvider | undefined {
  return EMBED_PROVIDERS.find((provider) => provider.noun === 'post' && provider.match.test(url));
}

/**
 * Blocks that only wrap, and a page's own elements (`<astro-embed-tweet>`): a list item, a cell
 * or a section is structure and stays.
 */
const WRAPPER_TAGS = new Set(['DIV', 'SPAN', 'P', 'CENTER', 'FIGURE']);
const isWrapper = (element: Element) =>
  WRAPPER_TAGS.has(element.tagName) || element.tagName.includes('-');

/**
 * The outermost of the plain blocks around the element that hold nothing else (no text, no
 * picture), below `root`; the element itself when its parent says more.
 */
function outermostWrapper(element: Element, root: Element): Element {
  let outer = element;
  for (let parent = outer.parentElement; parent && parent !== root; parent = parent.parentElement) {
    if (!isWrapper(parent) || !holdsNothingBut(parent, outer)) break;
    outer = parent;
  }
  return outer;
}

/** Whether the parent holds no text and no picture or frame but what is in the child. */
function holdsNothingBut(parent: Element, child: Element): boolean {
  for (const node of Array.from(parent.childNodes)) {
    if (node === child) continue;
    if (hasText(node)) return false;
    const element = node as Element;
    if (
      node.nodeType === 1 &&
      (MEDIA_TAGS.includes(element.localName) || holdsTag(element, MEDIA_TAGS))
    )
      return false;
  }
  return true;
}

const MEDIA_TAGS = ['img', 'picture', 'video', 'audio', 'iframe'];

/**
 * A caption in a class of its own, the markup of wikis and many CMSs (`thumbcaption`,
 * `wp-caption-text`, `image-caption`): a block whose class says "caption".
 */
const CAPTION_CLASS = /caption/i;
/** Longer than this, a block under a picture is text, whatever its class says. */
const CAPTION_LIMIT = 400;

/**
 * A picture and its caption in plain blocks are what Readability's conditional cleaning judges
 * worst: a short block of links and pictures. A caption's links (a wiki's "Early [apparatus]
 * used…") tip it, and a row of several captioned pictures goes as a gallery: the note lost the
 * picture and its caption. A `<figure>` is left alone (Readability never cleans one, and the note
 * writes its caption under it), so each picture followed by a caption becomes one, the blocks that
 * held only the pair give way to it, and a caption under a row of such figures makes the row one
 * figure with that caption.
 */
export function captionedPicturesAsFigures(root: Element): void {
  if (!holdsTag(root, ['img'])) return;
  const doc = root.ownerDocument;
  for (const caption of Array.from(root.querySelectorAll('[class*="caption" i]'))) {
    if (!root.contains(caption) || !CAPTION_CLASS.test(caption.getAttribute('class') ?? ''))
      continue;
    if (!['DIV', 'P', 'SPAN'].includes(caption.tagName) || caption.closest('figure')) continue;
    const text = (caption.textContent ?? '').trim();
    if (!text || text.length > CAPTION_LIMIT || holdsTag(caption, MEDIA_TAGS)) continue;
    const picture = caption.previousElementSibling;
    if (!picture || !showsOnlyPictures(picture)) continue;
    // Only where Readability's cleaning would judge against the pair: a caption with a link, or
    // a row of pictures. Elsewhere the pair is left as it is, for Readability's scoring counts a
    // caption's words for the block around it, and a figure would hide them from it.
    if (!caption.querySelector('a[href]') && picture.getElementsByTagName('img').length < 2)
      continue;
    const figure = doc.createElement('figure');
    picture.before(figure);
    // A row of figures joins this one: its wrapper has nothing else to say.
    if (picture.tagName !== 'FIGURE' && Array.from(picture.children).every(isFigure))
      figure.append(...Array.from(picture.children));
    else figure.append(picture);
    if (picture.parentElement !== figure) picture.remove();
    const figcaption = doc.createElement('figcaption');
    // A paragraph goes in as it is: Readability weighs a list or a block by its paragraphs against
    // its pictures. Any other block gives its content, or Readability would judge it by its links.
    if (caption.tagName === 'P') figcaption.append(caption);
    else {
      figcaption.append(...Array.from(caption.childNodes));
      caption.remove();
    }
    figure.append(figcaption);
    const outer = outermostWrapper(figure, root);
    if (outer !== figure) outer.replaceWith(figure);
  }
}

function isFigure(element: Element): boolean {
  return element.tagName === 'FIGURE';
}

/**
 * A row of figures between two paragraphs, or under a section's heading (a gallery's pictures
 * side by side, each with its caption, in a grid's blocks) goes into the text as the figures
 * themselves. Readability never cleans a `<figure>`, but it judges the grid's blocks as
 * pictures without paragraphs, their captions' credit links tipping the scale, and dropped the
 * row, pictures and captions together.
 * Between two paragraphs of prose the row is the article's; a row whose pictures link to other
 * pages is a grid of teasers, and is left for Readability to judge.
 */
export function figureRowsIntoProse(root: Element): void {
  for (const figure of Array.from(root.getElementsByTagName('figure'))) {
    if (!root.contains(figure)) continue;
    let row: Element | undefined;
    for (
      let parent = figure.parentElement;
      parent &&
      parent !== root &&
      ROW_TAGS.has(parent.tagName) &&
      parent.childElementCount <= ROW_MAX_ITEMS &&
      holdsOnlyFigures(parent);
      parent = parent.parentElement
    )
      row = parent;
    if (!row || !betweenProse(row)) continue;
    const figures = Array.from(row.getElementsByTagName('figure')).filter(
      (item) => !item.parentElement?.closest('figure'),
    );
    if (figures.length < 2 || figures.some(pictureLinksToPage)) continue;
    row.replaceWith(...figures);
  }
}

/** The blocks a grid lays its figures out in. */
const ROW_TAGS = new Set(['DIV', 'SECTION', 'SPAN']);
/**
 * The most blocks a row or a cell of it holds: a gallery row is a few pictures, and the block of
 * a whole article (hundreds of children, its figures among them) is never read as one.
 */
const ROW_MAX_ITEMS = 12;

/** Whether the block holds figures with pictures and nothing else but blocks that do the same. */
function holdsOnlyFigures(block: Element): boolean {
  let figures = 0;
  for (let node = block.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 3) {
      if (hasText(node)) return false;
      continue;
    }
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    if (element.tagName === 'FIGURE') {
      if (!holdsTag(element, MEDIA_TAGS)) return false;
      figures += 1;
    } else if (
      ROW_TAGS.has(element.tagName) &&
      element.childElementCount <= ROW_MAX_ITEMS &&
      holdsOnlyFigures(element)
    )
      figures += 1;
    else if (
      MEDIA_TAGS.includes(element.localName) ||
      hasText(element) ||
      holdsTag(element, MEDIA_TAGS)
    )
      return false;
  }
  return figures > 0;
}

/** A paragraph of text. */
function isProse(element: Element | null): boolean {
  return element?.tagName === 'P' && hasText(element);
}

/**
 * Whether a row stands in the article's prose: a paragraph on each side, or a section's heading
 * on one side and a paragraph on the other (a recipe's "Step-by-step photos" heading over its
 * pictures, the method after them).
 */
function betweenProse(row: Element): boolean {
  const before = row.previousElementSibling;
  const after = row.nextElementSibling;
  if (isProse(before)) return isProse(after) || isSectionHeading(after);
  return isSectionHeading(before) && isProse(after);
}

function isSectionHeading(element: Element | null): boolean {
  return !!element && isHeading(element) && headingRank(element) > 1 && hasText(element);
}

/**
 * Whether a picture in the figure is a link to a page (an article's teaser); a picture linked to
 * its own full size is a gallery's.
 */
function pictureLinksToPage(figure: Element): boolean {
  const base = figure.ownerDocument.baseURI;
  return Array.from(figure.querySelectorAll('a[href]')).some((link) => {
    if (!holdsTag(link, MEDIA_TAGS)) return false;
    const href = resolveUrl(link.getAttribute('href'), base);
    return !href || !IMAGE_FILE_PATH.test(new URL(href).pathname);
  });
}

/** Whether the element shows a picture and no text but its figures' captions. */
function showsOnlyPictures(element: Element): boolean {
  if (!(MEDIA_TAGS.includes(element.localName) || holdsTag(element, ['img', 'picture'])))
    return false;
  const walker = element.ownerDocument.createTreeWalker(element, 4);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (/\S/.test(node.nodeValue ?? '') && !node.parentElement?.closest('figcaption')) return false;
  }
  return true;
}

/** A picture counter: "6", "1/12". */
const COUNTER = /^\d{1,3}(?:\s*\/\s*\d{1,3})?$/;
/** Where a number alone is the page's content, not a badge: captions, tables, code, lists, math. */
const NUMBERS_THAT_SAY_SOMETHING = 'figcaption, table, pre, code, ol, ul, math, svg';

/**
 * A number alone beside a figure's picture, outside its caption, is a badge drawn over the
 * picture: a gallery's count ("6", The Sun), a slideshow's place ("1/12"). In a note it is a
 * paragraph of one number between the picture and its caption.
 */
function removeCounterBadges(figure: Element): void {
  if (!figure.querySelector('img, picture, video')) return;
  for (const element of Array.from(figure.getElementsByTagName('*'))) {
    if (element.firstElementChild || !COUNTER.test((element.textContent ?? '').trim())) continue;
    if (element.closest(NUMBERS_THAT_SAY_SOMETHING)) continue;
    element.remove();
  }
}

/** `<figure>`: images first, then the caption as its own paragraph; no counter badges. */
export function normalizeFigures(root: Element): void {
  for (const figure of Array.from(root.getElementsByTagName('figure'))) removeCounterBadges(figure);
  for (const caption of Array.from(root.querySelectorAll('figcaption'))) {
    const figure = caption.parentElement;
    if (figure?.tagName !== 'FIGURE') continue;
    if (!(caption.textContent ?? '').trim()) {
      caption.remove();
      continue;
    }
    figure.appendChild(caption);
  }
}

/** Elements inside a line of text: an image's wrappers that do not make a block of their own. */
const INLINE_WRAPPERS = new Set(['a', 'span', 'picture', 'noscript', 'em', 'strong', 'b', 'i']);

/** The block an image sits in: its paragraph, figure, list item or the like. */
function blockOf(image: Element): Element | null {
  let block = image.parentElement;
  while (block && INLINE_WRAPPERS.has(block.localName)) block = block.parentElement;
  return block;
}

/** The address a picture's link opens, when that link holds the picture and nothing else. */
function fullSizeOf(image: Element, base: string): string | undefined {
  const link = image.parentElement?.closest('a[href]');
  if (!link || (link.textContent ?? '').trim() !== '') return undefined;
  return resolveUrl(link.getAttribute('href'), base);
}

/**
 * Removes the second of two identical images in one block with nothing but whitespace between
 * them (lightboxes, retina duplicates, a lazy image and its noscript copy). The same picture again
 * in a block of its own stays, even right after: the page shows it twice. A lightbox's full-size
 * copy counts as the same picture: the thumbnail links to the file the next image shows.
 */
export function removeDuplicateImages(root: Element): void {
  // Pairs of images next to each other in document order; only a pair showing the same source
  // has the text between them read.
  const images = Array.from(root.getElementsByTagName('img'));
  const duplicates: Element[] = [];
  const between = root.ownerDocument.createRange();
  const base = root.ownerDocument.baseURI;
  for (let index = 1; index < images.length; index += 1) {
    const previous = images[index - 1] as Element;
    const image = images[index] as Element;
    const src = image.getAttribute('src') ?? '';
    if (!src) continue;
    if (src !== previous.getAttribute('src') && src !== fullSizeOf(previous, base)) continue;
    between.setStartAfter(previous);
    between.setEndBefore(image);
    if (!between.toString().trim() && blockOf(previous) === blockOf(image)) duplicates.push(image);
  }
  for (const duplicate of duplicates) duplicate.remove();
  removeFigureRenditions(root);
}

/**
 * A figure holding two images with the same alt text (or none) and one caption shows one picture
 * twice: a `<picture>` and its fallback, or a sharp and a blurred rendition. The first stays. A
 * gallery puts each picture in a figure of its own, so nested figures are left alone.
 */
function removeFigureRenditions(root: Element): void {
  for (const figure of Array.from(root.querySelectorAll('figure'))) {
    if (figure.querySelector('figure')) continue;
    const images = Array.from(figure.getElementsByTagName('img'));
    if (images.length !== 2 || figure.querySelectorAll('figcaption').length !== 1) continue;
    const [first, second] = images;
    if (!first || !second) continue;
    if ((first.getAttribute('alt') ?? '').trim() === (second.getAttribute('alt') ?? '').trim())
      second.remove();
  }
}
