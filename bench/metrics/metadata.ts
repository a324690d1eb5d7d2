import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Metadata fidelity on the Readability pages (issue 15): title, byline, site name, published
 * date and language of each pipeline against Readability's `expected-metadata.json`.
 *
 * - title: token overlap (lower-cased words; each CJK character a word). A title matches when
 *   at least 0.8 of its words are in the expected title and they cover at least half of it:
 *   Readability's expected titles keep the site's suffix ("Mozilla - Wikipedia"), which Clipdeck
 *   leaves to the note's site field, while another heading or a slogan does not pass. The mean
 *   token F1 is reported too.
 * - byline, site name: token F1 ≥ 0.8, scored only on pages whose expected value is not null.
 * - published: the same calendar day (UTC), on pages that give a date.
 * - language: the same primary tag ("en" and "en-US" agree), on pages that give one.
 */
export interface PageMetadata {
  title?: string;
  byline?: string;
  siteName?: string;
  published?: string;
  lang?: string;
}

export const METADATA_FIELDS = ['title', 'byline', 'siteName', 'published', 'lang'] as const;
export type MetadataField = (typeof METADATA_FIELDS)[number];

/** Per field: whether it matched; absent when the expected value is null (not scored). */
export type MetadataScore = Partial<Record<MetadataField, boolean>> & { titleOverlap: number };

const Expected = z.object({
  title: z.string().nullish(),
  byline: z.string().nullish(),
  siteName: z.string().nullish(),
  publishedTime: z.string().nullish(),
  lang: z.string().nullish(),
});

export function readExpectedMetadata(corpusDir: string, name: string): PageMetadata | undefined {
  const path = join(corpusDir, 'readability', name, 'expected-metadata.json');
  if (!existsSync(path)) return undefined;
  const parsed = Expected.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) return undefined;
  const { title, byline, siteName, publishedTime, lang } = parsed.data;
  return {
    title: title ?? undefined,
    byline: byline ?? undefined,
    siteName: siteName ?? undefined,
    published: publishedTime ?? undefined,
    lang: lang ?? undefined,
  };
}

const CJK = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])/gu;

function tokens(text: string | undefined): string[] {
  return (
    (text ?? '')
      .toLowerCase()
      .replace(CJK, ' $1 ')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** The share of `actual`'s words found in `expected`, and of `expected`'s found in `actual`. */
function overlapParts(expected: string | undefined, actual: string | undefined) {
  const want = tokens(expected);
  const have = tokens(actual);
  const counts = new Map<string, number>();
  for (const token of want) counts.set(token, (counts.get(token) ?? 0) + 1);
  let common = 0;
  for (const token of have) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      common++;
      counts.set(token, left - 1);
    }
  }
  return {
    precision: have.length === 0 ? (want.length === 0 ? 1 : 0) : common / have.length,
    recall: want.length === 0 ? (have.length === 0 ? 1 : 0) : common / want.length,
  };
}

/** F1 of the two token multisets. */
export function tokenOverlap(expected: string | undefined, actual: string | undefined): number {
  const { precision, recall } = overlapParts(expected, actual);
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

const MATCH = 0.8;

function day(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : new Date(parsed).toISOString().slice(0, 10);
}

const primaryTag = (value: string | undefined) => value?.trim().toLowerCase().split(/[-_]/)[0];

export function scoreMetadata(expected: PageMetadata, actual: PageMetadata = {}): MetadataScore {
  const titleOverlap = tokenOverlap(expected.title, actual.title);
  const { precision, recall } = overlapParts(expected.title, actual.title);
  const score: MetadataScore = { titleOverlap, title: precision >= MATCH && recall >= 0.5 };
  if (expected.byline) score.byline = tokenOverlap(expected.byline, actual.byline) >= MATCH;
  if (expected.siteName) score.siteName = tokenOverlap(expected.siteName, actual.siteName) >= MATCH;
  if (day(expected.published)) score.published = day(expected.published) === day(actual.published);
  if (expected.lang) score.lang = primaryTag(expected.lang) === primaryTag(actual.lang);
  return score;
}

/** What a clip says about its page, in the fields above. */
export function clipMetadata(clip: {
  metadata: {
    title?: string;
    author?: string;
    siteName?: string;
    published?: string;
    language?: string;
  };
}): PageMetadata {
  return {
    title: clip.metadata.title,
    byline: clip.metadata.author,
    siteName: clip.metadata.siteName,
    published: clip.metadata.published,
    lang: clip.metadata.language,
  };
}

/**
 * Which half of the Readability pages a page belongs to: rules were tuned on the even half
 * (0th, 2nd… page in name order) and checked afterwards on the odd half, which they never saw.
 */
export function metadataHalf(names: readonly string[], name: string): 'even' | 'odd' {
  const sorted = [...names].sort();
  return sorted.indexOf(name) % 2 === 0 ? 'even' : 'odd';
}
