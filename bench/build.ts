import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, symlink } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

/** What the benchmark injects: the production engine bundle and the two reference pipelines. */
export const BENCH_OUT = resolve('bench/out');

export class BenchBuildError extends Error {
  override name = 'BenchBuildError';
}

export const ENGINE_SCRIPT = 'content-scripts/extract.js';
/**
 * The site modules' readers, which the extension injects after the engine only on pages a site
 * claims (utils/clip/sites/loading.ts). The benchmark injects them on every page, before it
 * times anything: what it times is the clip, the same with them or without.
 */
export const SITE_READERS_SCRIPT = 'content-scripts/site-readers.js';
/** The engine with every site's reader, which the extension injects on a site's own host. */
export const ENGINE_WITH_SITES_SCRIPT = 'content-scripts/extract-sites.js';
/** The reference pipelines' bundle, added to the bench's own copy of the extension. */
export const PEERS_SCRIPT = 'bench/peers.js';

/**
 * Builds the automation build of the extension (see wxt.config.ts) from `sourceDir` (the working
 * tree unless another checkout is given) into `outDir`, a folder of the run's own, so the figures
 * are always for those sources and two runs (or a run and a test) never overwrite each other's
 * build. Returns the unpacked extension's folder.
 */
export function buildExtension(outDir: string, sourceDir = process.cwd()): string {
  const result = spawnSync(
    'npx',
    ['wxt', 'build', '--mode', 'automation', '-c', 'bench/wxt.config.ts'],
    {
      cwd: sourceDir,
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      env: { ...process.env, CLIPDECK_BENCH_BUILD_DIR: relative(sourceDir, outDir) },
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

/**
 * The working tree's build and the build of the commit `against`, checked out into a worktree
 * under `work` (its packages linked from this one) and built there: what bench/engine/compare.ts and
 * bench/engine/injection.ts set side by side. `remove` takes the worktree away again.
 */
export async function buildWithReference(
  work: string,
  against: string,
): Promise<{ extensionDir: string; referenceDir: string; remove(): void }> {
  const checkout = join(work, 'reference-source');
  const remove = () => {
    if (existsSync(checkout)) {
      execFileSync('git', ['worktree', 'remove', '--force', checkout], { stdio: 'ignore' });
    }
  };
  try {
    execFileSync('git', ['worktree', 'add', '--detach', checkout, against], { stdio: 'ignore' });
    await symlink(resolve('node_modules'), join(checkout, 'node_modules'), 'dir');
    const extensionDir = buildExtension(join(work, 'working-build'));
    const referenceDir = buildExtension(join(work, 'reference-build'), checkout);
    return { extensionDir, referenceDir, remove };
  } catch (error) {
    remove();
    throw error;
  }
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

/**
 * Copies a given automation build (`--extension`) into `outDir`, so the reference pipelines can be
 * added to it without touching the original. Returns the copy's folder.
 */
export async function copyExtension(extensionDir: string, outDir: string): Promise<string> {
  const copy = join(outDir, 'chrome-mv3-automation');
  await cp(checkExtension(extensionDir), copy, { recursive: true });
  return copy;
}

/**
 * Bundles Readability + turndown and Defuddle into one script, written into the bench's own
 * extension folder (a temporary build or copy, before the browser loads it) as PEERS_SCRIPT, so
 * the service worker injects it into the extension's isolated world the way it injects the engine.
 */
export async function addPeers(extensionDir: string): Promise<void> {
  const result = await build({
    entryPoints: [resolve('bench/pipelines/peers.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    legalComments: 'none',
    outfile: join(extensionDir, PEERS_SCRIPT),
    write: true,
    logLevel: 'error',
  });
  if (result.errors.length > 0 || !existsSync(join(extensionDir, PEERS_SCRIPT))) {
    throw new BenchBuildError('Bundling the reference pipelines produced nothing.');
  }
}
