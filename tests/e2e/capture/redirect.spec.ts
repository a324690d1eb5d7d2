import { startStubServer } from '../../unit/api/stub-server';
import { expect, test } from '../fixtures';
import { OptionsPage } from '../pages/options-page';

/**
 * A Notes service that moved, as the real browser sees it (issue 14): the extension's service
 * worker gets an opaque redirect (status 0, no Location) for `redirect: 'manual'`, and must send
 * the key nowhere but the address the user saved.
 */

/** The old address: every request is answered with `status` to the same path on `target`. */
function startRedirector(status: number, target: string) {
  return startStubServer((request, response) => {
    response.writeHead(status, { Location: `${target}${request.url}` });
    response.end();
  });
}

test('a clip to a service that moved waits for the user, and the key never reaches the new address', async ({
  context,
  notesServer,
  site,
  configure,
  clipTabOf,
}) => {
  const moved = await startRedirector(307, new URL(notesServer.baseUrl).origin);
  try {
    await configure({ baseUrl: moved.baseUrl, apiKey: notesServer.apiKey });
    const article = await context.newPage();
    await article.goto(site.urlFor('article.html'));

    const clipped = await clipTabOf(article);
    if (!clipped?.ok) throw new Error(`not stored: ${clipped?.error.message}`);

    expect(clipped.clip).toMatchObject({ state: 'needs-attention', attention: 'invalid-request' });
    // The first request to meet the redirect may be the count before the create or the create.
    expect(clipped.clip.error?.message).toContain(`it moved to ${notesServer.baseUrl}/notes/`);
    expect(clipped.clip.error?.message).toContain('Clipdeck did not send your API key there.');
    // The saved address got the key; what went on to the new one (a look-up of where it leads)
    // carried none, and stored nothing.
    expect(moved.received[0]?.headers.authorization).toBe(`Bearer ${notesServer.apiKey}`);
    expect(moved.received.slice(1).map((request) => request.headers.authorization)).toEqual(
      moved.received.slice(1).map(() => undefined),
    );
    expect(notesServer.requests().filter((request) => request.method !== 'GET')).toEqual([]);
    expect(notesServer.notes()).toEqual([]);
  } finally {
    await moved.stop();
  }
});

test('testing the connection names the new address and offers the base URL to use there', async ({
  notesServer,
  openExtensionPage,
}) => {
  const moved = await startRedirector(301, new URL(notesServer.baseUrl).origin);
  try {
    // The options page runs the check itself (issue 18): its own fetch meets the redirect.
    const options = new OptionsPage(await openExtensionPage('options.html'));
    await options.baseUrl.fill(moved.baseUrl);
    await options.apiKey.fill(notesServer.apiKey);
    await options.testButton.click();

    await expect(options.status(options.connection)).toContainText(
      `answered from another address, ${notesServer.baseUrl}, so Clipdeck did not send your API key there`,
    );
    await expect(options.status(options.connection)).toContainText('enter your API key for it');
    await expect(options.connection.locator('code.suggested-url')).toHaveText(notesServer.baseUrl);
    await expect(
      options.connection.getByRole('button', { name: 'Use this address' }),
    ).toBeVisible();
    // The key went to the saved address only; the look-up of where it leads carried none.
    expect(moved.received[0]?.headers.authorization).toBe(`Bearer ${notesServer.apiKey}`);
    expect(notesServer.requests().filter((request) => request.method !== 'GET')).toEqual([]);
  } finally {
    await moved.stop();
  }
});
