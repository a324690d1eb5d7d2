import type { CDPSession, Page } from '@playwright/test';

/**
 * The extension's service worker as the DevTools protocol reports it, for the benchmarks that stop
 * and wake it (capture-speed.ts, worker-wake.ts).
 */

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** Follows the extension's worker through a page's CDP session: its version and running status. */
export async function watchWorker(control: Page): Promise<{
  cdp: CDPSession;
  status: () => string;
  versionId: () => string;
}> {
  const cdp = await control.context().newCDPSession(control);
  let status = '';
  let versionId = '';
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) {
      if (!version.scriptURL.endsWith('/background.js')) continue;
      status = version.runningStatus;
      versionId = version.versionId;
    }
  });
  await cdp.send('ServiceWorker.enable');
  await until(() => versionId !== '', 5_000, 'the worker’s version');
  return { cdp, status: () => status, versionId: () => versionId };
}
