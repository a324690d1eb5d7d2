import type { Page } from 'puppeteer-core';
import { expect, test } from 'vitest';
import type { CaptureOutcome } from '../../utils/quick-capture';
import type { QuoteOutcome } from '../../utils/quote';
import { ask, extensionSuite, runCommand, SHORE_DEFAULTS, select, tabIdFor } from './harness';

/**
 * Quick capture, "Quote to note" and the toolbar mark in Debian's Firefox ESR (issue 18 where it
 * runs; the Chromium specs are tests/e2e/quick-capture, quote and toolbar-mark; a single quote's
 * and "Clip link"'s Markdown in Firefox are checked in extension.test.ts). Puppeteer cannot
 * press an extension's shortcut or click its menu either, so each test calls the handlers the
 * browser would (`clipdeckAutomation` on the event page, reached from an extension page) with the
 * tab as Firefox describes it; every outcome is checked on the local Notes server.
 */

const MARKED_TITLE = 'Clipdeck: this page is in your notes';

const suite = extensionSuite();

async function markOf(helper: Page, url: string) {
  const tabId = await tabIdFor(helper, url);
  return helper.evaluate(async (id) => {
    const mark = await globalThis.clipdeckAutomation?.toolbarMark(id);
    return JSON.parse(JSON.stringify(mark ?? null)) as { marked: boolean; title: string } | null;
  }, tabId);
}

async function waitForClip(helper: Page, id: string) {
  return helper.evaluate(async (clipId) => {
    const clip = await globalThis.clipdeckAutomation?.waitForClip(clipId, 10_000);
    return JSON.parse(JSON.stringify(clip ?? null)) as { state: string; noteId?: string } | null;
  }, id);
}

test('the clip-page shortcut saves at once with the defaults, and the toolbar marks the page until its note is deleted', async () => {
  const { server, site } = suite;
  const helper = await suite.extensionPage({
    clipDefaults: SHORE_DEFAULTS,
    decks: {
      decks: [{ id: 'deck-reading', label: 'Reading list' }],
      defaultDeckId: 'deck-reading',
    },
  });
  // From a newsletter's link: the tracking parameter leaves the note's source and the mark.
  const article = await suite.openSitePage('article.html?utm_source=newsletter');
  await expect.poll(async () => (await markOf(helper, article.url))?.marked).toBe(false);

  const outcome = (await runCommand(helper, 'clip-page', article.url)) as CaptureOutcome;
  expect(outcome).toMatchObject({ ok: true, clip: { state: 'saved' } });
  const [note] = server.notes();
  expect(note).toMatchObject({
    title: 'Why Tide Pools Matter',
    deck_id: 'deck-reading',
    tags: ['shore'],
  });
  expect(note?.markdown_text).toContain('## Who lives there');
  expect(note?.markdown_text).toContain(site.urlFor('article.html'));
  expect(note?.markdown_text).not.toContain('utm_source');

  await expect
    .poll(() => markOf(helper, article.url))
    .toEqual({ marked: true, title: MARKED_TITLE });
  // Another page of the same site is not marked.
  const other = await suite.openSitePage('quote.html');
  await expect.poll(async () => (await markOf(helper, other.url))?.marked).toBe(false);

  // Deleted as the popup deletes a note: the mark goes with it.
  const deleted = await ask(helper, 'deleteNote', { id: note?.id ?? '' });
  expect(deleted.ok).toBe(true);
  expect(server.notes()).toEqual([]);
  await expect.poll(async () => (await markOf(helper, article.url))?.marked).toBe(false);
});

test('two quotes gather in one note in page order, and Firefox follows the later link to its passage', async () => {
  const { firefox, server } = suite;
  const helper = await suite.extensionPage();
  const quotePage = await suite.openSitePage('quote.html');
  const address = `${quotePage.url}?utm_source=newsletter#top`;
  await quotePage.page.goto(address);

  await select(quotePage.page, '#late', 'the tide turns at midnight');
  const later = (await runCommand(helper, 'quote-selection', address)) as QuoteOutcome;
  if (!later.ok || later.appended) throw new Error('the first quote should make a new note');
  expect((await waitForClip(helper, later.clip.id))?.state).toBe('saved');

  await select(quotePage.page, '#first-quote', 'Rock-and-roll, bread & butter');
  const earlier = (await runCommand(helper, 'quote-selection', address)) as QuoteOutcome;
  expect(earlier.ok && earlier.appended).toBe(true);

  const notes = server.notes();
  expect(notes).toHaveLength(1);
  expect(notes[0]?.title).toBe('Tide tables of the northern shore');
  const text = notes[0]?.markdown_text ?? '';
  expect(text).not.toContain('utm_source');
  expect(text.split('\n').filter((line) => line.startsWith('> '))).toEqual([
    '> Rock-and-roll, bread & butter',
    '> the tide turns at midnight',
  ]);
  const links = [...text.matchAll(/\[Go to the passage\]\((\S+) "/g)].map((m) => m[1] ?? '');
  expect(links).toHaveLength(2);

  // The later passage's words also occur near the top: the link must find the later one.
  const reader = await firefox.browser.newPage();
  await reader.setViewport({ width: 800, height: 600 });
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
});
