import {
  isContainerPrefix,
  safeInlineText,
  safeLinkDestination,
  webHref,
} from '../markdown/escape';
import type { Clip } from '../types';

/**
 * The built-in templates' ids, without their text: what the settings check a stored choice
 * against, so the background, which composes nothing (issue 18), does not carry the templates.
 */
export const NOTE_TEMPLATE_IDS = ['source-header', 'front-matter', 'content-only'] as const;

export interface NoteTemplate {
  id: (typeof NOTE_TEMPLATE_IDS)[number];
  name: string;
  template: string;
}

/**
 * The built-in note layouts the options page offers. A line whose variables are all empty is
 * left out, so a page without an author gets no "By" line.
 *
 * The source header's lines end in a backslash, CommonMark's hard line break: without it they are
 * one paragraph and render as one run-on line (issue 19). A backslash rather than two trailing
 * spaces because editors and formatters strip invisible spaces; rather than a list because these
 * are four facts about the note, not items of its content (and a list would merge with a list
 * the content starts with). The space before it stops a GFM autolink at the end of a value from
 * taking the backslash in; composeNote adds that space to a user's template too, and removes a
 * break left dangling at the end of the header when the lines after it had nothing to show.
 */
export const NOTE_TEMPLATES: readonly NoteTemplate[] = [
  {
    id: 'source-header',
    name: 'Source header',
    template: [
      'Source: [{{site}}]({{url}}) \\',
      'By {{author}} \\',
      'Published {{published}} \\',
      'Clipped {{clipped}}',
      '',
      '{{content}}',
    ].join('\n'),
  },
  {
    id: 'front-matter',
    name: 'YAML front matter',
    template: [
      '---',
      'title: {{title}}',
      'source: {{url}}',
      'author: {{author}}',
      'site: {{site}}',
      'published: {{published}}',
      'clipped: {{clipped}}',
      'description: {{description}}',
      '---',
      '',
      '{{content}}',
    ].join('\n'),
  },
  { id: 'content-only', name: 'Content only', template: '{{content}}' },
];

/** The language of the built-in templates' words (Source:, By, Published, Clipped). */
const BUILT_IN_LOCALE = 'en-US';

export const DEFAULT_NOTE_TEMPLATE = NOTE_TEMPLATES[0] as NoteTemplate;

export const TEMPLATE_VARIABLES = [
  'title',
  'url',
  'author',
  'site',
  'published',
  'clipped',
  'description',
  'content',
] as const;
type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
type Values = Record<Exclude<TemplateVariable, 'content'>, string>;

export interface ComposeOptions {
  /** A built-in template's id or the text of the user's own template. */
  template?: string;
  /** The clip time, passed in so notes (and tests) are reproducible. */
  now: Date;
  /**
   * How days are written in the note's Markdown. When absent: a built-in template's days are in
   * English like its words ("Clipped November 24, 2026", not "Clipped 2026年11月24日"); the user's
   * own template's days are in the browser's locale, like the words the user wrote.
   */
  locale?: string;
  /**
   * The browser's locale, for the user's own template when `locale` is absent; absent too, the
   * default of the code that composes (the background passes its own to the page's engine).
   */
  browserLocale?: string;
  /** The time zone of the clipped day; the browser's own when absent. */
  timeZone?: string;
}

/** The values as the page gave them: what front matter keeps, in full. */
function pageValues(clip: Clip, now: Date): Values {
  const { metadata } = clip;
  return {
    title: clip.title,
    url: clip.url,
    author: metadata.author ?? '',
    site: metadata.siteName ?? hostOf(clip.url),
    published: metadata.published ?? '',
    clipped: now.toISOString(),
    description: metadata.description ?? '',
  };
}

/** In the Markdown a person reads, dates are days in the reader's format. */
function readableValues(values: Values, now: Date, options: ComposeOptions): Values {
  const format = (timeZone: string | undefined) =>
    new Intl.DateTimeFormat(options.locale, { dateStyle: 'long', timeZone });
  return {
    ...values,
    published: readableDay(values.published, format('UTC'), format(options.timeZone)),
    clipped: format(options.timeZone).format(now),
  };
}

/**
 * The day a page says it was published. A date written as `YYYY-MM-DD…` is that calendar day
 * whatever the reader's time zone (the writer's day, not the instant moved across zones); other
 * dates the browser can read are days in the reader's zone; anything else stays as the page's
 * words, escaped like every other value.
 */
function readableDay(value: string, utcDay: Intl.DateTimeFormat, localDay: Intl.DateTimeFormat) {
  const written = /^(\d{4})-(\d{2})-(\d{2})(?=$|[T ])/.exec(value.trim());
  if (written) {
    const [year, month, day] = written.slice(1).map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCDate() === day && date.getUTCMonth() === month - 1) return utcDay.format(date);
  }
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? value : localDay.format(parsed);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || url;
  } catch {
    return url;
  }
}

/** YAML's printable set excludes these; the emitter leaves them raw, so they are escaped here. */
const YAML_UNPRINTABLE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]/gu;

/** YAML's short escapes for the code points JSON writes as `\u` escapes (yaml's own choices). */
const YAML_SHORT_ESCAPES: Record<string, string> = {
  '0000': '\\0',
  '0007': '\\a',
  '000b': '\\v',
  '001b': '\\e',
};

/**
 * One YAML double-quoted scalar on one line, written as the `yaml` emitter writes it with the
 * options Clipdeck would give it (one line, never folded): JSON's escapes, which YAML's
 * double-quoted style shares, with YAML's short forms for C0 controls (`\0`, `\a`, `\v`, `\e`,
 * `\xNN`) and a space before a line break escaped. Hand-written because the emitter's string
 * writer alone cost the background 3.4 kB gzipped (of a 30 kB budget) for this one call;
 * tests/unit/clip/compose/yaml-string.test.ts checks it against the whole `yaml` emitter for any string.
 *
 * The emitter escapes C0 controls but writes C1 controls, DEL and U+FFFE as they are, which strict
 * loaders refuse, so those (and bidi controls and line separators, which would disturb the raw
 * note) become `\u` escapes. Any string, however hostile, reads back unchanged and cannot end the
 * front matter.
 */
export function yamlString(value: string): string {
  return (
    JSON.stringify(value)
      // A space right before an escaped line break is itself escaped (the emitter's rule, so a
      // folding reader could never eat it). Spaces are never inside an escape, so the `\n` after
      // one is a real escape.
      .replace(/ (?=\\n)/g, '\\ ')
      // Whole escapes only, so an escaped backslash followed by `u00…` is left alone.
      .replace(/\\(?:u([0-9a-f]{4})|[^u])/g, (sequence, code?: string) => {
        if (code === undefined) return sequence;
        return (
          YAML_SHORT_ESCAPES[code] ?? (code.startsWith('00') ? `\\x${code.slice(2)}` : sequence)
        );
      })
      .replace(
        YAML_UNPRINTABLE,
        (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
      )
  );
}

const VARIABLE = /\{\{\s*(\w+)\s*\}\}/g;
const VARIABLE_SOURCE = String.raw`\{\{\s*(\w+)\s*\}\}`;

function isVariable(name: string, values: Values): name is keyof Values {
  return Object.hasOwn(values, name);
}

/** A line whose variables are all empty (or, in Markdown, show nothing) is left out. */
function allEmpty(line: string, values: Values, shown = (value: string) => value): boolean {
  const known = Array.from(line.matchAll(VARIABLE), (match) => match[1] as string).filter((name) =>
    isVariable(name, values),
  );
  return known.length > 0 && known.every((name) => !shown(values[name as keyof Values]));
}

/** `key: ` or `- ` before a front-matter value. */
const YAML_PREFIX = /^(\s*(?:-[ \t]+)*(?:[^\s:"'[{#-][^:]*:[ \t]+)?)(.*)$/;

/**
 * A front-matter line: a value that is one variable (quoted or not) becomes one YAML string; a
 * flow list or map gets one string per variable; a value that mixes words and variables becomes
 * one string of the whole.
 */
function fillFrontMatterLine(line: string, values: Values): string {
  const [, prefix = '', rest = ''] = YAML_PREFIX.exec(line) ?? [];
  const scalarOf = (name: string, whole: string) =>
    isVariable(name, values) ? yamlString(values[name]) : whole;
  const lone = new RegExp(`^(["']?)${VARIABLE_SOURCE}\\1\\s*$`).exec(rest);
  if (lone) return prefix + scalarOf(lone[2] as string, rest);
  if (!/\{\{\s*\w+\s*\}\}/.test(rest)) return line;
  if (/^(?:\[|\{(?!\{))/.test(rest)) {
    return (
      prefix +
      rest.replace(new RegExp(`(["']?)${VARIABLE_SOURCE}\\1`, 'g'), (whole, _quote, name: string) =>
        scalarOf(name, whole),
      )
    );
  }
  const unquoted = /^(["'])(.*)\1\s*$/.exec(rest)?.[2] ?? rest;
  const text = unquoted.replace(VARIABLE, (whole, name: string) =>
    isVariable(name, values) ? values[name] : whole,
  );
  return prefix + yamlString(text);
}

/**
 * Where a variable sits in a Markdown line decides how it is written: as a link's or image's
 * destination (`[…]({{url}}`, whatever follows), a link reference definition's
 * (`[ref]: {{url}}`), an autolink (`<{{url}}>`), inside an HTML tag, or as text.
 */
const ANGLED_OR_BARE = `(?:<${VARIABLE_SOURCE}>|${VARIABLE_SOURCE})`;
const MARKDOWN_SLOT = new RegExp(
  [
    `(!?)\\[([^\\]\\n]*)\\]\\(\\s*${ANGLED_OR_BARE}`,
    `^( {0,3})\\[([^\\]\\n]+)\\]:[ \\t]*${ANGLED_OR_BARE}`,
    `<${VARIABLE_SOURCE}>`,
    VARIABLE_SOURCE,
  ].join('|'),
  'g',
);
const INSIDE_TAG = /<[A-Za-z][^<>]*$/;
const URL_ATTRIBUTE =
  /\b(?:href|src|srcset|action|formaction|poster|data|background|cite|xlink:href)\s*=\s*["']?$/i;

/**
 * A Markdown line with page values: only an http(s) address becomes a link destination (any
 * other turns the link into its words followed by the address as text); every other value is
 * `safeInlineText`, with `|` escaped when the line is a table row and block starts escaped only
 * where the value begins the line. Replacement text is never scanned again, so a value cannot
 * smuggle in a variable or syntax of its own.
 */
function fillMarkdownLine(
  line: string,
  values: Values,
  tableCell = line.replace(VARIABLE, '').includes('|'),
): string {
  let out = '';
  let from = 0;
  const text = (name: keyof Values, lineStart = isContainerPrefix(out)) =>
    safeInlineText(values[name], { tableCell, lineStart });
  for (const match of line.matchAll(MARKDOWN_SLOT)) {
    const [whole, bang, label, angled, bare, indent, refLabel, refAngled, refBare, autolink, name] =
      match;
    const variable = (angled ?? bare ?? refAngled ?? refBare ?? autolink ?? name) as string;
    out += line.slice(from, match.index);
    from = match.index + whole.length;
    if (!isVariable(variable, values)) {
      out += whole;
      continue;
    }
    const href = webHref(values[variable]);
    if (label !== undefined) {
      const words = fillMarkdownLine(label, values, tableCell);
      const destination = safeLinkDestination(values[variable]);
      // The template's own `)` (and any title before it) follows what is written here.
      out += destination
        ? `${bang}[${words}](${destination}`
        : `${words}${words ? ' ' : ''}(${text(variable, false)}`;
    } else if (refLabel !== undefined) {
      const words = fillMarkdownLine(refLabel, values, tableCell);
      const destination = safeLinkDestination(values[variable]);
      out += destination
        ? `${indent}[${words}]: ${destination}`
        : `${indent}\\[${words}\\]: ${text(variable, false)}`;
    } else if (autolink !== undefined) {
      out += href ? `<${href}>` : text(variable);
    } else if (INSIDE_TAG.test(out)) {
      out += attributeValue(out, text(variable, false), href);
    } else {
      out += variable === 'url' && href ? `<${href}>` : text(variable);
    }
  }
  return out + line.slice(from);
}

/**
 * A value inside the user's own HTML tag: an address attribute takes only a web address; no value
 * can end its quotes, or (unquoted) start another attribute.
 */
function attributeValue(before: string, value: string, href: string | undefined): string {
  const escaped = URL_ATTRIBUTE.test(before) ? (href ?? '').replace(/&/g, '&amp;') : value;
  const quoted = escaped.replace(/["'<>]/g, (character) => `&#${character.charCodeAt(0)};`);
  return /=\s*$/.test(before)
    ? quoted.replace(/[\s`=]/g, (character) => `&#${character.charCodeAt(0)};`)
    : quoted;
}

/** Turns a clip into the note's Markdown with the chosen template. */
export function composeNote(clip: Clip, options: ComposeOptions): string {
  const builtIn = NOTE_TEMPLATES.find((candidate) => candidate.id === options.template);
  const template = builtIn?.template ?? options.template ?? DEFAULT_NOTE_TEMPLATE.template;
  const page = pageValues(clip, options.now);
  const locale =
    options.locale ?? (builtIn || !options.template ? BUILT_IN_LOCALE : options.browserLocale);
  const readable = readableValues(page, options.now, { ...options, locale });
  const lines = template.split('\n');
  const out: string[] = [];
  // Inside a leading `---` block every value is written as a YAML string.
  let inFrontMatter = lines[0]?.trim() === '---';
  lines.forEach((line, index) => {
    if (index > 0 && inFrontMatter && line.trim() === '---') {
      inFrontMatter = false;
      out.push(line);
      return;
    }
    if (inFrontMatter && index > 0) {
      if (!allEmpty(line, page)) out.push(fillFrontMatterLine(line, page));
      return;
    }
    if (/\{\{\s*content\s*\}\}/.test(line)) {
      out.push(line.replace(/\{\{\s*content\s*\}\}/g, () => clip.markdown));
      return;
    }
    if (allEmpty(line, readable, safeInlineText)) return;
    const filled = fillMarkdownLine(line, readable).replace(/(\S)(\\+)$/, (whole, last, run) =>
      run.length % 2 === 1 ? `${last} ${run}` : whole,
    );
    // A hard break with nothing after it (the lines below it were left out) would show as a
    // backslash: the line keeps its words without it.
    const previous = out.length - 1;
    if (filled.trim() === '' && endsInHardBreak(out[previous])) {
      out[previous] = withoutHardBreak(out[previous] as string);
    }
    out.push(filled);
  });
  const last = out.length - 1;
  if (endsInHardBreak(out[last])) out[last] = withoutHardBreak(out[last] as string);
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

function withoutHardBreak(line: string): string {
  return line.slice(0, -1).trimEnd();
}

/** A line ending in an odd run of backslashes ends in CommonMark's hard line break. */
function endsInHardBreak(line: string | undefined): boolean {
  return line !== undefined && (/\\+$/.exec(line)?.[0].length ?? 0) % 2 === 1;
}
