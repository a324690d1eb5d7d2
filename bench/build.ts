import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

/** What the benchmark injects: the production engine bundle and the two reference pipelines. */
export const BENCH_OUT = resolve('bench/out');

export class BenchBuildError extends Error {
  override name = 'BenchBuildError';
}

export const ENGINE_SCRIPT = 'content-scripts/extract.js';

/**
 * Builds the automation build of the extension (see wxt.config.ts) into `outDir`, a folder of the
 * run's own, so the figures are always for the current sources and two runs (or a run and a test)
 * never overwrite each other's build. Returns the unpacked extension's folder.
 */
export function buildExtension(outDir: string): string {
  const result = spawnSync(
    'npx',
    ['wxt', 'build', '--mode', 'automation', '-c', 'bench/wxt.config.ts'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      env: { ...process.env, CLIPDECK_BENCH_BUILD_DIR: relative(process.cwd(), outDir) },
    },
  );
  const extensionDir = join(outDir, 'chrome-mv3-automation');
  if (result.status !== 0 || !existsSync(join(extensionDir, ENGINE_SCRIPT))) {
    throw new BenchBuildError(
      'Building the extension for the benchmark failed (`npx wxt build --mode automation -c ' +
        'bench/wxt.config.ts`); fix the error below, or pass --extension <built folder> to measure ' +
        'an existing build.\n' +
        // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the colour codes of the build's output.
        (result.stderr ?? '').replace(/\u001b\[[0-9;]*m/g, '').slice(-3000),
    );
  }
  return extensionDir;
}

export function checkExtension(extensionDir: string): string {
  const dir = resolve(extensionDir);
  if (!existsSync(join(dir, ENGINE_SCRIPT))) {
    throw new BenchBuildError(
      `${dir} has no ${ENGINE_SCRIPT}: pass the folder of an automation build ` +
        '(`npx wxt build --mode automation` makes .output/chrome-mv3-automation).',
    );
  }
  return dir;
}

/** Bundles Readability + turndown and Defuddle into one script (its source) to run in the page. */
export async function buildPeers(): Promise<string> {
  const result = await build({
    entryPoints: [resolve('bench/pipelines/peers.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    legalComments: 'none',
    write: false,
    logLevel: 'error',
  });
  const bundle = result.outputFiles[0];
  if (!bundle) throw new BenchBuildError('Bundling the reference pipelines produced nothing.');
  return bundle.text;
}
