import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ARTIFACTS_DIR, button, extensionSuite, waitForPreview } from './harness';

/**
 * "Clip all tabs in this window" from the popup in Debian's Firefox ESR (the Chromium spec is
 * tests/e2e/popup-all-tabs): each article saved once, the tab Clipdeck cannot read named, and
 * nothing else of the window clipped.
 */

const ARTICLES = [
  { file: 'all-tabs-1.html', title: 'Kelp forests and their guests' },
  { file: 'all-tabs-2.html', title: 'How tide pools refill' },
  { file: 'all-tabs-3.html', title: 'Why sea otters use tools' },
];

const suite = extensionSuite();

test('Clip all tabs saves each article once and names the tab it skipped', async () => {
  const { server } = suite;
  const helper = await suite.extensionPage();
  const opened = [];
  for (const article of ARTICLES) opened.push(await suite.openSitePage(article.file));
  const popup = await suite.openPopupFor(helper, opened[0]?.url ?? '', 800);
  // The window: the first tab Firefox opened (blank) and the three articles. Clipdeck's own
  // options page (the helper), open in it too, is not counted.
  await popup.waitForFunction(
    () => document.body.textContent?.includes('Clipdeck will read the 4 tabs open in this window'),
    { polling: 50, timeout: 15_000 },
  );
  // Once the preview is in, nothing moves the button under the click.
  await waitForPreview(popup);
  // From the keyboard: the sticky save bar may lie over the button where a pointer would click.
  await (await button(popup, 'Clip all tabs in this window')).focus();
  await popup.keyboard.press('Enter');
  await popup.waitForFunction(() => document.body.textContent?.includes('Done: 3 of 3 saved.'), {
    polling: 100,
    timeout: 30_000,
  });
  await popup.click('.bulk details summary');
  const skipped = await popup.evaluate(() =>
    [...document.querySelectorAll('.bulk details li')].map((item) => item.textContent ?? ''),
  );
  expect(skipped).toEqual([expect.stringMatching(/^New Tab: This page has no text to clip yet\./)]);
  // Nothing scrolls sideways, with the list open and Firefox's vertical scrollbar taking room.
  const width = await popup.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(width.scroll).toBeLessThanOrEqual(width.client);
  await popup.screenshot({ path: join(ARTIFACTS_DIR, 'popup-all-tabs-light.png') });
  expect(
    server
      .notes()
      .map((note) => note.title)
      .sort(),
  ).toEqual(ARTICLES.map((article) => article.title).sort());
});
