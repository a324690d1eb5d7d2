import { resolve } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type NotesServer, startNotesServer } from '../../notes-server';
import {
  type FirefoxExtensionBrowser,
  launchFirefoxWithExtension,
} from '../../scripts/lib/firefox';
import { saveConnectionInOptions, statusOf } from './harness';

/**
 * The store build (`npm run build:firefox`), which holds no host access: in Firefox MV3 every
 * host permission is the user's to give, so the options page asks for the Notes API's origin in
 * the click that saves (Firefox refuses a request made after the click's task has ended).
 */

const STORE_BUILD = resolve('.output/firefox-mv3');

let firefox: FirefoxExtensionBrowser;
let server: NotesServer;

beforeAll(async () => {
  [firefox, server] = await Promise.all([
    launchFirefoxWithExtension(STORE_BUILD, { allowPermissionRequests: true }),
    startNotesServer(),
  ]);
});
afterAll(async () => {
  await firefox?.close();
  await server?.stop();
});

test('saving the connection asks Firefox for the Notes origin only, then tests it with the service', async () => {
  const options = await firefox.openExtensionPage('options.html');
  const origins = () => options.evaluate(async () => (await chrome.permissions.getAll()).origins);
  expect(await origins()).toEqual([]);

  await saveConnectionInOptions(options, server.baseUrl, server.apiKey);

  await expect
    .poll(() => statusOf(options, 'connection-heading'))
    .toMatch(/^Saved\. The service at 127\.0\.0\.1:\d+ accepted the key/);
  expect(await origins()).toEqual(['http://127.0.0.1/*']);
});
