import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { type NotesServer, startNotesServer } from '../../notes-server';
import { findChromium } from '../../scripts/lib/chromium';
import { type StaticServer, startStaticServer } from '../../scripts/lib/static-server';
import { ARTIFACTS_DIR, AUTOMATION_BUILD, expect, SITE_DIR, TEST_DECKS, test } from './fixtures';
import { PopupPage } from './pages/popup-page';

/**
 * The popup and options page in the browser's own language, in real Chromium. On Linux Chromium
 * takes its UI language from the environment (LANGUAGE, then LC_ALL/LANG), and `--lang` alone is
 * not enough; extensions then get that language from chrome.i18n. Each run is checked for text
 * that overflows its box, and screenshots are written to tests/e2e/artifacts/i18n to be looked at.
 */
const SHOTS = join(ARTIFACTS_DIR, 'i18n');

const RUNS = [
  { lang: 'en', posix: 'en_US', scheme: 'light', heading: 'Clipdeck options' },
  { lang: 'en', posix: 'en_US', scheme: 'dark', heading: 'Clipdeck options' },
  { lang: 'de', posix: 'de_DE', scheme: 'light', heading: 'Clipdeck-Einstellungen' },
  { lang: 'ja', posix: 'ja_JP', scheme: 'light', heading: 'Clipdeck の設定' },
] as const;

/** Elements whose text runs past their box (scrolling fields excepted), and page-wide overflow. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1) {
      found.push(`page is ${root.scrollWidth}px wide in a ${window.innerWidth}px window`);
    }
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (element.matches('textarea, input, select, pre, code, .visually-hidden')) continue;
      if (element.closest('[hidden], .visually-hidden, .markdown-preview')) continue;
      const style = getComputedStyle(element);
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
      if (element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1) {
        const text = (element.textContent ?? '').trim().slice(0, 60);
        found.push(`${element.tagName.toLowerCase()}.${element.className} "${text}"`);
      }
    }
    return found;
  });
}

for (const run of RUNS) {
  test(`popup and options in ${run.lang} (${run.scheme})`, async () => {
    test.setTimeout(90_000);
    await mkdir(SHOTS, { recursive: true });
    const notesServer: NotesServer = await startNotesServer({ decks: TEST_DECKS });
    const site: StaticServer = await startStaticServer(SITE_DIR);
    const context = await chromium.launchPersistentContext(
      await mkdtemp(join(tmpdir(), 'clipdeck-i18n-')),
      {
        executablePath: findChromium(),
        headless: true,
        locale: run.lang,
        colorScheme: run.scheme,
        // LANGUAGE alone is ignored while the locale is C, as gettext does.
        env: {
          ...process.env,
          LANGUAGE: run.lang,
          LC_ALL: `${run.posix}.UTF-8`,
          LANG: `${run.posix}.UTF-8`,
        },
        args: [
          `--disable-extensions-except=${AUTOMATION_BUILD}`,
          `--load-extension=${AUTOMATION_BUILD}`,
          `--lang=${run.lang}`,
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
        ],
      },
    );
    try {
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
      const extensionId = new URL(worker.url()).host;
      expect(await worker.evaluate(() => chrome.i18n.getUILanguage())).toMatch(
        new RegExp(`^${run.lang}`),
      );
      await worker.evaluate((value) => globalThis.clipdeckAutomation?.configure(value), {
        baseUrl: notesServer.baseUrl,
        apiKey: notesServer.apiKey,
      });
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

      const article = await context.newPage();
      await article.goto(site.urlFor('article.html'));
      const tabId = await worker.evaluate(async (url) => {
        const [tab] = await chrome.tabs.query({ url });
        return tab?.id ?? -1;
      }, article.url());
      const popup = await PopupPage.open(await context.newPage(), extensionId, tabId);
      await popup.waitForPreview();
      await expect(popup.page.locator('html')).toHaveAttribute('lang', run.lang);
      // The tag field's hint and the mode radios are where long words break layouts.
      await popup.page.getByRole('textbox').first().focus();
      await popup.page.screenshot({
        path: join(SHOTS, `popup-${run.lang}-${run.scheme}.png`),
        fullPage: true,
      });
      expect(await overflowing(popup.page)).toEqual([]);

      const options = await context.newPage();
      await options.setViewportSize({ width: 900, height: 800 });
      await options.goto(`chrome-extension://${extensionId}/options.html`);
      await expect(options.getByRole('heading', { level: 1 })).toHaveText(run.heading);
      await options.getByRole('heading', { level: 2 }).first().waitFor();
      await options.screenshot({
        path: join(SHOTS, `options-${run.lang}-${run.scheme}.png`),
        fullPage: true,
      });
      expect(await overflowing(options)).toEqual([]);
      // The narrowest a browser lets an options tab be: nothing may spill out there either.
      await options.setViewportSize({ width: 420, height: 800 });
      await options.screenshot({
        path: join(SHOTS, `options-narrow-${run.lang}-${run.scheme}.png`),
        fullPage: true,
      });
      expect(await overflowing(options)).toEqual([]);
    } finally {
      await context.close();
      await site.stop();
      await notesServer.stop();
    }
  });
}
