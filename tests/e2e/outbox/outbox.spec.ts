import type { Page } from '@playwright/test';
import type { ClipSummary } from '../../../utils/outbox';
import { ask, expect, tabIdOf, test } from '../fixtures';

/**
 * The outbox as an extension page sees it in the real browser: the toolbar badge counts clips
 * that wait, and the outbox's messages act on them (issue 5).
 */

const badgeOf = (page: Page) => page.evaluate(() => chrome.action.getBadgeText({}));

test('a clip for a notebook that does not exist waits on the badge, then goes to the default one', async ({
  context,
  notesServer,
  site,
  configure,
  openExtensionPage,
  clipTabOf,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  const article = await context.newPage();
  await article.goto(site.urlFor('article.html'));
  const clipped = await clipTabOf(article, { deckId: 'no-such-deck' });
  if (!clipped?.ok) throw new Error(`not stored: ${clipped?.error.message}`);
  expect(clipped.clip).toMatchObject({ state: 'needs-attention', attention: 'unknown-deck' });
  expect(clipped.clip.error?.message).toContain('“no-such-deck” does not exist');

  const page = await openExtensionPage('popup.html');
  await expect.poll(() => badgeOf(page)).toBe('1');
  const listed = await ask(page, 'listOutbox', undefined);
  expect(listed.ok && listed.clips.map((clip: ClipSummary) => clip.id)).toEqual([clipped.clip.id]);

  const moved = await ask(page, 'editClip', { id: clipped.clip.id, deckId: null });
  expect(moved.ok).toBe(true);
  await expect
    .poll(async () => {
      const reply = await ask(page, 'getClip', { id: clipped.clip.id });
      return reply.ok && reply.clip.state;
    })
    .toBe('saved');
  await expect.poll(() => badgeOf(page)).toBe('');
  const notes = notesServer.notes();
  expect(notes.map((note) => [note.title, note.deck_id])).toEqual([
    ['Why Tide Pools Matter', 'default'],
  ]);
});

test('a refused key holds every clip until a working key is saved, then each is stored once', async ({
  context,
  worker,
  notesServer,
  site,
  configure,
  openExtensionPage,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: 'cd_refreshed_elsewhere' });
  const article = await context.newPage();
  await article.goto(site.urlFor('article.html'));
  const tabId = await tabIdOf(worker, article);
  const first = await worker.evaluate((r) => globalThis.clipdeckAutomation?.clipTab(r), { tabId });
  const second = await worker.evaluate((r) => globalThis.clipdeckAutomation?.clipTab(r), { tabId });
  expect(first?.ok && first.clip.attention).toBe('auth');
  expect(second?.ok && second.clip.state).toBe('queued');

  const page = await openExtensionPage('popup.html');
  const listed = await ask(page, 'listOutbox', undefined);
  expect(listed.ok && listed.pausedForAuth).toBe(true);
  await expect.poll(() => badgeOf(page)).toBe('2');
  expect(notesServer.notes()).toEqual([]);

  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  await expect.poll(() => notesServer.notes().length).toBe(2);
  await expect.poll(() => badgeOf(page)).toBe('');
  const after = await ask(page, 'listOutbox', undefined);
  expect(after.ok && after.clips.every((clip: ClipSummary) => clip.state === 'saved')).toBe(true);
});

test('a discarded clip is gone from the outbox and the badge', async ({
  context,
  notesServer,
  site,
  configure,
  openExtensionPage,
  clipTabOf,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  const article = await context.newPage();
  await article.goto(site.urlFor('article.html'));
  const clipped = await clipTabOf(article, { deckId: 'no-such-deck' });
  if (!clipped?.ok) throw new Error('not stored');
  const page = await openExtensionPage('popup.html');
  await expect.poll(() => badgeOf(page)).toBe('1');

  expect(await ask(page, 'discardClip', { id: clipped.clip.id })).toEqual({ ok: true });
  await expect.poll(() => badgeOf(page)).toBe('');
  const reply = await ask(page, 'getClip', { id: clipped.clip.id });
  expect(reply.ok).toBe(false);
  expect(notesServer.notes()).toEqual([]);
});

test('clipping several tabs at once stores each, reports the tab it cannot read, and shows progress', async ({
  context,
  worker,
  notesServer,
  configure,
  openExtensionPage,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  await context.route('http://tabs.clipdeck.test/**', (route) => {
    const n = new URL(route.request().url()).pathname.slice(1);
    const text = `<p>Tab ${n} explains how kelp forests shelter fish, otters and urchins, and why the balance between them matters for the whole coast.</p>`;
    return route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><title>Tab ${n}</title></head><body><article><h1>Tab ${n}</h1>${text.repeat(4)}</article></body></html>`,
    });
  });
  const tabIds: number[] = [];
  for (const n of [1, 2, 3]) {
    const page = await context.newPage();
    await page.goto(`http://tabs.clipdeck.test/${n}`);
    tabIds.push(await tabIdOf(worker, page));
  }
  const settingsPage = await openExtensionPage('options.html');
  const settingsTab = await tabIdOf(worker, settingsPage);

  const page = await openExtensionPage('popup.html');
  const reply = await ask(page, 'clipTabs', { tabIds: [...tabIds, settingsTab] });
  if (!reply.ok) throw new Error(reply.error.message);
  expect(reply.clips.map((clip: ClipSummary) => clip.title)).toEqual(['Tab 1', 'Tab 2', 'Tab 3']);
  expect(reply.failures.map((failed) => failed.tabId)).toEqual([settingsTab]);
  expect(reply.failures[0]?.error.message).toContain('cannot read this page');

  const ids = reply.clips.map((clip: ClipSummary) => clip.id);
  await expect
    .poll(async () => {
      const progress = await ask(page, 'clipProgress', { ids });
      return progress.ok && progress.progress;
    })
    .toMatchObject({ total: 3, saved: 3, needsAttention: 0 });
  expect(
    notesServer
      .notes()
      .map((note) => note.title)
      .sort(),
  ).toEqual(['Tab 1', 'Tab 2', 'Tab 3']);
});
