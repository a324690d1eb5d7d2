import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ClipResult } from '../../utils/clip';
import { ENGINE_KEY, type InPageClipEngine } from '../../utils/clip';
import { SITE_READERS_KEY } from '../../utils/clip/sites/loading';
import { openCorpusBrowser } from '../browser';
import {
  addPeers,
  buildWithReference,
  ENGINE_SCRIPT,
  PEERS_SCRIPT,
  SITE_READERS_SCRIPT,
} from '../build';
import { listPages, pageFilter } from '../corpus';
import { geometricMean, median } from '../metrics/speed';

/**
 * The engine of the working tree against the engine at another commit, page by page, in one
 * browser: both builds are injected into every page's isolated world next to the baseline
 * (Readability + turndown) and run in turns, so load on the machine hits all three alike. For
 * engine work whose effect is a few per cent: two separate `npm run bench` runs differ by about
 * that much on this machine, while one engine measured against itself this way came out within
 * one per cent of equal over all pages (within about two per cent on a single set).
 *
 *   npx tsx bench/engine/compare.ts [--against HEAD] [--pages <pattern>] [--every 1] [--rounds 5] [--clips 4]
 *
 * --against: the commit to compare with (checked out into a temporary worktree and built there).
 * --every N: every Nth matching page. --clips: clips per timed run, averaged (performance.now()
 * is coarse in an extension's world). Prints, per set, the median and geometric mean of the
 * page-by-page ratio working / reference, each engine's median ratio to the baseline, and the
 * pages whose note (title, metadata or Markdown) differs between the two engines.
 */
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: '../shared/corpus' },
    against: { type: 'string', default: 'HEAD' },
    pages: { type: 'string' },
    every: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '5' },
    clips: { type: 'string', default: '4' },
  },
});
const corpusDir = resolve(values.corpus as string);
const every = Math.max(1, Number(values.every));
const rounds = Math.max(1, Number(values.rounds));
const clips = Math.max(1, Number(values.clips));

/** The reference engine installs itself under this name, so both engines live in one world. */
const REFERENCE_GLOBAL = 'clipdeckReferenceEngine';
const REFERENCE_SCRIPT = 'content-scripts/reference-extract.js';
/** A reference engine's own site readers, when it has them, under a key of their own. */
const REFERENCE_READERS_KEY = 'clipdeckReferenceSiteReaders';
const REFERENCE_READERS_SCRIPT = 'content-scripts/reference-site-readers.js';

type Contender = 'working' | 'reference' | 'baseline';
const CONTENDERS: Contender[] = ['working', 'reference', 'baseline'];

const work = await mkdtemp(join(tmpdir(), 'clipdeck-compare-'));
let removeReference = () => {};
try {
  process.stderr.write(`Building the working tree and ${values.against}…\n`);
  const { extensionDir, referenceDir, remove } = await buildWithReference(
    work,
    values.against as string,
  );
  removeReference = remove;
  const referenceEngine = await readFile(join(referenceDir, ENGINE_SCRIPT), 'utf8');
  if (!referenceEngine.includes(ENGINE_KEY)) {
    throw new Error(`The engine at ${values.against} does not install itself as ${ENGINE_KEY}.`);
  }
  // Each engine finds only its own readers: the reference's, if it has them, under another key.
  const rename = (code: string) =>
    code
      .replaceAll(ENGINE_KEY, REFERENCE_GLOBAL)
      .replaceAll(SITE_READERS_KEY, REFERENCE_READERS_KEY);
  await writeFile(join(extensionDir, REFERENCE_SCRIPT), rename(referenceEngine));
  const referenceReaders = join(referenceDir, SITE_READERS_SCRIPT);
  const files = [ENGINE_SCRIPT, SITE_READERS_SCRIPT, REFERENCE_SCRIPT, PEERS_SCRIPT];
  if (existsSync(referenceReaders)) {
    await writeFile(
      join(extensionDir, REFERENCE_READERS_SCRIPT),
      rename(await readFile(referenceReaders, 'utf8')),
    );
    files.push(REFERENCE_READERS_SCRIPT);
  }
  await addPeers(extensionDir);

  const pages = listPages(corpusDir)
    .filter(pageFilter(values.pages))
    .filter((_, index) => index % every === 0);
  const browser = await openCorpusBrowser({ corpusDir, extensionDir });
  const rows: Array<{ set: string; name: string; ms: Record<Contender, number>; same: boolean }> =
    [];
  try {
    for (const [index, page] of pages.entries()) {
      const tabId = await browser.show(page, files);
      const run = (contender: Contender, count: number) =>
        browser.worker().evaluate(
          async ({ tabId, contender, count, referenceGlobal, engineKey }) => {
            const [injection] = await chrome.scripting.executeScript({
              target: { tabId },
              args: [contender, count, referenceGlobal, engineKey],
              func: (who: string, times: number, reference: string, workingKey: string) => {
                let ms = 0;
                let markdown = '';
                for (let clip = 0; clip < times; clip += 1) {
                  if (who === 'baseline') {
                    const result = globalThis.clipdeckBenchPeers?.run('baseline');
                    ms += result?.ms ?? Number.NaN;
                    markdown = result?.markdown ?? '';
                    continue;
                  }
                  // Engines install under Symbol.for(key) (utils/clip/engine-key.ts); those
                  // before it under a global of that name.
                  const holder = globalThis as unknown as Record<
                    string | symbol,
                    InPageClipEngine | undefined
                  >;
                  const key = who === 'working' ? workingKey : reference;
                  const engine = holder[Symbol.for(key)] ?? holder[key];
                  if (!engine) return { ms: Number.NaN, markdown: 'error: engine missing' };
                  const start = performance.now();
                  // Both engines' site readers are in (files), so each answer is a clip.
                  const result = engine.clip({ mode: 'article' }) as ClipResult;
                  ms += performance.now() - start;
                  // The whole note: its title and metadata as well as its Markdown.
                  markdown = result.ok
                    ? `${result.clip.title}\n${JSON.stringify(result.clip.metadata)}\n${result.clip.markdown}`
                    : `error: ${result.error.code}`;
                }
                return { ms: ms / times, markdown };
              },
            });
            return injection?.result ?? { ms: Number.NaN, markdown: '' };
          },
          { tabId, contender, count, referenceGlobal: REFERENCE_GLOBAL, engineKey: ENGINE_KEY },
        );
      const warmUp = {} as Record<Contender, string>;
      for (const contender of CONTENDERS) warmUp[contender] = (await run(contender, 1)).markdown;
      const times: Record<Contender, number[]> = { working: [], reference: [], baseline: [] };
      for (let round = 0; round < rounds; round += 1) {
        for (let turn = 0; turn < CONTENDERS.length; turn += 1) {
          const contender = CONTENDERS[(round + turn) % CONTENDERS.length] as Contender;
          times[contender].push((await run(contender, clips)).ms);
        }
      }
      const ms = {
        working: median(times.working),
        reference: median(times.reference),
        baseline: median(times.baseline),
      };
      rows.push({ set: page.set, name: page.name, ms, same: warmUp.working === warmUp.reference });
      process.stderr.write(
        `[${index + 1}/${pages.length}] ${page.set}/${page.name}: working ${ms.working.toFixed(2)} ms, reference ${ms.reference.toFixed(2)} ms, baseline ${ms.baseline.toFixed(2)} ms\n`,
      );
    }
  } finally {
    await browser.close();
  }

  const lines = [
    '| pages | n | working / reference (median, geometric mean) | working / baseline | reference / baseline |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const set of ['readability', 'extraction-benchmark', 'defuddle', 'all']) {
    const chosen = rows.filter(
      (row) => (set === 'all' || row.set === set) && row.ms.baseline > 0 && row.ms.reference > 0,
    );
    if (chosen.length === 0) continue;
    const versus = chosen.map((row) => row.ms.working / row.ms.reference);
    lines.push(
      `| ${set} | ${chosen.length} | ${median(versus).toFixed(3)}, ${geometricMean(versus).toFixed(3)} | ${median(chosen.map((row) => row.ms.working / row.ms.baseline)).toFixed(3)} | ${median(chosen.map((row) => row.ms.reference / row.ms.baseline)).toFixed(3)} |`,
    );
  }
  const differing = rows.filter((row) => !row.same).map((row) => `${row.set}/${row.name}`);
  process.stdout.write(
    `${lines.join('\n')}\n\nThe note (title, metadata or Markdown) differs between the two engines on ${differing.length} of ${rows.length} pages${differing.length ? `: ${differing.join(', ')}` : ''}.\n`,
  );
} finally {
  removeReference();
  await rm(work, { recursive: true, force: true });
}
