import { resolve } from 'node:path';
import { runClipCommand } from '../../support/clip-command';
import {
  MOVED_PAGES,
  movedPagesProblems,
  SAVED_PAGE,
  savedPageProblems,
} from '../../support/command-pages';
import { expect, SITE_DIR, test } from '../fixtures';

/**
 * `npm start -- …` as a user runs it on a machine without a display, where the command clips
 * headless by itself; `--headless` says so where a display exists, so the suite opens no window.
 */
const clipCommand = (args: string[], env: Record<string, string>) =>
  runClipCommand(args, env, 90_000);

test('the headless command clips a local page and prints the stored note', async ({
  notesServer,
  site,
}) => {
  const result = await clipCommand(
    [site.urlFor('article.html'), '--tags', 'ocean,reading', '--deck', 'deck-science'],
    { NOTES_API_URL: notesServer.baseUrl, NOTES_API_KEY: notesServer.apiKey },
  );

  expect(result.stderr).not.toContain(notesServer.apiKey);
  expect(result.code).toBe(0);
  const lines = result.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  const printed = JSON.parse(lines[0] ?? '');
  expect(printed.title).toBe('Why Tide Pools Matter');
  expect(printed.tags).toEqual(['ocean', 'reading']);
  expect(printed.deck_id).toBe('deck-science');
  expect(printed.markdown_text).toContain('## How to visit without harm');
  expect(notesServer.notes().map((note) => note.id)).toEqual([printed.id]);
});

test('the headless command clips an HTML file into the embedded server when nothing is configured', async () => {
  const result = await clipCommand([resolve(SITE_DIR, 'article.html')], {
    NOTES_API_URL: '',
    NOTES_API_KEY: '',
  });

  expect(result.code).toBe(0);
  expect(result.stderr).toMatch(/embedded local Notes server at http:\/\/127\.0\.0\.1:\d+\/api/);
  expect(JSON.parse(result.stdout.trim()).title).toBe('Why Tide Pools Matter');
});

test('the headless command clips a saved page as saved: its scripts not run, its links read against its own address', async () => {
  const result = await clipCommand([SAVED_PAGE], { NOTES_API_URL: '', NOTES_API_KEY: '' });

  expect(result.code, result.stderr).toBe(0);
  expect(savedPageProblems(JSON.parse(result.stdout.trim()))).toEqual([]);
});

test('the headless command clips the page a refresh or a script sends the reader on to', async ({
  notesServer,
  site,
}) => {
  const result = await clipCommand(MOVED_PAGES.map(site.urlFor), {
    NOTES_API_URL: notesServer.baseUrl,
    NOTES_API_KEY: notesServer.apiKey,
  });

  expect(result.code, result.stderr).toBe(0);
  expect(movedPagesProblems(result.stdout, site.urlFor('article.html'))).toEqual([]);
});

test('the headless command says when it saved the whole page instead of the article', async () => {
  // A Stack Overflow page in a layout its module does not know: the note keeps the question by
  // saving the whole page, and the command says so, as the popup would.
  const result = await clipCommand(
    [resolve('utils/clip/sites/stack-exchange/fixtures/changed-layout.html')],
    { NOTES_API_URL: '', NOTES_API_KEY: '' },
  );

  expect(result.code).toBe(0);
  expect(result.stderr).toMatch(
    /changed-layout\.html: Clipdeck knows this site but not this page's layout.*saved the whole page/,
  );
  expect(JSON.parse(result.stdout.trim()).markdown_text).toContain(
    'I sort an array of numbers and get a strange order',
  );
});

test('the headless command stops with a one-line reason when the key is wrong', async ({
  notesServer,
  site,
}) => {
  const result = await clipCommand([site.urlFor('article.html')], {
    NOTES_API_URL: notesServer.baseUrl,
    NOTES_API_KEY: 'not-the-key',
  });

  expect(result.code).not.toBe(0);
  expect(result.stdout).toBe('');
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toContain('API key');
  expect(notesServer.notes()).toHaveLength(0);
});

test('the headless command stops with a one-line reason when the service is down', async ({
  notesServer,
  site,
}) => {
  const { baseUrl, apiKey } = notesServer;
  await notesServer.stop();
  const result = await clipCommand([site.urlFor('article.html')], {
    NOTES_API_URL: baseUrl,
    NOTES_API_KEY: apiKey,
  });

  expect(result.code).not.toBe(0);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(/reach|running|connect/i);
});
