import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize, resolve, sep } from 'node:path';
import type { Page, Route, Worker } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension } from '../scripts/lib/chromium';
import { type ClipResult, ENGINE_KEY, type InPageClipEngine } from '../utils/clip';
import { ENGINE_SCRIPT, PEERS_SCRIPT, SITE_READERS_SCRIPT } from './build';
import type { CorpusPage } from './corpus';
import type { PageMetadata } from './metrics/metadata';
import type { PeerName, SingleRun } from './pipelines/peers';

export const PIPELINES = ['clipdeck', 'baseline', 'defuddle'] as const;
export type PipelineName = (typeof PIPELINES)[number];

export interface PipelineRun {
  /** The content Markdown ('' when the pipeline failed or found nothing). */
  markdown: string;
  /** The warm-up run's page metadata (title, byline, site, date, language). */
  metadata?: PageMetadata;
  /** Engine time of each timed run, after the warm-up, in milliseconds. */
  timesMs: number[];
  /** The warm-up run: what the first clip on a freshly loaded page costs. */
  coldMs: number;
  error?: string;
}

export interface PageRun {
  pipelines: Record<PipelineName, PipelineRun>;
  /** The clipdeck engine changed the live page it clipped (it must work on a copy). */
  clipdeckChangedPage: boolean;
}

/**
 * The corpus over loopback. Every response forbids page scripts: the saved pages were captured
 * with JavaScript off (the extraction benchmark's with Splash, JS disabled; Readability's and
 * Defuddle's tests parse without running scripts), and running their scripts offline would
 * rewrite the DOM differently on every load. Extension scripts and DevTools evaluation are not
 * subject to the page's CSP, so the pipelines still run.
 */
export async function startCorpusServer(corpusDir: string) {
  const root = resolve(corpusDir);
  const server = createServer(async (request, response) => {
    const path = normalize(
      join(root, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)),
    );
    const info = path.startsWith(root + sep) ? await stat(path).catch(() => undefined) : undefined;
    if (!info?.isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      // The corpus is UTF-8 throughout, including qq's page that declares gb2312.
      'content-type': 'text/html; charset=utf-8',
      'content-length': info.size,
      'content-security-policy': "script-src 'none'",
      'cache-control': 'no-store',
    });
    createReadStream(path).pipe(response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    urlFor: (file: string) => `${origin}/${file.split(sep).map(encodeURIComponent).join('/')}`,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

export interface BenchBrowser {
  chromiumVersion: string;
  runPage(page: CorpusPage, runs: number): Promise<PageRun>;
  close(): Promise<void>;
}

export class PageTimeoutError extends Error {
  override name = 'PageTimeoutError';
}

/** A Chromium with the extension loaded, showing corpus pages in one tab (openCorpusBrowser). */
export interface CorpusBrowser {
  chromiumVersion: string;
  /** The extension's service worker: code evaluated there drives `chrome.scripting` in the tab. */
  worker(): Worker;
  /**
   * Shows the page in the browser's one tab and injects these files of the loaded extension into
   * its isolated world (none: the page alone); returns the tab's id.
   */
  show(page: CorpusPage, files: string[]): Promise<number>;
  /** Closes the tab (a hung or crashed page): the next page opens a new one. */
  dropTab(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One Chromium with the extension loaded and one tab, reused page after page. Only the page's own
 * navigation is answered (from the corpus server); every other request is aborted, so pages load
 * offline and fast. The benchmark and bench/engine/compare.ts drive their pipelines through it.
 */
/**
 * The corpus server's answer; a connection reset is tried again (twice): under load, Node's
 * server can close a kept-alive socket just as the browser reuses it, and one lost page must not
 * end a run of hundreds.
 */
async function fetchWithRetry(route: Route, url: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await route.fetch({ url });
    } catch (error) {
      if (attempt >= 3 || !/ECONNRESET|socket hang up/.test(String(error))) throw error;
    }
  }
}

export async function openCorpusBrowser(options: {
  corpusDir: string;
  /** The extension to load, with the bundles the caller injects already in its folder. */
  extensionDir: string;
}): Promise<CorpusBrowser> {
  const server = await startCorpusServer(options.corpusDir);
  const extension: ExtensionBrowser = await launchWithExtension(options.extensionDir);
  const { context } = extension;

  let pendingNavigation: CorpusPage | undefined;
  await context.route('**/*', async (route) => {
    const request = route.request();
    const current = pendingNavigation;
    if (current && request.isNavigationRequest() && request.frame().parentFrame() === null) {
      // Only the first main-frame navigation gets the page: a meta refresh must not reload it.
      pendingNavigation = undefined;
      await route.fulfill({ response: await fetchWithRetry(route, server.urlFor(current.file)) });
      return;
    }
    await route.abort('blockedbyclient');
  });

  const currentWorker = (): Worker => {
    const worker = context.serviceWorkers()[0];
    if (!worker) throw new Error('The extension service worker is gone.');
    return worker;
  };
  let tab: { page: Page; id: number } | undefined;
  const openTab = async (firstUrl: string) => {
    const page = await context.newPage();
    await page.goto(firstUrl, { waitUntil: 'load', timeout: 30_000 });
    const id = await currentWorker().evaluate(async (url) => {
      const tabs = await chrome.tabs.query({});
      return tabs.find((candidate) => candidate.url === url)?.id;
    }, page.url());
    if (id === undefined) throw new Error(`Chromium shows no tab at ${page.url()}.`);
    return { page, id };
  };

  const versionPage = await context.newPage();
  const chromiumVersion = `Chromium ${await versionPage.evaluate(() => /Chrome\/([\d.]+)/.exec(navigator.userAgent)?.[1] ?? '?')}`;
  await versionPage.close();

  return {
    chromiumVersion,
    worker: currentWorker,
    async show(corpusPage, files) {
      pendingNavigation = corpusPage;
      if (!tab) {
        tab = await openTab(corpusPage.url);
      } else {
        await tab.page.goto(corpusPage.url, { waitUntil: 'load', timeout: 30_000 });
      }
      const worker = currentWorker();
      // tsx compiles these files with esbuild's keepNames, which wraps functions in a `__name`
      // helper that does not exist in the worker the function is sent to.
      await worker.evaluate('globalThis.__name ??= (target) => target');
      if (files.length > 0) {
        await worker.evaluate(
          async ({ tabId, files }) => {
            await chrome.scripting.executeScript({ target: { tabId }, files });
          },
          { tabId: tab.id, files: files.map((file) => `/${file}`) },
        );
      }
      return tab.id;
    },
    async dropTab() {
      const stale = tab;
      tab = undefined;
      await stale?.page.close().catch(() => undefined);
    },
    async close() {
      await extension.close();
      await server.stop();
    },
  };
}

/**
 * The benchmark's browser: every page shown with the engine and the reference pipelines, both
 * files of the loaded extension, injected into the extension's isolated world, so every pipeline
 * runs where an extension built on it runs it.
 */
export async function openBenchBrowser(options: {
  corpusDir: string;
  /** The extension to load, with the reference pipelines' bundle added (see addPeers). */
  extensionDir: string;
  pageTimeoutMs?: number;
}): Promise<BenchBrowser> {
  const pageTimeoutMs = options.pageTimeoutMs ?? 90_000;
  const browser = await openCorpusBrowser(options);
  const currentWorker = browser.worker;

  const runPeer = async (tabId: number, name: PeerName): Promise<SingleRun> => {
    const run = await currentWorker().evaluate(
      async ({ tabId, name }) => {
        const [injection] = await chrome.scripting.executeScript({
          target: { tabId },
          args: [name],
          // The same isolated world as the engine; the fresh copy is made inside run(), outside
          // its timed region.
          func: (peer: PeerName) => globalThis.clipdeckBenchPeers?.run(peer) ?? null,
        });
        return injection?.result ?? null;
      },
      { tabId, name },
    );
    return (
      run ?? { markdown: '', ms: Number.NaN, error: 'the reference pipelines were not injected' }
    );
  };

  const runClipdeck = async (
    tabId: number,
    checkPage: boolean,
  ): Promise<SingleRun & { changed: boolean }> => {
    const run = await currentWorker().evaluate(
      async ({ tabId, checkPage, engineKey }) => {
        const [injection] = await chrome.scripting.executeScript({
          target: { tabId },
          args: [checkPage, engineKey],
          // Runs in the extension's isolated world, like a real clip. The engine is handed the live
          // document (its public call takes no document) and must copy it itself; the check
          // catches it if it does not.
          func: (check: boolean, key: string) => {
            const engine = (globalThis as unknown as Record<symbol, InPageClipEngine | undefined>)[
              Symbol.for(key)
            ];
            if (!engine) return { markdown: '', ms: 0, error: 'engine missing', changed: false };
            const before = check ? document.documentElement.outerHTML : '';
            const start = performance.now();
            // The readers are in (SITE_READERS_SCRIPT), so the answer is a clip.
            const result = engine.clip({ mode: 'article' }) as ClipResult;
            const ms = performance.now() - start;
            const changed = check && document.documentElement.outerHTML !== before;
            const meta = result.ok ? result.clip.metadata : undefined;
            return result.ok
              ? {
                  markdown: result.clip.markdown,
                  // As clipMetadata (bench/metrics/metadata.ts) reads it; inlined, since this
                  // function is serialised into the page.
                  metadata: {
                    title: meta?.title,
                    byline: meta?.author,
                    siteName: meta?.siteName,
                    published: meta?.published,
                    lang: meta?.language,
                  },
                  ms,
                  changed,
                }
              : { markdown: '', ms, changed, error: result.error.code };
          },
        });
        return injection?.result;
      },
      { tabId, checkPage, engineKey: ENGINE_KEY },
    );
    return (
      run ?? {
        markdown: '',
        ms: Number.NaN,
        error: 'the engine injection returned nothing',
        changed: false,
      }
    );
  };

  /**
   * One warm-up round, then `runs` timed rounds in which the three pipelines take turns (starting
   * with a different one each round), so a burst of load from other processes on the machine hits
   * all three alike and the page-by-page ratios stay fair.
   */
  const runPage = async (corpusPage: CorpusPage, runs: number): Promise<PageRun> => {
    const id = await browser.show(corpusPage, [ENGINE_SCRIPT, SITE_READERS_SCRIPT, PEERS_SCRIPT]);
    const once = (pipeline: PipelineName): Promise<SingleRun> =>
      pipeline === 'clipdeck' ? runClipdeck(id, false) : runPeer(id, pipeline);

    // The engine warms up last, checking the live page: if it changed the page, the peers' warm-up
    // outputs are still clean, and the change is reported.
    const baselineWarmUp = await once('baseline');
    const defuddleWarmUp = await once('defuddle');
    const clipdeckWarmUp = await runClipdeck(id, true);
    const outputs = {} as Record<PipelineName, PipelineRun>;
    const warmUps: Record<PipelineName, SingleRun> = {
      baseline: baselineWarmUp,
      defuddle: defuddleWarmUp,
      clipdeck: clipdeckWarmUp,
    };
    for (const pipeline of PIPELINES) {
      const { markdown, metadata, ms, error } = warmUps[pipeline];
      outputs[pipeline] = {
        markdown,
        metadata,
        coldMs: ms,
        timesMs: [],
        ...(error ? { error } : {}),
      };
    }
    for (let round = 0; round < runs; round++) {
      for (let turn = 0; turn < PIPELINES.length; turn++) {
        const pipeline = PIPELINES[(round + turn) % PIPELINES.length] as PipelineName;
        const run = await once(pipeline);
        outputs[pipeline].timesMs.push(run.ms);
        if (run.error) outputs[pipeline].error ??= run.error;
      }
    }
    return { pipelines: outputs, clipdeckChangedPage: clipdeckWarmUp.changed };
  };

  return {
    chromiumVersion: browser.chromiumVersion,
    async runPage(corpusPage, runs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new PageTimeoutError(
                `${corpusPage.set}/${corpusPage.name} took over ${pageTimeoutMs / 1000} s`,
              ),
            ),
          pageTimeoutMs,
        );
      });
      try {
        return await Promise.race([runPage(corpusPage, runs), timeout]);
      } catch (error) {
        // A hung or crashed tab is replaced, so one bad page cannot stall the rest of the run.
        await browser.dropTab();
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => browser.close(),
  };
}
