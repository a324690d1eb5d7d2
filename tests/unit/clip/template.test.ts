import { describe, expect, it } from 'vitest';
import { type Clip, composeNote, NOTE_TEMPLATES } from '../../../utils/clip';

const NOW = new Date('2026-03-14T09:26:53.000Z');

function clip(overrides: Partial<Clip> = {}): Clip {
  return {
    title: 'Tide pools',
    markdown: 'Small worlds left by the sea.',
    url: 'https://coast.example/tide-pools',
    mode: 'article',
    notices: [],
    metadata: { siteName: 'Coast Notes', author: 'Rosa Marin', published: '2026-05-14' },
    ...overrides,
  };
}

/** The front matter's lines, parsed as the YAML subset the templates write (JSON strings). */
function frontMatter(note: string): Record<string, string> {
  const [, block] = /^---\n([\s\S]*?)\n---\n/.exec(note) ?? [];
  if (block === undefined) throw new Error('No front matter');
  return Object.fromEntries(
    block.split('\n').map((line) => {
      const separator = line.indexOf(': ');
      return [line.slice(0, separator), JSON.parse(line.slice(separator + 2)) as string];
    }),
  );
}

describe('composeNote', () => {
  it('offers the three built-in templates, the source header first', () => {
    expect(NOTE_TEMPLATES.map((template) => template.id)).toEqual([
      'source-header',
      'front-matter',
      'content-only',
    ]);
  });

  it('writes a short source header by default and leaves out what the page did not give', () => {
    const note = composeNote(clip({ metadata: { siteName: 'Coast Notes' } }), { now: NOW });
    expect(note).toBe(
      'Source: [Coast Notes](https://coast.example/tide-pools)\nClipped 2026-03-14T09:26:53.000Z\n\nSmall worlds left by the sea.\n',
    );
    expect(note).not.toMatch(/undefined|null|By $/m);
  });

  it('keeps a hostile title inside its front matter value', () => {
    const title = 'Pwned"\n---\nmalicious: true\n# Heading \u2028 and \\ backslash';
    const note = composeNote(clip({ title }), { template: 'front-matter', now: NOW });
    const fields = frontMatter(note);
    expect(fields.title).toBe(title);
    expect(Object.keys(fields)).toEqual([
      'title',
      'source',
      'author',
      'site',
      'published',
      'clipped',
    ]);
    expect(note.split('\n---\n')).toHaveLength(2);
  });

  it('fills a custom template, quoted values included', () => {
    const template =
      '---\ntitle: "{{title}}"\n---\n# {{title}}\n\n{{content}}\n\n— {{author}}, {{site}}';
    const note = composeNote(clip({ title: 'Say "hi"' }), { template, now: NOW });
    expect(note).toBe(
      '---\ntitle: "Say \\"hi\\""\n---\n# Say "hi"\n\nSmall worlds left by the sea.\n\n— Rosa Marin, Coast Notes\n',
    );
  });

  it('gives only the content with the content-only template', () => {
    expect(composeNote(clip(), { template: 'content-only', now: NOW })).toBe(
      'Small worlds left by the sea.\n',
    );
  });
});
