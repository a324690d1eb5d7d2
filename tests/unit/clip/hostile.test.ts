import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { composeNote, NOTE_TEMPLATES } from '../../../utils/clip';
import { clipErrorToUserError, clipNoticeText } from '../../../utils/i18n';
import { clipFixture } from './fixture-page';
import { unsafeParts } from './safety/markdown-safety';

/**
 * Hostile pages: tests/fixtures/hostile/<case>.html are pages written to abuse a clipper (link
 * and image schemes dressed up to pass a text test, markup written as text, titles that try to
 * end the front matter, names that shadow the engine). Each is clipped in the mode its first-line
 * comment names (see fixture-page.ts) and must:
 * - give the content Markdown and title in <case>.md (the engine's output only, not a template's:
 *   regenerate with `UPDATE_GOLDEN=1 npx vitest run tests/unit/clip/hostile.test.ts` and read
 *   every change);
 * - make a note that is safe (markdown-safety.ts) with every built-in template.
 */
const FIXTURES = fileURLToPath(new URL('../../fixtures/hostile', import.meta.url));
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const NOW = new Date('2026-03-14T09:26:53.000Z');

const fixtures = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.html'))
  .sort();

function render(html: string): string {
  const result = clipFixture(html);
  if (!result.ok)
    return `<!-- error (${result.error.kind}): ${clipErrorToUserError(result.error).message} -->\n`;
  const { clip } = result;
  const head = [
    `<!-- title: ${JSON.stringify(clip.title)} -->`,
    `<!-- metadata: ${JSON.stringify({ ...clip.metadata, title: undefined })} -->`,
    ...clip.notices.map((notice) => `<!-- notice: ${clipNoticeText(notice)} -->`),
  ];
  return `${head.join('\n')}\n${clip.markdown}\n`;
}

describe('hostile pages', () => {
  it('cover every clip mode', () => {
    const modes = new Set(
      fixtures.map(
        (name) =>
          /"mode":\s*"([\w-]+)"/.exec(readFileSync(join(FIXTURES, name), 'utf8'))?.[1] ?? 'article',
      ),
    );
    expect([...modes].sort()).toEqual(['article', 'bookmark', 'full-page', 'image', 'selection']);
  });

  for (const name of fixtures) {
    describe(name.replace(/\.html$/, ''), () => {
      const html = readFileSync(join(FIXTURES, name), 'utf8');

      it('gives the expected content', () => {
        const expectedPath = join(FIXTURES, name.replace(/\.html$/, '.md'));
        const actual = render(html);
        if (UPDATE) writeFileSync(expectedPath, actual);
        expect(actual).toBe(readFileSync(expectedPath, 'utf8'));
      }, 30_000);

      it('makes a safe note with every built-in template', () => {
        const result = clipFixture(html);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        // No scheme but http(s) and mailto anywhere in the content, whatever the parser says.
        expect(result.clip.markdown).not.toMatch(
          /(?<!\\)\]\(\s*(?!https?:|mailto:)[a-z][\w+.-]*:/i,
        );
        for (const template of NOTE_TEMPLATES) {
          const note = composeNote(result.clip, { template: template.id, now: NOW });
          expect({ template: template.id, problems: unsafeParts(note) }).toEqual({
            template: template.id,
            problems: [],
          });
        }
      }, 30_000);
    });
  }
});
