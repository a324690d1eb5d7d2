import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNotesServer } from '../../../notes-server';
import { runClipCommand } from '../../support/clip-command';
import { expect, test } from '../fixtures';

/**
 * The headless command against a service with faults on: every clip goes through the extension's
 * outbox, so it prints every note once, and fails only for a clip that needs the user (issue 5).
 */

const clipCommand = (args: string[], env: Record<string, string>) =>
  runClipCommand(args, env, 150_000);

/** Distinct articles as local files: the command serves them over loopback itself. */
async function writeArticles(dir: string, count: number): Promise<string[]> {
  const paths: string[] = [];
  for (let n = 1; n <= count; n++) {
    const paragraphs = [1, 2, 3]
      .map(
        (k) =>
          `<p>Paragraph ${k} of field note ${n}. Limpets clamp to the rock at low tide and graze ` +
          'algae when the water returns; each keeps to a home scar worn to its own shell.</p>',
      )
      .join('');
    const path = join(dir, `field-note-${n}.html`);
    await writeFile(
      path,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Field note ${n}</title>` +
        `</head><body><article><h1>Field note ${n}</h1>${paragraphs}</article></body></html>`,
    );
    paths.push(path);
  }
  return paths;
}

test('with 500s and dropped connections, the headless command prints every note once', async () => {
  test.setTimeout(180_000);
  const dir = await mkdtemp(join(tmpdir(), 'clipdeck-headless-'));
  const server = await startNotesServer();
  try {
    const files = await writeArticles(dir, 3);
    server.setFaults({ serverErrorRate: 0.3, dropAfterCreateRate: 0.2, seed: 11 });
    const result = await clipCommand(files, {
      NOTES_API_URL: server.baseUrl,
      NOTES_API_KEY: server.apiKey,
    });
    const faults = server.stats().faults;
    server.setFaults({});

    expect(result.stderr).not.toContain(server.apiKey);
    expect(result.code, result.stderr).toBe(0);
    const printed = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; title: string });
    // Pages are clipped several at once, so notes are printed as they are stored, in any order.
    expect(printed.map((note) => note.title).sort()).toEqual([
      'Field note 1',
      'Field note 2',
      'Field note 3',
    ]);
    const stored = server.notes();
    expect(stored.map((note) => note.id).sort()).toEqual(printed.map((note) => note.id).sort());
    expect(faults.serverError + faults.droppedAfterCreate).toBeGreaterThan(0);
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
});

test('the headless command exits non-zero for a clip that needs the user, and says why', async () => {
  test.setTimeout(120_000);
  const dir = await mkdtemp(join(tmpdir(), 'clipdeck-headless-'));
  const server = await startNotesServer();
  try {
    const [file] = await writeArticles(dir, 1);
    const result = await clipCommand([file ?? '', '--deck', 'no-such-notebook'], {
      NOTES_API_URL: server.baseUrl,
      NOTES_API_KEY: server.apiKey,
    });

    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('has no deck “no-such-notebook”');
    expect(server.notes()).toEqual([]);
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
});
