import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { seedNotes, startNotesServer } from '../../../notes-server';
import type { ClipSummary } from '../../../utils/outbox';
import { expect, tabIdOf, test } from '../fixtures';

/**
 * The outbox in the real browser in a big account (issue 14): the local server holds 10,000 notes
 * (half in the default notebook, half in a deck), and 200 clips go through the faults of the
 * first soak (500s, connections cut after the note is stored, 429 bursts, a server restart).
 * Every clip is stored once; what each cost in requests and the service worker's peak heap are
 * printed. Before, each drained queue listed the clip's whole notebook (50 pages here).
 */

const ARTICLE_HOST = 'http://big-account.clipdeck.test';
const CLIPS = Number(process.env.SOAK_CLIPS ?? 200);
const DECK = 'deck-big';

function articleHtml(n: number): string {
  const paragraph = (k: number) =>
    `<p>Paragraph ${k} of article ${n}. Tide pools are small worlds: anemones, crabs and snails ` +
    'live through heat, salt and waves, and the people who study them return every season.</p>';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Big account ${n}</title>` +
    `</head><body><main><article><h1>Big account ${n}</h1>` +
    `${[1, 2, 3].map(paragraph).join('')}</article></main></body></html>`
  );
}

async function serveArticles(context: BrowserContext): Promise<void> {
  await context.route(`${ARTICLE_HOST}/**`, (route) => {
    const n = Number(new URL(route.request().url()).pathname.split('/').pop());
    return route.fulfill({ contentType: 'text/html; charset=utf-8', body: articleHtml(n) });
  });
}

/**
 * The service worker's JS heap, read through the DevTools protocol: the page's session attaches
 * to the worker's target and relays Runtime.getHeapUsage to it.
 */
async function workerHeapProbe(context: BrowserContext, page: Page, extensionId: string) {
  const devtools: CDPSession = await context.newCDPSession(page);
  const { targetInfos } = await devtools.send('Target.getTargets');
  const target = targetInfos.find(
    (info) =>
      info.type === 'service_worker' && info.url.startsWith(`chrome-extension://${extensionId}/`),
  );
  if (!target) throw new Error('the extension has no running service worker');
  const { sessionId } = await devtools.send('Target.attachToTarget', {
    targetId: target.targetId,
    flatten: false,
  });
  let next = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  devtools.on('Target.receivedMessageFromTarget', (event) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  return async (): Promise<number> => {
    next += 1;
    const id = next;
    const answer = new Promise<unknown>((resolve) => waiting.set(id, resolve));
    await devtools.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }),
    });
    const result = (await answer) as { usedSize: number };
    waiting.delete(id);
    return result.usedSize;
  };
}

async function clip(worker: Worker, page: Page, n: number): Promise<ClipSummary> {
  await page.goto(`${ARTICLE_HOST}/${n}`);
  const tabId = await tabIdOf(worker, page);
  const result = await worker.evaluate(
    (request) => globalThis.clipdeckAutomation?.clipTab(request),
    { tabId, ...(n % 2 === 0 && { deckId: DECK }) },
  );
  if (!result?.ok) throw new Error(`clip ${n} was not stored: ${result?.error.message}`);
  return result.clip;
}

interface SoakEntry {
  id: string;
  state: string;
  requests?: number;
  duplicatesChecked?: boolean;
  lastError?: { message: string };
}
type Seen = { id: string; requests: number; verified: boolean; attention?: string };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

test(`big account: ${CLIPS} clips into 10,000 notes through 500s, cut connections, 429 bursts and a restart`, async ({
  context,
  worker,
  extensionId,
}) => {
  test.setTimeout(300_000);
  // In memory, so a restart keeps the notes (the store outlives the listening socket) without
  // rewriting a file of 10,000 notes on every create.
  const server = await startNotesServer({
    decks: [DECK],
    seed: seedNotes(10_000, ['default', DECK]),
  });
  try {
    await serveArticles(context);
    await worker.evaluate(
      async ({ connection }) => {
        await globalThis.clipdeckAutomation?.configure(connection);
        await globalThis.clipdeckAutomation?.configureOutbox({
          baseDelayMs: 200,
          maxDelayMs: 1_500,
          maxAttempts: 40,
          requestTimeoutMs: 3_000,
          fastDeliveryWaitMs: 0,
        });
        // Saved clips beyond the newest 50 leave the outbox: what each cost is noted as the
        // outbox is written, in the worker (which this test never stops).
        const seen = new Map<string, { requests: number; verified: boolean; attention?: string }>();
        (globalThis as { soakSeen?: typeof seen }).soakSeen = seen;
        chrome.storage.onChanged.addListener((changes, area) => {
          if (area !== 'local' || !changes.outbox) return;
          const value = changes.outbox.newValue as { entries?: SoakEntry[] } | undefined;
          for (const entry of value?.entries ?? []) {
            const before = seen.get(entry.id);
            seen.set(entry.id, {
              requests: Math.max(before?.requests ?? 0, entry.requests ?? 0),
              verified: !!before?.verified || !!entry.duplicatesChecked,
              ...(entry.state === 'needs-attention' && { attention: entry.lastError?.message }),
            });
          }
        });
      },
      { connection: { baseUrl: server.baseUrl, apiKey: server.apiKey } },
    );
    const page = await context.newPage();
    await page.goto(`${ARTICLE_HOST}/0`);
    const heap = await workerHeapProbe(context, page, extensionId);
    let peakHeap = await heap();
    const startHeap = peakHeap;
    const sampler = setInterval(() => {
      heap()
        .then((used) => {
          peakHeap = Math.max(peakHeap, used);
        })
        .catch(() => undefined);
    }, 1_000);

    const baseFaults = { serverErrorRate: 0.3, dropAfterCreateRate: 0.1 };
    server.setFaults({ ...baseFaults, seed: 7 });
    const requestsBefore = server.stats().requests;
    const started = Date.now();
    const made: ClipSummary[] = [];
    try {
      for (let n = 1; n <= CLIPS; n++) {
        if (n === Math.round(CLIPS * 0.3) || n === Math.round(CLIPS * 0.7)) {
          server.setFaults({
            ...baseFaults,
            rateLimit: { rate: 1, retryAfterSeconds: 1 },
            seed: n,
          });
          setTimeout(() => server.setFaults({ ...baseFaults, seed: n + 1 }), 1_500);
        }
        if (n === CLIPS / 2) await server.restart();
        made.push(await clip(worker, page, n));
      }
      expect(new Set(made.map((entry) => entry.id)).size).toBe(CLIPS);
      console.log(`clips made in ${((Date.now() - started) / 1000).toFixed(1)} s`);

      let seen: Seen[] = [];
      await expect
        .poll(
          async () => {
            seen = await worker.evaluate(() =>
              [
                ...((
                  globalThis as {
                    soakSeen?: Map<string, Omit<Seen, 'id'>>;
                  }
                ).soakSeen ?? new Map()),
              ].map(([id, value]) => ({ id, ...value })),
            );
            return made.filter((entry) =>
              seen.find((c) => c.id === entry.id && (c.verified || c.attention)),
            ).length;
          },
          { timeout: 120_000, intervals: [1_000] },
        )
        .toBe(CLIPS);
      const faults = server.stats().faults;
      const serverRequests = server.stats().requests - requestsBefore;
      server.setFaults({});

      const expected = new Set(made.map((entry) => entry.title));
      const titles = server
        .notes()
        .map((note) => note.title)
        .filter((title) => expected.has(title));
      const duplicates = titles.length - new Set(titles).size;
      const lost = [...expected].filter((title) => !titles.includes(title)).length;
      const needsAttention = seen.filter((c) => c.attention && !c.verified);
      const perClip = made
        .map((entry) => seen.find((c) => c.id === entry.id)?.requests ?? 0)
        .sort((a, b) => a - b);
      const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
      console.log(
        `big-account soak: ${CLIPS} clips into 10,000 notes in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
          `faults: 500 ${faults.serverError}, cut after create ${faults.droppedAfterCreate}, ` +
          `429 ${faults.rateLimited}, restarts 1; stored ${titles.length}, duplicates ${duplicates}, ` +
          `lost ${lost}, needing attention ${needsAttention.length}; requests per clip (by the ` +
          `outbox): median ${percentile(perClip, 50)}, p95 ${percentile(perClip, 95)}, max ` +
          `${perClip[perClip.length - 1]}; at the server ${(serverRequests / CLIPS).toFixed(2)} ` +
          `per clip (browser resends included); service worker JS heap ${mb(startHeap)} MB at ` +
          `start, peak ${mb(peakHeap)} MB`,
      );

      expect(needsAttention.map((c) => c.attention)).toEqual([]);
      expect(titles.length).toBe(CLIPS);
      expect(duplicates).toBe(0);
      expect(lost).toBe(0);
      // Bounded cost: with 30 % of requests failing a clip takes a few tries of its three
      // requests (the unluckiest, tens of tries: up to 40 attempts), but the usual clip comes
      // nowhere near one listing of its notebook (50 pages; 100 for the account).
      expect(percentile(perClip, 50)).toBeLessThanOrEqual(10);
      expect(percentile(perClip, 95)).toBeLessThan(50);
      expect(faults.serverError).toBeGreaterThan(20);
      expect(faults.droppedAfterCreate).toBeGreaterThan(0);
      expect(faults.rateLimited).toBeGreaterThan(0);
    } finally {
      clearInterval(sampler);
    }
  } finally {
    await server.stop();
  }
});
