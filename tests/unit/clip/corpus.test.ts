import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isProbablyReaderable } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { type ClipMode, clipDocument, clipModes } from '../../../utils/clip';
import { selectRanges } from './dom';

/**
 * Every page of the shared corpus through every mode: no exception, a structured result, and
 * Markdown wherever Readability calls the page readerable. jsdom takes about half a second per
 * page and mode on this machine, so the default run takes a spread sample of each set (every
 * SAMPLE_STEP-th page); `CLIP_CORPUS=all` runs every page (a few minutes).
 */
const CORPUS = fileURLToPath(new URL('../../../../shared/corpus', import.meta.url));
const EVERY_PAGE = process.env.CLIP_CORPUS === 'all';
const SAMPLE_STEP = 16;

interface CorpusPage {
  name: string;
  path: string;
  readerable?: boolean;
}

function pagesOf(): CorpusPage[] {
  const pages: CorpusPage[] = [];
  const readability = join(CORPUS, 'readability');
  for (const name of readdirSync(readability).sort()) {
    const metadataPath = join(readability, name, 'expected-metadata.json');
    const readerable = existsSync(metadataPath)
      ? (JSON.parse(readFileSync(metadataPath, 'utf8')) as { readerable?: boolean }).readerable
      : undefined;
    pages.push({
      name: `readability/${name}`,
      path: join(readability, name, 'source.html'),
      readerable,
    });
  }
  for (const set of ['extraction-benchmark', 'defuddle/fixtures']) {
    const folder = join(CORPUS, set);
    for (const file of readdirSync(folder)
      .filter((name) => name.endsWith('.html'))
      .sort()) {
      pages.push({ name: `${set}/${file}`, path: join(folder, file) });
    }
  }
  return EVERY_PAGE ? pages : pages.filter((_, index) => index % SAMPLE_STEP === 0);
}

function parse(html: string): Document {
  return new JSDOM(html, {
    url: 'http://fakehost/test/page.html',
    virtualConsole: new VirtualConsole(),
  }).window.document;
}

/**
 * jsdom's own CSS parser rejects a few stylesheets outright (a browser would not); such a page
 * is run again without its style blocks, which the engine under jsdom cannot use anyway.
 */
function load(page: CorpusPage): Document | undefined {
  const html = readFileSync(page.path, 'utf8');
  try {
    return parse(html);
  } catch {
    try {
      return parse(html.replace(/<style\b[\s\S]*?<\/style>/gi, ''));
    } catch {
      return undefined;
    }
  }
}

function requestFor(doc: Document, mode: ClipMode) {
  if (mode === 'selection') {
    const paragraph = Array.from(doc.querySelectorAll('p')).find(
      (element) => (element.textContent ?? '').trim().length > 40,
    );
    if (paragraph) {
      const range = doc.createRange();
      range.selectNodeContents(paragraph);
      selectRanges(doc, [range]);
    }
  }
  const image = doc.querySelector('img[src]')?.getAttribute('src') ?? 'http://fakehost/missing.png';
  return { mode, imageUrl: image };
}

describe.skipIf(!existsSync(CORPUS))('the shared corpus (../shared/corpus)', () => {
  if (!existsSync(CORPUS)) return;
  const pages = pagesOf();
  it.for(pages.map((page): [string, CorpusPage] => [page.name, page]))(
    '%s',
    { timeout: 120_000 },
    ([, page], context) => {
      const doc = load(page);
      // Reported as skipped, not passed: the page never reached the engine.
      if (!doc) return context.skip('jsdom cannot parse this page');
      const readerable = page.readerable ?? isProbablyReaderable(doc);
      for (const mode of clipModes) {
        const result = clipDocument(doc, requestFor(doc, mode));
        if (result.ok) {
          expect(typeof result.clip.title).toBe('string');
        } else {
          expect(result.error.kind, `${mode}: ${result.error.code}`).not.toBe('internal');
        }
        if (readerable && (mode === 'article' || mode === 'full-page')) {
          const problem = result.ok
            ? result.clip.markdown.trim()
              ? ''
              : 'empty Markdown'
            : result.error.code;
          expect(problem, `${mode} gave no Markdown`).toBe('');
        }
      }
    },
  );
});
