import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type NotesServer, startNotesServer } from '../../notes-server';
import { startStaticServer } from '../../scripts/lib/static-server';
import { runClipCommand } from '../support/clip-command';
import { movedPageProblems, SAVED_PAGE, savedPageProblems } from '../support/command-pages';
import { SITE_DIR } from './harness';

/** `npm start -- --browser firefox <page>`: the command clips through the Firefox build. */

const clipCommand = (args: string[], env: Record<string, string>) =>
  runClipCommand(args, env, 120_000);

let server: NotesServer;

beforeAll(async () => {
  server = await startNotesServer();
});
afterAll(() => server?.stop());

test('npm start -- --browser firefox clips a page into the Notes service and prints the note', async () => {
  const result = await clipCommand(['--browser', 'firefox', join(SITE_DIR, 'article.html')], {
    NOTES_API_URL: server.baseUrl,
    NOTES_API_KEY: server.apiKey,
  });

  expect(result.code, result.stderr).toBe(0);
  expect(result.stderr).not.toContain(server.apiKey);
  const printed = result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { id: string; title: string; markdown_text: string });
  expect(printed.map((note) => note.title)).toEqual(['Why Tide Pools Matter']);
  expect(printed[0]?.markdown_text).toContain('## Who lives there');
  expect(server.notes().map((note) => note.id)).toEqual([printed[0]?.id]);
}, 150_000);

test('npm start -- --browser firefox clips a saved page as saved: its scripts not run, its links read against its own address', async () => {
  const result = await clipCommand(['--browser', 'firefox', SAVED_PAGE], {
    NOTES_API_URL: server.baseUrl,
    NOTES_API_KEY: server.apiKey,
  });

  expect(result.code, result.stderr).toBe(0);
  expect(savedPageProblems(JSON.parse(result.stdout.trim()))).toEqual([]);
}, 150_000);

test('npm start -- --browser firefox clips the page a refresh sends the reader on to', async () => {
  const site = await startStaticServer(SITE_DIR);
  try {
    const result = await clipCommand(['--browser', 'firefox', site.urlFor('moved.html')], {
      NOTES_API_URL: server.baseUrl,
      NOTES_API_KEY: server.apiKey,
    });

    expect(result.code, result.stderr).toBe(0);
    expect(
      movedPageProblems(JSON.parse(result.stdout.trim()), site.urlFor('article.html')),
    ).toEqual([]);
  } finally {
    await site.stop();
  }
}, 150_000);

test('npm start -- --browser firefox says in one line where Firefox is missing', async () => {
  const result = await clipCommand(['--browser', 'firefox', join(SITE_DIR, 'article.html')], {
    NOTES_API_URL: server.baseUrl,
    NOTES_API_KEY: server.apiKey,
    FIREFOX_PATH: '/nonexistent/firefox',
  });

  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr.trim().split('\n')).toEqual([
    'clipdeck: FIREFOX_PATH is set to /nonexistent/firefox, but there is no file there.',
  ]);
});
