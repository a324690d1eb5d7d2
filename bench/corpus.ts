import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';

/**
 * The corpus layout (see ../shared/corpus/README.md); any subset of the three sets may be present.
 * Every page is opened at the URL its expected output was made with, so relative links and
 * images resolve the same way; the bytes come from the local static server.
 */
export const SETS = ['readability', 'extraction-benchmark', 'defuddle'] as const;
export type SetName = (typeof SETS)[number];

export interface CorpusPage {
  set: SetName;
  name: string;
  /** Path of the HTML file, relative to the corpus folder. */
  file: string;
  /** The URL the page is opened at. */
  url: string;
  /** Size of the HTML file in bytes. */
  bytes: number;
}

/** Readability's own test runs every page at this URL; expected.html is resolved against it. */
export const READABILITY_URL = 'http://fakehost/test/page.html';

const GroundTruth = z.record(z.string(), z.object({ articleBody: z.string(), url: z.string() }));
export type GroundTruth = z.infer<typeof GroundTruth>;

export class CorpusError extends Error {
  override name = 'CorpusError';
}

export function readGroundTruth(corpusDir: string): GroundTruth {
  const path = join(corpusDir, 'extraction-benchmark', 'ground-truth.json');
  const parsed = GroundTruth.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) {
    throw new CorpusError(
      `${path} is not the extraction benchmark's ground truth ({ id: { articleBody, url } }); ` +
        'check the --corpus folder.',
    );
  }
  return parsed.data;
}

const DEFUDDLE_URL_COMMENT = /^\s*(?:<!DOCTYPE[^>]*>\s*)?<!--\s*(\{[^\n]*?\})\s*-->/i;

/** Defuddle's test reads the URL from a first-line comment, or makes one from the slug. */
export function defuddleUrl(fixtureName: string, html: string): string {
  const comment = DEFUDDLE_URL_COMMENT.exec(html.slice(0, 2000))?.[1];
  if (comment) {
    const parsed = z.object({ url: z.string() }).safeParse(JSON.parse(comment));
    if (parsed.success) return parsed.data.url;
  }
  const separator = fixtureName.indexOf('--');
  return `https://${separator > 0 ? fixtureName.slice(separator + 2) : fixtureName}`;
}

export function listPages(corpusDir: string): CorpusPage[] {
  if (!existsSync(corpusDir)) {
    throw new CorpusError(
      `No corpus at ${corpusDir}. Pass --corpus <folder> (see bench/README.md).`,
    );
  }
  const pages: CorpusPage[] = [];
  const page = (set: SetName, name: string, path: string, url: string) =>
    pages.push({ set, name, file: relative(corpusDir, path), url, bytes: statSync(path).size });

  const readabilityDir = join(corpusDir, 'readability');
  if (existsSync(readabilityDir)) {
    for (const name of sortedEntries(readabilityDir)) {
      const source = join(readabilityDir, name, 'source.html');
      if (existsSync(source)) page('readability', name, source, READABILITY_URL);
    }
  }
  const benchmarkDir = join(corpusDir, 'extraction-benchmark');
  if (existsSync(join(benchmarkDir, 'ground-truth.json'))) {
    const truth = readGroundTruth(corpusDir);
    for (const file of sortedEntries(benchmarkDir).filter((entry) => entry.endsWith('.html'))) {
      const id = file.slice(0, -'.html'.length);
      const entry = truth[id];
      if (entry) page('extraction-benchmark', id, join(benchmarkDir, file), entry.url);
    }
  }
  const fixturesDir = join(corpusDir, 'defuddle', 'fixtures');
  if (existsSync(fixturesDir)) {
    for (const file of sortedEntries(fixturesDir).filter((entry) => entry.endsWith('.html'))) {
      const name = file.slice(0, -'.html'.length);
      const path = join(fixturesDir, file);
      if (!existsSync(join(corpusDir, 'defuddle', 'expected', `${name}.md`))) continue;
      page('defuddle', name, path, defuddleUrl(name, readFileSync(path, 'utf8')));
    }
  }
  return pages;
}

function sortedEntries(dir: string): string[] {
  return readdirSync(dir).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * `--pages`: comma-separated patterns, each tested against `name` and `set/name`. `/…/` is a
 * regular expression; a pattern with `*` or `?` is a glob over the whole name; anything else
 * matches as a substring.
 */
export function pageFilter(patterns: string | undefined): (page: CorpusPage) => boolean {
  if (!patterns) return () => true;
  const tests = patterns
    .split(',')
    .map((pattern) => pattern.trim())
    .filter(Boolean)
    .map((pattern): ((name: string) => boolean) => {
      const regex = /^\/(.+)\/([a-z]*)$/.exec(pattern);
      if (regex) {
        const compiled = new RegExp(regex[1] as string, regex[2]);
        return (name) => compiled.test(name);
      }
      if (/[*?]/.test(pattern)) {
        const glob = new RegExp(
          `^${pattern
            .split('')
            .map((char) =>
              char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\/]/g, '\\$&'),
            )
            .join('')}$`,
        );
        return (name) => glob.test(name);
      }
      return (name) => name.includes(pattern);
    });
  return (page) => tests.some((test) => test(page.name) || test(`${page.set}/${page.name}`));
}
