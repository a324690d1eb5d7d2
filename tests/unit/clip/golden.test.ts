import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { composeNote } from '../../../utils/clip';
import { clipErrorToUserError, clipNoticeText } from '../../../utils/i18n';
import { clipFixture } from './fixture-page';

/**
 * Golden pages: tests/fixtures/clip/<rule>.html clipped and composed with the front-matter
 * template at a frozen time must equal <rule>.md. After a deliberate change, regenerate with
 * `UPDATE_GOLDEN=1 npx vitest run tests/unit/clip/golden.test.ts` and read every changed .md.
 *
 * A fixture may start with `<!-- clip: {...} -->` to choose the mode, the page URL, the image
 * (image mode), the elements to select (selection mode, one range per selector) or tracking
 * parameter stripping.
 */
const FIXTURES = fileURLToPath(new URL('../../fixtures/clip', import.meta.url));
const FROZEN_NOW = new Date('2026-03-14T09:26:53.000Z');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

function render(html: string): string {
  const result = clipFixture(html);
  if (!result.ok)
    return `<!-- error (${result.error.kind}): ${clipErrorToUserError(result.error).message} -->\n`;
  const note = composeNote(result.clip, { template: 'front-matter', now: FROZEN_NOW });
  const notices = result.clip.notices
    .map((notice) => `<!-- notice: ${clipNoticeText(notice)} -->\n`)
    .join('');
  return notices + note;
}

const fixtures = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.html'))
  .sort();

describe('golden pages', () => {
  it('has a fixture for each rule', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(40);
  });

  for (const name of fixtures) {
    it(name.replace(/\.html$/, ''), () => {
      const html = readFileSync(join(FIXTURES, name), 'utf8');
      const expectedPath = join(FIXTURES, name.replace(/\.html$/, '.md'));
      const actual = render(html);
      if (UPDATE) writeFileSync(expectedPath, actual);
      expect(actual).toBe(readFileSync(expectedPath, 'utf8'));
    }, 30_000);
  }
});
