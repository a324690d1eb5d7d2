import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Worker } from '@playwright/test';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import { ARTIFACTS_DIR, test as base, expect } from '../fixtures';
import { OptionsPage } from '../pages/options-page';

const READING_DECK = 'reading-list';
/** A deck the service has that holds no notes: the interface lists it like an unknown id. */
const EMPTY_DECK = 'drafts';
/** Labels and ids at the lengths users give them (a label is at most 80 characters). */
const LONG_DECKS = [
  {
    id: 'deck-7f3c9a2e-41b8-4d6f-9c0e-5a1b2c3d4e5f',
    label: 'Donaudampfschifffahrtsgesellschaftskapitänsmütze',
  },
  {
    id: `archive-${'0123456789abcdef'.repeat(8)}`,
    label: 'Research notes on coastal tide pools and the ecology of their rocky shores',
  },
];

// The service here has one notebook besides the default, as a real account would.
const test = base.extend<{ notesServer: NotesServer; options: OptionsPage }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
  notesServer: async ({}, use) => {
    const server = await startNotesServer({ decks: [READING_DECK, EMPTY_DECK] });
    await use(server);
    await server.stop();
  },
  options: async ({ context, extensionId }, use) => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 900, height: 1000 });
    await use(await OptionsPage.open(page, extensionId));
  },
});

/** Puts a note straight into the service, as another app of the user's would. */
async function createNote(server: NotesServer, title: string, deckId?: string): Promise<string> {
  const query = deckId ? `?deck_id=${encodeURIComponent(deckId)}` : '';
  const response = await fetch(`${server.baseUrl}/notes/${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title, markdown_text: `# ${title}`, tags: [] }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Writes the connection straight into storage, as a save made earlier would have. */
async function saveStraight(worker: Worker, connection: { baseUrl: string; apiKey: string }) {
  await worker.evaluate((value) => chrome.storage.local.set({ connection: value }), connection);
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  return box;
}

/** An address where nothing listens: a port the system handed out and that was closed again. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}/api`;
}

test('the URL and key are saved to local storage and shown again on the next visit', async ({
  options,
  worker,
  notesServer,
}) => {
  await options.saveConnection(`  ${notesServer.baseUrl}/  `, notesServer.apiKey);

  await expect(options.status(options.connection)).toContainText('Saved');
  const stored = await worker.evaluate(() => chrome.storage.local.get(['connection']));
  expect(stored.connection).toEqual({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  expect(await worker.evaluate(() => chrome.storage.sync.get(null))).toEqual({});

  await options.page.reload();
  await expect(options.baseUrl).toHaveValue(notesServer.baseUrl);
  await expect(options.apiKey).toHaveAttribute('type', 'password');
  await options.showKeyButton.click();
  await expect(options.apiKey).toHaveAttribute('type', 'text');
  await expect(options.apiKey).toHaveValue(notesServer.apiKey);
});

test('turning quick-capture notifications off saves at once and is still off after a reload', async ({
  options,
  worker,
}) => {
  await expect(options.quickCaptureNotifications).toBeChecked();

  await options.quickCaptureNotifications.uncheck();

  await expect(options.status(options.defaults)).toHaveText('Saved. New clips use these defaults.');
  const stored = await worker.evaluate(() => chrome.storage.local.get(['quickCapture']));
  expect(stored.quickCapture).toEqual({ notifications: false });
  await options.page.reload();
  // Visible first: a box not yet rendered would also count as not checked.
  await expect(options.quickCaptureNotifications).toBeVisible();
  await expect(options.quickCaptureNotifications).not.toBeChecked();
});

test('an address without a scheme is completed, and only a wrong scheme is refused', async ({
  options,
  worker,
  notesServer,
}) => {
  await options.baseUrl.fill('notes.example.com/api');
  await expect(
    options.connection.getByText('Clipdeck will use https://notes.example.com/api.'),
  ).toBeVisible();
  await expect(options.baseUrl).not.toHaveAttribute('aria-invalid', 'true');

  // The local server, typed as people type it: host, port and path, no scheme.
  const { host } = new URL(notesServer.baseUrl);
  await options.saveConnection(`${host}/api`, notesServer.apiKey);
  await expect(options.status(options.connection)).toContainText('Saved.');
  await expect(options.baseUrl).toHaveValue(`http://${host}/api`);
  const stored = await worker.evaluate(() => chrome.storage.local.get(['connection']));
  expect(stored.connection).toEqual({ baseUrl: `http://${host}/api`, apiKey: notesServer.apiKey });

  await options.baseUrl.fill('ftp://notes.example.com/api');
  await options.saveButton.click();
  await expect(options.baseUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(options.connection.locator('.field-error')).toHaveText(
    /over https:\/\/ or http:\/\//,
  );

  await options.baseUrl.fill('http://notes.example.com/api');
  await expect(options.connection.getByText(/unencrypted/)).toBeVisible();
  await expect(options.baseUrl).not.toHaveAttribute('aria-invalid', 'true');
});

test('Show/Hide reveals the key without moving the key field or changing its own width', async ({
  options,
}) => {
  await options.apiKey.fill('a-fairly-long-api-key-0123456789');
  const fieldBefore = await options.apiKey.boundingBox();
  const buttonBefore = await options.showKeyButton.boundingBox();

  await options.showKeyButton.click();
  const hideButton = options.page.getByRole('button', { name: 'Hide', exact: true });
  await expect(options.apiKey).toHaveAttribute('type', 'text');

  expect(await options.apiKey.boundingBox()).toEqual(fieldBefore);
  expect(await hideButton.boundingBox()).toEqual(buttonBefore);
});

test('testing the connection reports the note count', async ({ options, notesServer }) => {
  await createNote(notesServer, 'First');
  await createNote(notesServer, 'Second');
  await options.baseUrl.fill(notesServer.baseUrl);
  await options.apiKey.fill(notesServer.apiKey);

  await options.testButton.click();

  await expect(options.status(options.connection)).toContainText(
    'Connected: the service accepted the key and holds 2 notes. These settings are not saved yet',
  );
  const listed = notesServer.requests().filter((request) => request.method === 'GET');
  expect(listed.at(-1)?.query).toMatchObject({ limit: '1' });
});

test('a refused key is not saved; a saved key the service refuses raises the banner', async ({
  options,
  worker,
  notesServer,
}) => {
  await options.saveConnection(notesServer.baseUrl, 'a-key-that-was-refreshed');
  await expect(
    options.page
      .getByRole('alert')
      .filter({ hasText: 'Not saved: The Notes service refused this API key' }),
  ).toBeVisible();
  expect(await worker.evaluate(() => chrome.storage.local.get(['connection']))).toEqual({});

  // A key saved earlier that the service refuses now, as after “Refresh Key”.
  await saveStraight(worker, { baseUrl: notesServer.baseUrl, apiKey: 'a-key-that-was-refreshed' });
  await options.page.reload();
  await options.testButton.click();
  const banner = options.page.getByRole('alert').filter({ hasText: 'refused the API key' });
  await expect(banner).toContainText('Refresh Key');
  await options.page.screenshot({ path: join(ARTIFACTS_DIR, 'options-key-refused.png') });

  await options.apiKey.fill(notesServer.apiKey);
  await options.saveButton.click();
  await expect(banner).toBeHidden();
});

test('an unreachable server and an address that is not the Notes API are told apart', async ({
  options,
  site,
}) => {
  await options.baseUrl.fill(await closedPortUrl());
  await options.apiKey.fill('any-key');
  await options.testButton.click();
  await expect(options.status(options.connection)).toContainText('could not reach 127.0.0.1');

  await options.baseUrl.fill(`${site.origin}/api`);
  await options.testButton.click();
  await expect(options.status(options.connection)).toContainText(
    'has no Notes API at this address',
  );
});

test('a deck with notes is added with its count; an empty one is added and said to be empty', async ({
  options,
  worker,
  notesServer,
}) => {
  await createNote(notesServer, 'Queued article', READING_DECK);
  await options.saveConnection(notesServer.baseUrl, notesServer.apiKey);

  await options.addDeck('Reading', READING_DECK);
  await expect(options.status(options.decks)).toHaveText('Saved: added “Reading” (1 note).');
  await expect(options.deckList).toContainText(READING_DECK);

  await options.addDeck('Drafts', EMPTY_DECK);
  await expect(options.status(options.decks)).toHaveText(
    'Saved: added “Drafts”. No notes in this deck yet — if the id is right, your first clip will go there.',
  );
  await expect(options.decks.getByRole('alert')).toHaveCount(0);
  await expect(options.deckRow(EMPTY_DECK)).toContainText('Drafts');

  await options.defaultDeck.selectOption({ label: 'Reading' });
  await expect(options.status(options.decks)).toHaveText('Saved: new clips go to “Reading”.');
  const stored = await worker.evaluate(() => chrome.storage.local.get(['decks']));
  expect(stored.decks).toEqual({
    decks: [
      { id: READING_DECK, label: 'Reading' },
      { id: EMPTY_DECK, label: 'Drafts' },
    ],
    defaultDeckId: READING_DECK,
  });
});

test('a deck is renamed in place, and the new label is there after a reload', async ({
  options,
  notesServer,
}) => {
  await options.saveConnection(notesServer.baseUrl, notesServer.apiKey);
  await options.addDeck('Reading', READING_DECK);
  await expect(options.deckRow(READING_DECK)).toContainText('Reading');

  await options.decks.getByRole('button', { name: 'Rename deck Reading' }).click();
  const input = options.page.getByLabel(`New label for deck ${READING_DECK}`);
  await expect(input).toBeFocused();
  await input.fill('Read later');
  for (const colorScheme of ['light', 'dark'] as const) {
    await options.page.emulateMedia({ colorScheme });
    await options.deckList.screenshot({
      path: join(ARTIFACTS_DIR, `options-rename-${colorScheme}.png`),
    });
  }
  await input.press('Enter');

  await expect(options.status(options.decks)).toHaveText(
    'Saved: renamed “Reading” to “Read later”.',
  );
  await options.page.reload();
  await expect(options.deckRow(READING_DECK)).toContainText('Read later');
  await expect(options.defaultDeck.locator('option')).toHaveText([
    'Default notebook',
    'Read later',
  ]);
});

test('long deck labels and ids wrap inside the list, the id readable on a line of its own', async ({
  options,
  worker,
}) => {
  await worker.evaluate(
    ({ decks }) => chrome.storage.local.set({ decks: { decks, defaultDeckId: null } }),
    { decks: LONG_DECKS },
  );
  await options.page.setViewportSize({ width: 1280, height: 900 });
  await options.page.reload();

  for (const deck of LONG_DECKS) {
    const row = options.deckRow(deck.id);
    const rowBox = await boxOf(row);
    const label = await boxOf(row.locator('.deck-label'));
    const id = await boxOf(row.locator('.deck-id'));
    const remove = await boxOf(row.getByRole('button', { name: /^Remove deck/ }));
    // The id runs across the names column, a line or three, not a letter per line.
    expect(id.width).toBeGreaterThan(rowBox.width / 2);
    expect(id.height).toBeLessThan(3 * 24);
    expect(label.height).toBeLessThan(3 * 30);
    // Everything stays inside the row, and the buttons stay clear of the text.
    for (const box of [label, id, remove]) {
      expect(box.x).toBeGreaterThanOrEqual(rowBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(rowBox.x + rowBox.width + 0.5);
    }
    expect(Math.max(label.x + label.width, id.x + id.width)).toBeLessThanOrEqual(remove.x);
  }
  expect(
    await options.page.evaluate(() => document.documentElement.scrollWidth <= innerWidth),
  ).toBe(true);
  await options.deckList.scrollIntoViewIfNeeded();
  await options.page.screenshot({ path: join(ARTIFACTS_DIR, 'options-long-deck-labels.png') });
});

test('a deck is discovered from one of its notes', async ({ options, notesServer }) => {
  const noteId = await createNote(notesServer, 'Saved from another app', READING_DECK);
  await options.saveConnection(notesServer.baseUrl, notesServer.apiKey);

  await options.noteId.fill(noteId);
  await options.findDeckButton.click();
  await expect(options.decks.getByText(`is in deck ${READING_DECK}`)).toBeVisible();
  await options.page.getByLabel(`Label for deck ${READING_DECK}`).fill('From elsewhere');
  await options.page.getByRole('button', { name: 'Add this deck' }).click();

  await expect(options.deckList).toContainText('From elsewhere');
  await expect(options.defaultDeck.locator('option')).toHaveText([
    'Default notebook',
    'From elsewhere',
  ]);
});

test('a deck is discovered by picking a recent note', async ({ options, notesServer }) => {
  await createNote(notesServer, 'Older note');
  await createNote(notesServer, 'Newest note', READING_DECK);
  await options.saveConnection(notesServer.baseUrl, notesServer.apiKey);

  await options.page.getByRole('button', { name: 'Show recent notes' }).click();
  const recent = options.page.getByLabel('Recent notes');
  await expect(recent.locator('option')).toHaveText([
    'Choose a note…',
    'Newest note',
    'Older note',
  ]);
  await recent.selectOption({ label: 'Newest note' });
  await options.findDeckButton.click();

  await expect(options.decks.getByText(`“Newest note” is in deck ${READING_DECK}.`)).toBeVisible();
  await options.page.getByRole('button', { name: 'Add this deck' }).click();
  await expect(options.deckList).toContainText(READING_DECK);
});

test('settings export without the key and import back; a bad file changes nothing', async ({
  options,
  worker,
  notesServer,
}, testInfo) => {
  await createNote(notesServer, 'Queued article', READING_DECK);
  await options.saveConnection(notesServer.baseUrl, notesServer.apiKey);
  await options.addDeck('Reading', READING_DECK);
  await expect(options.deckList).toContainText('Reading');

  const download = options.page.waitForEvent('download');
  await options.exportButton.click();
  const exportedPath = testInfo.outputPath('exported.json');
  await (await download).saveAs(exportedPath);
  const exported = await readFile(exportedPath, 'utf8');
  expect(exported).not.toContain(notesServer.apiKey);
  expect(JSON.parse(exported)).toMatchObject({
    format: 'clipdeck-settings',
    baseUrl: notesServer.baseUrl,
    quickCapture: { notifications: true },
  });

  await options.decks.getByRole('button', { name: 'Remove deck Reading' }).click();
  await expect(options.deckList).not.toContainText('Reading');

  await options.importFile.setInputFiles(exportedPath);
  await expect(options.status(options.backup)).toContainText('Your API key was not changed');
  await expect(options.deckList).toContainText('Reading');
  await expect(options.apiKey).toHaveValue(notesServer.apiKey);

  const before = await worker.evaluate(() => chrome.storage.local.get(null));
  const broken = JSON.parse(exported);
  broken.decks.decks[0].label = '';
  const brokenPath = testInfo.outputPath('broken.json');
  await writeFile(brokenPath, JSON.stringify(broken));
  await options.importFile.setInputFiles(brokenPath);
  await expect(options.backup.getByRole('alert')).toContainText('decks.decks[0].label');
  expect(await worker.evaluate(() => chrome.storage.local.get(null))).toEqual(before);
});

test('a damaged stored value shows defaults with a notice, never a blank page', async ({
  context,
  extensionId,
  worker,
}) => {
  await worker.evaluate(() =>
    chrome.storage.local.set({ clipDefaults: { tags: 'oops' }, decks$: { v: 9 }, decks: {} }),
  );
  const page = await context.newPage();
  await OptionsPage.open(page, extensionId);

  await expect(page.getByText('clip defaults settings were damaged')).toBeVisible();
  await expect(page.getByText('deck settings come from a newer version')).toBeVisible();
  await expect(page.getByLabel('Default clip mode')).toHaveValue('article');
});

test('screenshots of the page in light and dark at 1280×900', async ({ options, notesServer }) => {
  await createNote(notesServer, 'Queued article', READING_DECK);
  await options.page.setViewportSize({ width: 1280, height: 900 });
  await options.saveConnection(notesServer.baseUrl, notesServer.apiKey);
  await expect(options.status(options.connection)).toContainText('Saved.');
  await options.addDeck('Reading', READING_DECK);
  await expect(options.deckList).toContainText('Reading');
  await options.addDeck(LONG_DECKS[0]?.label ?? '', LONG_DECKS[0]?.id ?? '');
  await expect(options.status(options.decks)).toContainText('No notes in this deck yet');

  for (const colorScheme of ['light', 'dark'] as const) {
    await options.page.emulateMedia({ colorScheme });
    await options.page.evaluate(() => window.scrollTo(0, 0));
    await options.page.screenshot({ path: join(ARTIFACTS_DIR, `options-${colorScheme}.png`) });
    await options.decks.evaluate((section) => section.scrollIntoView());
    await options.page.screenshot({
      path: join(ARTIFACTS_DIR, `options-${colorScheme}-decks.png`),
    });
    await options.page.screenshot({
      path: join(ARTIFACTS_DIR, `options-${colorScheme}-full.png`),
      fullPage: true,
    });
  }
  // Keyboard focus must be visible: tab to the first field and capture it.
  await options.baseUrl.focus();
  await options.page.keyboard.press('Tab');
  await options.page.screenshot({ path: join(ARTIFACTS_DIR, 'options-dark-focus.png') });
});

test('the page has no accessibility violations axe can find, in light and dark', async ({
  options,
  worker,
  notesServer,
}) => {
  await saveStraight(worker, { baseUrl: notesServer.baseUrl, apiKey: 'a-refused-key' });
  await worker.evaluate(
    ({ decks }) => chrome.storage.local.set({ decks: { decks, defaultDeckId: null } }),
    { decks: LONG_DECKS },
  );
  await options.page.reload();
  await options.testButton.click();
  await expect(options.page.getByText('refused the API key').first()).toBeVisible();

  for (const colorScheme of ['light', 'dark'] as const) {
    await options.page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page: options.page }).analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  }
});
