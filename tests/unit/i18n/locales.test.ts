import { readdirSync } from 'node:fs';
import { type ParsedMessage, parseMessagesText } from '@wxt-dev/i18n/build';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR, localeSource } from './fake-i18n';

/**
 * Every locale says everything English says, with the same placeholders, and every plural form
 * its language needs (CLDR's plural rules, through Intl.PluralRules). A key missing from a locale
 * would show English in the middle of German; a placeholder spelt differently would show
 * `{title}` to the user.
 */
const LOCALES = readdirSync(LOCALES_DIR)
  .filter((name) => name.endsWith('.yml'))
  .map((name) => name.replace(/\.yml$/, ''));

function parsed(lang: string): Map<string, ParsedMessage> {
  const messages = parseMessagesText(localeSource(lang), 'YAML').filter(
    // The library adds the browser's predefined messages (@@ui_locale, …) to every file.
    (message) => !message.key.join('.').startsWith('@@'),
  );
  return new Map(messages.map((message) => [message.key.join('.'), message]));
}

const english = parsed('en');

/** The form @wxt-dev/i18n picks for `count` from a plural message's forms (index.ts). */
function pickForm(forms: string[], count: number): string {
  if (forms.length === 1) return forms[0] ?? '';
  if (forms.length === 2) return forms[count === 1 ? 0 : 1] ?? '';
  return forms[count === 0 || count === 1 ? count : 2] ?? '';
}

const COUNTS = [0, 1, 2, 3, 5, 11, 21, 101, 1001];

/** What is wrong with a plural message's forms in `lang`, if anything. */
function pluralProblems(lang: string, forms: string[]): string[] {
  const rules = new Intl.PluralRules(lang);
  const categories = new Set(COUNTS.map((count) => rules.select(count)));
  const problems: string[] = [];
  if (forms.length < categories.size) {
    problems.push(`${forms.length} form(s) for ${categories.size} plural categories`);
  }
  const textOf = new Map<string, string>();
  for (const count of COUNTS) {
    const category = rules.select(count);
    const text = pickForm(forms, count);
    const before = textOf.get(category);
    if (before !== undefined && before !== text) {
      problems.push(`${count} is "${category}" like another count but gets "${text}"`);
    }
    textOf.set(category, text);
  }
  return problems;
}

function placeholders(message: ParsedMessage): string[] {
  return [...message.namedSubstitutions].sort();
}

describe('locales', () => {
  it('include English, German, French, Spanish and Japanese', () => {
    expect(LOCALES).toEqual(expect.arrayContaining(['en', 'de', 'fr', 'es', 'ja']));
  });

  for (const lang of LOCALES) {
    describe(lang, () => {
      const messages = parsed(lang);

      it('has every key English has, and no other', () => {
        const missing = [...english.keys()].filter((key) => !messages.has(key));
        const extra = [...messages.keys()].filter((key) => !english.has(key));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      });

      it('uses the same placeholders as English in every message', () => {
        const differing = [...english].flatMap(([key, source]) => {
          const message = messages.get(key);
          if (!message) return [];
          const want = placeholders(source);
          const got = placeholders(message);
          return JSON.stringify(want) === JSON.stringify(got) ? [] : [{ key, want, got }];
        });
        expect(differing).toEqual([]);
      });

      it('has every plural form the language needs', () => {
        const problems = [...english].flatMap(([key, source]) => {
          if (source.type !== 'plural') return [];
          const message = messages.get(key);
          if (!message) return [];
          if (message.type !== 'plural') return [`${key}: not a plural message`];
          return pluralProblems(lang, Object.values(message.plurals)).map(
            (problem) => `${key}: ${problem}`,
          );
        });
        expect(problems).toEqual([]);
      });

      it('keeps the manifest name and description within the stores’ limits', () => {
        expect(messages.get('manifest.name')?.type === 'simple').toBe(true);
        const name = messages.get('manifest.name');
        const description = messages.get('manifest.description');
        expect(name?.type === 'simple' && name.message.length).toBeLessThanOrEqual(75);
        expect(description?.type === 'simple' && description.message.length).toBeLessThanOrEqual(
          132,
        );
      });
    });
  }
});

describe('the plural check', () => {
  it('fails a French message without its form for zero, and English with one form', () => {
    expect(pluralProblems('fr', ['{count} note', '{count} notes'])).not.toEqual([]);
    expect(pluralProblems('fr', ['{count} note', '{count} note', '{count} notes'])).toEqual([]);
    expect(pluralProblems('en', ['{count} notes'])).not.toEqual([]);
    expect(pluralProblems('ja', ['{count} 件'])).toEqual([]);
  });
});
