import { browser } from 'wxt/browser';
import { hostPermissionFor, readConnection } from '../settings';

/**
 * Host access the popup asked for only to clip a window's tabs, given back once the tabs are read
 * (the clips are in the outbox by then, and sending them needs only the API origin). It is given
 * back here, in the background, because the popup may be closed long before. A pattern two
 * batches share is given back when the last of them is done.
 *
 * The API origin's own pattern is never given back. Chromium, though, removes the narrower grants
 * a broad pattern covers along with it (removing `https://*\/*` also removes
 * `https://notes.example.com/*`), so when the API origin's access is gone afterwards the outcome
 * names its pattern, for the popup to ask for it again.
 */
export interface GiveBackOutcome {
  /** The API origin's pattern, when giving back took its access too. */
  apiAccessLost?: string;
}

/** What the popup may ask to be given back: match patterns for web pages, nothing else. */
export const HOST_PATTERN = /^(https?|\*):\/\/[^/\s]+\/\*$/;

const lent = new Map<string, number>();

export async function withLentHostAccess<T>(
  origins: readonly string[],
  run: () => Promise<T>,
): Promise<{ value: T; access: GiveBackOutcome }> {
  const unique = [...new Set(origins)];
  for (const origin of unique) lent.set(origin, (lent.get(origin) ?? 0) + 1);
  let value: T;
  try {
    value = await run();
  } catch (error) {
    await giveBack(unique);
    throw error;
  }
  return { value, access: await giveBack(unique) };
}

async function giveBack(origins: readonly string[]): Promise<GiveBackOutcome> {
  const done = origins.filter((origin) => {
    const left = (lent.get(origin) ?? 1) - 1;
    if (left > 0) lent.set(origin, left);
    else lent.delete(origin);
    return left <= 0;
  });
  if (!done.length) return {};
  const connection = await readConnection();
  const apiPattern = connection.ok ? hostPermissionFor(connection.connection.baseUrl) : undefined;
  const release = done.filter((origin) => origin !== apiPattern);
  if (!release.length) return {};
  const held = (pattern: string) =>
    browser.permissions.contains({ origins: [pattern] }).catch(() => false);
  const apiHeld = apiPattern !== undefined && (await held(apiPattern));
  // Required access (the automation build's <all_urls>) cannot be removed: the browser refuses.
  await browser.permissions.remove({ origins: release }).catch(() => false);
  if (apiHeld && apiPattern !== undefined && !(await held(apiPattern))) {
    return { apiAccessLost: apiPattern };
  }
  return {};
}
