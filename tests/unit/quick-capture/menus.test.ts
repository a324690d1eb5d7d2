import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  COMMANDS,
  createContextMenus,
  describeOutcome,
  handleCommand,
  MANIFEST_COMMANDS,
  MENU_ITEMS,
} from '../../../utils/quick-capture';
import { startBackground } from '../start-background';
import { menuItems, stubBrowserApis } from './fake-tab';

beforeEach(() => {
  fakeBrowser.reset();
  menuItems.clear();
  stubBrowserApis();
});

describe('the context menu', () => {
  it('offers clip page, selection, quote to note, link and image, each where it applies', async () => {
    await createContextMenus();
    expect(
      [...menuItems.values()].map(({ id, title, contexts }) => ({ id, title, contexts })),
    ).toEqual([
      { id: MENU_ITEMS.page, title: 'Clip this page', contexts: ['page'] },
      { id: MENU_ITEMS.selection, title: 'Clip selection', contexts: ['selection'] },
      { id: MENU_ITEMS.quote, title: 'Quote to note', contexts: ['selection'] },
      { id: MENU_ITEMS.link, title: 'Clip link as a bookmark', contexts: ['link'] },
      { id: MENU_ITEMS.image, title: 'Clip image', contexts: ['image'] },
    ]);
  });

  it('is created on install and on every update without a duplicate', async () => {
    const logged = vi.spyOn(console, 'error');
    startBackground();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    await vi.waitFor(() => expect(menuItems.size).toBe(5));
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.1.0' });
    await vi.waitFor(() => expect(menuItems.size).toBe(5));
    expect(fakeBrowser.contextMenus.removeAll).toHaveBeenCalledTimes(2);
    expect(logged).not.toHaveBeenCalled();
  });

  it('is created again at browser start-up, even while an update creates it too', async () => {
    const logged = vi.spyOn(console, 'error');
    startBackground();
    await Promise.all([
      fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.1.0' }),
      fakeBrowser.runtime.onStartup.trigger(),
    ]);
    await vi.waitFor(() => expect(fakeBrowser.contextMenus.removeAll).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(menuItems.size).toBe(5));
    expect(logged).not.toHaveBeenCalled();
  });

  it('is not created again when a stopped service worker starts (the browser keeps it)', () => {
    startBackground();
    expect(fakeBrowser.contextMenus.create).not.toHaveBeenCalled();
    expect(fakeBrowser.contextMenus.onClicked.addListener).toHaveBeenCalledTimes(1);
    expect(fakeBrowser.commands.onCommand.addListener).toHaveBeenCalledTimes(1);
  });
});

describe('the keyboard commands', () => {
  it('are declared in the manifest under the names the background handles', () => {
    expect(Object.keys(MANIFEST_COMMANDS).sort()).toEqual(
      [...Object.values(COMMANDS), '_execute_action'].sort(),
    );
    expect(MANIFEST_COMMANDS[COMMANDS.page].suggested_key?.default).toBe('Alt+Shift+S');
    expect(MANIFEST_COMMANDS[COMMANDS.selection].suggested_key).toBeUndefined();
  });

  it('give a suggested key to the four the issue names, at most four as Chromium allows', () => {
    const suggested = Object.entries(MANIFEST_COMMANDS)
      .filter(([, command]) => command.suggested_key)
      .map(([name]) => name)
      .sort();
    expect(suggested).toEqual(
      [COMMANDS.page, COMMANDS.quote, COMMANDS.bookmark, '_execute_action'].sort(),
    );
    const keys = Object.values(MANIFEST_COMMANDS).flatMap((c) => c.suggested_key?.default ?? []);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('clicking a notification', () => {
  it('takes a user who is not connected yet to the options page', async () => {
    startBackground();
    await handleCommand(COMMANDS.page, { id: 3 });

    const shown = Object.entries(fakeBrowser.notifications.getAllCreateOptions());
    expect(shown).toHaveLength(1);
    const [id, options] = shown[0] ?? [];
    expect(options?.message).toContain('not connected to your Notes service yet');
    await fakeBrowser.notifications.onClicked.trigger(String(id));
    await vi.waitFor(() => expect(fakeBrowser.runtime.openOptionsPage).toHaveBeenCalled());
  });
});

describe('what the notification says', () => {
  it('a saved clip names its deck, and a click opens the popup rather than the options', () => {
    const saved = describeOutcome(
      {
        ok: true,
        clip: { id: 'c', state: 'saved', title: 'T', attempts: 1, createdAt: 0 },
      },
      'Default notebook',
    );
    expect(saved).toEqual({
      title: 'Clipped',
      message: '“T” is saved in Default notebook.',
      onClick: 'open-popup',
    });
  });

  it('a clip that needs the user names the reason and where to fix a refused key', () => {
    const refused = describeOutcome(
      {
        ok: true,
        clip: {
          id: 'c',
          state: 'needs-attention',
          title: 'Tide pools',
          attempts: 1,
          createdAt: 0,
          attention: 'auth',
          error: { kind: 'auth', message: 'The Notes service refused the API key.' },
        },
      },
      'Science',
    );
    expect(refused).toEqual({
      title: 'Clip needs your attention',
      message:
        '“Tide pools” is kept in Clipdeck but was not saved. The Notes service refused the API key.',
      onClick: 'open-options',
    });
  });

  it('a page saved as a bookmark instead says so', () => {
    const bookmark = describeOutcome(
      {
        ok: true,
        clip: { id: 'c', state: 'saved', title: 'Map', attempts: 1, createdAt: 0 },
        notice: 'The page had no text Clipdeck could read, so it was saved as a bookmark.',
      },
      'Science',
    );
    expect(bookmark.message).toBe(
      '“Map” is saved in Science. The page had no text Clipdeck could read, so it was saved as a bookmark.',
    );
  });
});
