// @vitest-environment jsdom
// @vitest-environment-options {"url": "https://review.example.com/anemones.html"}
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import { readJustSaved } from '../../../utils/just-saved';
import { getOutbox, outboxConfigItem } from '../../../utils/outbox';
import {
  COMMANDS,
  handleCommand,
  handleMenuClick,
  MENU_ITEMS,
  type MenuClick,
} from '../../../utils/quick-capture';
import {
  saveClipDefaults,
  saveConnection,
  saveDecks,
  saveQuickCaptureSettings,
} from '../../../utils/settings';
import {
  BROWSER_PAGE_TAB,
  clearSelection,
  loadPage,
  PAGE_TAB,
  selectText,
  stubBrowserApis,
} from './fake-tab';

/**
 * Quick capture from the background's side: each menu item and shortcut, run against the real
 * clipping engine in a jsdom page and the real outbox delivering to the local Notes server. The
 * outbox is one per background, so the storage it lives in is kept between tests and only the
 * clips and notifications are cleared.
 */

let server: NotesServer;
const PAGE_URL = 'https://review.example.com/anemones.html';
const DECKS = {
  decks: [
    { id: 'deck-science', label: 'Science' },
    { id: 'deck-reading', label: 'Reading list' },
  ],
  defaultDeckId: 'deck-science',
};
const GUIDE_URL = 'https://guides.example.org/tide-pools?utm_source=review';

const click = (menuItemId: string, extra: Partial<MenuClick> = {}): MenuClick => ({
  menuItemId,
  editable: false,
  pageUrl: PAGE_URL,
  frameId: 0,
  ...extra,
});

beforeAll(async () => {
  fakeBrowser.reset();
  stubBrowserApis();
  server = await startNotesServer({ decks: ['deck-science', 'deck-reading'] });
  await saveConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  await saveDecks(DECKS);
  await saveClipDefaults({
    tags: ['shore', 'to read'],
    mode: 'article',
    template: { kind: 'builtin', id: 'source-header' },
    stripTracking: true,
  });
  await outboxConfigItem.setValue({ baseDelayMs: 60_000, fastDeliveryWaitMs: 3_000 });
});

afterAll(async () => {
  await server.stop();
});

beforeEach(async () => {
  loadPage('quick-capture.html');
  clearSelection();
  fakeBrowser.notifications.resetState();
  fakeBrowser.action.resetState();
  server.setFaults({});
  await saveQuickCaptureSettings({ notifications: true });
  for (const clip of (await getOutbox().list()).entries) await getOutbox().discard(clip.id);
});

/** Runs a capture and answers with what it did: its outcome and the notes it stored. */
async function capture<T>(run: () => Promise<T>) {
  const known = new Set(server.notes().map((note) => note.id));
  const outcome = await run();
  return { outcome, notes: server.notes().filter((note) => !known.has(note.id)) };
}

function shownNotifications() {
  return Object.values(fakeBrowser.notifications.getAllCreateOptions());
}

describe('context menu items', () => {
  it('clip page saves the article with the default deck and tags, and says where it went', async () => {
    const { outcome, notes } = await capture(() =>
      handleMenuClick(click(MENU_ITEMS.page), PAGE_TAB),
    );

    expect(outcome).toMatchObject({ ok: true, clip: { state: 'saved' } });
    expect(notes).toHaveLength(1);
    const [note] = notes;
    expect(note?.title).toBe('Anemones at Low Tide');
    expect(note?.deck_id).toBe('deck-science');
    expect(note?.tags).toEqual(['shore', 'to read']);
    expect(note?.markdown_text).toContain('becomes a soft green button');
    expect(note?.markdown_text).toContain(PAGE_URL);
    expect(shownNotifications()).toEqual([
      expect.objectContaining({
        title: 'Clipped',
        message: '“Anemones at Low Tide” is saved in Science.',
      }),
    ]);
  });

  it('clip selection keeps only the selected paragraph', async () => {
    selectText('second');
    const { notes } = await capture(() =>
      handleMenuClick(click(MENU_ITEMS.selection, { selectionText: 'Some anemones' }), PAGE_TAB),
    );

    expect(notes).toHaveLength(1);
    expect(notes[0]?.markdown_text).toContain('Some anemones cover themselves');
    expect(notes[0]?.markdown_text).not.toContain('soft green button');
    expect(notes[0]?.deck_id).toBe('deck-science');
  });

  it('clip link saves the linked page as a bookmark named by the link, without tracking', async () => {
    const { notes } = await capture(() =>
      handleMenuClick(click(MENU_ITEMS.link, { linkUrl: GUIDE_URL }), PAGE_TAB),
    );

    expect(notes).toHaveLength(1);
    const [note] = notes;
    expect(note?.title).toBe('Field Guide to Tide Pool Etiquette');
    expect(note?.tags).toEqual(['shore', 'to read']);
    expect(note?.deck_id).toBe('deck-science');
    expect(note?.markdown_text).toContain(
      '[Field Guide to Tide Pool Etiquette](https://guides.example.org/tide-pools)',
    );
    expect(note?.markdown_text).toContain(
      `Found on [Anemones at Low Tide | The Coastal Review](${PAGE_URL})`,
    );
    expect(note?.markdown_text).not.toContain('utm_source');
  });

  it('clip link names a link without words by its address', async () => {
    const { notes } = await capture(() =>
      handleMenuClick(
        click(MENU_ITEMS.link, { linkUrl: 'https://guides.example.org/rock-pools/' }),
        PAGE_TAB,
      ),
    );
    expect(notes[0]?.title).toBe('guides.example.org/rock-pools/');
  });

  it('clip image keeps the image, its alt text and a link back to the page', async () => {
    const imageUrl = new URL('quick-capture-pool.png', PAGE_URL).href;
    const { notes } = await capture(() =>
      handleMenuClick(click(MENU_ITEMS.image, { srcUrl: imageUrl, mediaType: 'image' }), PAGE_TAB),
    );

    expect(notes).toHaveLength(1);
    const markdown = notes[0]?.markdown_text ?? '';
    expect(markdown).toContain(`![A green anemone closed up on a wet rock](${imageUrl})`);
    expect(markdown).toContain(PAGE_URL);
    expect(markdown).not.toContain('soft green button');
  });

  it('ignores menu items that are not Clipdeck’s', async () => {
    const { outcome, notes } = await capture(() => handleMenuClick(click('other'), PAGE_TAB));
    expect(outcome).toBeUndefined();
    expect(notes).toHaveLength(0);
    expect(shownNotifications()).toHaveLength(0);
  });
});

describe('keyboard commands', () => {
  it('clip page with defaults saves the article', async () => {
    const { notes } = await capture(() => handleCommand(COMMANDS.page, PAGE_TAB));
    expect(notes.map((note) => note.title)).toEqual(['Anemones at Low Tide']);
  });

  it('clip selection saves the selection', async () => {
    selectText('first');
    const { notes } = await capture(() => handleCommand(COMMANDS.selection, PAGE_TAB));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.markdown_text).toContain('soft green button');
    expect(notes[0]?.markdown_text).not.toContain('Some anemones cover themselves');
  });

  it('clip selection with nothing selected clips nothing and says what to do', async () => {
    const { outcome, notes } = await capture(() => handleCommand(COMMANDS.selection, PAGE_TAB));

    expect(outcome).toMatchObject({ ok: false, error: { kind: 'no-selection' } });
    expect(notes).toHaveLength(0);
    expect((await getOutbox().list()).entries).toHaveLength(0);
    expect(shownNotifications()).toEqual([
      expect.objectContaining({
        title: 'Nothing was clipped',
        message: expect.stringContaining('Nothing is selected on this page. Select the text'),
      }),
    ]);
  });

  it('a browser page cannot be clipped, and the notification says why', async () => {
    const { outcome, notes } = await capture(() => handleCommand(COMMANDS.page, BROWSER_PAGE_TAB));

    expect(outcome).toMatchObject({ ok: false, error: { kind: 'unclippable' } });
    expect(notes).toHaveLength(0);
    expect(shownNotifications()).toEqual([
      expect.objectContaining({
        title: 'Nothing was clipped',
        message: expect.stringContaining('Open the article in a normal tab'),
      }),
    ]);
  });

  it('a page with no text is kept as a bookmark, and the notification says so', async () => {
    document.body.replaceChildren();
    const { outcome, notes } = await capture(() => handleCommand(COMMANDS.page, PAGE_TAB));

    expect(outcome).toMatchObject({ ok: true, clip: { state: 'saved' } });
    expect(notes).toHaveLength(1);
    expect(notes[0]?.title).toBe('Anemones at Low Tide');
    expect(notes[0]?.markdown_text).toContain(PAGE_URL);
    expect(shownNotifications()[0]?.message).toBe(
      '“Anemones at Low Tide” is saved in Science. The page had no text Clipdeck could read, so ' +
        'it was saved as a bookmark: its title and address.',
    );
  });

  it('without a tab (the shortcut pressed in a browser window with none) nothing is clipped', async () => {
    const outcome = await handleCommand(COMMANDS.page);
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'unclippable' } });
    expect(shownNotifications()[0]?.message).toContain('could not tell which tab');
  });
});

describe('confirmation', () => {
  it('a clip the service cannot take yet is kept, and the notification says it will be sent', async () => {
    server.setFaults({ serverErrorRate: 1 });
    const { outcome, notes } = await capture(() => handleCommand(COMMANDS.page, PAGE_TAB));

    expect(outcome).toMatchObject({ ok: true, clip: { state: 'queued' } });
    expect(notes).toHaveLength(0);
    expect((await getOutbox().list()).entries.map((clip) => clip.state)).toEqual(['queued']);
    expect(shownNotifications()).toEqual([
      expect.objectContaining({
        title: 'Clip waiting to be sent',
        message: expect.stringContaining(
          '“Anemones at Low Tide” is kept in Clipdeck and will be sent',
        ),
      }),
    ]);
  });

  it('a clip for a deck the service does not know is kept and needs the user', async () => {
    await saveDecks({
      decks: [...DECKS.decks, { id: 'deck-gone', label: 'Old deck' }],
      defaultDeckId: 'deck-gone',
    });
    try {
      const { outcome, notes } = await capture(() => handleCommand(COMMANDS.page, PAGE_TAB));

      expect(outcome).toMatchObject({ ok: true, clip: { state: 'needs-attention' } });
      expect(notes).toHaveLength(0);
      expect(shownNotifications()).toEqual([
        expect.objectContaining({
          title: 'Clip needs your attention',
          message: expect.stringMatching(
            /^“Anemones at Low Tide” is kept in Clipdeck but was not saved\. .*deck-gone/,
          ),
        }),
      ]);
    } finally {
      await saveDecks(DECKS);
    }
  });

  it('with notifications off a saved clip shows none', async () => {
    await saveQuickCaptureSettings({ notifications: false });
    const { notes } = await capture(() => handleCommand(COMMANDS.page, PAGE_TAB));
    expect(notes).toHaveLength(1);
    expect(shownNotifications()).toHaveLength(0);
  });

  it('with notifications off a page that cannot be clipped marks its tab’s badge with the reason', async () => {
    await saveQuickCaptureSettings({ notifications: false });
    await handleCommand(COMMANDS.page, BROWSER_PAGE_TAB);

    expect(shownNotifications()).toHaveLength(0);
    expect(await fakeBrowser.action.getBadgeText({ tabId: BROWSER_PAGE_TAB.id })).toBe('!');
    expect(await fakeBrowser.action.getTitle({ tabId: BROWSER_PAGE_TAB.id })).toContain(
      'Nothing was clipped: Clipdeck cannot read this page',
    );
    // Other tabs keep the outbox's count.
    expect(await fakeBrowser.action.getBadgeText({ tabId: PAGE_TAB.id })).toBe('');
  });
});

describe('save first, edit after (issue 18)', () => {
  it('opens the popup on the note just made, instead of a notification', async () => {
    const openPopup = vi.fn(async () => undefined);
    const action = fakeBrowser.action as unknown as { openPopup: unknown };
    const original = action.openPopup;
    action.openPopup = openPopup;
    try {
      const { outcome } = await capture(() => handleMenuClick(click(MENU_ITEMS.page), PAGE_TAB));
      expect(outcome).toMatchObject({ ok: true, clip: { state: 'saved' } });
      expect(openPopup).toHaveBeenCalledTimes(1);
      expect(shownNotifications()).toEqual([]);
      const mark = await readJustSaved(PAGE_TAB.id);
      expect(mark?.clipId).toBe(outcome?.ok && 'clip' in outcome ? outcome.clip.id : 'none');
      // Only the popup on that tab opens on it.
      expect(await readJustSaved((PAGE_TAB.id ?? 0) + 1)).toBeUndefined();
    } finally {
      action.openPopup = original;
    }
  });

  it('when the browser refuses to open the popup, the notification confirms as before', async () => {
    const action = fakeBrowser.action as unknown as { openPopup: unknown };
    const original = action.openPopup;
    action.openPopup = vi.fn(async () => {
      throw new Error('openPopup requires a user gesture');
    });
    try {
      const { outcome } = await capture(() => handleMenuClick(click(MENU_ITEMS.page), PAGE_TAB));
      expect(outcome).toMatchObject({ ok: true });
      expect(shownNotifications()).toEqual([expect.objectContaining({ title: 'Clipped' })]);
      // The popup opened by hand on that tab still shows the note.
      expect((await readJustSaved(PAGE_TAB.id))?.clipId).toBe(
        outcome?.ok && 'clip' in outcome ? outcome.clip.id : 'none',
      );
    } finally {
      action.openPopup = original;
    }
  });
});
