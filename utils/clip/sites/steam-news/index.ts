import { at, attributeJson, isRecord } from '../page-data';
import type { SiteDetector, SiteExtraction, SiteModule } from '../types';

/**
 * Steam store and community news (game announcements, patch notes). The page ships the posts as
 * data for its script (`#application_config[data-partnereventstore]`, JSON whose body is written
 * in BBCode) and draws them only when that script runs, so a saved copy or a page clipped before
 * it ran holds no text at all. The post is read from that data, never fetched, and its BBCode is
 * built as elements for the engine's one Markdown writer.
 */

/** Steam's placeholder for the clan image host in `[img]` addresses. */
const CLAN_IMAGES = 'https://clan.akamai.steamstatic.com/images';

/** BBCode tags that open a block or an inline element, and the element each becomes. */
const ELEMENTS: Record<string, string> = {
  p: 'p',
  h1: 'h2',
  h2: 'h3',
  h3: 'h4',
  h4: 'h5',
  b: 'strong',
  i: 'em',
  u: 'span',
  s: 'del',
  strike: 'del',
  quote: 'blockquote',
  code: 'code',
  list: 'ul',
  olist: 'ol',
  table: 'table',
  tr: 'tr',
  td: 'td',
  th: 'th',
  spoiler: 'span',
};

/** An address the note may link to: http(s) only; anything else stays text. */
function safeAddress(value: string): string | undefined {
  const address = value
    .trim()
    .replace(/^["']|["']$/g, '')
    .replace('{STEAM_CLAN_IMAGE}', CLAN_IMAGES);
  return /^https?:\/\//i.test(address) ? address : undefined;
}

/**
 * A tag's arguments: `[url="…"]` has a value, today's editor writes attributes too
 * (`[img src="…"]`, `[url="…" style="button"]`, `[video mp4="…" poster="…"]`, `[table equalcells=1]`).
 */
function tagArguments(raw: string): { value: string; attributes: Record<string, string> } {
  let rest = raw;
  let value = '';
  const valued = /^=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']*))/.exec(rest);
  if (valued) {
    value = valued[1] ?? valued[2] ?? valued[3] ?? '';
    rest = rest.slice(valued[0].length);
  }
  const attributes: Record<string, string> = {};
  for (const [, name, ...values] of rest.matchAll(
    /([a-z][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+))/gi,
  )) {
    attributes[(name as string).toLowerCase()] = values.find((found) => found !== undefined) ?? '';
  }
  return { value, attributes };
}

/** A video the post plays (`[video mp4="…" poster="…"]`): its poster linked to the file. */
function videoPoster(out: Document, attributes: Record<string, string>): Element | null {
  const file = safeAddress(attributes.mp4 ?? attributes.webm ?? '');
  const poster = safeAddress(attributes.poster ?? '');
  if (!file && !poster) return null;
  const paragraph = out.createElement('p');
  const image = poster ? out.createElement('img') : null;
  image?.setAttribute('src', poster as string);
  image?.setAttribute('alt', 'Video');
  if (!file) {
    paragraph.append(image as Element);
    return paragraph;
  }
  const link = out.createElement('a');
  link.setAttribute('href', file);
  link.append(image ?? 'Video');
  paragraph.append(link);
  return paragraph;
}

/** A linked thumbnail for `[previewyoutube="id;full"]`: the video as the post shows it. */
function youtubePreview(out: Document, argument: string): Element | null {
  const id = /^["']?([\w-]{6,})/.exec(argument)?.[1];
  if (!id) return null;
  const link = out.createElement('a');
  link.setAttribute('href', `https://www.youtube.com/watch?v=${id}`);
  const image = out.createElement('img');
  image.setAttribute('src', `https://img.youtube.com/vi/${id}/hqdefault.jpg`);
  image.setAttribute('alt', 'YouTube video');
  link.append(image);
  const paragraph = out.createElement('p');
  paragraph.append(link);
  return paragraph;
}

/**
 * BBCode as elements in `out`. Unknown tags are dropped and their text kept; a tag closed out of
 * order closes the ones opened inside it; newlines become line breaks.
 */
export function bbcodeToElements(out: Document, source: string): Element {
  const root = out.createElement('div');
  const stack: { tag: string; element: Element }[] = [{ tag: '', element: root }];
  const top = () => (stack[stack.length - 1] as { element: Element }).element;
  const lines = (value: string) => {
    value.split('\n').forEach((line, index) => {
      if (index > 0) top().append(out.createElement('br'));
      if (line) top().append(out.createTextNode(line));
    });
  };
  // A blank line inside a paragraph starts the next one (a line break then nothing would leave a
  // dangling hard break in the note).
  const text = (value: string) => {
    value.split(/\n[ \t]*\n\s*/).forEach((block, index) => {
      const current = stack[stack.length - 1] as { tag: string; element: Element };
      if (index > 0 && current.tag === 'p') {
        const next = out.createElement('p');
        current.element.after(next);
        current.element = next;
      } else if (index > 0) {
        top().append(out.createElement('br'), out.createElement('br'));
      }
      lines(block);
    });
  };
  const close = (tag: string) => {
    const index = stack.map((entry) => entry.tag).lastIndexOf(tag);
    if (index > 0) stack.length = index;
  };
  const tagPattern = /\[(\/?)([a-z0-9*]+)((?:=|\s+[a-z])[^\]]*)?\]/gi;
  let last = 0;
  // What a tag holds up to its closing tag (`[img]…[/img]`), which the reading then skips.
  const upTo = (tag: string): string => {
    const end = source.toLowerCase().indexOf(`[/${tag}]`, last);
    const inner = source.slice(last, end < 0 ? undefined : end);
    last = end < 0 ? source.length : end + tag.length + 3;
    tagPattern.lastIndex = last;
    return inner;
  };
  for (let match = tagPattern.exec(source); match; match = tagPattern.exec(source)) {
    text(source.slice(last, match.index));
    last = tagPattern.lastIndex;
    const closing = match[1] === '/';
    const tag = (match[2] ?? '').toLowerCase();
    const { value, attributes } = tagArguments(match[3] ?? '');
    if (closing) {
      close(tag === 'olist' ? 'olist' : tag);
      continue;
    }
    if (tag === 'previewyoutube') {
      const preview = youtubePreview(out, value);
      if (preview) top().append(preview);
    } else if (tag === 'img') {
      const inner = upTo('img');
      const address = safeAddress(attributes.src ?? (value || inner));
      if (address) {
        const image = out.createElement('img');
        image.setAttribute('src', address);
        image.setAttribute('alt', '');
        top().append(image);
      }
    } else if (tag === 'video') {
      upTo('video');
      const poster = videoPoster(out, attributes);
      if (poster) top().append(poster);
    } else if (tag === 'url' || tag === 'dynamiclink') {
      const link = out.createElement('a');
      const target = value || attributes.href;
      let address = target ? safeAddress(target) : undefined;
      if (!target) {
        const end = source.toLowerCase().indexOf(`[/${tag}]`, last);
        address = safeAddress(source.slice(last, end < 0 ? undefined : end));
      }
      if (address) link.setAttribute('href', address);
      // A dynamic link (a store page's card) has no text of its own: its address is the text.
      if (tag === 'dynamiclink' && address) link.textContent = address;
      top().append(link);
      stack.push({ tag, element: link });
    } else if (tag === 'hr') {
      top().append(out.createElement('hr'));
    } else if (tag === '*') {
      // The item before this one in the same list ends here; an item a nested list sits in does not.
      const tags = stack.map((entry) => entry.tag);
      const item = tags.lastIndexOf('*');
      if (item > Math.max(tags.lastIndexOf('list'), tags.lastIndexOf('olist'))) stack.length = item;
      const element = out.createElement('li');
      top().append(element);
      stack.push({ tag: '*', element });
    } else if (tag === 'code' || tag === 'pre') {
      const pre = out.createElement('pre');
      const code = out.createElement('code');
      code.textContent = upTo(tag);
      pre.append(code);
      top().append(pre);
    } else if (ELEMENTS[tag]) {
      const element = out.createElement(ELEMENTS[tag] as string);
      top().append(element);
      stack.push({ tag, element });
    }
  }
  text(source.slice(last));
  return root;
}

/** A Steam timestamp (seconds) as an ISO date-time; undefined when it is not one. */
function steamTime(value: unknown): string | undefined {
  return typeof value === 'number' && value > 0 ? new Date(value * 1000).toISOString() : undefined;
}

/** An event's headline: the event's name, else its announcement's. */
function eventTitle(event: unknown): string | undefined {
  const title = at(event, 'event_name') ?? at(event, 'announcement_body', 'headline');
  return typeof title === 'string' && title.trim() ? title.trim() : undefined;
}

/** The events a page holds: a post page's store (an array) or a news listing's (`{ events }`). */
function pageEvents(config: Element): { events: unknown[]; listing: boolean } | undefined {
  const store = attributeJson(config, 'data-partnereventstore');
  if (Array.isArray(store)) return { events: store, listing: false };
  const initial = at(attributeJson(config, 'data-initialevents'), 'events');
  if (Array.isArray(initial)) return { events: initial, listing: true };
  return undefined;
}

function postExtraction(out: Document, config: Element, event: unknown): SiteExtraction | null {
  const body = at(event, 'announcement_body', 'body');
  if (typeof body !== 'string' || !body.trim()) return null;
  const group = at(attributeJson(config, 'data-groupvanityinfo'), 0, 'group_name');
  return {
    content: bbcodeToElements(out, body),
    metadata: {
      title: eventTitle(event),
      author: typeof group === 'string' ? group : undefined,
      published: steamTime(at(event, 'announcement_body', 'posttime')),
    },
  };
}

/**
 * A game's news listing as a list of its posts: each headline linked to the post's page, then its
 * day. Live, the page draws cards from this data; a saved copy holds nothing else. The list has
 * no author or date of its own (the first post's would date the whole listing).
 */
function listingExtraction(
  out: Document,
  events: unknown[],
  url: URL | null,
): SiteExtraction | null {
  const list = out.createElement('ul');
  for (const event of events) {
    const title = eventTitle(event);
    const gid = at(event, 'gid');
    if (!title || typeof gid !== 'string' || !/^\d+$/.test(gid)) continue;
    const appid = at(event, 'appid');
    const app =
      typeof appid === 'number'
        ? String(appid)
        : /\/news\/app\/(\d+)/.exec(url?.pathname ?? '')?.[1];
    const item = out.createElement('li');
    const link = out.createElement(app ? 'a' : 'span');
    if (app)
      link.setAttribute('href', `https://store.steampowered.com/news/app/${app}/view/${gid}`);
    link.textContent = title;
    item.append(link);
    const day = (
      steamTime(at(event, 'rtime32_start_time')) ??
      steamTime(at(event, 'announcement_body', 'posttime'))
    )?.slice(0, 10);
    if (day) item.append(` · ${day}`);
    list.append(item);
  }
  if (list.childElementCount === 0) return null;
  return { content: list, metadata: { author: null, published: null } };
}

/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const steamNewsDetector: SiteDetector = {
  id: 'steam-news',
  family: 'publication',
  detect(doc) {
    // By id (the browser's fast path): this runs on every article clip.
    const config = doc.getElementById('application_config');
    return (
      !!config &&
      (config.hasAttribute('data-partnereventstore') || config.hasAttribute('data-initialevents'))
    );
  },
};

export const steamNews: SiteModule = {
  ...steamNewsDetector,
  extract({ doc, url, out }) {
    const config = doc.getElementById('application_config');
    const held = config && pageEvents(config);
    if (!config || !held) return null;
    // A post's address ends in /view/<id>. The listing keeps its data when the app opens a post
    // over it, so the id decides; an id the data lacks is a post the app fetched: the generic
    // engine reads what it drew.
    const id = /\/(?:view|detail)\/(\d+)/.exec(url?.pathname ?? '')?.[1];
    const shown = id
      ? held.events.find(
          (item) =>
            isRecord(item) && (item.gid === id || at(item, 'announcement_body', 'gid') === id),
        )
      : undefined;
    if (shown) return postExtraction(out, config, shown);
    if (held.listing) return id ? null : listingExtraction(out, held.events, url);
    // A saved post page's address is the file's: its store holds the post first.
    return postExtraction(out, config, held.events[0]);
  },
};
