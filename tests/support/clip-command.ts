import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs `npm start` (scripts/clip.ts) headless as a user would, for the real-browser suites:
 * exit code, printed notes and messages, whether it succeeded or not.
 */
export async function runClipCommand(
  args: string[],
  env: Record<string, string>,
  timeoutMs: number,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/clip.ts', '--headless', ...args],
      { env: { ...process.env, ...env }, timeout: timeoutMs },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout: string; stderr: string };
    return { code: failed.code ?? 1, stdout: failed.stdout, stderr: failed.stderr };
  }
}
