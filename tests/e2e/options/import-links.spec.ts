import { readFile } from 'node:fs/promises';
import { POCKET_EXPORT, POCKET_TITLES } from '../../support/import';
import { expect, test } from '../fixtures';
import { OptionsPage } from '../pages/options-page';

/**
 * "Import links" on the options page (issue 17), in the built extension in Chromium, into the
 * real local Notes server: a Pocket export becomes bookmark notes; importing it again adds none;
 * a file cut short is one sentence and sends nothing.
 */
test('a Pocket export imported twice makes each note once; a cut file sends nothing', async ({
  context,
  extensionId,
  notesServer,
  configure,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  const options = await OptionsPage.open(await context.newPage(), extensionId);
  const pocket = await readFile(POCKET_EXPORT);

  await options.importLinksFrom('pocket.csv', pocket);
  await expect(options.importLinksStatus).toHaveText(
    'Imported 5 links as bookmark notes. 1 entry had no web address.',
    { timeout: 30_000 },
  );
  const notes = notesServer.notes();
  expect(notes.map((note) => note.title).sort()).toEqual(POCKET_TITLES);
  const boring = notes.find((note) => note.title.startsWith('Why'));
  expect(boring?.tags).toEqual(['engineering', 'to read']);
  expect(boring?.markdown_text).toContain(
    'Source: [Why "boring" tech wins, again](https://example.com/boring-tech?utm_source=pocket_saves&id=7) \\\nSaved ',
  );
  expect(boring?.markdown_text).toContain('Imported from a Pocket export (CSV)');

  // The same file again, as a user would after a stop: everything is already there.
  await options.importLinksFrom('pocket.csv', pocket);
  await expect(options.importLinksStatus).toHaveText(
    'Imported 0 links as bookmark notes. 5 were already in your notes. 1 entry had no web address.',
    { timeout: 30_000 },
  );
  expect(notesServer.notes()).toHaveLength(5);

  const before = notesServer.stats().requests;
  const cut = pocket.subarray(0, pocket.indexOf('over two lines'));
  await options.importLinksFrom('pocket-cut.csv', cut);
  await expect(options.importLinks.getByRole('alert')).toHaveText(
    /^pocket-cut\.csv, line 7: a quoted field starts here and is never closed, so the file looks cut short: export it again\.$/,
  );
  expect(notesServer.stats().requests).toBe(before);
  expect(notesServer.notes()).toHaveLength(5);
});
