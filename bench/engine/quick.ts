import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { JSDOM, VirtualConsole } from 'jsdom';
import { clipDocument } from '../../utils/clip';
import { listPages, pageFilter, readGroundTruth } from '../corpus';
import { parseMarkdown } from '../metrics/markdown';
import {
  clipMetadata,
  METADATA_FIELDS,
  type MetadataScore,
  metadataHalf,
} from '../metrics/metadata';
import { ruleSignature, stripMetadataBlock } from '../metrics/rules';
import { ELEMENT_KINDS, structureOfMarkdown } from '../metrics/structure';
import { summarise } from '../metrics/text-overlap';
import { readTruth, scoreOutput } from '../score';

/**
 * A fast, approximate loop for engine work: the clipdeck engine under jsdom (no browser, no
 * build, no peers, no timing) on a subset of the corpus, with the same scores as `npm run bench`
 * and the reason for every miss. jsdom computes no layout, so visibility rules and a few
 * selectors behave differently from Chromium: confirm any change with `npm run bench`.
 *
 *   npx tsx bench/engine/quick.ts --pages '/^math--/' [--show] [--out /tmp/quick] [--comments none]
 *   npx tsx bench/engine/quick.ts --mode full-page --out /tmp/full
 *
 * --show prints, for each Defuddle fixture that misses, the expected and actual value of every
 * differing signature part; for each Readability page, the expected elements that did not survive.
 */
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: '../shared/corpus' },
    pages: { type: 'string' },
    out: { type: 'string' },
    show: { type: 'boolean', default: false },
    // Site modules' comment depth (none, top-level, all): a Defuddle expected note that leaves a
    // discussion out is scored against what the user gets with `--comments none`.
    comments: { type: 'string' },
    // Full-page clips score poorly by design (they keep the page's chrome); with --out, two
    // runs' Markdown diffed show what a change does to the rules every mode shares.
    mode: { type: 'string', default: 'article' },
  },
});
if (values.mode !== 'article' && values.mode !== 'full-page') {
  console.error('--mode is article or full-page');
  process.exit(2);
}
const corpusDir = resolve(values.corpus as string);
const pages = listPages(corpusDir).filter(pageFilter(values.pages));
let groundTruth: ReturnType<typeof readGroundTruth> | undefined;
const truthOf = () => {
  groundTruth ??= readGroundTruth(corpusDir);
  return groundTruth;
};

const metadataScores: { half: 'even' | 'odd'; score: MetadataScore }[] = [];
const readabilityNames = pages
  .filter((page) => page.set === 'readability')
  .map((page) => page.name);
const overlaps: Record<string, ReturnType<typeof scoreOutput>['text'][]> = {};
const survived: Record<string, { expected: number; survived: number }> = {};
let rulesSame = 0;
let rulesTotal = 0;
/** Per rule family, each fixture it covers and whether it passed (for the tuning/held-out split). */
const families: Record<string, { name: string; passed: boolean }[]> = {};
/** Per rule family, fixtures passing against the audited expected notes (metrics/rules-audit.json). */
const auditedPasses: Record<string, number> = {};
const clip = (t: string) => (t.length > 600 ? `${t.slice(0, 600)}…` : t);

for (const page of pages) {
  const html = readFileSync(join(corpusDir, page.file), 'utf8');
  const parse = (markup: string) =>
    new JSDOM(markup, { url: page.url, virtualConsole: new VirtualConsole() }).window.document;
  let doc: Document;
  try {
    doc = parse(html);
  } catch {
    // jsdom's CSS parser rejects a few stylesheets a browser accepts; jsdom cannot use them anyway.
    try {
      doc = parse(html.replace(/<style\b[\s\S]*?<\/style>/gi, ''));
    } catch (error) {
      console.log(
        `${page.set}/${page.name}: jsdom cannot parse it (${String(error).slice(0, 80)})`,
      );
      continue;
    }
  }
  const result = clipDocument(doc, {
    mode: values.mode as 'article' | 'full-page',
    ...(values.comments && { comments: values.comments as 'none' | 'top-level' | 'all' }),
  });
  const markdown = result.ok ? result.clip.markdown : '';
  if (!result.ok) console.log(`${page.set}/${page.name}: ${result.error.code}`);
  if (values.out) {
    const dir = join(values.out, page.set);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${page.name}.md`), markdown);
  }
  const truth = readTruth(corpusDir, page, truthOf);
  const metadata = result.ok ? clipMetadata(result.clip) : {};
  const score = scoreOutput(truth, markdown, page.url, metadata);
  if (score.metadata && truth.set === 'readability') {
    const scored = score.metadata;
    metadataScores.push({ half: metadataHalf(readabilityNames, page.name), score: scored });
    for (const field of METADATA_FIELDS) {
      if (scored[field] === false)
        console.log(
          `readability/${page.name} ${field}: expected ${JSON.stringify(truth.metadata?.[field])}, got ${JSON.stringify(metadata[field])}`,
        );
    }
  }
  if (score.text) overlaps[page.set] = [...(overlaps[page.set] ?? []), score.text];
  if (score.structure) {
    const missing: string[] = [];
    for (const kind of ELEMENT_KINDS) {
      const s = score.structure[kind];
      const total = survived[kind] ?? { expected: 0, survived: 0 };
      survived[kind] = {
        expected: total.expected + s.expected,
        survived: total.survived + s.survived,
      };
      if (s.survived < s.expected) missing.push(`${kind} ${s.survived}/${s.expected}`);
    }
    if (missing.length) console.log(`readability/${page.name}: ${missing.join(', ')}`);
    if (missing.length && values.show && truth.set === 'readability') {
      const actual = structureOfMarkdown(parseMarkdown(markdown), page.url);
      for (const kind of ELEMENT_KINDS) {
        const have = new Set(actual[kind]);
        const lost = truth.structure[kind].filter((key) => !have.has(key));
        if (lost.length) console.log(`  ${kind} lost: ${clip(JSON.stringify(lost))}`);
      }
    }
  }
  if (score.text && page.set === 'extraction-benchmark') {
    const { precision, recall } = score.text as { precision: number; recall: number };
    if (precision < 0.9 || recall < 0.9) {
      console.log(
        `extraction-benchmark/${page.name}: P ${precision.toFixed(3)} R ${recall.toFixed(3)}`,
      );
    }
  }
  if (score.rules) {
    rulesTotal++;
    for (const [feature, passed] of Object.entries(score.rules.features)) {
      families[feature] = [...(families[feature] ?? []), { name: page.name, passed: !!passed }];
      const fixed = score.rules.audited?.[feature as keyof typeof score.rules.features] ?? passed;
      auditedPasses[feature] = (auditedPasses[feature] ?? 0) + (fixed ? 1 : 0);
    }
    if (score.rules.same) rulesSame++;
    else {
      console.log(`defuddle/${page.name}: ${score.rules.differing.join(', ')}`);
      if (values.show && truth.set === 'defuddle') {
        const actual = ruleSignature(parseMarkdown(markdown));
        const expected = ruleSignature(
          parseMarkdown(
            stripMetadataBlock(
              readFileSync(join(corpusDir, 'defuddle', 'expected', `${page.name}.md`), 'utf8'),
            ),
          ),
        );
        for (const part of score.rules.differing as (keyof typeof actual)[]) {
          console.log(`  ${part} expected: ${clip(JSON.stringify(expected[part]))}`);
          console.log(`  ${part} actual:   ${clip(JSON.stringify(actual[part]))}`);
        }
      }
    }
  }
}

console.log('\nSummary (jsdom, approximate):');
for (const [set, list] of Object.entries(overlaps)) {
  const s = summarise(list as Parameters<typeof summarise>[0]);
  console.log(
    `  ${set} text F1 ${s.f1.toFixed(3)} (P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)})`,
  );
}
for (const [kind, s] of Object.entries(survived)) {
  console.log(
    `  structure ${kind}: ${(s.expected ? s.survived / s.expected : 1).toFixed(3)} (${s.survived}/${s.expected})`,
  );
}
for (const half of ['even', 'odd'] as const) {
  const scores = metadataScores.filter((entry) => entry.half === half).map((entry) => entry.score);
  if (scores.length === 0) continue;
  const sharesOf = (verdicts: Partial<Record<(typeof METADATA_FIELDS)[number], boolean>>[]) =>
    METADATA_FIELDS.map((field) => {
      const scored = verdicts.filter((verdict) => verdict[field] !== undefined);
      const passed = scored.filter((verdict) => verdict[field]).length;
      return `${field} ${passed}/${scored.length}`;
    }).join(', ');
  console.log(`  metadata (${half} half): ${sharesOf(scores)}`);
  console.log(
    `  metadata (${half} half, audited): ${sharesOf(scores.map((score) => score.audited))}`,
  );
}
if (rulesTotal) console.log(`  rules: ${rulesSame}/${rulesTotal} fixtures with the same structure`);
// Each family's fixtures sorted bytewise and split by index: even = tuning half, odd = held-out
// half, so a change tuned on the failures of one half can be checked on the other.
for (const [feature, list] of Object.entries(families)) {
  const sorted = [...list].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const half = (parity: number) => sorted.filter((_, index) => index % 2 === parity);
  const share = (entries: typeof sorted) =>
    `${entries.filter((entry) => entry.passed).length}/${entries.length}`;
  const failing = (entries: typeof sorted) =>
    entries.filter((entry) => !entry.passed).map((entry) => entry.name);
  console.log(
    `  rule family ${feature}: ${share(sorted)} (tuning ${share(half(0))}, held-out ${share(half(1))})`,
  );
  if (failing(half(0)).length) console.log(`    tuning misses: ${failing(half(0)).join(' ')}`);
  console.log(
    `    against the audited expected notes: ${auditedPasses[feature] ?? 0}/${list.length}`,
  );
}
