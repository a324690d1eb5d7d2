/**
 * How fast a quick capture lands, and how fast the popup paints (issue 18). Figures, not a test:
 * nothing here passes or fails on time.
 *
 *   npx tsx bench/capture/capture-speed.ts [--extension .output/chrome-mv3-automation] [--clips 20]
 *                                  [--popups 20]
 *
 * Capture: the `clip-page` command's handler, called through the automation hooks as the e2e tests
 * call it (Playwright cannot press an extension's shortcut: Chromium does not route DevTools key
 * events to extension commands), on a served article, until the note is in the local Notes server
 * (its store polled every 5 ms, in this process). Each clip is a new address (`?clip=n`), so no
 * clip is a copy of another. Two states, alternating:
 * - asleep: the service worker is stopped first (CDP `ServiceWorker.stopWorker`, confirmed by its
 *   `stopped` status); the clock starts when an extension page sends a message, the event that
 *   starts the worker again (as the shortcut would), and the handler is called once the worker
 *   runs. "worker start" is the part of it until Chromium reports the worker running.
 * - awake: the worker is running; the clock starts with the handler's call.
 * Between clips the outbox is left to finish (no request to the server for 300 ms).
 *
 * Popup: first contentful paint of popup.html (acting on the article's tab) and of the same page
 * with its scripts taken out (popup-static.html, written into a copy of the build), alternating, in
 * one browser: the page's own skeleton is what paints first, so the two should match.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Worker } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import { startNotesServer } from '../../notes-server';
import { launchWithExtension } from '../../scripts/lib/chromium';
import { startStaticServer } from '../../scripts/lib/static-server';
import { sleep, until, watchWorker } from './worker-status';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}
const EXTENSION = resolve(option('extension', '.output/chrome-mv3-automation'));
const CLIPS = Number(option('clips', '20'));
const POPUPS = Number(option('popups', '20'));

function summary(values: number[]): { median: number; p95: number; min: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const mid = sorted.length / 2;
  const median =
    sorted.length % 2
      ? (sorted[Math.floor(mid)] ?? 0)
      : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return { median, p95: at(0.95) ?? 0, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 };
}

/** The build, copied, with popup-static.html: popup.html without its scripts. */
async function preparedCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'clipdeck-capture-speed-'));
  await cp(EXTENSION, dir, { recursive: true });
  const popup = await readFile(join(dir, 'popup.html'), 'utf8');
  const withoutScripts = popup
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
  await writeFile(join(dir, 'popup-static.html'), withoutScripts);
  return dir;
}

async function main(): Promise<void> {
  const dir = await preparedCopy();
  const notes = await startNotesServer({ decks: [] });
  const site = await startStaticServer(resolve('tests/fixtures/site'));
  const extension = await launchWithExtension(dir);
  const { context, extensionId } = extension;
  const currentWorker = (): Worker => {
    const worker = context.serviceWorkers()[0];
    if (!worker) throw new Error('No service worker');
    return worker;
  };
  try {
    await currentWorker().evaluate(
      (connection) => globalThis.clipdeckAutomation?.configure(connection),
      { baseUrl: notes.baseUrl, apiKey: notes.apiKey },
    );
    // The page that wakes the worker: an extension page with no script of its own, so it sends
    // nothing unless told to.
    const control = await context.newPage();
    await control.goto(`chrome-extension://${extensionId}/popup-static.html`);
    const worker = await watchWorker(control);
    const article = await context.newPage();

    const quiet = async () => {
      let last = -1;
      while (notes.stats().requests !== last) {
        last = notes.stats().requests;
        await sleep(300);
      }
    };

    const times = { asleep: [] as number[], awake: [] as number[], start: [] as number[] };
    for (let n = 0; n < CLIPS * 2; n++) {
      const asleep = n % 2 === 0;
      const url = site.urlFor(`article.html?clip=${n}`);
      await article.goto(url);
      const tab = (await currentWorker().evaluate(
        async (address) => (await chrome.tabs.query({})).find((t) => t.url === address),
        url,
      )) as Browser.tabs.Tab;
      await quiet();
      if (asleep) {
        await worker.cdp.send('ServiceWorker.stopWorker', { versionId: worker.versionId() });
        await until(() => worker.status() === 'stopped', 10_000, 'the worker to stop');
      } else {
        await until(() => worker.status() === 'running', 10_000, 'the worker to run');
      }
      const before = notes.notes().length;
      const start = performance.now();
      if (asleep) {
        void control.evaluate(() => chrome.runtime.sendMessage({ wake: true }).catch(() => {}));
        await until(() => worker.status() === 'running', 30_000, 'the worker to start');
        times.start.push(performance.now() - start);
      }
      const outcome = currentWorker().evaluate(
        ([command, clicked]) => globalThis.clipdeckAutomation?.handleCommand(command, clicked),
        ['clip-page', tab] as const,
      );
      await until(() => notes.notes().length > before, 30_000, 'the note');
      const took = performance.now() - start;
      (asleep ? times.asleep : times.awake).push(took);
      const result = await outcome;
      if (!result?.ok) throw new Error(`Clip ${n} failed: ${JSON.stringify(result)}`);
      process.stderr.write(`${asleep ? 'asleep' : 'awake'} ${n}: ${took.toFixed(0)} ms\n`);
    }

    // The popup, acting on the article's tab, and the same page without scripts, alternating.
    const tabId = (await currentWorker().evaluate(
      async (address) => (await chrome.tabs.query({})).find((t) => t.url === address)?.id,
      article.url(),
    )) as number;
    const paint = { popup: [] as number[], static: [] as number[] };
    for (let n = 0; n < POPUPS * 2; n++) {
      const which = n % 4 === 0 || n % 4 === 3 ? 'popup' : 'static';
      const page = await context.newPage();
      await page.setViewportSize({ width: 380, height: 600 });
      await page.goto(
        `chrome-extension://${extensionId}/${which === 'popup' ? 'popup' : 'popup-static'}.html?tabId=${tabId}`,
      );
      const fcp = await page.evaluate(
        () =>
          new Promise<number>((done) => {
            new PerformanceObserver((list) => {
              const entry = list.getEntriesByName('first-contentful-paint')[0];
              if (entry) done(entry.startTime);
            }).observe({ type: 'paint', buffered: true });
          }),
      );
      paint[which].push(fcp);
      await page.close();
      await quiet();
    }

    const load = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
    const row = (name: string, values: number[]) => {
      const s = summary(values);
      return `| ${name} | ${values.length} | ${s.median.toFixed(0)} | ${s.p95.toFixed(0)} | ${s.min.toFixed(0)} | ${s.max.toFixed(0)} |`;
    };
    const background = (await readFile(join(dir, 'background.js'))).length;
    console.log(`Build: ${EXTENSION} (background.js ${background} B raw); load average ${load}.`);
    console.log('');
    console.log('| measure (ms) | n | median | p95 | min | max |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    console.log(row('shortcut → note stored, worker asleep', times.asleep));
    console.log(row('… of which worker start', times.start));
    console.log(row('shortcut → note stored, worker awake', times.awake));
    console.log(row('popup.html first contentful paint', paint.popup));
    console.log(row('same page without scripts, FCP', paint.static));
  } finally {
    await extension.close();
    await notes.stop();
    await site.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
