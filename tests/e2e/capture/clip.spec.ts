import { join } from 'node:path';
import { micromark } from 'micromark';
import { docsPageProblems } from '../../support/docs-page';
import { publishedDocProblems } from '../../support/published-doc';
import { recipePageProblems } from '../../support/recipe-page';
import { styledTextProblems } from '../../support/styled-text';
import { wordPageProblems } from '../../support/word-page';
import { ARTIFACTS_DIR, expect, tabIdOf, test } from '../fixtures';
import { PopupPage } from '../pages/popup-page';

test('a page clipped from the popup becomes a Markdown note in the service', async ({
  context,
  worker,
  extensionId,
  notesServer,
  site,
  openExtensionPage,
}) => {
  const options = await openExtensionPage('options.html');
  await options.getByLabel('Base URL').fill(notesServer.baseUrl);
  await options.getByLabel('API key').fill(notesServer.apiKey);
  await options.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(options.getByText(/Saved/).first()).toBeVisible();

  const article = await context.newPage();
  await article.goto(site.urlFor('article.html'));
  const popup = await PopupPage.open(
    await context.newPage(),
    extensionId,
    await tabIdOf(worker, article),
  );
  await popup.saveButton.click();

  await expect(popup.savedMessage).toHaveText('Saved “Why Tide Pools Matter”');
  await popup.page.screenshot({ path: join(ARTIFACTS_DIR, 'popup-saved.png') });
  const [note] = notesServer.notes();
  expect(notesServer.notes()).toHaveLength(1);
  expect(note?.title).toBe('Why Tide Pools Matter');
  expect(note?.markdown_text).toContain('## Who lives there');
  expect(note?.markdown_text).toContain('- Hermit crabs that trade shells as they grow');
  expect(note?.markdown_text).toContain(site.urlFor('article.html'));
  // Page chrome stays out of the note.
  expect(note?.markdown_text).not.toContain('Privacy');
  // As the Notes service renders it (CommonMark): the source header is separate lines, with the
  // clipped day as a person writes it (issue 19).
  const header = /^<p>([\s\S]*?)<\/p>/.exec(micromark(note?.markdown_text ?? ''))?.[1] ?? '';
  expect(header.split(/ ?<br \/>\n/)).toEqual([
    `Source: <a href="${site.urlFor('article.html')}">${new URL(site.urlFor('article.html')).hostname}</a>`,
    'By Marina Okafor',
    expect.stringMatching(/^Clipped (?!\d{4}-)\S.*\d{4}/),
  ]);
});

test('a refused key is explained in the popup and nothing is stored', async ({
  context,
  worker,
  extensionId,
  notesServer,
  site,
  configure,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: 'a-key-that-was-refreshed' });
  const article = await context.newPage();
  await article.goto(site.urlFor('article.html'));
  const popup = await PopupPage.open(
    await context.newPage(),
    extensionId,
    await tabIdOf(worker, article),
  );
  await popup.saveButton.click();

  await expect(popup.errorMessage).toContainText('API key');
  await expect(popup.openOptionsButton).toBeVisible();
  await popup.page.screenshot({ path: join(ARTIFACTS_DIR, 'popup-key-refused.png') });
  expect(notesServer.notes()).toHaveLength(0);
});

test('before it is configured the popup leads to the options page', async ({
  context,
  worker,
  extensionId,
  site,
}) => {
  const article = await context.newPage();
  await article.goto(site.urlFor('article.html'));
  const popup = await PopupPage.open(
    await context.newPage(),
    extensionId,
    await tabIdOf(worker, article),
  );

  await expect(popup.page.getByText('Connect Clipdeck to your Notes service')).toBeVisible();
  await popup.page.screenshot({ path: join(ARTIFACTS_DIR, 'popup-not-configured.png') });
  const optionsOpened = context.waitForEvent('page');
  await popup.openOptionsButton.click();
  expect((await optionsOpened).url()).toBe(`chrome-extension://${extensionId}/options.html`);
});

test('a message sent from a content script in a web page is refused', async ({
  context,
  worker,
  notesServer,
  site,
  configure,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  const article = await context.newPage();
  await article.goto(site.urlFor('article.html'));
  const tabId = await tabIdOf(worker, article);
  // Speak the messaging library's wire format from the page's isolated world, as a compromised
  // content script could.
  const reply = await worker.evaluate(async (targetTabId) => {
    const [injection] = await chrome.scripting.executeScript({
      target: { tabId: targetTabId },
      func: (id: number) =>
        chrome.runtime.sendMessage({
          id: 1,
          type: 'clipTab',
          data: { tabId: id },
          timestamp: Date.now(),
        }),
      args: [targetTabId],
    });
    return JSON.stringify(injection?.result);
  }, tabId);

  expect(reply).toContain('refused');
  expect(notesServer.notes()).toHaveLength(0);
});

/**
 * Words only the stylesheet sets apart, and a paragraph bold only by its inline styles
 * (tests/support/styled-text.ts says which and how).
 */
test('the note reads as the page shows it: words its stylesheet sets apart stay apart, bold its style sets stays bold', async ({
  context,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  const page = await context.newPage();
  await page.goto(site.urlFor('styled-text.html'));
  // No space between these words in the markup: only the stylesheet shows them apart.
  await expect(page.locator('#facts')).toHaveText(
    'StationPortreeSpring range4.8 metresNeap range2.1 metres',
  );
  // The paragraph pasted from Google Docs: bold only where a span's style says 700.
  await expect(page.locator('b[id^="docs-internal-guid"] span').nth(1)).toHaveCSS(
    'font-weight',
    '700',
  );
  await expect(page.locator('b[id^="docs-internal-guid"] span').first()).toHaveCSS(
    'font-weight',
    '400',
  );
  const popup = await openPopupFor(page);
  await popup.saveButton.click();
  await expect(popup.savedMessage).toHaveText('Saved “Reading a tide table”');

  expect(styledTextProblems(notesServer.notes()[0]?.markdown_text ?? '')).toEqual([]);
});

/**
 * A documentation page: tabs hidden by attribute and by style sheet, Sphinx's permalinks, rustdoc's
 * methods in folds (tests/support/docs-page.ts says what the note must hold).
 */
test('a documentation page keeps every tab under its name, its method headings, and no permalink marks', async ({
  context,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  const page = await context.newPage();
  await page.goto(site.urlFor('docs-page.html'));
  // As a reader sees the page: one panel of each tab row, the permalinks hidden until hovered.
  await expect(page.getByText('yarn add lamp-log')).toBeHidden();
  await expect(page.getByText('On Windows the entries')).toBeHidden();
  const popup = await openPopupFor(page);
  await popup.saveButton.click();
  await expect(popup.savedMessage).toHaveText('Saved “Installing the lamp log”');

  expect(docsPageProblems(notesServer.notes()[0]?.markdown_text ?? '')).toEqual([]);
});

/**
 * A recipe card as WordPress Recipe Maker writes it: units shown to the eye beside units for
 * screen readers, steps numbered by style, share and cook-mode controls
 * (tests/support/recipe-page.ts says what the note must hold).
 */
test('a recipe card keeps its times with their units and its steps numbered, without its share button', async ({
  context,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  const page = await context.newPage();
  await page.goto(site.urlFor('recipe-page.html'));
  // As a reader sees the card: "15 mins", the spoken "minutes" clipped to a pixel.
  await expect(page.getByText('mins').first()).toBeVisible();
  const popup = await openPopupFor(page);
  await popup.saveButton.click();
  await expect(popup.savedMessage).toHaveText('Saved “Curried Lentil and Pumpkin Soup”');

  expect(recipePageProblems(notesServer.notes()[0]?.markdown_text ?? '')).toEqual([]);
});

/**
 * A document saved from Word writes its lists as paragraphs led by their bullet or number: the
 * note must hold them as lists, nested by the levels Word wrote (tests/support/word-page.ts).
 */
test('a page saved from Word keeps its lists as lists, nested by level', async ({
  context,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  const page = await context.newPage();
  await page.goto(site.urlFor('word-web-page.html'));
  const popup = await openPopupFor(page);
  await popup.saveButton.click();
  await expect(popup.savedMessage).toHaveText('Saved “Winter maintenance of the harbour light”');

  expect(wordPageProblems(notesServer.notes()[0]?.markdown_text ?? '')).toEqual([]);
});

/**
 * A document published from Google Docs: bold and italics by its own style sheet's classes, links
 * through Google's redirector (tests/support/published-doc.ts says what the note must hold).
 */
test('a published Google Doc keeps the bold and italics its classes set, and links where its links lead', async ({
  context,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  const page = await context.newPage();
  await page.goto(site.urlFor('google-docs-published.html'));
  // The page shows these spans bold and italic by their class alone.
  await expect(page.locator('span.c4')).toHaveCSS('font-weight', '700');
  await expect(page.locator('span.c7')).toHaveCSS('font-style', 'italic');
  const popup = await openPopupFor(page);
  await popup.saveButton.click();
  await expect(popup.savedMessage).toHaveText('Saved “Harbour crossing notes”');

  expect(publishedDocProblems(notesServer.notes()[0]?.markdown_text ?? '')).toEqual([]);
});
