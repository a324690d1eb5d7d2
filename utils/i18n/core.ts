import { browser } from 'wxt/browser';
import { type GeneratedI18nStructure, i18n } from '#i18n';

/**
 * Every sentence a user reads comes from locales/<lang>.yml through the browser's i18n
 * (`_locales/*​/messages.json`, written by @wxt-dev/i18n at build time). Conventions:
 * - placeholders are named (`{title}`), never positional, so a translation may reorder them;
 * - a plural message is `{ 1: …, n: … }` (French adds `0:`, Japanese has only `n:`) and shows
 *   its number as `{count}`, already formatted for the locale by `plural()`;
 * - numbers and dates are formatted with Intl in the browser's UI language, the same language
 *   the browser picked the messages in.
 */
export const t = i18n.t;

/** The language the browser shows the extension in (`en` where it cannot say, as in tests). */
export function uiLanguage(): string {
  try {
    return browser.i18n.getUILanguage() || 'en';
  } catch {
    return 'en';
  }
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(uiLanguage(), options).format(value);
}

export function formatDate(time: number | Date, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(uiLanguage(), options).format(time);
}

/** A byte size in the largest unit that keeps it above one (kB, MB), for the locale. */
export function formatBytes(bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return formatNumber(value, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  });
}

/** A list joined the locale's way: "a, b and c", or "a, b, c" for `unit` (counts side by side). */
export function formatList(
  items: readonly string[],
  type: 'conjunction' | 'unit' = 'conjunction',
): string {
  return new Intl.ListFormat(uiLanguage(), {
    type,
    style: type === 'unit' ? 'short' : 'long',
  }).format(items);
}

/** A title in the locale's quotation marks (“…”, „…“, « … », 「…」). */
export function quoted(text: string): string {
  return t('common.quoted', { text });
}

type Structure = GeneratedI18nStructure;
/** Keys of messages without placeholders, for tables of labels. */
export type MessageKey = {
  [K in keyof Structure]: Structure[K] extends { plural: false; substitutions: 0 }
    ? Structure[K] extends { namedSubstitutions: readonly string[] }
      ? never
      : K
    : never;
}[keyof Structure];

/** Keys of plural messages: `{ 1: …, n: … }` in the English file. */
export type PluralKey = {
  [K in keyof Structure]: Structure[K] extends { plural: true } ? K : never;
}[keyof Structure];

/**
 * A plural message for `count`: the browser's message picks the form, `{count}` is the number
 * formatted for the locale, and `extra` fills the message's other placeholders.
 */
export function plural(
  key: PluralKey,
  count: number,
  extra: Record<string, string | number> = {},
): string {
  const untyped = i18n.t as (
    key: string,
    n: number,
    named: Record<string, string | number>,
  ) => string;
  return untyped(key, count, { ...extra, count: formatNumber(count) });
}
