import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ARTIFACTS_DIR, expect, test } from '../fixtures';

/**
 * The four keyboard commands the issue names, each shown with the key the browser has for it now,
 * in the options page's shortcuts section and in the popup's help, with screenshots of both in
 * light and dark (tests/e2e/artifacts, to be looked at).
 */

const COMMANDS = [
  { name: 'clip-page', description: 'Clip this page with your default deck, tags and mode' },
  { name: 'quote-selection', description: 'Quote the selected text into this page’s note' },
  { name: 'save-bookmark', description: 'Save this page as a bookmark' },
  { name: '_execute_action', description: 'Open the Clipdeck popup' },
  { name: 'clip-selection', description: 'Clip the selected text' },
];

/** What the table must show: each command with the browser's current key, or "Not set". */
function expected(keys: Record<string, string>) {
  return COMMANDS.map(({ name, description }) => ({ description, keys: keys[name] || 'Not set' }));
}

async function rows(page: Page, table: string) {
  return page.locator(`${table} tbody tr`).evaluateAll((trs) =>
    trs.map((tr) => ({
      description: tr.querySelector('td')?.textContent ?? '',
      keys: tr.querySelector('td:last-child')?.textContent ?? '',
    })),
  );
}

/** The browser's own answer, read from the page: what the table must show. */
async function current(page: Page) {
  return page.evaluate(async () =>
    Object.fromEntries((await chrome.commands.getAll()).map((c) => [c.name, c.shortcut ?? ''])),
  );
}

test('the options page lists the commands with their current shortcuts', async ({
  openExtensionPage,
}) => {
  const options = await openExtensionPage('options.html');
  await options.setViewportSize({ width: 1000, height: 900 });
  const section = options.locator('section[aria-labelledby="shortcuts-heading"]');
  await expect(section.locator('tbody tr')).toHaveCount(5);
  const keys = await current(options);
  expect(Object.keys(keys).sort()).toEqual(COMMANDS.map(({ name }) => name).sort());
  // Every command the issue names has a key out of the box (Chromium refuses some, silently).
  expect(keys).toMatchObject({
    'clip-page': 'Alt+Shift+S',
    'quote-selection': 'Alt+Shift+Q',
    'save-bookmark': 'Alt+Shift+K',
    _execute_action: 'Alt+Shift+O',
  });
  expect(keys['clip-selection']).toBe('');
  expect(await rows(options, 'section[aria-labelledby="shortcuts-heading"]')).toEqual(
    expected(keys),
  );
  test.info().annotations.push({ type: 'shortcuts', description: JSON.stringify(keys) });
  for (const colorScheme of ['light', 'dark'] as const) {
    await options.emulateMedia({ colorScheme });
    await section.screenshot({ path: join(ARTIFACTS_DIR, `options-shortcuts-${colorScheme}.png`) });
  }
});

test('the popup’s help lists the same commands and keys', async ({
  context,
  extensionId,
  configure,
  notesServer,
  site,
  page,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  await page.goto(site.urlFor('article.html'));
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 400, height: 900 });
  // No tab to act on is enough: the help is there whatever the page.
  await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=-1`);
  const help = popup.locator('details.shortcuts-help');
  await help.locator('summary').click();
  await expect(help.locator('tbody tr')).toHaveCount(5);
  expect(await rows(popup, 'details.shortcuts-help')).toEqual(expected(await current(popup)));
  for (const colorScheme of ['light', 'dark'] as const) {
    await popup.emulateMedia({ colorScheme });
    await help.screenshot({ path: join(ARTIFACTS_DIR, `popup-shortcuts-${colorScheme}.png`) });
  }
});
