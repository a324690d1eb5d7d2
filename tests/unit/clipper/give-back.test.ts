import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clipTabs } from '../../../utils/clipper';
import { withLentHostAccess } from '../../../utils/clipper/host-access';
import { saveConnection } from '../../../utils/settings';

const API = 'https://notes.example.com/*';
const EVERY_SITE = ['https://*/*', 'http://*/*'];

/**
 * The browser's granted host patterns. `coveredGoToo` copies Chromium: removing a broad pattern
 * also removes the narrower grants it covers (pixiebrix-extension#1931).
 */
function grants(initial: string[], { coveredGoToo = false } = {}) {
  const granted = new Set(initial);
  const covers = (broad: string, narrow: string) => {
    const [scheme, host] = broad.split('://');
    const [narrowScheme] = narrow.split('://');
    return host === '*/*' && (scheme === '*' || scheme === narrowScheme);
  };
  fakeBrowser.permissions.contains = vi.fn(async ({ origins = [] }: { origins?: string[] }) =>
    origins.every((origin) => granted.has(origin)),
  );
  const remove = vi.fn(async ({ origins = [] }: { origins?: string[] }) => {
    for (const origin of origins) {
      granted.delete(origin);
      if (coveredGoToo) for (const held of granted) if (covers(origin, held)) granted.delete(held);
    }
    return true;
  });
  fakeBrowser.permissions.remove = remove;
  return { granted, remove };
}

beforeEach(async () => {
  fakeBrowser.reset();
  await saveConnection({ baseUrl: 'https://notes.example.com/api', apiKey: 'k' });
});

describe('clipTabs gives back the host access asked for the batch', () => {
  it('once the tabs are read, keeping the Notes service’s own pattern', async () => {
    const { granted, remove } = grants([API, ...EVERY_SITE, 'https://kelp.example.org/*']);

    const result = await clipTabs({ tabIds: [], giveBack: [...EVERY_SITE, API] });

    expect(result).toEqual({ ok: true, clips: [], failures: [] });
    expect(remove).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalledWith({ origins: EVERY_SITE });
    expect([...granted].sort()).toEqual(['https://kelp.example.org/*', API]);
  });

  it('also when the batch cannot run at all', async () => {
    fakeBrowser.reset();
    const { remove } = grants(EVERY_SITE);

    const result = await clipTabs({ tabIds: [7], giveBack: EVERY_SITE });

    expect(result).toMatchObject({ ok: false, error: { kind: 'not-configured' } });
    expect(remove).toHaveBeenCalledWith({ origins: EVERY_SITE });
  });

  it('nothing to give back when the page asked for nothing (access held before)', async () => {
    const { remove } = grants([API, ...EVERY_SITE]);
    await clipTabs({ tabIds: [] });
    expect(remove).not.toHaveBeenCalled();
  });

  it('refuses anything that is not a web host pattern', async () => {
    const { remove } = grants([API]);
    const result = await clipTabs({ tabIds: [], giveBack: ['<all_urls>', 'storage'] });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    expect(remove).not.toHaveBeenCalled();
  });

  it('says so when the browser took the Notes service’s access with a broad pattern', async () => {
    const { granted } = grants([API, ...EVERY_SITE], { coveredGoToo: true });

    const result = await clipTabs({ tabIds: [], giveBack: EVERY_SITE });

    expect(granted.has(API)).toBe(false);
    expect(result).toEqual({ ok: true, clips: [], failures: [], apiAccessLost: API });
  });

  it('a pattern two batches share is given back when the last of them is done', async () => {
    const { remove } = grants(EVERY_SITE);
    let finishFirst = () => {};
    const first = withLentHostAccess(
      EVERY_SITE,
      () => new Promise<void>((resolve) => (finishFirst = resolve)),
    );
    const second = withLentHostAccess(['https://*/*'], async () => {});

    await second;
    expect(remove).not.toHaveBeenCalled();
    finishFirst();
    await first;
    expect(remove).toHaveBeenCalledWith({ origins: EVERY_SITE });
  });
});
