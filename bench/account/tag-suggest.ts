import '../fake-extension';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { JSDOM, VirtualConsole } from 'jsdom';
import { clipDocument } from '../../utils/clip';
import { suggestTags } from '../../utils/notes-index/build';
import {
  DEFAULT_WEIGHTS,
  markdownHeadings,
  pageWords,
  rankTags,
  siteOf,
  type TagAccount,
  type Weights,
} from '../../utils/tag-suggest';
import { type CorpusPage, listPages } from '../corpus';

/**
 * How often the popup's tag suggestions, shown before typing, hold a tag the note really has
 * (issue 18). A seeded account is made from the shared corpus: one note per page, tagged from the
 * page's own metadata (see `pageTags`), with the title and Markdown the clipping engine makes
 * of it (clipDocument under jsdom, as in the popup's preview). Each tagged note is held back in
 * turn: its tags are hidden, every other note of the account is known (tag counts, the tags of
 * other notes from its site, the tags of the ten notes clipped just before it as recent tags),
 * and the first suggestions are compared with its real tags.
 *
 * The account is split in two by site (a hash of the registrable domain, so no site is in both):
 * `--part tune` (where the weights were chosen) and `--part test` (scored once, at the end).
 *
 *   npx tsx bench/account/tag-suggest.ts --part test [--corpus ../shared/corpus] [--grid]
 */
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: '../shared/corpus' },
    part: { type: 'string', default: 'tune' },
    grid: { type: 'boolean', default: false },
    cache: { type: 'string', default: join(tmpdir(), 'clipdeck-tag-suggest-pages.json') },
  },
});
const part = values.part;
if (part !== 'tune' && part !== 'test' && part !== 'all') {
  throw new Error('--part is tune, test or all');
}

interface Note {
  id: string;
  site: string | undefined;
  tags: string[];
  title: string;
  headings: string[];
}

/** The page's own address when it names one; the corpus serves some pages at a made-up URL. */
function pageAddress(page: CorpusPage, doc: Document): string | undefined {
  const named =
    doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ??
    doc.querySelector('meta[property="og:url"]')?.getAttribute('content');
  const candidates = [named, page.set === 'readability' ? undefined : page.url];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate, page.url);
      // defuddle's slugs become hosts without a dot: not a real site.
      if (url.hostname.includes('.') && url.hostname !== 'fakehost') return url.href;
    } catch {}
  }
  return undefined;
}

/**
 * Tags the publisher gave the page, as a user who keeps them would: keywords (meta and JSON-LD),
 * `article:tag`, `article:section`, JSON-LD `articleSection`, `rel="tag"` links. Lowercased and
 * trimmed; phrases over three words or 32 characters, numbers and one-letter values are dropped;
 * at most six per page, in that order. Pages that carry none are in the account untagged, and
 * are not scored.
 */
function pageTags(doc: Document): string[] {
  const found: string[] = [];
  const meta = (selector: string) =>
    [...doc.querySelectorAll(selector)].map((element) => element.getAttribute('content') ?? '');
  for (const value of meta('meta[name="keywords" i], meta[name="news_keywords" i]')) {
    found.push(...value.split(/[,;]/));
  }
  found.push(...meta('meta[property="article:tag"]'), ...meta('meta[property="article:section"]'));
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      collectLd(JSON.parse(script.textContent ?? ''), found);
    } catch {}
  }
  for (const link of doc.querySelectorAll('a[rel~="tag"]')) found.push(link.textContent ?? '');
  const tags: string[] = [];
  for (const raw of found) {
    const tag = raw.replace(/\s+/g, ' ').trim().toLowerCase();
    if (tag.length < 2 || tag.length > 32 || tag.split(' ').length > 3 || /^[\d\s.-]+$/.test(tag))
      continue;
    if (!tags.includes(tag)) tags.push(tag);
    if (tags.length === 6) break;
  }
  return tags;
}

function collectLd(value: unknown, into: string[], depth = 0): void {
  if (depth > 4 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collectLd(item, into, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key of ['keywords', 'articleSection']) {
    const field = record[key];
    if (typeof field === 'string') into.push(...field.split(','));
    else if (Array.isArray(field)) into.push(...field.filter((item) => typeof item === 'string'));
  }
  if (record['@graph']) collectLd(record['@graph'], into, depth + 1);
}

function readNotes(corpusDir: string): Note[] {
  if (existsSync(values.cache)) {
    const cached = JSON.parse(readFileSync(values.cache, 'utf8')) as {
      corpus: string;
      notes: Note[];
    };
    if (cached.corpus === corpusDir) return cached.notes;
  }
  const notes: Note[] = [];
  for (const page of listPages(corpusDir)) {
    const html = readFileSync(join(corpusDir, page.file), 'utf8').replace(
      /<style\b[\s\S]*?<\/style>/gi,
      '',
    );
    const doc = new JSDOM(html, { url: page.url, virtualConsole: new VirtualConsole() }).window
      .document;
    const tags = pageTags(doc);
    const address = pageAddress(page, doc);
    const clipped = clipDocument(doc, { mode: 'article' });
    const title = clipped.ok ? clipped.clip.title : doc.title;
    const markdown = clipped.ok ? clipped.clip.markdown : '';
    notes.push({
      id: `${page.set}/${page.name}`,
      site: address ? siteOf(address) : undefined,
      tags,
      title,
      headings: markdownHeadings(markdown),
    });
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  mkdirSync(resolve(values.cache, '..'), { recursive: true });
  writeFileSync(values.cache, JSON.stringify({ corpus: corpusDir, notes }));
  return notes;
}

/** FNV-1a: a fixed, seedless split that anyone can recompute. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (const char of text) {
    value ^= char.codePointAt(0) ?? 0;
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** A fixed shuffle (the order the notes were "clipped" in, for recent tags). */
function clipOrder(notes: Note[]): Note[] {
  return [...notes].sort((a, b) => hash(`order:${a.id}`) - hash(`order:${b.id}`));
}

const RECENT_NOTES = 10;
const RECENT_TAGS = 20;

type Ranker = (account: TagAccount, note: Note) => string[];

interface Score {
  scored: number;
  hit1: number;
  hit3: number;
}

function score(notes: Note[], rank: Ranker): Score {
  const ordered = clipOrder(notes);
  const totals = new Map<string, number>();
  const sites = new Map<string, { notes: number; tags: Map<string, number> }>();
  for (const note of ordered) {
    for (const tag of note.tags) totals.set(tag, (totals.get(tag) ?? 0) + 1);
    if (!note.site) continue;
    const site = sites.get(note.site) ?? { notes: 0, tags: new Map() };
    site.notes += 1;
    for (const tag of note.tags) site.tags.set(tag, (site.tags.get(tag) ?? 0) + 1);
    sites.set(note.site, site);
  }
  const result: Score = { scored: 0, hit1: 0, hit3: 0 };
  ordered.forEach((note, position) => {
    if (!note.tags.length) return;
    // The account without this note.
    const minus = (counts: Map<string, number>) =>
      [...counts]
        .map(([tag, count]) => ({ tag, count: count - (note.tags.includes(tag) ? 1 : 0) }))
        .filter(({ count }) => count > 0)
        .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
    const recentTags: string[] = [];
    for (const earlier of ordered.slice(Math.max(0, position - RECENT_NOTES), position).reverse()) {
      for (const tag of earlier.tags) if (!recentTags.includes(tag)) recentTags.push(tag);
    }
    const site = note.site ? sites.get(note.site) : undefined;
    const account: TagAccount = {
      tags: minus(totals),
      recentTags: recentTags.slice(0, RECENT_TAGS),
      ...(site && site.notes > 1 && { site: { notes: site.notes - 1, tags: minus(site.tags) } }),
    };
    const top = rank(account, note);
    result.scored += 1;
    if (top[0] !== undefined && note.tags.includes(top[0])) result.hit1 += 1;
    if (top.slice(0, 3).some((tag) => note.tags.includes(tag))) result.hit3 += 1;
  });
  return result;
}

const clipdeck =
  (weights: Weights): Ranker =>
  (account, note) =>
    rankTags({ account, page: pageWords(note), weights, limit: 3 });
/** Most used tags only. */
const mostUsed: Ranker = (account) => account.tags.slice(0, 3).map(({ tag }) => tag);
/** What the popup offered before issue 18 for an empty box: recent tags, then most used. */
const previous: Ranker = (account) =>
  suggestTags('', { recentTags: account.recentTags, tags: account.tags, chosen: [] }, 3);

const corpusDir = resolve(values.corpus);
const all = readNotes(corpusDir);
const inPart = (note: Note) => {
  if (part === 'all') return true;
  const side = hash(`split:${note.site ?? note.id}`) % 2 === 0 ? 'tune' : 'test';
  return side === part;
};
const notes = all.filter(inPart);
const percent = (count: number, of: number) =>
  `${((100 * count) / Math.max(1, of)).toFixed(1)}% (${count}/${of})`;
const row = (name: string, result: Score) =>
  `| ${name} | ${percent(result.hit1, result.scored)} | ${percent(result.hit3, result.scored)} |`;

const reachable = notes.filter(
  (note) =>
    note.tags.length > 0 &&
    note.tags.some((tag) => notes.some((other) => other !== note && other.tags.includes(tag))),
).length;
const tagged = notes.filter((note) => note.tags.length > 0).length;
const withSite = notes.filter(
  (note) =>
    note.tags.length > 0 &&
    note.site !== undefined &&
    notes.some((other) => other !== note && other.site === note.site),
).length;

if (values.grid) {
  // Tuning: every combination of a few weights, best hit@3 (then hit@1) first.
  const results: { weights: Weights; result: Score }[] = [];
  for (const site of [0, 1, 2, 4, 8])
    for (const title of [0, 1, 2, 3, 5])
      for (const headings of [0, 0.5, 1, 2])
        for (const recent of [0, 0.5, 1, 2])
          for (const popular of [0, 0.25, 0.5, 1]) {
            const weights = { site, title, headings, recent, popular };
            results.push({ weights, result: score(notes, clipdeck(weights)) });
          }
  results.sort((a, b) => b.result.hit3 - a.result.hit3 || b.result.hit1 - a.result.hit1);
  for (const { weights, result } of results.slice(0, 15)) {
    console.log(JSON.stringify(weights), result.hit1, result.hit3, result.scored);
  }
} else {
  console.log(`Part: ${part}. ${notes.length} notes, ${tagged} tagged (scored).`);
  console.log(
    `${reachable} of them have a tag another note of the account has (the ceiling); ` +
      `${withSite} have another note from their site.`,
  );
  console.log(`Weights: ${JSON.stringify(DEFAULT_WEIGHTS)}\n`);
  console.log('| ranking | hit@1 | hit@3 |');
  console.log('| --- | --- | --- |');
  console.log(
    row(
      'clipdeck (site, title and headings, recent, most used)',
      score(notes, clipdeck(DEFAULT_WEIGHTS)),
    ),
  );
  console.log(row('most used tags only', score(notes, mostUsed)));
  console.log(row('before issue 18: recent, then most used', score(notes, previous)));
  const only = (key: keyof Weights) =>
    clipdeck({
      site: 0,
      title: 0,
      headings: 0,
      recent: 0,
      popular: 0,
      [key]: DEFAULT_WEIGHTS[key],
    });
  console.log(row('site tags only', score(notes, only('site'))));
  console.log(row('title words only', score(notes, only('title'))));
}
