/**
 * What a wake of the service worker costs when it only has to mark the toolbar (issue 18): the
 * commonest wake, a tab brought to the front. Figures, not a test: nothing here passes or fails.
 *
 *   npx tsx bench/capture/worker-wake.ts <automation build> [<another build> …] [--wakes 20]
 *
 * Each build in its own Chromium, the builds taking turns round by round, so load on the machine
 * falls on all alike. A wake: the worker is stopped (CDP `ServiceWorker.stopWorker`, confirmed by
 * its `stopped` status), another tab is brought to the front, and the clock runs until Chromium
 * reports the worker running (its top-level script has run by then). Then, once the worker has been
 * idle for 500 ms, its JS heap is read through the DevTools protocol (`Runtime.getHeapUsage`; a
 * worker target has no Performance domain).
 */
import { parseArgs } from 'node:util';
import type { CDPSession, Page } from '@playwright/test';
import { launchWithExtension } from '../../scripts/lib/chromium';
import { startStaticServer } from '../../scripts/lib/static-server';
import { median } from '../metrics/speed';
import { sleep, until, watchWorker } from './worker-status';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { wakes: { type: 'string', default: '20' } },
});
const WAKES = Number(values.wakes);
if (positionals.length === 0) throw new Error('Name at least one automation build.');

/** Sends a DevTools command to the running worker (a fresh target after every start). */
async function askWorker(
  cdp: CDPSession,
  extensionId: string,
  method: string,
): Promise<Record<string, unknown>> {
  const { targetInfos } = await cdp.send('Target.getTargets');
  const target = targetInfos.find(
    (info) =>
      info.type === 'service_worker' && info.url.startsWith(`chrome-extension://${extensionId}/`),
  );
  if (!target) throw new Error('the extension has no running service worker');
  const { sessionId } = await cdp.send('Target.attachToTarget', {
    targetId: target.targetId,
    flatten: false,
  });
  const answer = new Promise<Record<string, unknown>>((resolve) => {
    const listener = (event: { sessionId: string; message: string }) => {
      if (event.sessionId !== sessionId) return;
      const message = JSON.parse(event.message) as { id?: number; result?: unknown };
      if (message.id !== 2) return;
      cdp.off('Target.receivedMessageFromTarget', listener);
      resolve(message.result as Record<string, unknown>);
    };
    cdp.on('Target.receivedMessageFromTarget', listener);
  });
  await cdp.send('Target.sendMessageToTarget', {
    sessionId,
    message: JSON.stringify({ id: 2, method }),
  });
  const result = await answer;
  await cdp.send('Target.detachFromTarget', { sessionId });
  return result;
}

interface Run {
  build: string;
  close: () => Promise<void>;
  extensionId: string;
  worker: Awaited<ReturnType<typeof watchWorker>>;
  tabs: [Page, Page];
  startMs: number[];
  heapMb: number[];
}

async function open(build: string, pageUrl: string): Promise<Run> {
  const { context, extensionId, close } = await launchWithExtension(build);
  const first = await context.newPage();
  await first.goto(`${pageUrl}?tab=1`);
  const second = await context.newPage();
  await second.goto(`${pageUrl}?tab=2`);
  const worker = await watchWorker(first);
  return { build, close, extensionId, worker, tabs: [first, second], startMs: [], heapMb: [] };
}

async function wake(run: Run, n: number): Promise<void> {
  await sleep(300);
  await run.worker.cdp.send('ServiceWorker.stopWorker', { versionId: run.worker.versionId() });
  await until(() => run.worker.status() === 'stopped', 10_000, 'the worker to stop');
  const started = performance.now();
  await run.tabs[n % 2]?.bringToFront();
  await until(() => run.worker.status() === 'running', 30_000, 'the worker to start');
  run.startMs.push(performance.now() - started);
  await sleep(500);
  const heap = await askWorker(run.worker.cdp, run.extensionId, 'Runtime.getHeapUsage');
  run.heapMb.push(Number(heap.usedSize) / 1024 / 1024);
}

async function main(): Promise<void> {
  const site = await startStaticServer('tests/fixtures/site');
  const runs: Run[] = [];
  try {
    for (const build of positionals) runs.push(await open(build, site.urlFor('article.html')));
    for (let n = 0; n < WAKES; n++) {
      for (const run of runs) await wake(run, n);
      process.stderr.write(`round ${n + 1} of ${WAKES}\n`);
    }
    console.log('| build | wakes | start median ms | JS heap median MB |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const run of runs) {
      console.log(
        `| ${run.build} | ${run.startMs.length} | ${median(run.startMs).toFixed(0)} | ` +
          `${median(run.heapMb).toFixed(2)} |`,
      );
    }
  } finally {
    for (const run of runs) await run.close();
    await site.stop();
  }
}

await main();
