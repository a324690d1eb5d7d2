import type { Clip } from './types';

export interface NoteTemplate {
  id: 'source-header' | 'front-matter' | 'content-only';
  name: string;
  template: string;
}

/**
 * The built-in note layouts the options page offers. A line whose variables are all empty is
 * left out, so a page without an author gets no "Author:" line.
 */
export const NOTE_TEMPLATES: readonly NoteTemplate[] = [
  {
    id: 'source-header',
    name: 'Source header',
    template: [
      'Source: [{{site}}]({{url}})',
      'By {{author}}',
      'Published {{published}}',
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

export interface ComposeOptions {
  /** A built-in template's id or the text of the user's own template. */
  template?: string;
  /** The clip time, passed in so notes (and tests) are reproducible. */
  now: Date;
}

function variablesOf(clip: Clip, now: Date): Record<TemplateVariable, string> {
  const { metadata } = clip;
  return {
    title: clip.title,
    url: clip.url,
    author: metadata.author ?? '',
    site: metadata.siteName ?? hostOf(clip.url),
    published: metadata.published ?? '',
    clipped: now.toISOString(),
    description: metadata.description ?? '',
    content: clip.markdown,
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || url;
  } catch {
    return url;
  }
}

/**
 * A YAML double-quoted scalar. JSON's string syntax is valid YAML for these, and escaping the
 * line and paragraph separators too means no title, however hostile, can end the front matter.
 */
export function yamlString(value: string): string {
  return JSON.stringify(value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
    .replace(/\u0085/g, '\\u0085');
}

const VARIABLE = /\{\{\s*(\w+)\s*\}\}/g;

function fill(
  line: string,
  values: Record<string, string>,
  escapeValue: (value: string) => string,
): string | null {
  if (escapeValue === yamlString) {
    // A user template may already quote the value: the quoted scalar replaces the quotes too.
    line = line.replace(/["']\{\{\s*(\w+)\s*\}\}["']/g, (whole, name: string) =>
      name in values ? `{{${name}}}` : whole,
    );
  }
  const names = Array.from(line.matchAll(VARIABLE), (match) => match[1] as string);
  const known = names.filter((name) => name in values);
  if (known.length > 0 && known.every((name) => !values[name])) return null;
  return line.replace(VARIABLE, (whole, name: string) =>
    name in values ? escapeValue(values[name] as string) : whole,
  );
}

/** Turns a clip into the note's Markdown with the chosen template. */
export function composeNote(clip: Clip, options: ComposeOptions): string {
  const builtIn = NOTE_TEMPLATES.find((candidate) => candidate.id === options.template);
  const template = builtIn?.template ?? options.template ?? DEFAULT_NOTE_TEMPLATE.template;
  const values = variablesOf(clip, options.now);
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
      const filled = fill(line, values, yamlString);
      // A YAML value is the whole line's value: "key: {{title}}" gets one quoted string.
      if (filled !== null) out.push(filled);
      return;
    }
    if (/\{\{\s*content\s*\}\}/.test(line)) {
      out.push(line.replace(/\{\{\s*content\s*\}\}/g, () => values.content));
      return;
    }
    const filled = fill(line, values, (value) => value.replace(/\s*\n\s*/g, ' '));
    if (filled !== null) out.push(filled);
  });
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
