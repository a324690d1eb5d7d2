import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { composeNote } from '../../../../utils/clip';
import { SITE_DETECTORS, SITE_MODULES, siteFamilies } from '../../../../utils/clip/sites';
import { clipNoticeText } from '../../../../utils/i18n';
import { clipFixture, fixtureOptions } from '../fixture-page';

/**
 * Site modules' golden fixtures: utils/clip/sites/<id>/fixtures/<case>.html, clipped as its
 * first-line `<!-- clip: {"url": ..., "site": "<id>" | null, "comments": ...} -->` asks and
 * composed with the front-matter template at a frozen time, must equal <case>.md; `site` says
 * which module must read the page (null: the generic engine must, e.g. a changed layout).
 * Regenerate after a deliberate change with
 * `UPDATE_GOLDEN=1 npx vitest run tests/unit/clip/sites` and read every changed .md.
 */
const SITES = fileURLToPath(new URL('../../../../utils/clip/sites', import.meta.url));
const FROZEN_NOW = new Date('2026-03-14T09:26:53.000Z');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

const folders = readdirSync(SITES)
  .filter((name) => statSync(join(SITES, name)).isDirectory())
  .sort();

function fixturesOf(folder: string): string[] {
  const dir = join(SITES, folder, 'fixtures');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.html'))
    .sort()
    .map((name) => join(dir, name));
}

describe('site modules', () => {
  it('lists every site folder in the registry, under its folder name', () => {
    expect(SITE_MODULES.map((site) => site.id).sort()).toEqual(folders);
  });

  // The engine in a tab carries the detectors alone (sites/loading.ts): it must ask the same
  // questions in the same order as the modules, or a page would be claimed by another site there.
  it('lists the same detectors, in the same order, as the modules', () => {
    expect(SITE_DETECTORS.map((site) => site.id)).toEqual(SITE_MODULES.map((site) => site.id));
    SITE_DETECTORS.forEach((detector, index) => {
      const module = SITE_MODULES[index];
      expect(module?.detect).toBe(detector.detect);
      expect(module?.discussionAt).toBe(detector.discussionAt);
      expect(module?.family).toBe(detector.family);
    });
  });

  for (const family of siteFamilies) {
    const sites = SITE_MODULES.filter((site) => site.family === family);
    if (sites.length === 0) continue;
    it(`${family}: at least three fixtures, one of them a changed layout that falls back`, () => {
      const options = sites.flatMap((site) =>
        fixturesOf(site.id).map((path) => fixtureOptions(readFileSync(path, 'utf8'))),
      );
      expect(options.length).toBeGreaterThanOrEqual(3);
      expect(options.some((option) => option.site === null)).toBe(true);
    });
  }

  for (const folder of folders) {
    for (const path of fixturesOf(folder)) {
      const name = `${folder}/${path
        .split('/')
        .pop()
        ?.replace(/\.html$/, '')}`;
      it(name, () => {
        const html = readFileSync(path, 'utf8');
        const options = fixtureOptions(html);
        expect(options.site, 'the fixture says which module reads it ("site")').not.toBe(undefined);
        const result = clipFixture(html);
        if (!result.ok) throw new Error(`${name}: ${result.error.code}`);
        expect(result.clip.site).toBe(options.site ?? undefined);
        expect(result.clip.markdown.trim()).not.toBe('');
        const note = composeNote(result.clip, { template: 'front-matter', now: FROZEN_NOW });
        const notices = result.clip.notices
          .map((notice) => `<!-- notice: ${clipNoticeText(notice)} -->\n`)
          .join('');
        const actual = notices + note;
        const expectedPath = path.replace(/\.html$/, '.md');
        if (UPDATE) writeFileSync(expectedPath, actual);
        expect(actual).toBe(readFileSync(expectedPath, 'utf8'));
      }, 30_000);
    }
  }
});
