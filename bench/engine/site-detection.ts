import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { JSDOM, VirtualConsole } from 'jsdom';
import { clipDocument } from '../../utils/clip';
import { detectSite, SITE_MODULES } from '../../utils/clip/sites';
import { listPages, pageFilter } from '../corpus';

/**
 * What asking the site modules costs on pages they do not claim (issue 15: "site detection must
 * cost next to nothing"): per corpus page, the time of `detectSite` (every module's detector)
 * next to the time of a whole article clip, under jsdom. jsdom's selector engine is slower than
 * Chromium's, so read the share, not the milliseconds.
 *
 *   npx tsx bench/engine/site-detection.ts [--pages <pattern>] [--every 3] [--rounds 20]
 */
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: '../shared/corpus' },
    pages: { type: 'string' },
    every: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '20' },
  },
});
const corpusDir = resolve(values.corpus as string);
const every = Math.max(1, Number(values.every));
const rounds = Math.max(1, Number(values.rounds));
const pages = listPages(corpusDir)
  .filter(pageFilter(values.pages))
  .filter((_, index) => index % every === 0);

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const shares: number[] = [];
const detectTimes: number[] = [];
const claimed: string[] = [];
for (const page of pages) {
  let doc: Document;
  try {
    const html = readFileSync(join(corpusDir, page.file), 'utf8').replace(
      /<style\b[\s\S]*?<\/style>/gi,
      '',
    );
    doc = new JSDOM(html, { url: page.url, virtualConsole: new VirtualConsole() }).window.document;
  } catch {
    continue;
  }
  const site = detectSite(doc);
  if (site) {
    claimed.push(`${page.set}/${page.name} → ${site.id}`);
    continue;
  }
  const started = performance.now();
  for (let round = 0; round < rounds; round += 1) detectSite(doc);
  const detect = (performance.now() - started) / rounds;
  const clipStarted = performance.now();
  clipDocument(doc, { mode: 'article' });
  const clip = performance.now() - clipStarted;
  detectTimes.push(detect);
  shares.push(detect / clip);
}

console.log(`${SITE_MODULES.length} site modules; ${shares.length} unclaimed pages measured`);
console.log(`detection: median ${median(detectTimes).toFixed(3)} ms per page`);
console.log(
  `share of an article clip: median ${(median(shares) * 100).toFixed(2)}%, max ${(Math.max(...shares) * 100).toFixed(2)}%`,
);
console.log(`claimed (not measured):\n  ${claimed.join('\n  ') || '(none)'}`);
