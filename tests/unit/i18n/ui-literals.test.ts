import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishInMarkup } from './ui-literals';

/** The popup's and options page's components: every word they show comes from the locales. */
const FOLDERS = [
  'components/popup',
  'components/options',
  'entrypoints/popup',
  'entrypoints/options',
];

const FILES = FOLDERS.flatMap((folder) =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.tsx'))
    .map((name) => join(folder, name)),
);

describe('popup and options markup', () => {
  it('finds the components', () => {
    expect(FILES.length).toBeGreaterThan(20);
  });

  for (const file of FILES) {
    it(`${file} shows no English literal`, () => {
      expect(englishInMarkup(file, readFileSync(file, 'utf8'))).toEqual([]);
    });
  }
});

describe('the literal scan', () => {
  it('finds text, visible attributes and shown expressions, not message keys', () => {
    const found = englishInMarkup(
      'x.tsx',
      `export const A = (p: { busy: boolean }) => (
        <form aria-label="Note to save">
          <label>Title</label>
          <button title={p.busy ? 'Wait' : undefined}>{p.busy ? 'Saving…' : t('popup.save')}</button>
          <input class="title-field" id="t" placeholder={t('popup.tags.add')} />
          <h1>Clipdeck</h1>
        </form>
      );`,
    );
    expect(found.map((literal) => literal.text)).toEqual([
      'Note to save',
      'Title',
      'Wait',
      'Saving…',
    ]);
  });
});
