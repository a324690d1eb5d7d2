import { join } from 'node:path';
import { micromark } from 'micromark';
import type { Page } from 'puppeteer-core';
import { expect, test } from 'vitest';
import { docsPageProblems } from '../support/docs-page';
import { hostileNoteProblems } from '../support/hostile-note';
import { publishedDocProblems } from '../support/published-doc';
import { recipePageProblems } from '../support/recipe-page';
import { styledTextProblems } from '../support/styled-text';
import { wordPageProblems } from '../support/word-page';
import {
  ARTIFACTS_DIR,
  ask,
  badgeOf,
  button,
  configure,
  duplicateMenuRefusal,
  extensionSuite,
  saveConnectionInOptions,
  select,
  statusOf,
  tabIdFor,
  waitForPreview,
} from './harness';

/**
 * Clipdeck in Debian's Firefox ESR (issue 16): the Firefox automation build, a served page, the
 * local Notes server. One Firefox for the file; each test gets a freshly installed extension.
 * Firefox unloads the MV3 event page after a second idle here (30 s in a user's browser), so
 * every test also meets the background coming and going.
 */

/** How long the event page may idle before Firefox unloads it, in this file. */
const BACKGROUND_IDLE_MS = 1_000;

const suite = extensionSuite({ backgroundIdleTimeoutMs: BACKGROUND_IDLE_MS });

function openArticle(): Promise<{ page: Page; url: string }> {
  return suite.openSitePage('article.html');
}

test('the options page saves a connection after testing it with the Notes server, and tests it again on demand', async () => {
  const { firefox, server } = suite;
  const options = await firefox.openExtensionPage('options.html');
  await saveConnectionInOptions(options, server.baseUrl, server.apiKey);

  const host = new URL(server.baseUrl).host;
  await expect
    .poll(() => statusOf(options, 'connection-heading'))
    .toBe(
      `Saved. The service at ${host} accepted the key and holds 0 notes; Clipdeck will send your clips there.`,
    );
  const stored = await options.evaluate(() => chrome.storage.local.get('connection'));
  expect(stored.connection).toEqual({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  expect(await options.evaluate(() => chrome.storage.sync.get(null))).toEqual({});

  const asked = server.requests().length;
  await (await button(options, 'Test connection')).click();
  await expect
    .poll(() => statusOf(options, 'connection-heading'))
    .toBe('Connected: the service accepted the key and holds 0 notes.');
  expect(server.requests().length).toBeGreaterThan(asked);
});

test('a key the Notes server refuses is not saved, and the options page says what to do', async () => {
  const { firefox, server } = suite;
  const options = await firefox.openExtensionPage('options.html');
  await saveConnectionInOptions(options, server.baseUrl, 'cd_a_key_that_was_revoked');

  await expect.poll(() => statusOf(options, 'connection-heading')).toMatch(/^Not saved: .*key/);
  expect(await options.evaluate(() => chrome.storage.local.get('connection'))).toEqual({});
});

test('a served page clipped through the background’s clip handler is stored in the Notes server', async () => {
  const { firefox, server } = suite;
  const article = await openArticle();
  const page = await firefox.openExtensionPage('options.html');
  await configure(firefox, page, { baseUrl: server.baseUrl, apiKey: server.apiKey });

  const tabId = await tabIdFor(page, article.url);
  const reply = await ask(page, 'clipTab', { tabId, deckId: 'deck-science', tags: ['firefox'] });

  expect(reply).toMatchObject({ ok: true, clip: { state: 'saved' } });
  const notes = server.notes();
  expect(notes).toHaveLength(1);
  expect(notes[0]).toMatchObject({
    title: 'Why Tide Pools Matter',
    deck_id: 'deck-science',
    tags: ['firefox'],
  });
  expect(notes[0]?.markdown_text).toContain('## Who lives there');
  expect(notes[0]?.markdown_text).toContain('- Hermit crabs that trade shells as they grow');
  expect(notes[0]?.markdown_text).toContain(article.url);
  expect(notes[0]?.markdown_text).not.toContain('Privacy');
});

test('a page the server answers with 404 is not clipped: the reason is one sentence and no note is made', async () => {
  const { server } = suite;
  const missing = await suite.openSitePage('moved-away.html');
  const helper = await suite.extensionPage();
  const reply = await ask(helper, 'clipTab', { tabId: await tabIdFor(helper, missing.url) });
  expect(reply).toMatchObject({ ok: false, error: { kind: 'error-page' } });
  if (!reply.ok) expect(reply.error.message).toMatch(/answered 404 .*no note was saved/);
  expect(server.notes()).toEqual([]);
});

test('a hostile page is clipped into a safe note: its forged engine does not answer, its links stay words', async () => {
  const { server } = suite;
  const hostile = await suite.openSitePage('hostile.html');
  // The page's elements named after the engine are globals of the page.
  expect(
    await hostile.page.evaluate(
      () => typeof (window as { clipdeckEngine?: unknown }).clipdeckEngine,
    ),
  ).toBe('object');
  const helper = await suite.extensionPage();
  const reply = await ask(helper, 'clipTab', { tabId: await tabIdFor(helper, hostile.url) });
  expect(reply).toMatchObject({ ok: true, clip: { state: 'saved' } });

  const markdown = server.notes()[0]?.markdown_text ?? '';
  expect(hostileNoteProblems(markdown)).toEqual([]);
});

test('the note reads as Firefox shows the page: words its stylesheet sets apart stay apart, bold its style sets stays bold', async () => {
  const { server } = suite;
  const styled = await suite.openSitePage('styled-text.html');
  const helper = await suite.extensionPage();
  const reply = await ask(helper, 'clipTab', { tabId: await tabIdFor(helper, styled.url) });
  expect(reply).toMatchObject({ ok: true, clip: { state: 'saved' } });
  expect(styledTextProblems(server.notes()[0]?.markdown_text ?? '')).toEqual([]);
});

test('a documentation page keeps every tab under its name, its method headings, and no permalink marks', async () => {
  const { server } = suite;
  const docs = await suite.openSitePage('docs-page.html');
  const helper = await suite.extensionPage();
  const reply = await ask(helper, 'clipTab', { tabId: await tabIdFor(helper, docs.url) });
  expect(reply).toMatchObject({ ok: true, clip: { state: 'saved' } });
  expect(docsPageProblems(server.notes()[0]?.markdown_text ?? '')).toEqual([]);
});

test('a recipe card keeps its times with their units and its steps numbered, without its share button', async () => {
  const { server } = suite;
  const recipe = await suite.openSitePage('recipe-page.html');
  const helper = await suite.extensionPage();
  const reply = await ask(helper, 'clipTab', { tabId: await tabIdFor(helper, recipe.url) });
  expect(reply).toMatchObject({ ok: true, clip: { state: 'saved' } });
  expect(recipePageProblems(server.notes()[0]?.markdown_text ?? '')).toEqual([]);
});

test('a page saved from Word keeps its lists as lists, nested by level', async () => {
  const { server } = suite;
  const doc = await suite.openSitePage('word-web-page.html');
  const helper = await suite.extensionPage();
  const reply = await ask(helper, 'clipTab', { tabId: await tabIdFor(helper, doc.url) });
  expect(reply).toMatchObject({ ok: true, clip: { state: 'saved' } });
  expect(wordPageProblems(server.notes()[0]?.markdown_text ?? '')).toEqual([]);
});

test('a published Google Doc keeps the bold and italics its classes set, and links where its links lead', async () => {
  const { server } = suite;
  const doc = await suite.openSitePage('google-docs-published.html');
  const helper = await suite.extensionPage();
  const reply = await ask(helper, 'clipTab', { tabId: await tabIdFor(helper, doc.url) });
  expect(reply).toMatchObject({ ok: true, clip: { state: 'saved' } });
  expect(publishedDocProblems(server.notes()[0]?.markdown_text ?? '')).toEqual([]);
});

test('the popup shows the page as a note to edit, renders its preview, and saves it', async () => {
  const { server } = suite;
  const article = await openArticle();
  const helper = await suite.extensionPage();
  const popup = await suite.openPopupFor(helper, article.url);
  await waitForPreview(popup);
  const draft = await popup.evaluate(() => ({
    title: document.querySelector<HTMLTextAreaElement>('textarea.title-field')?.value,
    markdown: document.querySelector<HTMLTextAreaElement>('textarea[aria-describedby$="-words"]')
      ?.value,
  }));
  expect(draft.title).toBe('Why Tide Pools Matter');
  expect(draft.markdown).toContain('## Who lives there');
  expect(draft.markdown).not.toContain('Privacy');

  await (await button(popup, 'Show rendered preview')).click();
  const rendered = await popup.waitForSelector('[id$="-preview"] .md-h2');
  expect(await rendered?.evaluate((heading) => heading.textContent)).toBe('Who lives there');
  await popup.screenshot({ path: join(ARTIFACTS_DIR, 'popup-preview.png') });

  await (await button(popup, 'Save page')).click();
  await popup.waitForFunction(
    () => document.body.textContent?.includes('Saved “Why Tide Pools Matter”'),
    { polling: 50 },
  );
  expect(server.notes().map((note) => note.title)).toEqual(['Why Tide Pools Matter']);
});

test('a clip the Notes server answers with 500 waits on the badge, is retried, and is stored once', async () => {
  const { firefox, server } = suite;
  const article = await openArticle();
  const page = await firefox.openExtensionPage('options.html');
  // Short delays keep the test quick; the retry policy (backoff, alarm) is the same.
  await configure(
    firefox,
    page,
    { baseUrl: server.baseUrl, apiKey: server.apiKey },
    { baseDelayMs: 300, maxDelayMs: 1_000, fastDeliveryWaitMs: 1_000 },
  );
  const tabId = await tabIdFor(page, article.url);

  server.setFaults({ serverErrorRate: 1 });
  const reply = await ask(page, 'clipTab', { tabId });
  if (!reply.ok) throw new Error(reply.error.message);
  expect(reply.clip.state).not.toBe('saved');
  await expect.poll(() => badgeOf(page)).toBe('1');
  await expect.poll(() => server.stats().faults.serverError).toBeGreaterThanOrEqual(1);
  expect(server.notes()).toEqual([]);

  server.setFaults({});
  await expect
    .poll(async () => {
      const clip = await ask(page, 'getClip', { id: reply.clip.id });
      return clip.ok && clip.clip.state;
    })
    .toBe('saved');
  await expect.poll(() => badgeOf(page)).toBe('');
  expect(server.notes().map((note) => note.title)).toEqual(['Why Tide Pools Matter']);
  const clip = await ask(page, 'getClip', { id: reply.clip.id });
  expect(clip.ok && clip.clip.attempts).toBeGreaterThan(1);
});

test('a clip waiting for its retry is sent from the alarm after Firefox unloaded the event page', async () => {
  const { firefox, server } = suite;
  const article = await openArticle();
  const page = await firefox.openExtensionPage('options.html');
  // The first retry comes well after the event page has idled out.
  const retryAfterMs = BACKGROUND_IDLE_MS * 4;
  await configure(
    firefox,
    page,
    { baseUrl: server.baseUrl, apiKey: server.apiKey },
    { baseDelayMs: retryAfterMs, maxDelayMs: retryAfterMs, fastDeliveryWaitMs: 0 },
  );
  const tabId = await tabIdFor(page, article.url);
  server.setFaults({ serverErrorRate: 1 });
  const reply = await ask(page, 'clipTab', { tabId });
  if (!reply.ok) throw new Error(reply.error.message);
  await expect.poll(() => server.stats().faults.serverError).toBeGreaterThanOrEqual(1);
  server.setFaults({});
  // A mark on the background as it is now: a page loaded again will not carry it.
  await page.evaluate(async () => {
    const background = (await chrome.runtime.getBackgroundPage()) as unknown as Record<
      string,
      unknown
    >;
    background.clipdeckTestMark = true;
  });

  // Nothing but the alarm wakes the background: no page asks anything until the note is there.
  await expect.poll(() => server.notes().length, { timeout: 20_000 }).toBe(1);
  const markSurvived = await page.evaluate(async () => {
    const background = (await chrome.runtime.getBackgroundPage()) as unknown as Record<
      string,
      unknown
    >;
    return background.clipdeckTestMark === true;
  });
  expect(markSurvived).toBe(false);
  // The event page that came back has the context menu, once: Firefox kept it across the unload.
  expect(await duplicateMenuRefusal(page)).toMatch(/clipdeck-clip-link/);
  const clip = await ask(page, 'getClip', { id: reply.clip.id });
  expect(clip.ok && clip.clip).toMatchObject({ state: 'saved', attempts: 2 });
});

test('Quote to note and Clip link: their notes are written by the engine in Firefox’s content script (issue 18)', async () => {
  const { firefox, server, site } = suite;
  const page = await firefox.browser.newPage();
  const url = `${site.urlFor('quote.html')}?utm_source=newsletter`;
  await page.goto(url);
  await select(page, '#late', 'the tide turns at midnight');
  const helper = await firefox.openExtensionPage('options.html');
  await configure(firefox, helper, { baseUrl: server.baseUrl, apiKey: server.apiKey });
  const tabId = await tabIdFor(helper, url);

  // The shortcut's handler, with the tab as Firefox describes it.
  const quoted = await helper.evaluate(async (id) => {
    const tab = await chrome.tabs.get(id);
    return globalThis.clipdeckAutomation?.handleCommand('quote-selection', tab);
  }, tabId);
  expect(quoted).toMatchObject({ ok: true, appended: false });
  await expect.poll(() => server.notes().length, { timeout: 10_000 }).toBe(1);
  const [quote] = server.notes();
  expect(quote?.title).toBe('Tide tables of the northern shore');
  const text = quote?.markdown_text ?? '';
  // The canonical address, no tracking parameter; the page names no site, so its host stands in.
  const source = site.urlFor('quote.html');
  expect(text).toContain(`Source: [${new URL(source).hostname}](${source}) \\`);
  expect(text).toMatch(
    /^> the tide turns at midnight\n\n\[Go to the passage\]\(http:\/\/[^\s)]+#:~:text=[^\s)]+ "Clipdeck quote at \d+ of \d+"\)$/m,
  );
  expect(text).not.toContain('utm_source');

  // Firefox's menu click names the link's words: page-supplied, so they must stay words.
  const words = 'Pools](javascript:alert(1)) <b>guide</b>';
  const clipped = await helper.evaluate(
    async (id, pageUrl, linkText) => {
      const tab = await chrome.tabs.get(id);
      const click = {
        menuItemId: 'clipdeck-clip-link',
        editable: false,
        frameId: 0,
        linkUrl: 'https://guides.example.org/pools?utm_source=review',
        linkText,
        pageUrl,
      };
      return globalThis.clipdeckAutomation?.handleMenuClick(click, tab);
    },
    tabId,
    url,
    words,
  );
  expect(clipped).toMatchObject({ ok: true });
  await expect.poll(() => server.notes().length, { timeout: 10_000 }).toBe(2);
  const bookmark = server.notes().find((note) => note.title === words);
  expect(bookmark?.markdown_text).toContain(
    '[Pools\\](javascript:alert(1)) &lt;b>guide&lt;/b>](https://guides.example.org/pools)',
  );
  expect(bookmark?.markdown_text).toContain('Found on [Tide tables of the northern shore');

  // As a CommonMark renderer shows them: the quote a quotation with its link back, the page's
  // words in the bookmark plain text, with no link of their own and no markup.
  const quoteHtml = micromark(text);
  expect(quoteHtml).toContain('<blockquote>\n<p>the tide turns at midnight</p>\n</blockquote>');
  expect(quoteHtml).toMatch(/<a href="http:\/\/[^"]+#:~:text=[^"]+" title="Clipdeck quote at/);
  const bookmarkHtml = micromark(bookmark?.markdown_text ?? '');
  expect(bookmarkHtml).toContain(
    '<a href="https://guides.example.org/pools">Pools](javascript:alert(1)) &lt;b&gt;guide&lt;/b&gt;</a>',
  );
  expect(bookmarkHtml).not.toMatch(/href="javascript:|<b>/i);
});
