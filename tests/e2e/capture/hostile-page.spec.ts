import { hostileNoteProblems } from '../../support/hostile-note';
import { expect, tabIdOf, test } from '../fixtures';
import { PopupPage } from '../pages/popup-page';

/**
 * A page written to abuse a clipper (tests/fixtures/site/hostile.html), clipped from the popup in
 * the real browser: elements and a page script named after the engine must not stop or forge the
 * clip, and the stored note holds no link or image a note may not hold and no raw HTML.
 */
test('a hostile page is clipped into a safe note', async ({
  context,
  worker,
  extensionId,
  notesServer,
  site,
  configure,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  const page = await context.newPage();
  await page.goto(site.urlFor('hostile.html'));
  // The page's elements named after the engine are globals of the page.
  expect(
    await page.evaluate(() => typeof (window as { clipdeckEngine?: unknown }).clipdeckEngine),
  ).toBe('object');

  const popup = await PopupPage.open(
    await context.newPage(),
    extensionId,
    await tabIdOf(worker, page),
  );
  await popup.waitForPreview();
  await popup.saveButton.click();
  await expect(popup.savedMessage).toHaveText('Saved “Harbour log”');

  const [note] = notesServer.notes();
  const markdown = note?.markdown_text ?? '';
  expect(hostileNoteProblems(markdown)).toEqual([]);
  expect(markdown).not.toContain('Harbour —');
});
