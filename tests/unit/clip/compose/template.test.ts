import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type Clip, composeNote, NOTE_TEMPLATES } from '../../../../utils/clip';
import { NOTE_TEMPLATE_IDS } from '../../../../utils/clip/compose/template';

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

/** The front matter, read by a strict YAML loader. */
function frontMatter(note: string): Record<string, unknown> {
  const [, block] = /^---\n([\s\S]*?)\n---\n/.exec(note) ?? [];
  if (block === undefined) throw new Error('No front matter');
  return parse(block, { strict: true, uniqueKeys: true }) as Record<string, unknown>;
}

describe('composeNote', () => {
  it('offers the three built-in templates, the source header first', () => {
    expect(NOTE_TEMPLATES.map((template) => template.id)).toEqual([
      'source-header',
      'front-matter',
      'content-only',
    ]);
    // The ids the settings check a stored choice against, kept apart from the templates' text.
    expect(NOTE_TEMPLATE_IDS).toEqual(NOTE_TEMPLATES.map((template) => template.id));
  });

  it('writes a short source header by default and leaves out what the page did not give', () => {
    const note = composeNote(clip({ metadata: { siteName: 'Coast Notes' } }), {
      now: NOW,
      locale: 'en-GB',
      timeZone: 'UTC',
    });
    expect(note).toBe(
      'Source: [Coast Notes](https://coast.example/tide-pools) \\\nClipped 14 March 2026\n\nSmall worlds left by the sea.\n',
    );
    expect(note).not.toMatch(/undefined|null|By $/m);
  });

  it('writes the days a person reads in the header, the full timestamps in front matter', () => {
    const page = clip({
      metadata: { author: 'Dan Goodin', published: '2015-04-16T23:02:01-05:00' },
    });
    const options = { now: NOW, locale: 'en-US', timeZone: 'Pacific/Kiritimati' };
    // The page's own calendar day, not the instant moved into the reader's zone (April 17 there).
    expect(composeNote(page, options)).toContain(
      'Published April 16, 2015 \\\nClipped March 14, 2026',
    );
    expect(composeNote(page, { ...options, locale: 'de-DE' })).toContain(
      'Published 16. April 2015 \\\nClipped 14. März 2026',
    );
    expect(frontMatter(composeNote(page, { ...options, template: 'front-matter' }))).toMatchObject({
      published: '2015-04-16T23:02:01-05:00',
      clipped: '2026-03-14T09:26:53.000Z',
    });
  });

  it("writes a built-in template's days in its own English, a custom template's in the browser's locale", () => {
    const page = clip({ metadata: { published: '2015-04-16' } });
    const inJapan = { now: NOW, timeZone: 'Asia/Tokyo' };
    const browserLocale = Intl.DateTimeFormat;
    // The browser's locale is Japanese: what a Japanese user's Clipdeck formats days with.
    Intl.DateTimeFormat = class extends browserLocale {
      constructor(locale?: Intl.LocalesArgument, formatOptions?: Intl.DateTimeFormatOptions) {
        super(locale ?? 'ja-JP', formatOptions);
      }
    } as typeof Intl.DateTimeFormat;
    try {
      expect(composeNote(page, inJapan)).toContain(
        'Published April 16, 2015 \\\nClipped March 14, 2026',
      );
      expect(
        composeNote(page, { ...inJapan, template: '記録 {{clipped}}\n\n{{content}}' }),
      ).toContain('記録 2026年3月14日');
    } finally {
      Intl.DateTimeFormat = browserLocale;
    }
  });

  it("writes a custom template's days in the browser's locale it is given, wherever it composes", () => {
    // The page's engine composes with the background's locale: German here, whatever the page's.
    const page = clip({ metadata: { published: '2015-04-16' } });
    const options = { now: NOW, timeZone: 'UTC', browserLocale: 'de-DE' };
    expect(composeNote(page, { ...options, template: 'Am {{clipped}}\n\n{{content}}' })).toContain(
      'Am 14. März 2026',
    );
    expect(composeNote(page, options)).toContain('Clipped March 14, 2026');
  });

  it('shows a published value it cannot read as escaped words, never as Markdown', () => {
    const page = clip({ metadata: { published: '<b>Spring</b> [2019](javascript:x)' } });
    expect(composeNote(page, { now: NOW, locale: 'en-GB', timeZone: 'UTC' })).toContain(
      'Published &lt;b>Spring&lt;/b> \\[2019\\](javascript:x) \\\n',
    );
  });

  it('drops a hard break left at the end of a header whose last lines had nothing to show', () => {
    const template = 'Source: {{site}}\\\nBy {{author}}\n\n{{content}}';
    const note = composeNote(clip({ metadata: { siteName: 'Coast Notes' } }), {
      template,
      now: NOW,
    });
    expect(note).toBe('Source: Coast Notes\n\nSmall worlds left by the sea.\n');
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

  it('writes a front-matter value that mixes words and variables as one YAML string', () => {
    const template =
      '---\nsummary: {{title}} by {{author}}\ntags: [clip, "{{site}}"]\n---\n{{content}}';
    const note = composeNote(clip({ title: 'Rock: pools' }), { template, now: NOW });
    expect(frontMatter(note)).toEqual({
      summary: 'Rock: pools by Rosa Marin',
      tags: ['clip', 'Coast Notes'],
    });
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
