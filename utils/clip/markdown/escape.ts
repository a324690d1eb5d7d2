/**
 * Escaping that changes nothing a reader sees: only characters that would otherwise start
 * Markdown syntax get a backslash. Constructs that only count at the start of a line (`#`, `>`,
 * `-`, `1.`) cannot be judged inside one text node, so the escaper leaves a marker and
 * `resolveLineStartEscapes` decides once the whole Markdown is assembled.
 */
export const LINE_START_MARK = '\uE000';

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

function isWord(character: string | undefined): boolean {
  return character !== undefined && WORD_CHARACTER.test(character);
}

function isSpace(character: string | undefined): boolean {
  return character !== undefined && /\s/.test(character);
}

function escapeDelimiters(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] as string;
    const previous = text[index - 1];
    const next = text[index + 1];
    if (character === '*') {
      // "2 * 3" cannot open emphasis; "*word*" can.
      out += isSpace(previous) && isSpace(next) ? '*' : '\\*';
    } else if (character === '_') {
      // snake_case stays as it is: an underscore inside a word never opens emphasis.
      out += isWord(previous) && isWord(next) ? '_' : '\\_';
    } else {
      out += character;
    }
  }
  return out;
}

const MATH_PAIR = /\$[^\s$](?:[^$]*[^\s$])?\$/;

/**
 * A fediverse handle's second `@` (`@ren@mastodon.social`): GFM renderers would read
 * `ren@mastodon.social` as an e-mail address and link it to `mailto:`. An escaped `@` shows the
 * same and links nothing.
 */
const HANDLE_AT =
  /(?<![\p{L}\p{N}_.+-])(@[\p{L}\p{N}_.-]+)@(?=[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)/gu;
const escapeHandles = (text: string) =>
  text.includes('@') ? text.replace(HANDLE_AT, '$1\\@') : text;

export function escapeText(text: string): string {
  if (!text) return text;
  // The converter's own markers live in this private-use range; an icon font's glyph must not pose as one.
  let escaped = text.replace(/[\uE000-\uE014]/g, '').replace(/\\(?=[!-/:-@[-`{-~]|$)/g, '\\\\');
  if (/[*_]/.test(escaped)) escaped = escapeDelimiters(escaped);
  escaped = escaped.replace(/`/g, '\\`');
  if ((escaped.match(/~/g)?.length ?? 0) >= 2) escaped = escaped.replace(/~/g, '\\~');
  // `![` in the words would open an image, inside a link's label too (`[![x](…) y](url)` shows
  // url as a picture): its bracket is escaped, so only the link stays. `[[` is a link to one of
  // the user's own notes in apps with wiki links (Obsidian, Logseq, Foam): both brackets escaped,
  // the page's words name no note.
  escaped = escaped.replace(/\[(?=[\^[])|(?<=[![])\[/g, '\\[').replace(/\](?=[([:])/g, '\\]');
  // A `<` that ends this text may meet a letter in the next one (`&lt;<span>img …`): raw HTML
  // once joined, so it is escaped too.
  escaped = escaped.replace(/<(?=[A-Za-z/!?]|$)/g, '\\<').replace(/&(?=#?\w+;)/g, '\\&');
  if (MATH_PAIR.test(escaped)) escaped = escaped.replace(/\$/g, '\\$');
  return markLineStart(escapeHandles(escaped));
}

function markLineStart(text: string): string {
  const leading = /^\s*/.exec(text)?.[0] ?? '';
  const rest = text.slice(leading.length);
  const ordered = /^(\d{1,9})([.)])(?=\s|$)/.exec(rest);
  if (ordered)
    return `${leading}${ordered[1]}${LINE_START_MARK}${rest.slice((ordered[1] as string).length)}`;
  if (/^(?:#{1,6}(?=\s|$)|>|[-+](?=\s|$)|-{3,}\s*$|={2,}\s*$|~~~)/.test(rest)) {
    return `${leading}${LINE_START_MARK}${rest}`;
  }
  return text;
}

const CONTAINER_MARKER = /^[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/;

/** True when only indentation, quote markers and list markers precede this point of the line. */
export function isContainerPrefix(prefix: string): boolean {
  let rest = prefix;
  for (let match = CONTAINER_MARKER.exec(rest); match; match = CONTAINER_MARKER.exec(rest)) {
    rest = rest.slice(match[0].length);
  }
  return /^[ \t]*$/.test(rest);
}

export function resolveLineStartEscapes(markdown: string): string {
  if (!markdown.includes(LINE_START_MARK)) return markdown;
  return markdown
    .split('\n')
    .map((line) => {
      if (!line.includes(LINE_START_MARK)) return line;
      let out = '';
      let from = 0;
      for (
        let index = line.indexOf(LINE_START_MARK);
        index >= 0;
        index = line.indexOf(LINE_START_MARK, from)
      ) {
        out += line.slice(from, index);
        let constructStart = out.length;
        while (constructStart > 0 && /\d/.test(out[constructStart - 1] as string))
          constructStart -= 1;
        if (isContainerPrefix(out.slice(0, constructStart))) out += '\\';
        from = index + LINE_START_MARK.length;
      }
      return out + line.slice(from);
    })
    .join('\n');
}

/**
 * Characters a page can use to hide or reorder text but never needs in a one-line value: C0 and
 * C1 controls (line breaks become spaces first), bidi embeddings, overrides and isolates (an
 * unclosed override would reverse the rest of the header), a stray byte-order mark, and the
 * converter's own private markers.
 */
const HIDDEN_CONTROLS = /[\p{Cc}\u202a-\u202e\u2066-\u2069\ufeff\ue000-\ue014]/gu;

/**
 * Page text made safe anywhere inside a line of Markdown (a note header, a link's label, a table
 * cell, after a list or quote marker): it renders as the same words and can never become a link,
 * an image, raw HTML, emphasis, a heading, list, quote or table start, or a second line. `<` and
 * `&` become character references rather than backslash escapes because those also hold inside
 * an HTML block a user's template may wrap the value in. `|` only splits cells inside a table, so
 * it is escaped there (`tableCell`) and in a value that could pass for a table's delimiter row.
 * `lineStart: false` when the caller knows words precede the value on its line: block starts
 * need no escape there ("16. April" stays as it is).
 */
export function safeInlineText(
  value: string,
  { tableCell = false, lineStart = true } = {},
): string {
  const oneLine = value
    .replace(/[\t\n\v\f\r]/g, ' ')
    .replace(HIDDEN_CONTROLS, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!oneLine) return '';
  let escaped = oneLine.replace(/\\(?=[!-/:-@[-`{-~]|$)/g, '\\\\');
  if (/[*_]/.test(escaped)) escaped = escapeDelimiters(escaped);
  escaped = escaped
    .replace(/[`~[\]]/g, '\\$&')
    .replace(/&(?=#?\w+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    // Always, not only in pairs: two values on one line could pair their dollars into math.
    .replace(/\$/g, '\\$');
  escaped = escapeHandles(escaped);
  const delimiterRow = /^[\s|:-]*-[\s|:-]*$/.test(escaped);
  if (tableCell || delimiterRow) escaped = escaped.replace(/\|/g, '\\|');
  if (!lineStart) return escaped;
  // What would start a block where the value begins a line (also after `- ` or `> `).
  if (
    /^(?:#{1,6}(?=\s|$)|>|[-+](?=\s|$)|[-=]+$)/.test(escaped) ||
    (/^[:-]/.test(escaped) && delimiterRow)
  ) {
    return `\\${escaped}`;
  }
  return escaped.replace(/^(\d{1,9})([.)])(?=\s|$)/, '$1\\$2');
}

/**
 * A link destination for a page-supplied address, or undefined when the address is not an
 * http(s) URL. It is parsed first (so `java\tscript:` or a leading control cannot pass as a web
 * address). One with parentheses, `\` or what reads as a character reference is written in the
 * `<…>` form with those escaped; any other in the plain form a person would type.
 */
export function safeLinkDestination(address: string): string | undefined {
  const href = webHref(address);
  if (href === undefined) return undefined;
  const escaped = href.replace(/\\/g, '\\\\').replace(/&(?=#?\w+;)/g, '\\&');
  return escaped === href && !/[()]/.test(href) ? href : `<${escaped}>`;
}

/** The address's normalised http(s) form, or undefined for any other scheme or no URL at all. */
export function webHref(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // Percent-encoding what WHATWG leaves in a query or fragment keeps `<…>` forms whole.
  return url.href.replace(/[<> ]/g, (character) => encodeURIComponent(character));
}

/**
 * A Markdown link with page-supplied words and address: a live link only to an http(s) address,
 * otherwise the words followed by the address as plain text.
 */
export function safeMarkdownLink(label: string, address: string): string {
  const text = safeInlineText(label) || safeInlineText(address);
  const destination = safeLinkDestination(address);
  if (destination) return `[${text}](${destination})`;
  const shown = safeInlineText(address);
  return shown && shown !== text ? `${text} (${shown})` : text;
}
