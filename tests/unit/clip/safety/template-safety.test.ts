import fc from 'fast-check';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { type Clip, type ClipMetadata, composeNote, NOTE_TEMPLATES } from '../../../../utils/clip';
import { inspectMarkdown, paragraphLines, splitNote, strictYaml } from './note-safety';

const NOW = new Date('2026-03-14T09:26:53.000Z');
const DAYS = { locale: 'en-US', timeZone: 'UTC' };

/** A user's template that puts every variable in every kind of place a template can. */
const CUSTOM_TEMPLATE = [
  '---',
  'title: {{title}}',
  'source: "{{url}}"',
  'people: [{{author}}, "{{site}}"]',
  'summary: {{title}} by {{author}}',
  'published: {{published}}',
  'clipped: {{clipped}}',
  'description: {{description}}',
  '---',
  '# {{title}}',
  '',
  '- {{author}}',
  '> {{description}}',
  '',
  '| Site | Published |',
  '| --- | --- |',
  '| {{site}} | {{published}} |',
  '',
  '[{{title}}]({{url}}) · ![{{site}}]({{site}}) · <{{url}}> · {{url}} · <{{author}}>',
  '',
  '<a href="{{url}}" title="{{author}}">{{title}}</a>',
  '',
  '[titled]({{site}} "{{title}}") · [angled](<{{author}}>) · <img alt={{title}} src={{site}}> · see [ref]',
  '',
  '[ref]: {{author}}',
  '',
  '{{title}}',
  '{{site}}',
  '{{author}}',
  '',
  '<div title="{{site}}">',
  '{{description}}',
  '</div>',
  '',
  '{{clipped}}',
  '',
  '{{content}}',
].join('\n');

/** The tags CUSTOM_TEMPLATE writes itself; the first group of each is an address to check. */
const CUSTOM_TAGS = [
  /<a href="([^"]*)" title="[^"]*">/,
  /<\/a>/,
  /<img alt=[^\s"'=<>`]* src=([^\s"'=<>`]*)>/,
  /<div title="[^"]*">/,
  /<\/div>/,
];

const TEMPLATES = [
  ...NOTE_TEMPLATES.map((template) => ({ name: template.id, template: template.id })),
  { name: 'custom', template: CUSTOM_TEMPLATE },
];

const BODY = 'Small worlds left by the sea.';

function clipOf(title: string, url: string, metadata: ClipMetadata): Clip {
  return { title, url, markdown: BODY, mode: 'article', notices: [], metadata };
}

/** What every note must satisfy whatever the page said. */
function expectSafe(clip: Clip, template: string) {
  const note = composeNote(clip, { template, now: NOW, ...DAYS });
  const { frontMatter, body } = splitNote(note);
  const findings = inspectMarkdown(body, CUSTOM_TAGS);
  expect(findings.badDestinations, note).toEqual([]);
  expect(findings.pageHtml, note).toEqual([]);
  // The page's content is the last block and nothing the page said turned it into something else.
  expect(body.trimEnd().endsWith(BODY), note).toBe(true);
  if (frontMatter !== undefined) {
    const fields = strictYaml(frontMatter);
    const site = clip.metadata.siteName ?? hostOrUrl(clip.url);
    const expected: Record<string, unknown> = {
      title: clip.title,
      source: clip.url,
      author: clip.metadata.author,
      site,
      published: clip.metadata.published,
      clipped: NOW.toISOString(),
      description: clip.metadata.description,
    };
    if (template === CUSTOM_TEMPLATE) {
      delete expected.author;
      delete expected.site;
      const people = [clip.metadata.author, site].filter((value) => !!value);
      if (people.length > 0) expected.people = [clip.metadata.author ?? '', site];
      const summary = `${clip.title} by ${clip.metadata.author ?? ''}`;
      if (clip.title || clip.metadata.author) expected.summary = summary;
    }
    for (const [key, value] of Object.entries(expected)) if (!value) delete expected[key];
    expect(fields, note).toEqual(expected);
  }
  return { note, body, findings };
}

function hostOrUrl(url: string): string {
  try {
    return new URL(url).hostname || url;
  } catch {
    return url;
  }
}

const HOSTILE_CASES: Record<string, Clip> = {
  'a site name that closes the link and opens a javascript: one': clipOf(
    'Tide pools',
    'https://coast.example/tide-pools',
    { siteName: 'Evil](javascript:alert(1)) [x' },
  ),
  'an author that is an HTML image with an onerror handler': clipOf(
    'Tide pools',
    'https://coast.example/tide-pools',
    { author: '<img src=x onerror=alert(1)>' },
  ),
  'a title with --- and new lines that would end the front matter': clipOf(
    'Pwned"\n---\nmalicious: true\n# Heading\r\n> quote\n- item\n1. one',
    'https://coast.example/tide-pools',
    { description: 'line one\n---\n\nline two' },
  ),
  'control characters, C1 controls, DEL and U+FFFE': clipOf(
    'Bell\u0007 NUL\u0000 ESC\u001b DEL\u007f NEL\u0085 C1\u0080\u009f nonchar\ufffe\uffff',
    'https://coast.example/tide-pools',
    { author: 'Ann\u0000\u0085\u2028Lee', siteName: '\u001b[31mRed\u009b' },
  ),
  'bidi overrides and isolates': clipOf(
    'invoice\u202Egnp.exe',
    'https://coast.example/tide-pools',
    { author: '\u2067Mallory\u2069 \u202Aembedded\u202C', siteName: '\u202Ecoast\ufeff' },
  ),
  'a 10,000-character title': clipOf(
    `${'Very long title '.repeat(625)}`.slice(0, 10_000),
    'https://coast.example/tide-pools',
    {},
  ),
  'a published value no browser can read': clipOf(
    'Tide pools',
    'https://coast.example/tide-pools',
    { published: '<script>alert(1)</script> [when](javascript:alert(1))' },
  ),
  'a page address that is not a web address': clipOf(
    'Tide pools',
    'javascript:alert(document.cookie)//https://coast.example/',
    { siteName: 'Coast Notes' },
  ),
  'a web address hiding a tab and a control in its scheme': clipOf(
    'Tide pools',
    '\u0001java\tscript:alert(1)',
    { siteName: 'Coast Notes' },
  ),
  'a site and author that are script addresses, where a template expects an address': clipOf(
    'Tide pools',
    'https://coast.example/tide-pools',
    { siteName: ' javascript:alert(1)', author: 'data:text/html,<script>alert(1)</script>' },
  ),
  'markup of every other kind': clipOf(
    '![img](javascript:alert(1)) <https://x.example> [ref]: javascript:alert(1)',
    'https://coast.example/a_(b)?q=&amp;x\\y',
    {
      siteName: '`code` *em* _em_ ~~del~~ $x$ &lt;b&gt; &#106;avascript:',
      author: '[^note] | table | --- ===',
      description: '<!-- comment --> <div onclick="x">',
    },
  ),
};

describe('notes from hostile pages', () => {
  for (const [name, clip] of Object.entries(HOSTILE_CASES)) {
    for (const { name: templateName, template } of TEMPLATES) {
      it(`${name}: ${templateName} template`, () => {
        expectSafe(clip, template);
      });
    }
  }

  it('the default header keeps hostile values as the words they were, each on its line', () => {
    const clip = clipOf('Tide pools', 'https://coast.example/tide-pools', {
      siteName: 'Evil](javascript:alert(1)) [x',
      author: '<img src=x onerror=alert(1)>\n# Heading',
      published: 'Spring, <b>2019</b>',
    });
    const { body } = expectSafe(clip, 'source-header');
    expect(paragraphLines(body)).toEqual([
      'Source: Evil](javascript:alert(1)) [x',
      'By <img src=x onerror=alert(1)> # Heading',
      'Published Spring, <b>2019</b>',
      'Clipped March 14, 2026',
    ]);
    expect(inspectMarkdown(body).blocks).toEqual(['paragraph', 'paragraph']);
  });

  it('links the source only when its address is http(s), and shows any other as text', () => {
    const hostile = HOSTILE_CASES['a page address that is not a web address'] as Clip;
    const { body } = expectSafe(hostile, 'source-header');
    expect(paragraphLines(body)[0]).toBe(
      'Source: Coast Notes (javascript:alert(document.cookie)//https://coast.example/)',
    );
    const web = clipOf('Tide pools', 'https://coast.example/a_(b)', { siteName: 'Coast' });
    expect(composeNote(web, { now: NOW, ...DAYS })).toMatch(
      /^Source: \[Coast\]\(<https:\/\/coast\.example\/a_\(b\)>\) \\$/m,
    );
  });
});

describe('composeNote over arbitrary page metadata', () => {
  const hostileFragment = fc.constantFrom(
    '[',
    ']',
    '(',
    ')',
    '<',
    '>',
    '!',
    '*',
    '_',
    '`',
    '~',
    '|',
    '\\',
    '&',
    '#',
    '$',
    '-',
    '=',
    ':',
    '"',
    "'",
    ' ',
    '\n',
    '\r',
    '\t',
    '\u0000',
    '\u0085',
    '\u2028',
    '\u202e',
    '\ufffe',
    '\ufeff',
    '---',
    '1. ',
    'javascript:',
    'JaVa\tScRiPt:alert(1)',
    'data:text/html,x',
    'http://a.example/',
    'www.a.example',
    'a@b.example',
    '&#106;',
    '&amp;',
    '<img src=x onerror=alert(1)>',
    '](javascript:alert(1))',
    '{{title}}',
    '\uE000',
  );
  const text = fc.oneof(
    fc.string({ unit: hostileFragment, maxLength: 12 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
  );
  const url = fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), text);
  const metadata = fc.record(
    { siteName: text, author: text, published: text, description: text },
    { requiredKeys: [] },
  );

  for (const { name, template } of TEMPLATES) {
    it(`no live link, no page HTML and round-tripping front matter: ${name} template`, () => {
      fc.assert(
        fc.property(text, url, metadata, (title, address, fields) => {
          expectSafe(clipOf(title, address, fields), template);
        }),
        { numRuns: 200 },
      );
    }, 60_000);
  }
});

describe('the default header as a CommonMark renderer shows it', () => {
  it('renders each fact on its own line', () => {
    const clip = clipOf('Tide pools', 'https://coast.example/tide-pools', {
      siteName: 'Coast Notes',
      author: 'Rosa Marin',
      published: '2026-05-14T08:00:00+02:00',
    });
    const html = micromark(composeNote(clip, { now: NOW, ...DAYS }), {
      extensions: [gfm()],
      htmlExtensions: [gfmHtml()],
    });
    const header = /^<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
    expect(header.split(/ ?<br \/>\n/)).toEqual([
      'Source: <a href="https://coast.example/tide-pools">Coast Notes</a>',
      'By Rosa Marin',
      'Published May 14, 2026',
      'Clipped March 14, 2026',
    ]);
  });

  it('keeps separate lines when the page gives only some of the facts', () => {
    const clip = clipOf('Tide pools', 'https://coast.example/tide-pools', { author: 'Rosa' });
    const html = micromark(composeNote(clip, { now: NOW, ...DAYS }));
    expect(html).toBe(
      '<p>Source: <a href="https://coast.example/tide-pools">coast.example</a> <br />\nBy Rosa <br />\nClipped March 14, 2026</p>\n<p>Small worlds left by the sea.</p>\n',
    );
  });
});
