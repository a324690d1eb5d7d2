import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishInMarkup, englishSentences } from './ui-literals';

/** The popup's and options page's components: every word they show comes from the locales. */
const FOLDERS = [
  'components/popup',
  'components/options',
  'entrypoints/popup',
  'entrypoints/options',
];

// Sub-folders too: the popup's components are grouped (clip/, notes/).
const FILES = FOLDERS.flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
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
    it(`${file} keeps no English sentence outside its markup`, () => {
      expect(englishSentences(file, readFileSync(file, 'utf8'))).toEqual([]);
    });
  }
});

describe('the sentence scan', () => {
  it('finds tables of strings and statuses set in handlers, not keys, classes or types', () => {
    const found = englishSentences(
      'x.tsx',
      `import { t } from './i18n';
      const STRINGS = { label: 'Comments on discussion pages', hint: \`Read \${n} links.\` };
      type Phase = 'reading files' | 'done';
      function f(setStatus: (s: unknown) => void) {
        setStatus({ tone: 'info', text: 'Reading the files…' });
        setStatus({ tone: 'ok', text: t('options.import.reading') });
        document.querySelector('input[type=file], .field comment-depth');
        return <p class="hint visually-hidden">{t('popup.comments.hint')}</p>;
      }`,
    );
    expect(found.map((literal) => literal.text)).toEqual([
      'Comments on discussion pages',
      'Read links.',
      'Reading the files…',
    ]);
  });
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
