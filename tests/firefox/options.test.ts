import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { expect, test } from 'vitest';
import { POCKET_EXPORT, POCKET_TITLES } from '../support/import';
import { ARTIFACTS_DIR, extensionSuite } from './harness';

/**
 * The options page in Debian's Firefox ESR (the Chromium specs are tests/e2e/import-links and
 * shortcuts): "Import links", for people leaving a read-later service (issue 17), and the
 * keyboard commands with the keys Firefox gives them (issue 18).
 */

const suite = extensionSuite();

const statusText = (options: Page) =>
  options.evaluate(() => document.querySelector('#import-links-status')?.textContent ?? '');

/** Chooses `path` in the file input, as a user picking it in the file dialog. */
async function importFrom(options: Page, path: string): Promise<void> {
  const input = (await options.waitForSelector(
    '#import-links-file',
  )) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(path);
}

test('a Pocket export imported twice makes each note once; a cut file sends nothing', async () => {
  const { server } = suite;
  const options = await suite.extensionPage();
  const folder = await mkdtemp(join(tmpdir(), 'clipdeck-import-'));
  try {
    await importFrom(options, POCKET_EXPORT);
    await expect
      .poll(() => statusText(options), { timeout: 30_000 })
      .toBe('Imported 5 links as bookmark notes. 1 entry had no web address.');
    const notes = server.notes();
    expect(notes.map((note) => note.title).sort()).toEqual(POCKET_TITLES);
    const boring = notes.find((note) => note.title.startsWith('Why'));
    expect(boring?.tags).toEqual(['engineering', 'to read']);
    expect(boring?.markdown_text).toContain('Imported from a Pocket export (CSV)');

    // The same file again, as a user would after a stop: everything is already there.
    await importFrom(options, POCKET_EXPORT);
    await expect
      .poll(() => statusText(options), { timeout: 30_000 })
      .toBe(
        'Imported 0 links as bookmark notes. 5 were already in your notes. 1 entry had no web address.',
      );
    expect(server.notes()).toHaveLength(5);

    const before = server.stats().requests;
    const pocket = await readFile(POCKET_EXPORT);
    const cut = join(folder, 'pocket-cut.csv');
    await writeFile(cut, pocket.subarray(0, pocket.indexOf('over two lines')));
    await importFrom(options, cut);
    await expect
      .poll(() =>
        options.evaluate(
          () => document.querySelector('#import-links-status [role="alert"]')?.textContent ?? '',
        ),
      )
      .toBe(
        'pocket-cut.csv, line 7: a quoted field starts here and is never closed, so the file looks cut short: export it again.',
      );
    expect(server.stats().requests).toBe(before);
    expect(server.notes()).toHaveLength(5);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

/** Each row of the shortcuts table in `scope`: the command's words and its key. */
function shortcutRows(page: Page, scope: string) {
  return page.evaluate(
    (css) =>
      [...document.querySelectorAll(`${css} tbody tr`)].map((row) => [
        row.querySelector('td')?.textContent ?? '',
        row.querySelector('td:last-child')?.textContent ?? '',
      ]),
    scope,
  );
}

test('the options page and the popup’s help list the commands with the keys Firefox gives them', async () => {
  const options = await suite.extensionPage();
  const section = 'section[aria-labelledby="shortcuts-heading"]';
  await options.waitForSelector(`${section} tbody tr`);
  const expected = [
    ['Clip this page with your default deck, tags and mode', 'Alt+Shift+S'],
    ['Quote the selected text into this page’s note', 'Alt+Shift+Q'],
    ['Save this page as a bookmark', 'Alt+Shift+K'],
    ['Open the Clipdeck popup', 'Alt+Shift+O'],
    ['Clip the selected text', 'Not set'],
  ];
  expect(await shortcutRows(options, section)).toEqual(expected);
  await options.setViewport({ width: 1000, height: 900 });
  await (await options.$(section))?.screenshot({
    path: join(ARTIFACTS_DIR, 'options-shortcuts-light.png'),
  });

  // No tab to act on is enough: the help is there whatever the page (and nothing moves it).
  const popup = await suite.firefox.openExtensionPage('popup.html?tabId=-1');
  await popup.setViewport({ width: 400, height: 900 });
  await popup.click('details.shortcuts-help summary');
  await popup.waitForSelector('details.shortcuts-help[open] tbody tr');
  expect(await shortcutRows(popup, 'details.shortcuts-help')).toEqual(expected);
  await (await popup.$('details.shortcuts-help'))?.screenshot({
    path: join(ARTIFACTS_DIR, 'popup-shortcuts-light.png'),
  });
});
