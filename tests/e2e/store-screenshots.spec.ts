import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { ARTIFACTS_DIR, expect, TEST_DECKS, test } from './fixtures';
import { OptionsPage } from './pages/options-page';

/**
 * The store listing's screenshots (1280×800, the size both stores take), made from the real
 * extension: `STORE_SCREENSHOTS=1 npx playwright test tests/e2e/store-screenshots.spec.ts`
 * writes them to store/screenshots (committed; the README shows two); without it they go to
 * tests/e2e/artifacts/store, so a plain test run leaves the tree alone.
 */
const OUT_DIR = process.env.STORE_SCREENSHOTS
  ? resolve('store/screenshots')
  : join(ARTIFACTS_DIR, 'store');
const WIDTH = 1280;
const HEIGHT = 800;

/** A little of a real site's look for the page being clipped (the fixture has no stylesheet). */
const SITE_STYLE = `
  body { margin: 0; font: 18px/1.6 Georgia, 'DejaVu Serif', serif; color: #222; background: #fff; }
  .site-header { display: flex; gap: 32px; align-items: center; padding: 18px 64px; background: #12355b; }
  .site-header a { color: #fff; text-decoration: none; font: bold 16px sans-serif; }
  .site-header nav { display: flex; gap: 20px; }
  main { max-width: 680px; margin: 32px 64px; }
  h1 { font-size: 40px; line-height: 1.15; margin: 0 0 8px; }
  .byline { color: #666; font-style: italic; }
`;

/** A plain browser toolbar with Clipdeck's button, the popup hanging under it over the page. */
function popupOverPage(address: string, page: Buffer, popup: Buffer, popupHeight: number): string {
  const png = (buffer: Buffer) => `data:image/png;base64,${buffer.toString('base64')}`;
  return `<!doctype html><html><body style="margin:0;width:${WIDTH}px;height:${HEIGHT}px;overflow:hidden;position:relative;font-family:sans-serif">
    <div style="height:44px;box-sizing:border-box;background:#f1f3f4;border-bottom:1px solid #dadce0;display:flex;align-items:center;padding:0 12px;gap:10px">
      <div style="flex:1;height:30px;border-radius:15px;background:#fff;border:1px solid #dadce0;display:flex;align-items:center;padding:0 16px;font-size:14px;color:#444">${address}</div>
      <div style="width:32px;height:32px;border-radius:6px;background:#dfe3e6;display:grid;place-items:center"><img src="/icon/32.png" width="16" height="16" alt=""></div>
    </div>
    <img src="${png(page)}" style="display:block" alt="">
    <img src="${png(popup)}" style="position:absolute;top:46px;right:12px;width:400px;height:${popupHeight}px;border-radius:8px;box-shadow:0 4px 24px rgba(0,0,0,.28),0 0 0 1px rgba(0,0,0,.08)" alt="">
  </body></html>`;
}

async function saveScreenshot(page: Page, name: string): Promise<void> {
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } });
  // A PNG's width and height are the IHDR chunk's first two big-endian words.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([WIDTH, HEIGHT]);
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(join(OUT_DIR, name), png);
}

/** Clipdeck's mark, drawn before the page's heading (entrypoints/*\/style.css). */
async function headingMark(page: Page): Promise<string> {
  return page
    .locator('h1')
    .first()
    .evaluate((heading) => getComputedStyle(heading, '::before').backgroundImage);
}

test('store screenshots: the popup over an article, and the options page, show the mark', async ({
  context,
  site,
  notesServer,
  extensionId,
  openPopupFor,
}) => {
  const optionsTab = await context.newPage();
  await optionsTab.setViewportSize({ width: WIDTH, height: HEIGHT });
  const options = await OptionsPage.open(optionsTab, extensionId);
  await options.saveConnection(notesServer.baseUrl, notesServer.apiKey);
  await expect(options.status(options.connection)).toContainText('Saved');
  await options.addDeck('Reading list', TEST_DECKS[1] ?? '');
  await expect(options.deckList).toContainText('Reading list');
  await options.defaultDeck.selectOption({ label: 'Reading list' });
  expect(await headingMark(options.page)).toContain('data:image/svg+xml');
  await options.page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(options.page, 'options.png');

  const article = await context.newPage();
  await article.setViewportSize({ width: WIDTH, height: HEIGHT - 44 });
  await article.goto(site.urlFor('article.html'));
  await article.addStyleTag({ content: SITE_STYLE });
  const popup = await openPopupFor(article);
  await popup.waitForPreview();
  await expect(popup.titleInput).toHaveValue('Why Tide Pools Matter');
  expect(await headingMark(popup.page)).toContain('data:image/svg+xml');

  const composite = await context.newPage();
  await composite.setViewportSize({ width: WIDTH, height: HEIGHT });
  const showPopup = async (name: string) => {
    // The toolbar's popup is as tall as its content, up to 600 px.
    const height = await popup.page.evaluate(() => {
      const main = document.querySelector('main');
      const bottom = main ? main.getBoundingClientRect().bottom + window.scrollY : 600;
      return Math.min(600, Math.ceil(bottom + 12));
    });
    await popup.page.setViewportSize({ width: 400, height });
    const popupShot = await popup.page.screenshot();
    // The composite is an extension page, so it may show the extension's own icon.
    await composite.goto(popup.page.url().replace(/popup\.html.*$/, 'options.html'));
    await composite.setContent(
      popupOverPage(article.url(), await article.screenshot(), popupShot, height),
    );
    await composite.evaluate(() =>
      Promise.all(Array.from(document.images, (image) => image.decode())),
    );
    await saveScreenshot(composite, name);
  };
  await showPopup('popup.png');

  await popup.saveButton.click();
  await expect(popup.savedResult).toBeVisible();
  await showPopup('popup-saved.png');
  expect(notesServer.notes().map((note) => note.title)).toContain('Why Tide Pools Matter');
});
