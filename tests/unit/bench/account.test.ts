import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

/**
 * The measurements of issue 14's bounded cost run the real outbox and notes index in Node
 * (bench/account/): they broke once without anyone seeing (a sentence worded as a module loaded,
 * on a fake browser with no i18n), so a short run of each is part of the suite. Its figures are
 * the ones a user of a big account would notice: what a clip costs at 10,000 notes.
 */
const run = promisify(execFile);
const out = mkdtempSync(join(tmpdir(), 'clipdeck-account-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The table row for `notes` notes and `scenario`, as cells. */
function row(markdown: string, notes: string, scenario: string): string[] {
  const line = markdown
    .split('\n')
    .find((text) => new RegExp(`^\\|\\s*${notes}\\s*\\|\\s*${scenario}\\s*\\|`).test(text));
  if (!line) throw new Error(`no row for ${notes} ${scenario} in:\n${markdown}`);
  return line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
}

it('a clip costs the same few requests at 10,000 notes as at 100, and none is lost under faults', async () => {
  const file = join(out, 'requests.md');
  await run('npx', ['tsx', 'bench/account/requests-per-clip.ts', '--clips', '4', '--out', file], {
    timeout: 120_000,
  });
  const table = readFileSync(file, 'utf8');
  for (const notes of ['100', '10,000']) {
    const [, , clips, median, , max, , stored, duplicates, lost] = row(table, notes, 'healthy');
    expect({ clips, median, max, stored, duplicates, lost }).toEqual({
      clips: '4',
      median: '3',
      max: '3',
      stored: '4',
      duplicates: '0',
      lost: '0',
    });
  }
  const [, , , , , , , stored, duplicates, lost] = row(table, '10,000', 'faults');
  expect({ stored, duplicates, lost }).toEqual({ stored: '4', duplicates: '0', lost: '0' });
}, 150_000);

it('the notes index measurement runs on accounts up to 10,000 notes', async () => {
  const file = join(out, 'index.md');
  await run('npx', ['tsx', 'bench/account/notes-index.ts', '--clips', '2', '--out', file], {
    timeout: 240_000,
  });
  expect(readFileSync(file, 'utf8')).toMatch(/\|\s*10,000\s*\|/);
}, 300_000);
