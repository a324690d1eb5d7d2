import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateChromeMessages, parseMessagesText } from '@wxt-dev/i18n/build';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * The fake browser has no i18n: this gives it Chromium's, over the same messages the build
 * writes (locales/<lang>.yml through @wxt-dev/i18n's own converter), so unit tests read the
 * sentences a user of that language would.
 */
// From the project root (vitest's working directory): a page-like test environment gives
// import.meta.url a scheme other than file:.
export const LOCALES_DIR = `${resolve('locales')}/`;

export type ChromeMessages = Record<string, { message: string }>;

export function localeSource(lang: string): string {
  return readFileSync(`${LOCALES_DIR}${lang}.yml`, 'utf8');
}

export function chromeMessages(lang: string): ChromeMessages {
  return generateChromeMessages(parseMessagesText(localeSource(lang), 'YAML')) as ChromeMessages;
}

/** chrome.i18n.getMessage: `$1`…`$9` from the substitutions, `$$` a dollar sign. */
export function getMessage(
  messages: ChromeMessages,
  key: string,
  substitutions?: string | string[],
): string {
  const entry = messages[key] ?? messages[key.toLowerCase()];
  if (!entry) return '';
  const subs = typeof substitutions === 'string' ? [substitutions] : (substitutions ?? []);
  return entry.message.replace(/\$(\$|[1-9])/g, (_, which: string) =>
    which === '$' ? '$' : (subs[Number(which) - 1] ?? ''),
  );
}

/** Makes the fake browser speak `lang` (its UI language and its messages). */
export function useLocale(lang: string): void {
  const messages = chromeMessages(lang);
  const i18n = fakeBrowser.i18n as unknown as Record<string, unknown>;
  i18n.getMessage = (key: string, substitutions?: string | string[]) =>
    getMessage(messages, key, substitutions);
  i18n.getUILanguage = () => lang;
}
