import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, expect, it } from 'vitest';

let child: ChildProcess | undefined;

afterEach(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGINT');
    await once(child, 'exit');
  }
});

/** Starts `npm run notes-server`'s script and waits until it has printed its address. */
async function startCli(args: string[]): Promise<string> {
  child = spawn(process.execPath, ['--import', 'tsx', 'scripts/notes-server.ts', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8');
  for await (const chunk of child.stdout ?? []) {
    output += chunk;
    if (output.includes('Ctrl-C')) return output;
  }
  throw new Error(`The server exited before it was ready:\n${output}`);
}

it('prints its base URL and key, serves the decks it was given, and stops on Ctrl-C', async () => {
  const output = await startCli(['--key', 'cli-test-key', '--deck', 'work', '--deck', 'home']);

  const baseUrl = /Base URL: (\S+)/.exec(output)?.[1];
  expect(output).toContain('API key:  cli-test-key');
  const response = await fetch(`${baseUrl}/notes/?deck_id=home`, {
    method: 'POST',
    headers: { Authorization: 'Bearer cli-test-key', 'Content-Type': 'application/json' },
    body: JSON.stringify({ markdown_text: 'from the command line' }),
  });
  expect(response.status).toBe(201);

  child?.kill('SIGINT');
  const [code] = await once(child as ChildProcess, 'exit');
  expect(code).toBe(0);
}, 20_000);

it('refuses an error rate outside 0..1 in one line', async () => {
  child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/notes-server.ts', '--error-rate', '2'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const [code] = await once(child, 'exit');

  expect(code).toBe(2);
  expect(stderr.trim()).toBe('--error-rate must be a number from 0 to 1, not "2".');
}, 20_000);
