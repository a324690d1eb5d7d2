import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page, Worker } from '@playwright/test';
import type { NotesServer } from '../../../notes-server';
import { ARTIFACTS_DIR, expect, test } from '../fixtures';
import { POPUP_WIDTH } from '../pages/popup-page';

/** Puts a note straight into the service, as another app of the user's would. */
async function createNote(
  server: NotesServer,
  note: { title: string; tags?: string[]; markdown?: string },
  deckId?: string,
): Promise<string> {
  const query = deckId ? `?deck_id=${encodeURIComponent(deckId)}` : '';
  const response = await fetch(`${server.baseUrl}/notes/${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      title: note.title,
      markdown_text: note.markdown ?? `# ${note.title}`,
      tags: note.tags ?? [],
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * A real HTTP service in front of the Notes server that refuses DELETE with 405 and passes every
 * other request through: a service whose interface has no delete.
 */
async function startDeleteRefusingProxy(
  targetBaseUrl: string,
): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const target = new URL(targetBaseUrl);
  const server = createServer((request, response) => {
    if (request.method === 'DELETE') {
      response.writeHead(405, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: 'Method not allowed', code: 'method_not_allowed' }));
      return;
    }
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${target.pathname}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The user's deck list, as the options page stores it. */
async function saveDecks(worker: Worker): Promise<void> {
  await worker.evaluate(() =>
    chrome.storage.local.set({
      decks: {
        decks: [
          { id: 'deck-science', label: 'Science' },
          { id: 'deck-reading', label: 'Reading list' },
        ],
        defaultDeckId: null,
      },
    }),
  );
}

async function openArticle(page: Page, url: string): Promise<Page> {
  await page.goto(url);
  return page;
}

/** Selects the text of the first element matching `selector` in the page. */
async function selectText(page: Page, selector: string): Promise<void> {
  await page.evaluate((target) => {
    const element = document.querySelector(target);
    if (!element) throw new Error(`nothing matches ${target}`);
    const range = document.createRange();
    range.selectNodeContents(element);
    const selection = getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }, selector);
}

/** Fails on any serious or critical accessibility violation, naming each. */
async function expectNoSeriousViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

/** Nothing in the popup is wider than the popup. */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(POPUP_WIDTH);
}

test('a clip with an edited title, tags and deck is saved from the keyboard', async ({
  context,
  worker,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  await saveDecks(worker);
  // Tags already on the user's notes are suggested.
  await createNote(notesServer, {
    title: 'Rock pools of Brittany',
    tags: ['marine-biology', 'travel'],
  });
  await createNote(notesServer, { title: 'Kelp forests', tags: ['marine-biology'] });

  const article = await openArticle(await context.newPage(), site.urlFor('article.html'));
  const popup = await openPopupFor(article);
  await popup.waitForPreview();
  await expect(popup.titleInput).toHaveValue('Why Tide Pools Matter');
  await expect(popup.page.getByText(/\d+ words/)).toBeVisible();

  await popup.titleInput.fill('Tide pools, a field guide');
  await popup.deckSelect.selectOption({ label: 'Science' });
  await popup.tagInput.focus();
  await popup.page.keyboard.type('mar');
  await expect(popup.tagSuggestions.getByRole('option')).toHaveText(['marine-biology']);
  await popup.page.screenshot({ path: join(ARTIFACTS_DIR, 'popup-tags-light.png') });
  // The open list pushes the Markdown field down rather than covering its label.
  const list = await popup.tagSuggestions.boundingBox();
  const label = await popup.page.getByText('Markdown', { exact: true }).boundingBox();
  expect(list && label && list.y + list.height <= label.y).toBe(true);
  await popup.page.keyboard.press('ArrowDown');
  await expect(popup.tagInput).toHaveAttribute('aria-activedescendant', /.+/);
  await popup.page.keyboard.press('Enter');
  await popup.page.keyboard.type('shore');
  await popup.page.keyboard.press('Enter');
  await popup.page.keyboard.type('oops');
  await popup.page.keyboard.press('Enter');
  await popup.page.keyboard.press('Backspace');
  await expect(popup.chosenTags).toHaveText(['marine-biology×', 'shore×']);

  await popup.page.emulateMedia({ colorScheme: 'light' });
  await popup.page.screenshot({ path: join(ARTIFACTS_DIR, 'popup-edit-light.png') });
  await popup.page.emulateMedia({ colorScheme: 'dark' });
  await popup.page.screenshot({ path: join(ARTIFACTS_DIR, 'popup-edit-dark.png') });
  await expectNoSeriousViolations(popup.page);

  await popup.page.getByRole('button', { name: 'Show rendered preview' }).click();
  const rendered = popup.page.getByRole('region', { name: 'Rendered preview' });
  await expect(rendered.getByRole('heading', { name: 'Who lives there' })).toBeVisible();
  await rendered.scrollIntoViewIfNeeded();
  await popup.page.screenshot({ path: join(ARTIFACTS_DIR, 'popup-preview-dark.png') });
  await popup.page.emulateMedia({ colorScheme: 'light' });
  await popup.page.screenshot({ path: join(ARTIFACTS_DIR, 'popup-preview-light.png') });
  await expectNoSeriousViolations(popup.page);
  await expectNoHorizontalOverflow(popup.page);

  await popup.tagInput.focus();
  await popup.page.keyboard.press('Control+Enter');

  await expect(popup.savedMessage).toHaveText('Saved “Tide pools, a field guide”');
  await expect(popup.savedResult.getByRole('definition')).toHaveText([
    'Science',
    'marine-biologyshore',
  ]);
  const saved = notesServer.notes().find((note) => note.title === 'Tide pools, a field guide');
  expect(saved?.deck_id).toBe('deck-science');
  expect(saved?.tags).toEqual(['marine-biology', 'shore']);
  expect(saved?.markdown_text).toContain('## Who lives there');

  // The next popup starts in the deck used last and suggests the tags used last.
  const again = await openPopupFor(article);
  await again.waitForPreview();
  await expect(again.deckSelect.locator('option:checked')).toHaveText('Science');
  await again.tagInput.focus();
  await again.page.keyboard.type('sh');
  await expect(again.tagSuggestions.getByRole('option').first()).toHaveText('shore');
});

test('keyboard only: open, type a tag, Ctrl+Enter saves', async ({
  context,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  const article = await openArticle(await context.newPage(), site.urlFor('article.html'));
  const popup = await openPopupFor(article);
  await popup.waitForPreview();
  await expect(popup.tagInput).toBeFocused();

  await popup.page.keyboard.type('field-notes');
  await popup.page.keyboard.press('Enter');
  await popup.page.keyboard.press('Control+Enter');

  await expect(popup.savedMessage).toHaveText('Saved “Why Tide Pools Matter”');
  expect(notesServer.notes().map((note) => note.tags)).toEqual([['field-notes']]);
});

test('a key refused earlier is explained above the editor, with the way to the options', async ({
  context,
  worker,
  extensionId,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  await worker.evaluate(() =>
    chrome.storage.local.set({ keyRefusal: { refusedAt: new Date().toISOString() } }),
  );
  const article = await openArticle(await context.newPage(), site.urlFor('article.html'));
  const popup = await openPopupFor(article);
  await popup.waitForPreview();
  const banner = popup.page.getByRole('region', { name: 'API key refused' });
  await expect(banner).toContainText('refused Clipdeck’s API key');
  await popup.page.screenshot({ path: join(ARTIFACTS_DIR, 'popup-key-refused-banner.png') });
  const optionsOpened = context.waitForEvent('page');
  await banner.getByRole('button', { name: 'Open options' }).click();
  expect((await optionsOpened).url()).toBe(`chrome-extension://${extensionId}/options.html`);
});

test('long unbroken titles, tags and deck names stay inside the 400 px popup', async ({
  context,
  worker,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  const long = `Supercalifragilistic${'expialidocious'.repeat(12)}`;
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  await worker.evaluate(
    (label) =>
      chrome.storage.local.set({
        decks: { decks: [{ id: 'deck-science', label }], defaultDeckId: 'deck-science' },
      }),
    long.slice(0, 80),
  );
  await createNote(notesServer, { title: long, tags: [long.slice(0, 100)] }, 'deck-science');
  const article = await openArticle(await context.newPage(), site.urlFor('article.html'));
  const popup = await openPopupFor(article);
  await popup.waitForPreview();
  await popup.titleInput.fill(long);
  // The whole title is in view: the field grows to as many lines as the title needs.
  const title = await popup.titleInput.evaluate((field) => ({
    height: field.clientHeight,
    content: field.scrollHeight,
    line: Number.parseFloat(getComputedStyle(field).lineHeight),
  }));
  expect(title.content).toBeLessThanOrEqual(title.height);
  expect(title.height).toBeGreaterThan(3 * title.line);
  await popup.tagInput.fill(long.slice(0, 100));
  await popup.tagInput.press('Enter');
  await expectNoHorizontalOverflow(popup.page);

  await popup.recentTab.click();
  await expect(popup.recentNotes).toHaveCount(1);
  await expectNoHorizontalOverflow(popup.page);
  await popup.page.screenshot({ path: join(ARTIFACTS_DIR, 'popup-long-text.png') });
});

test('with text selected the popup offers the selection and clips only it', async ({
  context,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  const article = await openArticle(await context.newPage(), site.urlFor('article.html'));
  await selectText(article, 'blockquote p');
  const popup = await openPopupFor(article);
  await popup.waitForPreview();

  await expect(popup.page.getByRole('radio', { name: 'Selection' })).toBeChecked();
  await expect(popup.markdownInput).toHaveValue(/The tide pool is a small world/);
  await expect(popup.markdownInput).not.toHaveValue(/Who lives there/);

  await popup.page.getByRole('radio', { name: 'Article' }).check();
  await expect(popup.markdownInput).toHaveValue(/Who lives there/);
});

test('a page clipped before can have its note replaced or the selection appended', async ({
  context,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  const article = await openArticle(await context.newPage(), site.urlFor('article.html'));
  const first = await openPopupFor(article);
  await first.waitForPreview();
  await first.saveButton.click();
  await expect(first.savedMessage).toBeVisible();
  const [note] = notesServer.notes();
  if (!note) throw new Error('the first clip stored no note');

  // The same page, reached through a link with tracking parameters.
  await article.goto(`${site.urlFor('article.html')}?utm_source=newsletter&fbclid=abc`);
  const popup = await openPopupFor(article);
  await popup.waitForPreview();
  await expect(popup.alreadyClipped).toContainText('You clipped this page just now');
  await expect(popup.saveButton).toHaveText('Save as new note');

  await popup.markdownInput.fill('# Tide pools\n\nRewritten by hand.');
  await popup.alreadyClipped.getByRole('button', { name: 'Replace its text' }).click();
  await expect(popup.alreadyClipped.getByRole('status')).toHaveText(
    'Replaced the text of “Why Tide Pools Matter”.',
  );
  expect(notesServer.notes()).toHaveLength(1);
  expect(notesServer.notes()[0]?.markdown_text).toBe('# Tide pools\n\nRewritten by hand.');
  const replaced = notesServer.requests().filter((request) => request.method === 'PUT');
  expect(replaced.map((request) => request.body)).toEqual([
    { markdown_text: '# Tide pools\n\nRewritten by hand.' },
  ]);

  await selectText(article, 'blockquote p');
  const appending = await openPopupFor(article);
  await appending.waitForPreview();
  await appending.alreadyClipped.getByRole('button', { name: 'Append selection' }).click();
  await expect(appending.alreadyClipped.getByRole('status')).toHaveText(
    'Appended the selection to “Why Tide Pools Matter”.',
  );
  const stored = notesServer.notes()[0]?.markdown_text ?? '';
  expect(stored.startsWith('# Tide pools\n\nRewritten by hand.\n\n---\n\n')).toBe(true);
  expect(stored).toContain('The tide pool is a small world that teaches the large one.');
  const appended = notesServer.requests().filter((request) => request.method === 'PUT');
  expect(Object.keys(appended.at(-1)?.body as object)).toEqual(['markdown_text']);
  expect(notesServer.notes()).toHaveLength(1);
});

test('a deleted note is not offered as clipped before', async ({
  context,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  const article = await openArticle(await context.newPage(), site.urlFor('article.html'));
  const first = await openPopupFor(article);
  await first.waitForPreview();
  await first.saveButton.click();
  await expect(first.savedMessage).toBeVisible();
  const [note] = notesServer.notes();
  await fetch(`${notesServer.baseUrl}/notes/${note?.id}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${notesServer.apiKey}` },
  });

  const popup = await openPopupFor(article);
  await popup.waitForPreview();
  await expect(popup.saveButton).toHaveText('Save page');
  await expect(popup.alreadyClipped).toHaveCount(0);
});

test('recent notes are listed newest first and can be edited and deleted', async ({
  context,
  worker,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  await saveDecks(worker);
  await createNote(notesServer, { title: 'Oldest note', tags: ['archive'] });
  await createNote(notesServer, { title: 'Reading notes', tags: ['books'] }, 'deck-reading');
  await createNote(notesServer, {
    title: 'Newest note',
    tags: ['inbox'],
    markdown: '# Newest\n\nBody.',
  });

  const article = await openArticle(await context.newPage(), site.urlFor('article.html'));
  const popup = await openPopupFor(article);
  await popup.recentTab.click();
  await expect(popup.recentNotes.getByRole('heading')).toHaveText([
    'Newest note',
    'Reading notes',
    'Oldest note',
  ]);
  await expect(popup.recentNote('Reading notes')).toContainText('Reading list');
  await expect(popup.recentNote('Reading notes')).toContainText('books');
  await popup.page.screenshot({ path: join(ARTIFACTS_DIR, 'popup-recent-light.png') });
  await popup.page.emulateMedia({ colorScheme: 'dark' });
  await popup.page.screenshot({ path: join(ARTIFACTS_DIR, 'popup-recent-dark.png') });
  await expectNoSeriousViolations(popup.page);
  await expectNoHorizontalOverflow(popup.page);

  const newest = popup.recentNote('Newest note');
  await newest.getByRole('button', { name: 'Edit' }).click();
  await newest.getByLabel('Title').fill('Newest note, renamed');
  await newest.getByRole('combobox', { name: 'Tags' }).fill('todo');
  await newest.getByRole('combobox', { name: 'Tags' }).press('Enter');
  await newest.getByRole('button', { name: 'Save changes' }).click();
  await expect(popup.recentNote('Newest note, renamed')).toContainText('Saved.');
  const edited = notesServer.notes().find((note) => note.title === 'Newest note, renamed');
  expect(edited?.tags).toEqual(['inbox', 'todo']);
  expect(edited?.markdown_text).toBe('# Newest\n\nBody.');
  const put = notesServer.requests().filter((request) => request.method === 'PUT');
  expect(put.map((request) => request.body)).toEqual([
    { title: 'Newest note, renamed', tags: ['inbox', 'todo'] },
  ]);

  const oldest = popup.recentNote('Oldest note');
  await oldest.getByRole('button', { name: 'Delete' }).click();
  await expect(oldest).toContainText('This cannot be undone.');
  await oldest.getByRole('button', { name: 'Delete note' }).click();
  await expect(
    popup.page.getByRole('status').filter({ hasText: 'Deleted “Oldest note”.' }),
  ).toBeVisible();
  await expect(popup.recentNote('Oldest note')).toHaveCount(0);
  expect(notesServer.notes().map((note) => note.title)).not.toContain('Oldest note');
});

test('a service that refuses DELETE gets a clear message and the note stays', async ({
  context,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await createNote(notesServer, { title: 'Keep me' });
  // A service without delete: every DELETE answers 405, as a route that does not exist would.
  const withoutDelete = await startDeleteRefusingProxy(notesServer.baseUrl);
  try {
    await configure({ baseUrl: withoutDelete.baseUrl, apiKey: notesServer.apiKey });
    const article = await openArticle(await context.newPage(), site.urlFor('article.html'));
    const popup = await openPopupFor(article);
    await popup.recentTab.click();
    const note = popup.recentNote('Keep me');
    await note.getByRole('button', { name: 'Delete' }).click();
    await note.getByRole('button', { name: 'Delete note' }).click();
    await expect(note.getByRole('alert')).toContainText(
      'Your Notes service did not delete “Keep me”',
    );
    await expect(note.getByRole('alert')).toContainText('Delete it in the Notes service itself.');
    expect(notesServer.notes().map((stored) => stored.title)).toEqual(['Keep me']);
  } finally {
    await withoutDelete.stop();
  }
});

test('pages that cannot be clipped say why and offer what still works', async ({
  context,
  worker,
  extensionId,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  await worker.evaluate(() =>
    chrome.storage.local.set({
      clipDefaults: {
        tags: ['to-read'],
        mode: 'article',
        template: { kind: 'builtin', id: 'source-header' },
        stripTracking: true,
      },
    }),
  );
  const settings = await context.newPage();
  await settings.goto(`chrome-extension://${extensionId}/options.html`);
  const browserPage = await openPopupFor(settings);
  await expect(browserPage.errorMessage).toContainText('Browsers do not let extensions read');
  await browserPage.page.screenshot({ path: join(ARTIFACTS_DIR, 'popup-browser-page.png') });

  const empty = await openArticle(await context.newPage(), site.urlFor('popup-empty.html'));
  const popup = await openPopupFor(empty);
  await expect(popup.errorMessage).toBeVisible();
  await popup.page.getByRole('button', { name: 'Save as bookmark' }).click();
  await popup.waitForPreview();
  await expect(popup.page.getByRole('radio', { name: 'Bookmark' })).toBeChecked();
  await expect(popup.chosenTags).toHaveText(['to-read×']);
  await popup.saveButton.click();
  await expect(popup.savedMessage).toBeVisible();
  expect(notesServer.notes()[0]?.markdown_text).toContain(site.urlFor('popup-empty.html'));
  expect(notesServer.notes()[0]?.tags).toEqual(['to-read']);
});

/** Shots of a state in light and dark, at the popup's size, to be looked at (issue 19). */
async function shoot(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: join(ARTIFACTS_DIR, `state-${name}-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** An address where nothing listens: a service that is down (connection refused). */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/api`;
}

test('a key refreshed in the service since the last popup is shown on opening, before any click', async ({
  context,
  worker,
  extensionId,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  await createNote(notesServer, { title: 'Cached note' });
  const article = await openArticle(await context.newPage(), site.urlFor('article.html'));
  const healthy = await openPopupFor(article);
  await healthy.waitForPreview();
  await expect(healthy.keyRefusedBanner).toHaveCount(0);
  // The notes index is now fresh: the next popup asks the service nothing for it.
  await expect
    .poll(() =>
      worker.evaluate(async () => !!(await chrome.storage.local.get('notesIndex')).notesIndex),
    )
    .toBe(true);
  await healthy.page.close();

  // "Refresh Key" in the service: the stored key stops working; nothing has noticed yet.
  await configure({ baseUrl: notesServer.baseUrl, apiKey: 'the-key-before-refresh' });
  expect(
    await worker.evaluate(async () => (await chrome.storage.local.get('keyRefusal')).keyRefusal),
  ).toBeFalsy();

  const popup = await openPopupFor(article);
  await expect(popup.keyRefusedBanner).toBeVisible();
  await expect(popup.keyRefusedBanner).toContainText('refused Clipdeck’s API key');
  await popup.waitForPreview();
  await shoot(popup.page, 'key-refused-editing');
  expect(await popup.focusProblems()).toEqual([]);

  await popup.recentTab.click();
  await expect(popup.recentNote('Cached note')).toBeVisible();
  await expect(popup.page.getByRole('note')).toHaveText(
    'Shown from Clipdeck’s copy: the service refused the key, so these may be out of date.',
  );
  await shoot(popup.page, 'key-refused-recent');

  const optionsOpened = context.waitForEvent('page');
  await popup.keyRefusedBanner.getByRole('button', { name: 'Open options' }).click();
  expect((await optionsOpened).url()).toBe(`chrome-extension://${extensionId}/options.html`);
});

test('a service that is down is shown on opening; Save keeps the clip and says it will be sent', async ({
  context,
  worker,
  extensionId,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: await closedPortUrl(), apiKey: 'a-key' });
  const article = await openArticle(await context.newPage(), site.urlFor('article.html'));
  const popup = await openPopupFor(article);
  await expect(popup.unreachableBanner).toBeVisible();
  await expect(popup.unreachableBanner).toContainText(
    'Clipdeck cannot reach your Notes service. You can still clip',
  );
  await popup.waitForPreview();
  await shoot(popup.page, 'service-down-editing');

  await popup.tagInput.fill('shore');
  await popup.tagInput.press('Enter');
  await popup.saveButton.click();
  await expect(popup.waitingResult).toBeVisible();
  const sentence = popup.waitingResult.getByRole('status').first();
  await expect(sentence).toHaveText(
    'Clipdeck could not reach your Notes service, so “Why Tide Pools Matter” was not sent yet. It is kept in Clipdeck’s outbox and will be sent when the service is back.',
  );
  await expect(popup.waitingResult).not.toContainText('may have been saved');
  // Failure styling: the warning colours, not plain text on the page's background.
  const look = await popup.waitingResult.evaluate((element) => {
    const style = getComputedStyle(element);
    return { border: style.borderLeftColor, background: style.backgroundColor };
  });
  const page = await popup.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(look.background).not.toBe(page);
  expect(look.border).not.toBe('rgb(0, 0, 0)');
  await expect(popup.waitingResult.getByRole('definition')).toHaveText([
    'Default notebook',
    'shore',
  ]);
  await expect(popup.waitingResult.getByRole('button')).toHaveText([
    'Retry now',
    'Open options',
    'Copy Markdown',
    'Discard clip',
  ]);
  await shoot(popup.page, 'service-down-queued');
  const clips = await worker.evaluate(() => globalThis.clipdeckAutomation?.listOutbox());
  expect(clips?.map((clip) => clip.title)).toEqual(['Why Tide Pools Matter']);

  const optionsOpened = context.waitForEvent('page');
  await popup.waitingResult.getByRole('button', { name: 'Open options' }).click();
  expect((await optionsOpened).url()).toBe(`chrome-extension://${extensionId}/options.html`);

  // Undo for a clip that waits: discarding it, and the draft is back.
  await popup.waitingResult.getByRole('button', { name: 'Discard clip' }).click();
  await expect(popup.page.getByRole('status').first()).toContainText(
    'Discarded the clip “Why Tide Pools Matter”: nothing will be sent.',
  );
  await expect(popup.markdownInput).not.toHaveValue('');
  expect(await worker.evaluate(() => globalThis.clipdeckAutomation?.listOutbox())).toEqual([]);
  await shoot(popup.page, 'undone');
});

test('the sticky Save bar never covers the focused element, in every state of the editor', async ({
  context,
  worker,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  await saveDecks(worker);
  const article = await openArticle(await context.newPage(), site.urlFor('article.html'));

  const fresh = await openPopupFor(article);
  await fresh.waitForPreview();
  expect(await fresh.focusProblems()).toEqual([]);
  const editing = await fresh.tabThroughAll();
  expect(editing.problems).toEqual([]);
  // Every control of the editor was reached (the radio group is one stop).
  expect(editing.visited).toEqual(
    expect.arrayContaining([
      'Options',
      'Clip this page',
      'Article',
      'Title',
      'Deck',
      'Tags',
      'Markdown',
      'Show rendered preview',
      'Save page',
    ]),
  );
  await fresh.page.getByRole('button', { name: 'Show rendered preview' }).click();
  await expect(fresh.page.getByRole('region', { name: 'Rendered preview' })).toBeVisible();
  expect((await fresh.tabThroughAll()).problems).toEqual([]);
  await shoot(fresh.page, 'editing');
  await fresh.saveButton.click();
  await expect(fresh.savedMessage).toBeVisible();
  expect((await fresh.tabThroughAll()).problems).toEqual([]);
  await fresh.page.close();

  // Clipped before: the box above the editor pushes the tags and the preview link down.
  const again = await openPopupFor(article);
  await again.waitForPreview();
  await expect(again.alreadyClipped).toBeVisible();
  await expect(again.tagInput).toBeFocused();
  expect(await again.focusProblems()).toEqual([]);
  await shoot(again.page, 'clipped-before');
  const clippedBefore = await again.tabThroughAll();
  expect(clippedBefore.problems).toEqual([]);
  const link = again.page.getByRole('button', { name: 'Show rendered preview' });
  await link.focus();
  expect(await again.focusProblems()).toEqual([]);
});

test('the saved state shows what was saved, and Undo deletes the note just made', async ({
  context,
  worker,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  await saveDecks(worker);
  const article = await openArticle(await context.newPage(), site.urlFor('article.html'));
  const popup = await openPopupFor(article);
  await popup.waitForPreview();
  await popup.deckSelect.selectOption({ label: 'Reading list' });
  await popup.tagInput.fill('tide');
  await popup.tagInput.press('Enter');
  await popup.saveButton.click();

  await expect(popup.savedMessage).toHaveText('Saved “Why Tide Pools Matter”');
  await expect(popup.savedResult.getByRole('term')).toHaveText(['Deck', 'Tags']);
  await expect(popup.savedResult.getByRole('definition')).toHaveText(['Reading list', 'tide']);
  await expect(popup.savedResult.getByRole('button')).toHaveText([
    'Copy Markdown',
    'Recent notes',
    'Undo (delete note)',
  ]);
  await shoot(popup.page, 'saved');
  expect(notesServer.notes()).toHaveLength(1);

  await popup.savedResult.getByRole('button', { name: 'Recent notes' }).click();
  await expect(popup.recentTab).toHaveAttribute('aria-selected', 'true');
  await expect(popup.recentNote('Why Tide Pools Matter')).toContainText('Reading list');
  await popup.page.getByRole('tab', { name: 'Clip this page' }).click();

  await popup.savedResult.getByRole('button', { name: 'Undo (delete note)' }).click();
  await expect(popup.page.getByRole('status').first()).toHaveText(
    'Deleted the note “Why Tide Pools Matter” from your Notes service. The note is below if you want to save it again.',
  );
  expect(notesServer.notes()).toHaveLength(0);
  await expect(popup.saveButton).toBeEnabled();
});

test('one name per notebook: “Default notebook” everywhere, labels where the user gave them', async ({
  context,
  worker,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  await saveDecks(worker);
  // Notes made elsewhere, in the default notebook (the service names it by its own id) and in
  // a listed deck.
  await createNote(notesServer, { title: 'Made in another app' });
  await createNote(notesServer, { title: 'Science note' }, 'deck-science');
  const article = await openArticle(await context.newPage(), site.urlFor('article.html'));
  const first = await openPopupFor(article);
  await first.waitForPreview();
  await first.deckSelect.selectOption({ label: 'Default notebook' });
  await first.saveButton.click();
  await expect(first.savedResult.getByRole('definition').first()).toHaveText('Default notebook');
  await first.page.close();

  const popup = await openPopupFor(article);
  await popup.waitForPreview();
  await expect(popup.alreadyClipped).toContainText('in Default notebook');
  await popup.recentTab.click();
  await expect(popup.recentNote('Made in another app')).toContainText('Default notebook');
  await expect(popup.recentNote('Science note')).toContainText('Science');
  await expect(popup.recentNote('Why Tide Pools Matter')).toContainText('Default notebook');
  const metas = await popup.page.locator('.note-meta').allTextContents();
  expect(metas.join('\n')).not.toMatch(/\bdefault\b|deck-science/);
  await shoot(popup.page, 'recent-notes');
});

test('arrow keys through the clip modes extract only the mode the user rests on, once', async ({
  context,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  const article = await openArticle(await context.newPage(), site.urlFor('article.html'));
  const popup = await openPopupFor(article);
  await popup.waitForPreview();
  // Counts the engine runs the popup asks of the tab from now on (the only injection that carries
  // the clip request), one per extraction: the popup previews the tab itself (issue 18).
  await popup.page.evaluate(() => {
    const scripting = chrome.scripting as typeof chrome.scripting & { extractions?: number };
    const original = scripting.executeScript.bind(scripting);
    scripting.extractions = 0;
    type Injection = Parameters<typeof scripting.executeScript>[0];
    scripting.executeScript = ((injection: Injection) => {
      // The engine's presence check carries only the engine's key; an extraction also the request.
      if ('args' in injection && injection.args?.some((arg) => typeof arg === 'object')) {
        scripting.extractions = (scripting.extractions ?? 0) + 1;
      }
      return original(injection);
    }) as typeof scripting.executeScript;
  });
  const extractions = () =>
    popup.page.evaluate(
      () => (chrome.scripting as typeof chrome.scripting & { extractions?: number }).extractions,
    );

  await popup.page.getByRole('radio', { name: 'Article' }).focus();
  // Article → Full page → Bookmark (Selection is greyed, so the arrows pass over it).
  await popup.page.keyboard.press('ArrowRight');
  await popup.page.keyboard.press('ArrowRight');
  await expect(popup.page.getByRole('radio', { name: 'Bookmark' })).toBeChecked();
  await expect(popup.markdownInput).toBeEnabled();
  await expect(popup.markdownInput).not.toHaveValue(/Who lives there/);
  expect(await extractions()).toBe(1);

  // Back to a mode seen before: shown at once from the popup's own copy.
  await popup.page.keyboard.press('ArrowLeft');
  await popup.page.keyboard.press('ArrowLeft');
  await expect(popup.page.getByRole('radio', { name: 'Article' })).toBeChecked();
  await expect(popup.markdownInput).toHaveValue(/## Who lives there/);
  expect(await extractions()).toBe(1);
});
