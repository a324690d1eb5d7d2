import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { JSDOM, VirtualConsole } from 'jsdom';
import { fixtureOptions } from '../../tests/support/fixture-options';
import { clipDocument } from '../../utils/clip';

/**
 * What a site module does when its site changes part of its markup (issue 15: "where a detector
 * matches but the markup has changed, fall back to the generic engine, never to an empty or
 * broken note"). The changed-layout fixtures test one redesign each; sites more often rename one
 * class or test id and keep the rest. This clips every golden fixture of every module (under
 * jsdom) `--drifts` times, each time with a random 5–30% of the attributes modules read
 * (class, id, data-testid, itemprop) removed from random elements, and counts how much of the
 * golden note's prose each clip kept: its lines of 60 characters or more, headers of posts
 * (author · date) left out, as modules and the generic engine write those differently.
 *
 *   npx tsx bench/engine/site-drift.ts [--drifts 12] [--seed 0] [--sites github,x] [--worst 10]
 *
 * Reports the clips that kept less than half of those lines and those that lost any, then the
 * worst clips with who read them (the module, or the generic engine) and what they lost. The
 * drifts are the same from run to run for a given --seed; use another seed to check a change on
 * drifts it was not tuned on.
 */
const { values } = parseArgs({
  options: {
    drifts: { type: 'string', default: '12' },
    seed: { type: 'string', default: '0' },
    sites: { type: 'string' },
    worst: { type: 'string', default: '10' },
  },
});
const SITES = resolve('utils/clip/sites');
const drifts = Math.max(1, Number(values.drifts));
const firstSeed = Number(values.seed);
const onlySites = values.sites?.split(',');
const ATTRIBUTES = ['class', 'class', 'class', 'data-testid', 'id', 'itemprop'];

/** xorshift32: the same drifts for the same seed on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

const plain = (text: string) =>
  text
    .replace(/https?:\S+/g, ' ')
    .replace(/[*_`>#[\]()\\!-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function proseLines(golden: string): string[] {
  return golden
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .split('\n')
    .map(plain)
    .filter((line) => line.length >= 60 && !line.includes(' · '));
}

function drift(doc: Document, next: () => number): void {
  const elements = Array.from(doc.querySelectorAll('[class], [id], [data-testid], [itemprop]'));
  const count = Math.max(1, Math.floor(elements.length * (0.05 + next() * 0.25)));
  for (let index = 0; index < count; index += 1) {
    const element = elements[Math.floor(next() * elements.length)];
    const attribute = ATTRIBUTES[Math.floor(next() * ATTRIBUTES.length)];
    if (element && attribute) element.removeAttribute(attribute);
  }
}

interface Result {
  fixture: string;
  seed: number;
  kept: number;
  reader: string;
  lost: string[];
}

const results: Result[] = [];
const quiet = new VirtualConsole();
for (const site of readdirSync(SITES, { withFileTypes: true })) {
  if (!site.isDirectory() || (onlySites && !onlySites.includes(site.name))) continue;
  const folder = join(SITES, site.name, 'fixtures');
  for (const file of readdirSync(folder).filter(
    (name) => name.endsWith('.html') && !name.startsWith('changed-layout'),
  )) {
    const html = readFileSync(join(folder, file), 'utf8');
    const lines = proseLines(readFileSync(join(folder, file.replace(/\.html$/, '.md')), 'utf8'));
    if (lines.length === 0) continue;
    const options = fixtureOptions(html);
    for (let seed = firstSeed + 1; seed <= firstSeed + drifts; seed += 1) {
      const doc = new JSDOM(html, { url: options.url, virtualConsole: quiet }).window.document;
      drift(doc, random(seed * 7919 + file.length));
      const clip = clipDocument(doc, { mode: 'article', comments: options.comments });
      const text = clip.ok ? plain(clip.clip.markdown) : '';
      const lost = lines.filter((line) => !text.includes(line.slice(0, 60)));
      results.push({
        fixture: `${site.name}/${file}`,
        seed,
        kept: 1 - lost.length / lines.length,
        reader: clip.ok ? (clip.clip.site ?? 'generic engine') : `error ${clip.error.code}`,
        lost,
      });
    }
  }
}

const fixtures = new Set(results.map((result) => result.fixture)).size;
const underHalf = results.filter((result) => result.kept < 0.5);
const lostAny = results.filter((result) => result.kept < 1);
console.log(
  `${results.length} clips (${fixtures} fixtures × ${drifts} drifts, seeds ${firstSeed + 1}–${firstSeed + drifts})`,
);
console.log(`kept less than half of the golden note's prose: ${underHalf.length}`);
console.log(`lost some of it: ${lostAny.length}`);
console.log(
  `mean share kept: ${(results.reduce((sum, r) => sum + r.kept, 0) / results.length).toFixed(3)}`,
);
for (const result of [...results].sort((a, b) => a.kept - b.kept).slice(0, Number(values.worst))) {
  console.log(
    `  ${result.kept.toFixed(2)} ${result.fixture} (seed ${result.seed}, read by ${result.reader}); lost: ${result.lost[0]?.slice(0, 70) ?? ''}`,
  );
}
