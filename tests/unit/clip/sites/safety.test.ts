import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { composeNote, NOTE_TEMPLATES } from '../../../../utils/clip';
import { clipFixture } from '../fixture-page';
import { unsafeParts } from '../safety/markdown-safety';

/**
 * Every site module's golden pages, hostile ones included, give notes with no live link scheme
 * but http(s) and mailto and no raw HTML, with every note template: a module builds its own
 * links and images, so each is checked, not only the generic engine's.
 */
const SITES = fileURLToPath(new URL('../../../../utils/clip/sites', import.meta.url));
const FOLDERS = readdirSync(SITES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('site notes are safe', { timeout: 30_000 }, () => {
  for (const folder of FOLDERS) {
    const names = readdirSync(join(SITES, folder, 'fixtures')).filter((name) =>
      name.endsWith('.html'),
    );
    for (const name of names) {
      it(`${folder}/${name}: no live scheme or raw HTML with any template`, () => {
        const result = clipFixture(readFileSync(join(SITES, folder, 'fixtures', name), 'utf8'));
        if (!result.ok) throw new Error(result.error.code);
        for (const template of NOTE_TEMPLATES) {
          const note = composeNote(result.clip, { template: template.id, now: new Date(0) });
          expect(unsafeParts(note)).toEqual([]);
        }
        expect(result.clip.markdown).not.toMatch(/javascript:|vbscript:|data:text/i);
      });
    }
  }
});
