import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Pieces of the headless clipping command (scripts/clip.ts), kept apart so tests can use them. */

export const AUTOMATION_BUILD_DIR = resolve('.output/chrome-mv3-automation');
export type BrowserName = 'chromium' | 'firefox';
/** `npm run build:automation` and `npm run build:automation:firefox`. */
const AUTOMATION_BUILDS = {
  chromium: { dir: AUTOMATION_BUILD_DIR, args: ['wxt', 'build', '--mode', 'automation'] },
  firefox: {
    dir: resolve('.output/firefox-mv3-automation'),
    args: ['wxt', 'build', '-b', 'firefox', '--mv3', '--mode', 'automation'],
  },
} as const;

export function automationBuildDir(browser: BrowserName): string {
  return AUTOMATION_BUILDS[browser].dir;
}

const SOURCES = ['entrypoints', 'utils', 'components', 'public', 'wxt.config.ts', 'package.json'];

function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestModification(join(path, entry))),
    info.mtimeMs,
  );
}

/** Builds the automation build when it is missing or older than the sources it is built from. */
export function ensureAutomationBuild(
  log: (line: string) => void,
  browser: BrowserName = 'chromium',
): void {
  const { dir, args } = AUTOMATION_BUILDS[browser];
  const manifest = join(dir, 'manifest.json');
  const builtAt = existsSync(manifest) ? statSync(manifest).mtimeMs : 0;
  if (builtAt > Math.max(...SOURCES.map((source) => newestModification(resolve(source))))) return;
  log(`Building the extension (${browser} automation build)…`);
  const build = spawnSync('npx', [...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('Building the extension failed; see the output above.');
}
