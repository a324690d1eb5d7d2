import type { Page, Worker } from '@playwright/test';
import { ask, expect, stopServiceWorker, tabIdOf, test } from '../fixtures';

/**
 * The toolbar mark in Chromium with the automation build: the icon (and its tooltip) of a tab
 * whose page is in the user's notes, from the local clip log, after a clip and after the note is
 * deleted. The tooltip is read with `action.getTitle`; the icon's state through the hook, since
 * Chromium has no `getIcon`.
 */

const MARKED_TITLE = 'Clipdeck: this page is in your notes';

test.beforeEach(async ({ configure, notesServer }) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
});

async function markOf(worker: Worker, page: Page) {
  const tabId = await tabIdOf(worker, page);
  return worker.evaluate((id) => globalThis.clipdeckAutomation?.toolbarMark(id), tabId);
}

test('the icon marks a clipped page on every tab showing it, asks the service nothing on a tab switch, and unmarks when the note is deleted', async ({
  context,
  page,
  worker,
  site,
  notesServer,
  clipTabOf,
  openExtensionPage,
}) => {
  const address = site.urlFor('article.html');
  await page.goto(address);
  await expect.poll(async () => (await markOf(worker, page))?.marked).toBe(false);

  const clipped = await clipTabOf(page);
  if (!clipped?.ok) throw new Error('the clip failed');
  const saved = await worker.evaluate(
    (id) => globalThis.clipdeckAutomation?.waitForClip(id, 10_000),
    clipped.clip.id,
  );
  expect(saved?.state).toBe('saved');
  await expect
    .poll(async () => markOf(worker, page))
    .toEqual({ marked: true, title: MARKED_TITLE });

  // The same page with a tracking parameter, in another tab; and a page never clipped.
  const again = await context.newPage();
  await again.goto(`${address}?utm_source=newsletter`);
  const other = await context.newPage();
  await other.goto(site.urlFor('quote.html'));
  await expect.poll(async () => (await markOf(worker, again))?.marked).toBe(true);
  await expect.poll(async () => (await markOf(worker, other))?.marked).toBe(false);
  expect((await markOf(worker, other))?.title).not.toBe(MARKED_TITLE);

  // Tab switches are answered from the clip log: no request reaches the service.
  const requestsBefore = notesServer.requests().length;
  await page.bringToFront();
  await other.bringToFront();
  await again.bringToFront();
  await expect.poll(async () => (await markOf(worker, again))?.marked).toBe(true);
  expect(notesServer.requests().length).toBe(requestsBefore);

  // The popup's "already clipped" agrees with the icon, then the note is deleted as the popup does.
  const extensionPage = await openExtensionPage('popup.html?tabId=-1');
  const found = await ask(extensionPage, 'findClippedPage', { url: address });
  expect(found.ok && found.clipped?.noteId).toBe(saved?.noteId);
  const deleted = await ask(extensionPage, 'deleteNote', { id: saved?.noteId ?? '' });
  expect(deleted.ok).toBe(true);
  expect(notesServer.notes()).toHaveLength(0);
  await expect.poll(async () => (await markOf(worker, page))?.marked).toBe(false);
  await expect.poll(async () => (await markOf(worker, again))?.marked).toBe(false);
  expect((await markOf(worker, page))?.title).not.toBe(MARKED_TITLE);
  const after = await ask(extensionPage, 'findClippedPage', { url: address });
  expect(after.ok && after.clipped).toBe(null);
});

test('a worker woken by a tab switch marks the tab without loading its work layer; a shortcut then loads it and clips', async ({
  context,
  page,
  worker,
  site,
  notesServer,
  clipTabOf,
}) => {
  const address = site.urlFor('article.html');
  await page.goto(address);
  const clipped = await clipTabOf(page);
  if (!clipped?.ok) throw new Error('the clip failed');
  await worker.evaluate(
    (id) => globalThis.clipdeckAutomation?.waitForClip(id, 10_000),
    clipped.clip.id,
  );
  const other = await context.newPage();
  await other.goto(site.urlFor('quote.html'));

  // A tab brought to the front wakes the stopped worker, for the mark.
  const stopped = await stopServiceWorker(context, other);
  await page.bringToFront();
  await stopped.restarted();

  await expect
    .poll(async () => (await markOf(worker, page))?.marked, { timeout: 5_000 })
    .toBe(true);
  // Only background.js ran: the outbox, the API client and the rest wait in background-work.js.
  expect(await worker.evaluate(() => globalThis.clipdeckWork === undefined)).toBe(true);

  const tabId = await tabIdOf(worker, other);
  const outcome = await worker.evaluate(async (id) => {
    const tab = await chrome.tabs.get(id);
    return globalThis.clipdeckAutomation?.handleCommand('clip-page', tab);
  }, tabId);
  expect(outcome).toMatchObject({ ok: true, clip: { state: 'saved' } });
  expect(await worker.evaluate(() => globalThis.clipdeckWork !== undefined)).toBe(true);
  expect(notesServer.notes()).toHaveLength(2);
});
