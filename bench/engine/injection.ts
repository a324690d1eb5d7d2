import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ENGINE_KEY } from '../../utils/clip';
import { openCorpusBrowser } from '../browser';
import {
  buildWithReference,
  ENGINE_SCRIPT,
  ENGINE_WITH_SITES_SCRIPT,
  SITE_READERS_SCRIPT,
} from '../build';
import { listPages, pageFilter } from '../corpus';
import { geometricMean, median } from '../metrics/speed';

/**
 * What a capture waits for before the engine has read anything: injecting the engine's script
 * into a freshly loaded page (mostly V8 compiling it) and the first clip, when its code runs for
 * the first time; on a page a site module claims, also injecting the site readers and asking
 * again, as the background does (utils/clipper/extract.ts). The working tree against another
 * commit, in one browser, each page loaded afresh for each engine, in alternating order.
 * Figures, not a test.
 *
 *   npx tsx bench/engine/injection.ts [--against HEAD] [--pages <pattern>] [--every 4]
 *                              [--with-sites] [--rounds 1]
 *
 * Prints the medians in ms and the median and geometric mean of the page-by-page ratio working /
 * reference, for the injection and for the injection with the first clip; pages a site module
 * claims apart from the others. --with-sites: the working tree's engine is the one with every
 * site's reader in one script, on every page, as the background injects it on a site's own host
 * (utils/clip/sites/hosts.ts; the corpus is served from another).
 *
 * --rounds N: each page N times over (per page, the median of its rounds). Each engine's file
 * goes into a page loaded afresh for it, but V8 keeps what it compiled for a while: the same file
 * injected into the same page again soon after compiles in about half the time, so more rounds
 * than one flatter every engine alike.
 */
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: '../shared/corpus' },
    against: { type: 'string', default: 'HEAD' },
    pages: { type: 'string' },
    every: { type: 'string', default: '4' },
    'with-sites': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '1' },
  },
});
const withSites = values['with-sites'] === true;
const rounds = Math.max(1, Number(values.rounds));
const corpusDir = resolve(values.corpus as string);
const every = Math.max(1, Number(values.every));

type Contender = 'working' | 'reference';
const SCRIPTS: Record<Contender, { engine: string; readers: string }> = {
  working: {
    engine: withSites ? ENGINE_WITH_SITES_SCRIPT : ENGINE_SCRIPT,
    readers: SITE_READERS_SCRIPT,
  },
  reference: {
    engine: 'content-scripts/reference-extract.js',
    readers: 'content-scripts/reference-site-readers.js',
  },
};

interface Timing {
  inject: number;
  firstClip: number;
  /** Whether the engine asked for the site readers. */
  readers: boolean;
  /** Whether a site module read the page. */
  site: boolean;
}

type Row = Record<Contender, Timing>;

const work = await mkdtemp(join(tmpdir(), 'clipdeck-injection-'));
let removeReference = () => {};
try {
  process.stderr.write(`Building the working tree and ${values.against}…\n`);
  const { extensionDir, referenceDir, remove } = await buildWithReference(
    work,
    values.against as string,
  );
  removeReference = remove;
  // Each engine is alone in its page's world, so the reference keeps its own key.
  await copyFile(join(referenceDir, ENGINE_SCRIPT), join(extensionDir, SCRIPTS.reference.engine));
  if (existsSync(join(referenceDir, SITE_READERS_SCRIPT))) {
    await copyFile(
      join(referenceDir, SITE_READERS_SCRIPT),
      join(extensionDir, SCRIPTS.reference.readers),
    );
  }
  const pages = listPages(corpusDir)
    .filter(pageFilter(values.pages))
    .filter((_, index) => index % every === 0);
  const browser = await openCorpusBrowser({ corpusDir, extensionDir });
  const measure = (tabId: number, contender: Contender): Promise<Timing> =>
    browser.worker().evaluate(
      async ({ tabId, scripts, engineKey }) => {
        const clip = async () => {
          const [answer] = await chrome.scripting.executeScript({
            target: { tabId },
            args: [engineKey],
            func: (key: string) => {
              const holder = globalThis as unknown as Record<
                symbol,
                { clip(request: object): unknown } | undefined
              >;
              return holder[Symbol.for(key)]?.clip({ mode: 'article' });
            },
          });
          return answer?.result as { needs?: string; clip?: { site?: string } } | undefined;
        };
        const start = performance.now();
        await chrome.scripting.executeScript({ target: { tabId }, files: [scripts.engine] });
        const injected = performance.now();
        let answer = await clip();
        const readers = answer?.needs === 'site-readers';
        if (readers) {
          await chrome.scripting.executeScript({ target: { tabId }, files: [scripts.readers] });
          answer = await clip();
        }
        const clipped = performance.now();
        const site = !!answer?.clip?.site;
        return { inject: injected - start, firstClip: clipped - injected, readers, site };
      },
      {
        tabId,
        scripts: {
          engine: `/${SCRIPTS[contender].engine}`,
          readers: `/${SCRIPTS[contender].readers}`,
        },
        engineKey: ENGINE_KEY,
      },
    );
  const rows: Row[] = [];
  try {
    for (const [index, page] of pages.entries()) {
      const runs: Record<Contender, Timing[]> = { working: [], reference: [] };
      for (let round = 0; round < rounds; round += 1) {
        const order: Contender[] =
          (index + round) % 2 ? ['reference', 'working'] : ['working', 'reference'];
        for (const contender of order) {
          runs[contender].push(await measure(await browser.show(page, []), contender));
        }
      }
      const middle = (timings: Timing[]): Timing => ({
        inject: median(timings.map((timing) => timing.inject)),
        firstClip: median(timings.map((timing) => timing.firstClip)),
        readers: timings.some((timing) => timing.readers),
        site: timings.some((timing) => timing.site),
      });
      const row: Row = { working: middle(runs.working), reference: middle(runs.reference) };
      rows.push(row);
      process.stderr.write(
        `[${index + 1}/${pages.length}] ${page.set}/${page.name}: inject ${row.working.inject.toFixed(1)} against ${row.reference.inject.toFixed(1)} ms, first clip ${row.working.firstClip.toFixed(1)} against ${row.reference.firstClip.toFixed(1)} ms${row.working.site ? ` (site ${row.working.readers ? 'readers asked for' : 'read'})` : ''}\n`,
      );
    }
  } finally {
    await browser.close();
  }

  const both = (timing: Timing) => timing.inject + timing.firstClip;
  const lines = [
    '| pages | n | inject, ms (working, reference) | working / reference (median, geometric mean) | inject and first clip, ms | working / reference |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  const groups: Array<[string, typeof rows]> = [
    ['no site claims', rows.filter((row) => !row.working.site)],
    ['a site claims', rows.filter((row) => row.working.site)],
  ];
  for (const [name, chosen] of groups) {
    if (chosen.length === 0) continue;
    const injectRatios = chosen.map((row) => row.working.inject / row.reference.inject);
    const bothRatios = chosen.map((row) => both(row.working) / both(row.reference));
    lines.push(
      `| ${name} | ${chosen.length} | ${median(chosen.map((row) => row.working.inject)).toFixed(1)}, ${median(chosen.map((row) => row.reference.inject)).toFixed(1)} | ${median(injectRatios).toFixed(3)}, ${geometricMean(injectRatios).toFixed(3)} | ${median(chosen.map((row) => both(row.working))).toFixed(1)}, ${median(chosen.map((row) => both(row.reference))).toFixed(1)} | ${median(bothRatios).toFixed(3)}, ${geometricMean(bothRatios).toFixed(3)} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  removeReference();
  await rm(work, { recursive: true, force: true });
}
