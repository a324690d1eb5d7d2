import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type NotesServer, startNotesServer } from '../../notes-server';
import type { FirefoxExtensionBrowser } from '../../scripts/lib/firefox';
import { type StaticServer, startStaticServer } from '../../scripts/lib/static-server';
import {
  ask,
  badgeOf,
  configure,
  duplicateMenuRefusal,
  launchFirefox,
  SITE_DIR,
  saveConnectionInOptions,
  statusOf,
  tabIdFor,
} from './harness';

/**
 * A restart of the browser profile (issue 16): Clipdeck installed in the profile as a user's
 * add-on is (not a temporary one), Firefox closed, and opened again on the same profile.
 */

let profileDir: string;
let site: StaticServer;
let server: NotesServer;
let firefox: FirefoxExtensionBrowser | undefined;

beforeAll(async () => {
  profileDir = await mkdtemp(join(tmpdir(), 'clipdeck-firefox-profile-'));
  [site, server] = await Promise.all([startStaticServer(SITE_DIR), startNotesServer()]);
});

afterAll(async () => {
  await firefox?.close();
  await Promise.all([site?.stop(), server?.stop()]);
  await rm(profileDir, { recursive: true, force: true });
});

test('the connection saved in the options page, and a clip still waiting, survive a restart of Firefox', async () => {
  const uuid = randomUUID();
  const launch = () => launchFirefox({ profileDir, install: 'profile', uuid });

  firefox = await launch();
  const options = await firefox.openExtensionPage('options.html');
  await saveConnectionInOptions(options, server.baseUrl, server.apiKey);
  await expect
    .poll(() => statusOf(options, 'connection-heading'))
    .toMatch(/^Saved\. The service at .* accepted the key/);

  // A clip the service cannot take yet: it waits in the outbox when Firefox closes.
  await configure(
    firefox,
    options,
    { baseUrl: server.baseUrl, apiKey: server.apiKey },
    {
      baseDelayMs: 300,
      maxDelayMs: 1_000,
      fastDeliveryWaitMs: 0,
    },
  );
  const article = await firefox.browser.newPage();
  await article.goto(site.urlFor('article.html'));
  server.setFaults({ serverErrorRate: 1 });
  const clipped = await ask(options, 'clipTab', { tabId: await tabIdFor(options, article.url()) });
  expect(clipped.ok && clipped.clip.state).not.toBe('saved');
  await expect.poll(() => badgeOf(options)).toBe('1');
  // A draft's body a stopped background wrote before the list that would have named it.
  await options.evaluate(() =>
    chrome.storage.local.set({ 'outboxBody:lost.0badf00d': 'A draft nobody names' }),
  );
  await firefox.close();
  firefox = undefined;

  server.setFaults({});
  firefox = await launch();
  // Nothing is opened: the background starts with the browser and sends what waits.
  await expect
    .poll(() => server.notes().map((note) => note.title), { timeout: 30_000 })
    .toEqual(['Why Tide Pools Matter']);

  const again = await firefox.openExtensionPage('options.html');
  await again.waitForFunction(
    () => document.querySelector<HTMLInputElement>('#base-url')?.value !== '',
    { polling: 50 },
  );
  const shown = await again.evaluate(() => ({
    baseUrl: document.querySelector<HTMLInputElement>('#base-url')?.value,
    apiKey: document.querySelector<HTMLInputElement>('#api-key')?.value,
  }));
  expect(shown).toEqual({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  await expect.poll(() => badgeOf(again)).toBe('');
  // The context menu is there after the restart.
  expect(await duplicateMenuRefusal(again)).toMatch(/clipdeck-clip-link/);
  // The background that started with Firefox swept it; nothing else of the outbox's is left.
  const leftovers = await again.evaluate(async () =>
    Object.keys(await chrome.storage.local.get(null)).filter((key) =>
      key.startsWith('outboxBody:'),
    ),
  );
  expect(leftovers).toEqual([]);
});
