import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FirefoxNotFoundError, findFirefox } from '../../../scripts/lib/firefox';

// Where `npm start -- --browser firefox` and the Firefox suite look for Firefox.
let directory: string;
let installed: string;

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'find-firefox-'));
  installed = join(directory, 'firefox-esr');
  writeFileSync(installed, '');
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('findFirefox', () => {
  it('takes FIREFOX_PATH when it names a file', () => {
    expect(findFirefox({ FIREFOX_PATH: installed }, [])).toBe(installed);
  });

  it('says so in one line when FIREFOX_PATH names nothing', () => {
    const missing = join(directory, 'no-such-firefox');
    expect(() => findFirefox({ FIREFOX_PATH: missing }, [installed])).toThrow(
      `FIREFOX_PATH is set to ${missing}, but there is no file there.`,
    );
  });

  it('takes the first usual place that holds one', () => {
    expect(findFirefox({}, [join(directory, 'nothing-here'), installed])).toBe(installed);
  });

  it('says how to install Firefox, in one line, when there is none', () => {
    let error: unknown;
    try {
      findFirefox({}, [join(directory, 'nothing-here')]);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(FirefoxNotFoundError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain('apt-get install firefox-esr');
    expect(message).toContain('FIREFOX_PATH');
  });
});
