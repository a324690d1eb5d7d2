import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Worker } from '@playwright/test';
import { startNotesServer } from '../../../notes-server';
import type { QuoteOutcome } from '../../../utils/quote';
import { expect, tabIdOf, test } from '../fixtures';

/**
 * "Quote to note" in Chromium with the automation build, against the local Notes server.
 * Playwright cannot press an extension's shortcut, so the test selects text in the page and calls
 * the handler the `quote-selection` command runs, with the tab as Chromium describes it.
 */

test.beforeEach(async ({ configure, notesServer }) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
});

/** Selects the words `text` inside the element `selector`, as a user's drag would. */
async function select(page: Page, selector: string, text: string) {
  await page.evaluate(
    ([css, words]) => {
      const element = document.querySelector(css);
      const node = element?.firstChild;
      if (!(node instanceof Text)) throw new Error(`no text in ${css}`);
      const start = node.data.indexOf(words);
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, start + words.length);
      const selection = getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    },
    [selector, text] as const,
  );
}

async function quote(worker: Worker, page: Page): Promise<QuoteOutcome> {
  const tabId = await tabIdOf(worker, page);
  const outcome = await worker.evaluate(async (id) => {
    const tab = await chrome.tabs.get(id);
    return globalThis.clipdeckAutomation?.handleCommand('quote-selection', tab);
  }, tabId);
  if (!outcome) throw new Error('the quote command was not handled');
  return outcome as QuoteOutcome;
}

test('two quotes gather in one note, in page order, and each link finds its passage', async ({
  context,
  page,
  worker,
  site,
  notesServer,
}) => {
  const url = `${site.urlFor('quote.html')}?utm_source=newsletter#top`;
  await page.goto(url);

  // The later passage first: its words also occur earlier on the page.
  await select(page, '#late', 'the tide turns at midnight');
  const later = await quote(worker, page);
  expect(later.ok).toBe(true);
  if (!later.ok || later.appended) throw new Error('the first quote should make a new note');
  const saved = await worker.evaluate(
    (id) => globalThis.clipdeckAutomation?.waitForClip(id, 10_000),
    later.clip.id,
  );
  expect(saved?.state).toBe('saved');

  await select(page, '#first-quote', 'Rock-and-roll, bread & butter');
  const earlier = await quote(worker, page);
  expect(earlier.ok && earlier.appended).toBe(true);

  const notes = notesServer.notes();
  expect(notes).toHaveLength(1);
  const note = notes[0];
  expect(note?.title).toBe('Tide tables of the northern shore');
  const text = note?.markdown_text ?? '';
  // The source is the page's canonical address: no tracking parameter, no fragment.
  expect(text).toContain(site.urlFor('quote.html'));
  expect(text).not.toContain('utm_source');
  const quotes = text.split('\n').filter((line) => line.startsWith('> '));
  expect(quotes).toEqual(['> Rock-and-roll, bread & butter', '> the tide turns at midnight']);
  const links = [...text.matchAll(/\[Go to the passage\]\((\S+) "/g)].map((m) => m[1] ?? '');
  expect(links).toHaveLength(2);
  expect(links[0]).toContain('Rock%2Dand%2Droll%2C%20bread%20%26%20butter');
  expect(links[1]).not.toContain('#top');

  // Following the later passage's link scrolls to it, not to the same words near the top.
  const reader = await context.newPage();
  await reader.setViewportSize({ width: 800, height: 600 });
  await reader.goto(links[1] ?? '');
  await expect
    .poll(() => reader.evaluate(() => Math.round(window.scrollY)), { timeout: 5_000 })
    .toBeGreaterThan(1000);
  const place = await reader.evaluate(() => {
    const rect = document.querySelector('#late')?.getBoundingClientRect();
    return { top: rect?.top ?? -1, bottom: rect?.bottom ?? -1, height: innerHeight };
  });
  expect(place.top).toBeGreaterThanOrEqual(0);
  expect(place.bottom).toBeLessThanOrEqual(place.height);
  await reader.screenshot({ path: 'tests/e2e/artifacts/quote-link-followed.png' });
});

test('two quotes while the service is down wait as one note, and are sent as one when it is back', async ({
  page,
  worker,
  site,
  configure,
}) => {
  const folder = mkdtempSync(join(tmpdir(), 'clipdeck-quote-down-'));
  const server = await startNotesServer({ dataFile: join(folder, 'n.json') });
  try {
    await configure({ baseUrl: server.baseUrl, apiKey: server.apiKey });
    // Retries come quickly in tests (the service is back within seconds).
    await worker.evaluate(() =>
      chrome.storage.local.set({
        outboxConfig: { baseDelayMs: 500, maxDelayMs: 2_000, requestTimeoutMs: 2_000 },
      }),
    );
    await page.goto(site.urlFor('quote.html'));
    await server.stop();

    await select(page, '#late', 'the tide turns at midnight');
    const later = await quote(worker, page);
    if (!later.ok || later.appended) throw new Error('the first quote should make a new note');
    expect(later.clip.state).not.toBe('saved');

    await select(page, '#first-quote', 'Rock-and-roll, bread & butter');
    const earlier = await quote(worker, page);
    if (!earlier.ok || earlier.appended) throw new Error('the note is not stored yet');
    // The second quote joined the note waiting in the outbox: no second note on its way.
    expect(earlier.joinedWaiting).toBe(true);
    expect(earlier.clip.id).toBe(later.clip.id);

    await server.restart();
    const saved = await worker.evaluate(
      (id) => globalThis.clipdeckAutomation?.waitForClip(id, 20_000),
      later.clip.id,
    );
    expect(saved?.state).toBe('saved');
    const notes = server.notes();
    expect(notes).toHaveLength(1);
    const quotes = (notes[0]?.markdown_text ?? '')
      .split('\n')
      .filter((line) => line.startsWith('> '));
    expect(quotes).toEqual(['> Rock-and-roll, bread & butter', '> the tide turns at midnight']);
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});
