import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clipDocument, clipModes, composeNote, NOTE_TEMPLATES } from '../../../../utils/clip';
import { pageFromHtml, rangeOver, selectRanges } from '../dom';
import { unsafeParts } from './markdown-safety';
import { splitNote, strictYaml } from './note-safety';

/**
 * Whatever a page puts in its URL attributes and its text, the note made from it holds no link
 * or image with a scheme a note may not hold and no raw HTML from the page, in every clip mode
 * and with every built-in template (markdown-safety.ts parses the note as a renderer would).
 *
 * The page's metadata (title, site, author, description, date) is as hostile as its links: the
 * front matter must load with a strict YAML loader to exactly the values the clip carries.
 */

/** Addresses a page may write, most of them ones a note must not link to or show. */
const DESTINATIONS = [
  'javascript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
  'file:///etc/passwd',
  'blob:https://example.com/1234',
  'tel:+15550100',
  'https://example.org/photo.jpg',
  'http://example.org/page?a=1&b=2',
  'mailto:keeper@example.org',
  '#section-2',
  '/relative/photo.png',
  '//example.net/photo.png',
] as const;

/** A scheme's letters as a browser still reads them: any case, tabs or newlines inside. */
const schemeNoise = fc.constantFrom('\t', '\n', '\r', '&#x09;', '&#10;', '&Tab;', '&NewLine;');
/** What the URL parser strips before the scheme: spaces and C0 controls, raw or as references. */
const leading = fc.array(
  fc.constantFrom(' ', '\x01', '\x1f', '\x0c', '&#x01;', '&#32;', '&#0;', '\u00a0'),
  { maxLength: 3 },
);
/** How the colon (or any character) may be written in the attribute. */
function encodeCharacter(character: string, style: number): string {
  const code = character.codePointAt(0) as number;
  if (style === 1) return `&#${code};`;
  if (style === 2) return `&#x${code.toString(16)};`;
  if (style === 3 && character === ':') return '&colon;';
  return character.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

const hostileValue = fc
  .tuple(
    fc.constantFrom(...DESTINATIONS),
    leading,
    fc.array(fc.tuple(fc.nat(12), schemeNoise), { maxLength: 2 }),
    fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
    fc.array(fc.nat(3), { minLength: 12, maxLength: 12 }),
  )
  .map(([destination, before, noise, upper, encodings]) => {
    const colon = destination.indexOf(':');
    const schemeEnd = /^[a-z]+:/i.test(destination) ? colon + 1 : 0;
    let scheme = '';
    for (let index = 0; index < schemeEnd; index += 1) {
      const character = destination[index] as string;
      const cased = upper[index] ? character.toUpperCase() : character;
      scheme += encodeCharacter(cased, encodings[index] ?? 0);
    }
    for (const [at, mark] of noise) {
      const position = Math.min(at, scheme.length);
      // Never inside a character reference already written.
      if (/&[^;]*$/.test(scheme.slice(0, position))) continue;
      scheme = scheme.slice(0, position) + mark + scheme.slice(position);
    }
    const rest = destination
      .slice(schemeEnd)
      .replace(/&/g, '&amp;')
      .replace(/"/g, '&quot;')
      .replace(/</g, '&lt;');
    return before.join('') + scheme + rest;
  });

/** Text that looks like markup or Markdown once written out (the page escapes it as text). */
const hostileText = fc.constantFrom(
  '&lt;img src=x onerror=alert(1)&gt;',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&lt;<span>img src=x onerror=alert(1)&gt;</span>',
  '&lt;<b></b>iframe src=javascript:alert(1)&gt;',
  '[link](javascript:alert(1))',
  '![image](javascript:alert(1))',
  '&lt;javascript:alert(1)&gt;',
  '[ref]: javascript:alert(1)',
  '&lt;!-- comment --&gt;',
  'plain words',
);

/** An element that carries a hostile value where a clipper reads an address. */
const hostileElement = fc
  .tuple(
    fc.constantFrom(
      (v: string, t: string) => `<a href="${v}">${t} link</a>`,
      (v: string) => `<a href="${v}">${v}</a>`,
      (v: string, t: string) => `<img src="${v}" alt="${t}" width="400" height="300">`,
      (v: string) => `<img src="https://example.org/fine.jpg" srcset="${v} 2x" alt="srcset">`,
      (v: string) => `<img data-src="${v}" alt="lazy">`,
      (v: string) =>
        `<picture><source srcset="${v}"><img src="https://example.org/p.jpg" alt="picture"></picture>`,
      (v: string, t: string) =>
        `<figure><img src="${v}" alt="figure"><figcaption>${t}</figcaption></figure>`,
      (v: string) => `<iframe src="${v}" title="player"></iframe>`,
      (v: string) => `<video src="${v}" title="clip"></video>`,
      (v: string, t: string) =>
        `<div class="admonition note"><p class="admonition-title">${t}</p><p>Note body <a href="${v}">here</a>.</p></div>`,
      (v: string, t: string) => `<pre data-lang="${v}"><code>${t}</code></pre>`,
      (_v: string, t: string) => `<p>${t} <sup>${t}</sup></p>`,
    ),
    hostileValue,
    hostileText,
  )
  .map(([write, value, text]) => write(value, text));

const PROSE =
  '<p>The keepers logged the weather, the ships that passed and the state of the lamp every four hours, and wrote down anything out of the ordinary, from storms to visiting inspectors.</p>';

/** Metadata a page may declare: Markdown, HTML, YAML and line breaks in the words. */
const hostileMetadata = fc.oneof(
  fc.constantFrom(
    'Evil](javascript:alert(1)) [x',
    '<img src=x onerror=alert(1)>',
    '---\ntitle: injected\n---',
    'line one\n# heading\n> quote',
    '\u202eevil\u202c \u200f\ufffe\u0085 bidi',
    '[ref]: javascript:alert(1)',
    'key: "value" # comment',
    '*a_*a_*a_ `code` $x$ | cell |',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function page(elements: string[], headValue: string, metadata: string): string {
  const meta = attribute(metadata);
  return `<!DOCTYPE html><html><head><title>${meta.replace(/>/g, '&gt;')}</title>
<meta property="og:title" content="${meta}"><meta property="og:site_name" content="${meta}">
<meta name="author" content="${meta}"><meta name="description" content="${meta}">
<meta property="article:published_time" content="${meta}">
<meta property="og:image" content="${headValue}"><link rel="image_src" href="${headValue}">
<link rel="canonical" href="${headValue}"></head>
<body><article><h1>Harbour report</h1>${PROSE}<div id="picked">${elements.join(`\n${PROSE}\n`)}</div>${PROSE}${PROSE}</article></body></html>`;
}

const NOW = new Date('2026-03-14T09:26:53.000Z');

describe('a note made from a hostile page', () => {
  it('holds only allowed link and image schemes and no raw HTML, in every mode and template', () => {
    fc.assert(
      fc.property(
        fc.array(hostileElement, { minLength: 1, maxLength: 5 }),
        hostileValue,
        hostileMetadata,
        (elements, headValue, metadata) => {
          const html = page(elements, headValue, metadata);
          for (const mode of clipModes) {
            const doc = pageFromHtml(html);
            if (mode === 'selection') selectRanges(doc, [rangeOver(doc, '#picked')]);
            // Image mode: the image the user picked, as hostile as the page's own.
            const imageUrl =
              doc.querySelector('meta[property="og:image"]')?.getAttribute('content') ?? undefined;
            const result = clipDocument(doc, { mode, imageUrl });
            if (!result.ok) continue;
            for (const template of NOTE_TEMPLATES) {
              const note = composeNote(result.clip, { template: template.id, now: NOW });
              expect({ mode, template: template.id, problems: unsafeParts(note) }).toEqual({
                mode,
                template: template.id,
                problems: [],
              });
              if (template.id === 'front-matter') {
                const { frontMatter } = splitNote(note);
                const loaded = strictYaml(frontMatter ?? '');
                const { metadata: read } = result.clip;
                // Where the page gave no value the template fills in its own (the host for the
                // site), so only the values the page supplied are compared.
                const expected = {
                  title: result.clip.title,
                  author: read.author,
                  site: read.siteName,
                  description: read.description,
                };
                for (const [key, value] of Object.entries(expected)) {
                  if (value !== undefined) expect(loaded[key]).toBe(value);
                }
              }
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
