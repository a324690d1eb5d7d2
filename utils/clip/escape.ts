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

export function escapeText(text: string): string {
  if (!text) return text;
  // The converter's own markers live in this private-use range; an icon font's glyph must not pose as one.
  let escaped = text.replace(/[\uE000-\uE014]/g, '').replace(/\\(?=[!-/:-@[-`{-~]|$)/g, '\\\\');
  if (/[*_]/.test(escaped)) escaped = escapeDelimiters(escaped);
  escaped = escaped.replace(/`/g, '\\`');
  if ((escaped.match(/~/g)?.length ?? 0) >= 2) escaped = escaped.replace(/~/g, '\\~');
  escaped = escaped.replace(/\[(?=\^)/g, '\\[').replace(/\](?=[([:])/g, '\\]');
  // A `<` that ends this text may meet a letter in the next one (`&lt;<span>img …`): raw HTML
  // once joined, so it is escaped too.
  escaped = escaped.replace(/<(?=[A-Za-z/!?]|$)/g, '\\<').replace(/&(?=#?\w+;)/g, '\\&');
  if (MATH_PAIR.test(escaped)) escaped = escaped.replace(/\$/g, '\\$');
  return markLineStart(escaped);
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
function isContainerPrefix(prefix: string): boolean {
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
