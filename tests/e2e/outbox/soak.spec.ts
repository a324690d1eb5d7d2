import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import type { ClipSummary } from '../../../utils/outbox';
import { expect, tabIdOf, test } from '../fixtures';

/**
 * The outbox in the real browser against the local Notes server with faults on: every clip is
 * stored exactly once, whatever the service and the service worker do in between (issue 5).
 */

/** Pages made up on the spot (Playwright answers for this host), each a distinct article. */
const ARTICLE_HOST = 'http://articles.clipdeck.test';

function articleHtml(n: number): string {
  const paragraph = (k: number) =>
    `<p>Paragraph ${k} of article ${n}. Rock pools hold water when the tide goes out, and the ` +
    'animals living there cope with heat, salt and waves every day. Researchers count species, ' +
    'measure temperatures and note how each pool changes over the seasons.</p>';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Soak article ${n}</title>` +
    `</head><body><main><article><h1>Soak article ${n}</h1>` +
    `${[1, 2, 3, 4].map(paragraph).join('')}</article></main></body></html>`
  );
}

async function serveArticles(context: BrowserContext): Promise<void> {
  await context.route(`${ARTICLE_HOST}/**`, (route) => {
    const n = Number(new URL(route.request().url()).pathname.split('/').pop());
    return route.fulfill({ contentType: 'text/html; charset=utf-8', body: articleHtml(n) });
  });
}

/** A server whose notes survive a restart, as a real service's do. */
async function durableNotesServer(): Promise<{ server: NotesServer; cleanUp(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'clipdeck-soak-'));
  const server = await startNotesServer({ dataFile: join(dir, 'notes.json') });
  return {
    server,
    async cleanUp() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function clip(worker: Worker, page: Page, n: number): Promise<ClipSummary> {
  await page.goto(`${ARTICLE_HOST}/${n}`);
  const tabId = await tabIdOf(worker, page);
  const result = await worker.evaluate(
    (request) => globalThis.clipdeckAutomation?.clipTab(request),
    { tabId },
  );
  if (!result?.ok) throw new Error(`clip ${n} was not stored: ${result?.error.message}`);
  return result.clip;
}

function outboxOf(worker: Worker): Promise<ClipSummary[]> {
  return worker.evaluate(async () => (await globalThis.clipdeckAutomation?.listOutbox()) ?? []);
}

/** Saved and checked for extra copies, or waiting for the user: the outbox is done with it. */
const settled = (clip: ClipSummary) => clip.verified || clip.state === 'needs-attention';

test('soak: 50 clips through 500s, dropped connections, 429 bursts and a restart → 50 notes', async ({
  context,
  worker,
}) => {
  test.setTimeout(120_000);
  const { server, cleanUp } = await durableNotesServer();
  try {
    await serveArticles(context);
    await worker.evaluate(
      async (connection) => {
        await globalThis.clipdeckAutomation?.configure(connection);
        // Short delays keep the run under a minute; the policy (backoff, jitter, caps) is the same.
        await globalThis.clipdeckAutomation?.configureOutbox({
          baseDelayMs: 200,
          maxDelayMs: 1_500,
          maxAttempts: 40,
          requestTimeoutMs: 3_000,
          fastDeliveryWaitMs: 0,
        });
      },
      { baseUrl: server.baseUrl, apiKey: server.apiKey },
    );

    // Every 8th create is also cut: which request draws which random number depends on timing,
    // and a run once drew no cut at all (the check below that the faults happened then failed).
    const baseFaults = { serverErrorRate: 0.3, dropAfterCreateRate: 0.1, dropAfterCreateEvery: 8 };
    server.setFaults({ ...baseFaults, seed: 1 });
    const started = Date.now();
    const page = await context.newPage();
    const made: ClipSummary[] = [];
    for (let n = 1; n <= 50; n++) {
      if (n === 15 || n === 35) {
        // A 429 burst: every request for a moment, each asking for a second of quiet.
        server.setFaults({ ...baseFaults, rateLimit: { rate: 1, retryAfterSeconds: 1 }, seed: n });
        setTimeout(() => server.setFaults({ ...baseFaults, seed: n + 1 }), 1_500);
      }
      if (n === 25) await server.restart();
      made.push(await clip(worker, page, n));
    }
    expect(new Set(made.map((entry) => entry.id)).size).toBe(50);

    let clips: ClipSummary[] = [];
    await expect
      .poll(
        async () => {
          clips = await outboxOf(worker);
          return made.filter((entry) => clips.find((c) => c.id === entry.id && settled(c))).length;
        },
        { timeout: 60_000, intervals: [500] },
      )
      .toBe(50);
    const faults = server.stats().faults;
    server.setFaults({});

    const titles = server.notes().map((note) => note.title);
    const expected = made.map((entry) => entry.title);
    const duplicates = titles.length - new Set(titles).size;
    const lost = expected.filter((title) => !titles.includes(title)).length;
    const needsAttention = clips.filter((c) => c.state === 'needs-attention');
    const retried = clips.filter((c) => c.state === 'saved' && c.attempts > 1).length;
    // Chromium resends a create on its own when a reused connection closes unanswered; the
    // outbox deletes the extra copies this makes (see findExtraCopies).
    const extraCopiesRemoved = server.requests().filter((r) => r.method === 'DELETE').length;
    console.log(
      `soak: clips made ${made.length}; faults injected: 500 ${faults.serverError}, ` +
        `dropped after create ${faults.droppedAfterCreate}, 429 ${faults.rateLimited}, ` +
        `server restarts 1; notes stored ${titles.length}, duplicates ${duplicates}, ` +
        `lost ${lost}, needing attention ${needsAttention.length}, saved after a retry ${retried}, ` +
        `extra copies from browser resends removed ${extraCopiesRemoved}; ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    expect(needsAttention.map((c) => c.error?.message)).toEqual([]);
    expect(titles.sort()).toEqual(expected.sort());
    expect(duplicates).toBe(0);
    expect(lost).toBe(0);
    // The faults really happened; otherwise this test proves nothing.
    expect(faults.serverError).toBeGreaterThan(5);
    expect(faults.droppedAfterCreate).toBeGreaterThan(0);
    expect(faults.rateLimited).toBeGreaterThan(0);
  } finally {
    await cleanUp();
  }
});

test('a service worker stopped in the middle of a delivery: the clip is still stored once', async ({
  context,
  worker,
  extensionId,
  notesServer,
  openExtensionPage,
}) => {
  await serveArticles(context);
  await worker.evaluate(
    async (connection) => {
      await globalThis.clipdeckAutomation?.configure(connection);
      await globalThis.clipdeckAutomation?.configureOutbox({
        baseDelayMs: 200,
        maxDelayMs: 1_000,
        requestTimeoutMs: 2_000,
        fastDeliveryWaitMs: 0,
      });
    },
    { baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey },
  );
  // Slow enough that the create is still unanswered when the worker is stopped.
  notesServer.setFaults({ latencyMs: 1_500 });

  const articlePage = await context.newPage();
  const made = await clip(worker, articlePage, 7);
  await expect.poll(() => notesServer.requests().some((r) => r.method === 'POST')).toBe(true);

  // Stop the worker through the DevTools protocol, as Chromium itself may at any moment. No
  // extension page is open, so nothing but the outbox's own alarm can start a new worker.
  const devtools = await context.newCDPSession(articlePage);
  const { targetInfos } = await devtools.send('Target.getTargets');
  const target = targetInfos.find(
    (info) =>
      info.type === 'service_worker' && info.url.startsWith(`chrome-extension://${extensionId}/`),
  );
  if (!target) throw new Error('the extension has no running service worker');
  await devtools.send('Target.closeTarget', { targetId: target.targetId });
  const stoppedAt = Date.now();
  const requestsBefore = notesServer.requests().length;
  notesServer.setFaults({});

  // The watchdog alarm starts a new worker, which finds the clip left in "sending" and asks the
  // service about it.
  await expect
    .poll(() => notesServer.requests().length > requestsBefore, { timeout: 15_000 })
    .toBe(true);
  const wokeAfter = (Date.now() - stoppedAt) / 1000;

  // Read through an extension page: Playwright's handle on the stopped worker is stale.
  const extensionPage = await openExtensionPage('popup.html');
  const stored = () =>
    extensionPage.evaluate(async (id) => {
      const { outbox } = await chrome.storage.local.get('outbox');
      const entries = (outbox as { entries: Array<Record<string, unknown>> }).entries;
      return entries.find((entry) => entry.id === id);
    }, made.id);
  await expect
    .poll(async () => (await stored())?.duplicatesChecked ?? false, {
      timeout: 20_000,
      intervals: [250],
    })
    .toBe(true);
  const entry = await stored();
  console.log(
    `worker stopped mid-create: a new worker asked the service ${wokeAfter.toFixed(1)} s later; ` +
      `adopted the note the stopped request stored: ${entry?.adopted === true}; requests: ` +
      notesServer
        .requests()
        .map((request) => request.method)
        .join(' '),
  );

  const notes = notesServer.notes();
  expect(notes.map((note) => note.title)).toEqual(['Soak article 7']);
  expect(entry?.state).toBe('saved');
  expect(entry?.noteId).toBe(notes[0]?.id);
});
