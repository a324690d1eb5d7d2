import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type NotesServer, startNotesServer } from '../../notes-server';
import { ARTIFACTS_DIR, test as base, expect } from './fixtures';
import { OptionsPage } from './pages/options-page';

const READING_DECK = 'reading-list';

// The service here has one notebook besides the default, as a real account would.
const test = base.extend<{ notesServer: NotesServer; options: OptionsPage }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
  notesServer: async ({}, use) => {
    const server = await startNotesServer({ decks: [READING_DECK] });
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

test('turning quick-capture notifications off is saved and still off after a reload', async ({
  options,
  worker,
}) => {
  await expect(options.quickCaptureNotifications).toBeChecked();

  await options.quickCaptureNotifications.uncheck();
  await options.saveDefaultsButton.click();

  await expect(options.status(options.defaults)).toContainText('Defaults saved');
  const stored = await worker.evaluate(() => chrome.storage.local.get(['quickCapture']));
  expect(stored.quickCapture).toEqual({ notifications: false });
  await options.page.reload();
  // Visible first: a box not yet rendered would also count as not checked.
  await expect(options.quickCaptureNotifications).toBeVisible();
  await expect(options.quickCaptureNotifications).not.toBeChecked();
});

test('an invalid address is refused in place and nothing is saved', async ({ options, worker }) => {
  await options.saveConnection('notes.example.com/api', 'some-key');

  await expect(options.connection.getByText('starts with https://')).toBeVisible();
  await expect(options.baseUrl).toHaveAttribute('aria-invalid', 'true');
  expect(await worker.evaluate(() => chrome.storage.local.get(['connection']))).toEqual({});

  await options.baseUrl.fill('http://notes.example.com/api');
  await expect(options.connection.getByText(/unencrypted/)).toBeVisible();
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

test('a refused key is named, and a saved refused key raises the banner', async ({
  options,
  notesServer,
}) => {
  await options.saveConnection(notesServer.baseUrl, 'a-key-that-was-refreshed');
  await options.testButton.click();

  await expect(
    options.page.getByRole('alert').filter({ hasText: 'refused this API key' }),
  ).toBeVisible();
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

test('a deck that exists is added with its note count; an unknown one is not saved', async ({
  options,
  worker,
  notesServer,
}) => {
  await createNote(notesServer, 'Queued article', READING_DECK);
  await options.saveConnection(notesServer.baseUrl, notesServer.apiKey);

  await options.deckLabel.fill('Reading');
  await options.deckId.fill(READING_DECK);
  await options.addDeckButton.click();
  await expect(options.status(options.decks)).toHaveText('Added “Reading” (1 note).');
  await expect(options.deckList).toContainText(READING_DECK);

  await options.deckLabel.fill('Typo');
  await options.deckId.fill('no-such-deck');
  await options.addDeckButton.click();
  await expect(options.decks.getByRole('alert')).toContainText('no notes in a deck “no-such-deck”');
  await expect(options.addAnywayButton).toBeVisible();
  await expect(options.deckList).not.toContainText('no-such-deck');

  await options.defaultDeck.selectOption({ label: 'Reading' });
  await expect(options.status(options.decks)).toHaveText('New clips go to “Reading”.');
  const stored = await worker.evaluate(() => chrome.storage.local.get(['decks']));
  expect(stored.decks).toEqual({
    decks: [{ id: READING_DECK, label: 'Reading' }],
    defaultDeckId: READING_DECK,
  });
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
  await options.deckLabel.fill('Reading');
  await options.deckId.fill(READING_DECK);
  await options.addDeckButton.click();
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

test('screenshots of the page in light and dark', async ({ options, notesServer }) => {
  await createNote(notesServer, 'Queued article', READING_DECK);
  await options.saveConnection(notesServer.baseUrl, notesServer.apiKey);
  await options.deckLabel.fill('Reading');
  await options.deckId.fill(READING_DECK);
  await options.addDeckButton.click();
  await expect(options.deckList).toContainText('Reading');
  await options.testButton.click();
  await expect(options.status(options.connection)).toContainText('Connected');

  await options.page.emulateMedia({ colorScheme: 'light' });
  await options.page.screenshot({ path: join(ARTIFACTS_DIR, 'options-light.png'), fullPage: true });
  await options.page.emulateMedia({ colorScheme: 'dark' });
  await options.page.screenshot({ path: join(ARTIFACTS_DIR, 'options-dark.png'), fullPage: true });
  // Keyboard focus must be visible: tab to the first field and capture it.
  await options.page.keyboard.press('Tab');
  await options.baseUrl.focus();
  await options.page.keyboard.press('Tab');
  await options.page.screenshot({ path: join(ARTIFACTS_DIR, 'options-dark-focus.png') });
});

test('the page has no accessibility violations axe can find, in light and dark', async ({
  options,
  notesServer,
}) => {
  await options.saveConnection(notesServer.baseUrl, 'a-refused-key');
  await options.testButton.click();
  await expect(options.page.getByText('refused the API key').first()).toBeVisible();

  for (const colorScheme of ['light', 'dark'] as const) {
    await options.page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page: options.page }).analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  }
});
