import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../../../scripts/lib/bulk/args';

const folder = mkdtempSync(join(tmpdir(), 'clipdeck-args-'));
const page = join(folder, 'saved page.html');
const list = join(folder, 'pocket.csv');
writeFileSync(page, '<h1>Saved</h1>');
writeFileSync(list, 'title,url\nA,https://example.org/a\n');

function parsed(...argv: string[]) {
  const result = parseCommand(argv);
  if (result.ok !== true) throw new Error(JSON.stringify(result));
  return result.command;
}

function refusal(...argv: string[]): string {
  const result = parseCommand(argv);
  if (result.ok !== false) throw new Error(`accepted: ${argv.join(' ')}`);
  return result.error.message;
}

describe('the command line', () => {
  it('takes addresses, local pages and export files with their options', () => {
    const command = parsed(
      'https://example.org/a',
      page,
      '--from',
      list,
      '--tags',
      'read, later,Read',
      '--deck-map',
      'Tech/Rust=deck-rust',
      '--deck-map',
      'News = deck-news',
      '--jobs',
      '3',
      '--page-timeout',
      '12',
      '--mode',
      'full-page',
      '--on-fail',
      'skip',
      '--again',
    );
    expect(command.targets).toEqual([
      { kind: 'url', url: 'https://example.org/a' },
      { kind: 'file', path: page },
    ]);
    expect(command.from).toEqual([list]);
    expect(command.tags).toEqual(['read', 'later']);
    expect(command.deckMap).toEqual([
      { folders: ['Tech', 'Rust'], deckId: 'deck-rust' },
      { folders: ['News'], deckId: 'deck-news' },
    ]);
    expect(command).toMatchObject({
      jobs: 3,
      pageTimeoutMs: 12_000,
      mode: 'full-page',
      onFail: 'skip',
      again: true,
    });
  });

  it('has defaults that need no option', () => {
    const command = parsed('https://example.org/a');
    expect(command).toMatchObject({
      mode: 'article',
      onFail: 'bookmark',
      again: false,
      pageTimeoutMs: 30_000,
      browser: 'chromium',
    });
    expect(command.jobs).toBeGreaterThanOrEqual(2);
  });

  it.each([
    [['not-a-url'], /not-a-url is neither a web address .* nor a file that exists/],
    [['ftp://example.org/x'], /not a web address Clipdeck can open: give an http/],
    [[list], /looks like a reading list or export.*--from/],
    [['--from', join(folder, 'missing.csv')], /--from .*missing\.csv: there is no such file/],
    [[], /Nothing to clip/],
    [['https://example.org', '--jobs', 'many'], /--jobs many: give a whole number/],
    [['https://example.org', '--jobs', '0'], /--jobs 0/],
    [
      ['https://example.org', '--mode', 'selection'],
      /--mode selection: choose article, full-page, bookmark/,
    ],
    [['https://example.org', '--on-fail', 'retry'], /--on-fail retry: choose bookmark or skip/],
    [
      ['https://example.org', '--deck-map', 'Reading'],
      /--deck-map Reading: write it as 'Folder\/Sub=deck-id'/,
    ],
    [['https://example.org', '--page-timeout', '1.5'], /--page-timeout 1.5: give seconds/],
    [['https://example.org', '--browser', 'lynx'], /--browser lynx: choose chromium/],
    [['https://example.org', '--colour'], /Unknown option '--colour'.*--help/],
  ])('refuses %j with a sentence that says what to write', (argv, message) => {
    expect(refusal(...argv)).toMatch(message);
  });

  it('refuses a bad argument before it starts a server or a browser', () => {
    // Nothing configured: a command that got past its arguments would start the embedded server.
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/clip.ts', 'not-a-url'], {
      env: { ...process.env, NOTES_API_URL: '', NOTES_API_KEY: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^clipdeck: not-a-url is neither a web address/),
    ]);
  }, 60_000);
});
