import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { BackgroundScope } from './clip-browser';
import { type StaticServer, startStaticServer } from './static-server';

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

/**
 * Turns the command's arguments into URLs Chromium can open with the extension allowed in:
 * http(s) URLs stay as they are; local HTML files are served over loopback, because extensions
 * cannot script file:// pages without a setting the user must switch on by hand.
 */
export async function resolveTargets(
  args: string[],
): Promise<{ urls: string[]; servers: StaticServer[] }> {
  const servers = new Map<string, StaticServer>();
  const urls: string[] = [];
  for (const arg of args) {
    if (/^https?:\/\//i.test(arg)) {
      urls.push(arg);
      continue;
    }
    const path = resolve(arg);
    if (!existsSync(path)) {
      throw new Error(`${arg} is neither an http(s) URL nor a file that exists.`);
    }
    const folder = dirname(path);
    let server = servers.get(folder);
    if (!server) {
      server = await startStaticServer(folder);
      servers.set(folder, server);
    }
    urls.push(server.urlFor(encodeURIComponent(basename(path))));
  }
  return { urls, servers: [...servers.values()] };
}

export async function tabIdForUrl(
  worker: BackgroundScope,
  url: string,
): Promise<number | undefined> {
  return worker.evaluate(async (pageUrl) => {
    const tabs = await chrome.tabs.query({});
    return tabs.find((tab) => tab.url === pageUrl)?.id;
  }, url);
}
