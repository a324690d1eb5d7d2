import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

/** What the benchmark injects: the production engine bundle and the two reference pipelines. */
export const BENCH_OUT = resolve('bench/out');
export const EXTENSION_DIR = join(BENCH_OUT, 'extension', 'chrome-mv3-automation');
export const PEERS_BUNDLE = join(BENCH_OUT, 'peers.js');

export class BenchBuildError extends Error {
  override name = 'BenchBuildError';
}

/**
 * Builds the automation build of the extension (see wxt.config.ts) into bench/out/extension, so
 * the figures are always for the current sources and no other build is overwritten.
 */
export function buildExtension(): string {
  const result = spawnSync(
    'npx',
    ['wxt', 'build', '--mode', 'automation', '-c', 'bench/wxt.config.ts'],
    { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
  );
  if (result.status !== 0 || !existsSync(join(EXTENSION_DIR, 'content-scripts', 'extract.js'))) {
    throw new BenchBuildError(
      'Building the extension for the benchmark failed (`npx wxt build --mode automation -c ' +
        'bench/wxt.config.ts`); fix the error below, or pass --no-build to measure the last good build.\n' +
        // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the colour codes of the build's output.
        (result.stderr ?? '').replace(/\u001b\[[0-9;]*m/g, '').slice(-3000),
    );
  }
  return EXTENSION_DIR;
}

/** Bundles Readability + turndown and Defuddle into one script that runs in the page. */
export async function buildPeers(): Promise<string> {
  await build({
    entryPoints: [resolve('bench/pipelines/peers.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    minify: false,
    legalComments: 'none',
    outfile: PEERS_BUNDLE,
    logLevel: 'error',
  });
  return PEERS_BUNDLE;
}
