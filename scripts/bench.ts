import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { BenchBuildError, CorpusError, runBench } from '../bench';

/**
 * `npm run bench -- [--corpus <dir>] [--pages <pattern>] [--out <dir>] [--runs N]
 *   [--results <dir>] [--extension <dir>]`; see bench/README.md.
 */
const USAGE = `Usage: npm run bench -- [options]
  --corpus <dir>     corpus folder (default ../shared/corpus); any subset of its three sets
  --pages <pattern>  only pages whose name matches: substring, glob (* ?) or /regex/; comma-separated
  --out <dir>        write every output as <dir>/<pipeline>/<set>/<page>.md
  --runs <N>         timed runs per pipeline and page, after one warm-up (default 5)
  --results <dir>    where results.md and results.json go (default bench/out; use bench to update
                     the committed figures)
  --extension <dir>  measure this automation build (e.g. .output/chrome-mv3-automation) instead
                     of building the current sources`;

const Options = z.object({
  corpus: z.string().default('../shared/corpus'),
  pages: z.string().optional(),
  out: z.string().optional(),
  runs: z.coerce.number().int().min(1).max(100).default(5),
  results: z.string().default('bench/out'),
  extension: z.string().optional(),
  help: z.boolean().default(false),
});

async function main(): Promise<number> {
  let parsed: z.infer<typeof Options>;
  try {
    const { values } = parseArgs({
      options: {
        corpus: { type: 'string' },
        pages: { type: 'string' },
        out: { type: 'string' },
        runs: { type: 'string' },
        results: { type: 'string' },
        extension: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    parsed = Options.parse(values);
  } catch (error) {
    const reason = error instanceof z.ZodError ? z.prettifyError(error) : String(error);
    process.stderr.write(`${reason}\n\n${USAGE}\n`);
    return 2;
  }
  if (parsed.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    const { summaryText } = await runBench({
      corpusDir: parsed.corpus,
      pages: parsed.pages,
      outDir: parsed.out && resolve(parsed.out),
      resultsDir: resolve(parsed.results),
      runs: parsed.runs,
      extensionDir: parsed.extension,
      log: (line) => process.stderr.write(`${line}\n`),
    });
    process.stdout.write(
      `${summaryText}\n\nFull report: ${parsed.results}/results.md; per page: ${parsed.results}/results.json\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof CorpusError || error instanceof BenchBuildError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
