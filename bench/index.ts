import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BenchBrowser, openBenchBrowser, PIPELINES, type PipelineName } from './browser';
import { addPeers, buildExtension, copyExtension } from './build';
import { type GroundTruth, listPages, pageFilter, readGroundTruth } from './corpus';
import { median, percentile } from './metrics/speed';
import { renderReport, renderSummary, type Summary, summariseResults } from './report';
import type { BenchResults, PageResult, PipelineResult } from './results';
import { readTruth, scoreOutput } from './score';

export { BenchBuildError } from './build';
export { CorpusError } from './corpus';
export type { Summary } from './report';
export type { BenchResults, PageResult } from './results';

/**
 * `npm run bench`: runs the three pipelines on every corpus page in one Chromium, scores their
 * Markdown against the expected outputs and writes the report. See bench/README.md.
 */
export interface BenchOptions {
  corpusDir: string;
  /** `--pages`: see pageFilter in corpus.ts. */
  pages?: string;
  /** `--out`: every pipeline's Markdown as `<outDir>/<pipeline>/<set>/<page>.md`. */
  outDir?: string;
  /** Where results.md and results.json are written. */
  resultsDir: string;
  /** Timed runs per pipeline and page, after one warm-up. */
  runs: number;
  /**
   * A built automation build to measure; by default the current sources are built first, into a
   * folder of this run's own.
   */
  extensionDir?: string;
  log(line: string): void;
}

export interface BenchOutcome {
  results: BenchResults;
  summary: Summary;
  /** The headline tables, as printed. */
  summaryText: string;
}

export async function runBench(options: BenchOptions): Promise<BenchOutcome> {
  const corpusDir = resolve(options.corpusDir);
  const pages = listPages(corpusDir).filter(pageFilter(options.pages));
  if (pages.length === 0) {
    throw new Error(
      `No corpus page matches ${options.pages ? `--pages ${options.pages}` : 'in the corpus'} under ${corpusDir}.`,
    );
  }
  const startedAt = new Date();
  const loadAtStart = loadavg()[0] ?? 0;
  // Read before the build, which is what gets measured: commits made during a run come later.
  const commit = describeCommit();
  // A folder of this run's own: the fresh build (or a copy of --extension) plus the peers' bundle.
  const buildDir = await mkdtemp(join(tmpdir(), 'clipdeck-bench-build-'));
  let browser: BenchBrowser | undefined;
  const results: PageResult[] = [];
  try {
    options.log('Building the extension and the reference pipelines…');
    const extensionDir = options.extensionDir
      ? await copyExtension(options.extensionDir, buildDir)
      : buildExtension(buildDir);
    await addPeers(extensionDir);
    let groundTruth: GroundTruth | undefined;
    const truthOf = () => {
      groundTruth ??= readGroundTruth(corpusDir);
      return groundTruth;
    };

    browser = await openBenchBrowser({ corpusDir, extensionDir });
    for (const [index, page] of pages.entries()) {
      const result: PageResult = {
        set: page.set,
        name: page.name,
        url: page.url,
        bytes: page.bytes,
      };
      results.push(result);
      try {
        const run = await browser.runPage(page, options.runs);
        const truth = readTruth(corpusDir, page, truthOf);
        const scored = {} as Record<PipelineName, PipelineResult>;
        for (const pipeline of PIPELINES) {
          const output = run.pipelines[pipeline];
          scored[pipeline] = {
            chars: output.markdown.length,
            medianMs: median(output.timesMs),
            p95Ms: percentile(output.timesMs, 0.95),
            coldMs: output.coldMs,
            timesMs: output.timesMs.map((time) => Math.round(time * 100) / 100),
            ...(output.error ? { error: output.error } : {}),
            ...scoreOutput(truth, output.markdown, page.url, output.metadata),
          };
          if (options.outDir) {
            const dir = join(options.outDir, pipeline, page.set);
            await mkdir(dir, { recursive: true });
            await writeFile(join(dir, `${page.name}.md`), output.markdown);
          }
        }
        result.pipelines = scored;
        result.clipdeckChangedPage = run.clipdeckChangedPage;
        options.log(
          `[${index + 1}/${pages.length}] ${page.set}/${page.name}: ${PIPELINES.map((pipeline) => `${pipeline} ${scored[pipeline].medianMs.toFixed(1)} ms`).join(', ')}`,
        );
      } catch (error) {
        result.error = error instanceof Error ? error.message : String(error);
        options.log(
          `[${index + 1}/${pages.length}] ${page.set}/${page.name}: FAILED ${result.error}`,
        );
      }
    }
  } finally {
    await browser?.close();
    await rm(buildDir, { recursive: true, force: true });
  }

  const benchResults: BenchResults = {
    run: {
      startedAt: startedAt.toISOString(),
      durationS: (Date.now() - startedAt.getTime()) / 1000,
      runs: options.runs,
      corpus: options.corpusDir,
      pages: options.pages,
      chromium: browser?.chromiumVersion ?? 'Chromium',
      loadAverage: [loadAtStart, loadavg()[0] ?? 0],
      cores: cpus().length,
      commit,
    },
    pages: results,
  };
  const summary = summariseResults(benchResults);
  await mkdir(options.resultsDir, { recursive: true });
  await writeFile(join(options.resultsDir, 'results.md'), renderReport(benchResults, summary));
  await writeFile(join(options.resultsDir, 'results.json'), serialiseResults(benchResults));
  return { results: benchResults, summary, summaryText: renderSummary(summary) };
}

/** One page per line, so a re-run's diff shows which pages changed. */
function serialiseResults(results: BenchResults): string {
  const pages = results.pages.map((page) => JSON.stringify(page, roundFigures)).join(',\n');
  return `{"run": ${JSON.stringify(results.run, roundFigures)},\n"pages": [\n${pages}\n]}\n`;
}

/** Four decimals are plenty for ratios and milliseconds, and keep results.json readable. */
function roundFigures(_key: string, value: unknown): unknown {
  return typeof value === 'number' && !Number.isInteger(value)
    ? Math.round(value * 10_000) / 10_000
    : value;
}

function describeCommit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync(
      'git',
      ['status', '--porcelain', '--', 'utils', 'entrypoints', 'wxt.config.ts', 'package.json'],
      { encoding: 'utf8' },
    ).trim();
    return dirty ? `${head} + uncommitted engine changes` : head;
  } catch {
    return 'unknown';
  }
}
