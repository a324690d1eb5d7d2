/**
 * The extraction benchmark's own metric (scrapinghub/article-extraction-benchmark, evaluate.py),
 * re-stated from the corpus README: `\w+` tokens, word 4-gram shingles, per-page precision and
 * recall, macro-averaged, F1 of the two averages.
 */

/**
 * Python's `\w` on str matches what `str.isalnum()` accepts plus `_`: Unicode letters (L*) and
 * numbers (N*). Combining marks are not word characters there, so they split tokens here too.
 */
const WORD = /[\p{L}\p{N}_]+/gu;

export function tokenise(text: string): string[] {
  return text.match(WORD) ?? [];
}

const SHINGLE_SIZE = 4;
// A separator no token can contain, so two different token runs never make the same key.
const JOIN = '\u0000';

/** Overlapping word 4-grams as a multiset; 1-3 tokens make one shingle of all of them. */
export function shingles(tokens: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  if (tokens.length === 0) return counts;
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  if (tokens.length < SHINGLE_SIZE) {
    add(tokens.join(JOIN));
    return counts;
  }
  for (let start = 0; start + SHINGLE_SIZE <= tokens.length; start++) {
    add(tokens.slice(start, start + SHINGLE_SIZE).join(JOIN));
  }
  return counts;
}

export interface PageOverlap {
  /** Per-page precision; undefined when the prediction has no shingle (left out of the mean). */
  precision: number | undefined;
  /** Per-page recall; undefined when the truth has no shingle (left out of the mean). */
  recall: number | undefined;
  /** The predicted token sequence equals the true one. */
  exact: boolean;
}

export function scorePage(truthText: string, predictedText: string): PageOverlap {
  const truthTokens = tokenise(truthText);
  const predictedTokens = tokenise(predictedText);
  const truth = shingles(truthTokens);
  const predicted = shingles(predictedTokens);
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  for (const [key, count] of predicted) {
    const expected = truth.get(key) ?? 0;
    truePositives += Math.min(count, expected);
    falsePositives += Math.max(0, count - expected);
  }
  for (const [key, count] of truth) {
    falseNegatives += Math.max(0, count - (predicted.get(key) ?? 0));
  }
  const perfect = falsePositives === 0 && falseNegatives === 0;
  const ratio = (part: number, whole: number) => (perfect ? 1 : whole === 0 ? 0 : part / whole);
  return {
    precision:
      predicted.size > 0 ? ratio(truePositives, truePositives + falsePositives) : undefined,
    recall: truth.size > 0 ? ratio(truePositives, truePositives + falseNegatives) : undefined,
    exact:
      truthTokens.length === predictedTokens.length &&
      truthTokens.every((token, index) => token === predictedTokens[index]),
  };
}

export interface OverlapSummary {
  precision: number;
  recall: number;
  f1: number;
  accuracy: number;
  pages: number;
  /** Pages whose prediction had no shingle at all (they lower recall only). */
  emptyPredictions: number;
}

const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

/** Corpus figures: precision over pages with output, recall over pages with truth, F1 of both. */
export function summarise(pages: readonly PageOverlap[]): OverlapSummary {
  const precisions = pages.flatMap((page) =>
    page.precision === undefined ? [] : [page.precision],
  );
  const recalls = pages.flatMap((page) => (page.recall === undefined ? [] : [page.recall]));
  const precision = mean(precisions);
  const recall = mean(recalls);
  return {
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    accuracy: mean(pages.map((page) => (page.exact ? 1 : 0))),
    pages: pages.length,
    emptyPredictions: pages.filter((page) => page.precision === undefined).length,
  };
}

export interface Spread {
  precision: number;
  recall: number;
  f1: number;
  accuracy: number;
}

/**
 * Standard deviation of each figure over bootstrap resamples of the pages, as evaluate.py's "±".
 * Seeded (evaluate.py is not) so a re-run of the same outputs prints the same report.
 */
export function bootstrapSpread(pages: readonly PageOverlap[], resamples = 1000, seed = 1): Spread {
  if (pages.length === 0) return { precision: 0, recall: 0, f1: 0, accuracy: 0 };
  const random = mulberry32(seed);
  const samples: OverlapSummary[] = [];
  for (let round = 0; round < resamples; round++) {
    const resample = Array.from(
      { length: pages.length },
      () => pages[Math.floor(random() * pages.length)] as PageOverlap,
    );
    samples.push(summarise(resample));
  }
  const deviation = (pick: (summary: OverlapSummary) => number) => {
    const values = samples.map(pick);
    const average = mean(values);
    return Math.sqrt(mean(values.map((value) => (value - average) ** 2)));
  };
  return {
    precision: deviation((summary) => summary.precision),
    recall: deviation((summary) => summary.recall),
    f1: deviation((summary) => summary.f1),
    accuracy: deviation((summary) => summary.accuracy),
  };
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}
