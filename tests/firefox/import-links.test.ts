import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { expect, test } from 'vitest';
import { POCKET_EXPORT, POCKET_TITLES } from '../support/import';
import { extensionSuite } from './harness';

/**
 * "Import links" on the options page in Debian's Firefox ESR (issue 17 where it runs, for people
 * leaving a read-later service; the Chromium spec is tests/e2e/import-links): a Pocket export
 * chosen in the file input becomes bookmark notes in the local Notes server; importing it again
 * adds none; a file cut short is one sentence and sends nothing.
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
