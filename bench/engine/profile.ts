import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchWithExtension } from '../../scripts/lib/chromium';
import { ENGINE_KEY, type InPageClipEngine } from '../../utils/clip';
import { startCorpusServer } from '../browser';
import { ENGINE_SCRIPT, SITE_READERS_SCRIPT } from '../build';

/**
 * Where the engine spends its time in Chromium: builds the automation build unminified (so the
 * profile names functions), clips each given corpus page `--clips` times in the extension's
 * isolated world under the DevTools CPU profiler, and prints the functions with the largest share
 * of samples, by self time and inclusive of what they call, then the browser's own functions
 * (selector queries, cloning, style checks) by the engine function that called them.
 *
 *   npx tsx bench/engine/profile.ts readability/wikipedia readability/nytimes-1 [--clips 15] [--top 40]
 *   npx tsx bench/engine/profile.ts readability/nytimes-1 --lines removeClutterLines
 *
 * --lines <function> also prints, per page, the source lines of the unminified bundle
 * (/tmp/clipdeck-profile-build/chrome-mv3-automation/content-scripts/extract.js) where that
 * function spent its samples.
 *
 * Pages are named by their corpus folder (`<set>/<page>`, served from source.html) or file.
 * Shares, not milliseconds, are the figures to compare: the profiler slows what it watches.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    corpus: { type: 'string', default: '../shared/corpus' },
    clips: { type: 'string', default: '15' },
    top: { type: 'string', default: '40' },
    lines: { type: 'string' },
  },
});
const corpusDir = resolve(values.corpus as string);
const clips = Number(values.clips);
const top = Number(values.top);
const outDir = '/tmp/clipdeck-profile-build';

const build = spawnSync(
  'npx',
  ['wxt', 'build', '--mode', 'automation', '-c', 'bench/wxt.config.ts'],
  {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, CLIPDECK_BENCH_BUILD_DIR: outDir, CLIPDECK_BENCH_UNMINIFIED: '1' },
  },
);
if (build.status !== 0) process.exit(1);

// The benchmark's own corpus server: same headers (page scripts off, UTF-8), same origin rules.
const server = await startCorpusServer(corpusDir);
const fileOf = (name: string) => (name.endsWith('.html') ? name : join(name, 'source.html'));

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
  /** Samples by source line (1-based) within the function. */
  positionTicks?: Array<{ line: number; ticks: number }>;
}

const extension = await launchWithExtension(join(outDir, 'chrome-mv3-automation'));
const { context } = extension;
await context.route('**/*', (route) =>
  route.request().isNavigationRequest() ? route.continue() : route.abort(),
);
const page = await context.newPage();
const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
// tsx's keepNames wraps functions in a helper the worker does not have.
await worker.evaluate('globalThis.__name ??= (target) => target');
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const byCaller = new Map<string, number>();
let total = 0;

for (const name of positionals) {
  await page.goto(server.urlFor(fileOf(name)), { waitUntil: 'load' });
  const tabId = await worker.evaluate(
    async (url) => (await chrome.tabs.query({})).find((tab) => tab.url === url)?.id,
    page.url(),
  );
  if (tabId === undefined) throw new Error(`No tab shows ${name}.`);
  // The readers too, as the benchmark does: a site's page is profiled with its module reading it.
  await worker.evaluate(
    async ({ tabId, files }) => {
      await chrome.scripting.executeScript({ target: { tabId }, files: files.map((f) => `/${f}`) });
    },
    { tabId, files: [ENGINE_SCRIPT, SITE_READERS_SCRIPT] },
  );
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const msPerClip = await worker.evaluate(
    async ({ tabId, clips, engineKey }) => {
      const [injection] = await chrome.scripting.executeScript({
        target: { tabId },
        args: [clips, engineKey],
        func: (count: number, key: string) => {
          const engine = (globalThis as unknown as Record<symbol, InPageClipEngine | undefined>)[
            Symbol.for(key)
          ];
          const start = performance.now();
          for (let run = 0; run < count; run += 1) engine?.clip({ mode: 'article' });
          return (performance.now() - start) / count;
        },
      });
      return injection?.result;
    },
    { tabId, clips, engineKey: ENGINE_KEY },
  );
  const { profile } = await cdp.send('Profiler.stop');
  if (values.lines) {
    const ticksByLine = new Map<number, number>();
    for (const node of profile.nodes as ProfileNode[]) {
      if (node.callFrame.functionName !== values.lines) continue;
      for (const { line, ticks } of node.positionTicks ?? [])
        ticksByLine.set(line, (ticksByLine.get(line) ?? 0) + ticks);
    }
    const busiest = [...ticksByLine].sort((a, b) => b[1] - a[1]).slice(0, 10);
    console.log(
      `${values.lines} samples by line: ${busiest.map(([l, t]) => `${l}:${t}`).join(' ')}`,
    );
  }
  await cdp.detach();
  console.log(`${name}: ${Number(msPerClip).toFixed(1)} ms per clip (profiled)`);
  const nodes = new Map((profile.nodes as ProfileNode[]).map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of nodes.values())
    for (const child of node.children ?? []) parents.set(child, node.id);
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, index) => {
    const delta = deltas[index] ?? 0;
    total += delta;
    const frame = nodes.get(id)?.callFrame;
    const key = `${frame?.functionName || '(anonymous)'} ${frame?.url.split('/').pop() ?? ''}:${frame?.lineNumber ?? ''}`;
    self.set(key, (self.get(key) ?? 0) + delta);
    // A browser function (no script URL) is charged to the engine function that called it.
    if (frame && !frame.url && frame.functionName && !frame.functionName.startsWith('(')) {
      const caller = nodes.get(parents.get(id) ?? -1)?.callFrame;
      const callerKey = `${frame.functionName} ← ${caller?.functionName || '(anonymous)'}:${caller?.lineNumber ?? ''}`;
      byCaller.set(callerKey, (byCaller.get(callerKey) ?? 0) + delta);
    }
    const seen = new Set<string>();
    for (
      let current: number | undefined = id;
      current !== undefined;
      current = parents.get(current)
    ) {
      const functionName = nodes.get(current)?.callFrame.functionName || '(anonymous)';
      if (seen.has(functionName)) continue;
      seen.add(functionName);
      inclusive.set(functionName, (inclusive.get(functionName) ?? 0) + delta);
    }
  });
}

const print = (title: string, figures: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, time] of [...figures].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((time / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
};
print('Self time', self);
print('Inclusive time', inclusive);
print('Browser functions by caller', byCaller);
await extension.close();
await server.stop();
