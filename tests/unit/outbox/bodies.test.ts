import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import { createNotesClient } from '../../../utils/api';
import {
  type ClipOutbox,
  createEntry,
  createOutbox,
  OUTBOX_VERSION,
  outboxConfigItem,
  readSetAside,
} from '../../../utils/outbox';

/**
 * Drafts' Markdown kept out of the outbox's list (issue 17, outbox version 3), against the real
 * local Notes server; storage is the fake browser's, read raw as a newer or older Clipdeck would.
 */

let server: NotesServer;

beforeEach(async () => {
  fakeBrowser.reset();
  server = await startNotesServer();
  await outboxConfigItem.setValue({ requestTimeoutMs: 5_000 });
});

afterEach(async () => {
  await server.stop();
});

function newOutbox(reachable = true): ClipOutbox {
  return createOutbox({
    getClient: async (config) =>
      reachable
        ? createNotesClient({
            baseUrl: server.baseUrl,
            apiKey: server.apiKey,
            timeoutMs: config.requestTimeoutMs,
          })
        : null,
  });
}

async function rawStorage(): Promise<Record<string, unknown>> {
  return fakeBrowser.storage.local.get(null);
}

function bodyKeysIn(stored: Record<string, unknown>): string[] {
  return Object.keys(stored).filter((key) => key.startsWith('outboxBody:'));
}

const page = (title: string) => ({
  title,
  markdown_text: `# ${title}\n\n${'A long page. '.repeat(500)}`,
  tags: ['kept'],
});

describe('an outbox stored by version 2 (every draft whole in the list)', () => {
  it('is delivered after the upgrade with nothing lost, and its Markdown leaves the list', async () => {
    const waiting = [
      createEntry({ draft: page('Old one') }, 'old-1', 1_000),
      createEntry({ draft: page('Old two'), sourceUrl: 'https://example.org/two' }, 'old-2', 2_000),
    ].map((entry) => ({ ...entry, kind: 'create' as const }));
    await fakeBrowser.storage.local.set({
      outbox: { entries: waiting, pausedForAuth: false },
      outbox$: { v: 2 },
    });

    // Started with no connection: the first write moves the bodies out, nothing is sent yet.
    await newOutbox(false).start();
    const upgraded = await rawStorage();
    expect(upgraded.outbox$).toEqual({ v: OUTBOX_VERSION });
    const list = (upgraded.outbox as { entries: { draft: { markdown_text: string } }[] }).entries;
    expect(list.map((entry) => entry.draft.markdown_text)).toEqual(['', '']);
    expect(bodyKeysIn(upgraded).map((key) => upgraded[key])).toEqual(
      expect.arrayContaining(waiting.map((entry) => entry.draft.markdown_text)),
    );

    const outbox = newOutbox();
    await outbox.start();
    for (const entry of waiting) {
      expect((await outbox.waitFor(entry.id, 10_000))?.state).toBe('saved');
    }
    const notes = server.notes();
    expect(notes.map((note) => [note.title, note.markdown_text]).sort()).toEqual(
      waiting.map((entry) => [entry.draft.title, entry.draft.markdown_text]).sort(),
    );
    // Stored and checked: the service has the notes, their bodies are gone from storage.
    await vi.waitFor(async () => expect(bodyKeysIn(await rawStorage())).toEqual([]));
  });
});

describe('bodies kept under their own keys', () => {
  it('an edited draft is sent as edited, a discarded one leaves no body behind', async () => {
    const offline = newOutbox(false);
    const kept = await offline.add({ draft: page('Edited') });
    const dropped = await offline.add({ draft: page('Dropped') });
    expect(bodyKeysIn(await rawStorage())).toHaveLength(2);

    const edited = { ...kept.draft, markdown_text: 'The text the user wrote instead.' };
    expect((await offline.edit(kept.id, { draft: edited })).ok).toBe(true);
    expect((await offline.discard(dropped.id)).ok).toBe(true);
    const stored = await rawStorage();
    expect(bodyKeysIn(stored).map((key) => stored[key])).toEqual([edited.markdown_text]);
    // A worker started afresh reads the draft from storage, not from the first one's memory.
    expect((await newOutbox(false).get(kept.id))?.draft.markdown_text).toBe(edited.markdown_text);

    const outbox = newOutbox();
    await outbox.start();
    expect((await outbox.waitFor(kept.id, 10_000))?.state).toBe('saved');
    expect(server.notes().map((note) => note.markdown_text)).toEqual([edited.markdown_text]);
  });

  it('a body a stopped worker left unnamed is removed when the next worker starts; named ones stay', async () => {
    const waiting = await newOutbox(false).add({ draft: page('Still waiting') });
    // Written before a list that was never stored: the worker stopped in between.
    await fakeBrowser.storage.local.set({ 'outboxBody:lost.0badf00d': 'A draft nobody names' });
    expect(bodyKeysIn(await rawStorage())).toHaveLength(2);

    await newOutbox(false).start();
    const stored = await rawStorage();
    expect(bodyKeysIn(stored).map((key) => stored[key])).toEqual([waiting.draft.markdown_text]);
    expect((await newOutbox(false).get(waiting.id))?.draft.markdown_text).toBe(
      waiting.draft.markdown_text,
    );
  });

  it('a clip whose body is missing is set aside, not sent with no text', async () => {
    const offline = newOutbox(false);
    const clip = await offline.add({ draft: page('Damaged') });
    const [key] = bodyKeysIn(await rawStorage());
    if (!key) throw new Error('no body was stored');
    await fakeBrowser.storage.local.remove(key);

    const outbox = newOutbox();
    await outbox.start();
    expect(await outbox.get(clip.id)).toBeUndefined();
    expect(server.notes()).toEqual([]);
    const aside = await readSetAside();
    expect(aside.clips).toHaveLength(1);
    expect(aside.clips[0]).toMatchObject({ reason: 'damaged', entry: { id: clip.id } });
  });

  it('a newer Clipdeck’s clips are set aside with their Markdown, and their bodies then go', async () => {
    const offline = newOutbox(false);
    const clip = await offline.add({ draft: page('From the future') });
    await fakeBrowser.storage.local.set({ outbox$: { v: OUTBOX_VERSION + 1 } });
    expect(bodyKeysIn(await rawStorage())).toHaveLength(1);

    await newOutbox().start();
    expect(server.notes()).toEqual([]);
    const aside = await readSetAside();
    expect(aside.clips[0]).toMatchObject({
      reason: 'newer-version',
      entry: { id: clip.id, draft: { markdown_text: clip.draft.markdown_text } },
    });
    // The copy kept aside holds the Markdown: the body under its own key would be named by
    // nothing again, and stayed in storage for good before.
    expect(bodyKeysIn(await rawStorage())).toEqual([]);
  });
});

/**
 * What the outbox writes to storage per clip (issue 17: a bulk run spent half its CPU rewriting
 * the outbox, ~7 whole-list writes a clip, each carrying every waiting clip's Markdown).
 */
interface Cost {
  listWrites: number;
  listBytes: number;
  /** How many times each clip's Markdown went into a storage write. */
  markdownWrites: number[];
}

/** Clips `count` pages of `size` characters at once (a bulk run) and counts the writes. */
async function clipMany(count: number, size: number): Promise<Cost> {
  const set = vi.spyOn(fakeBrowser.storage.local, 'set');
  const outbox = newOutbox();
  const markers = Array.from({ length: count }, (_, index) => `marker-${index}-${'x'.repeat(8)}`);
  const clips = await outbox.addMany(
    markers.map((marker, index) => ({
      draft: {
        title: `Page ${index}`,
        markdown_text: `# Page ${index}\n\n${marker}\n\n${'Some text of the page. '.repeat(size / 23)}`,
        tags: ['bulk'],
      },
    })),
  );
  await vi.waitFor(
    async () => {
      const entries = (await outbox.list()).entries;
      expect(
        clips.every(
          (clip) => entries.find((entry) => entry.id === clip.id)?.duplicatesChecked === true,
        ),
      ).toBe(true);
    },
    { timeout: 60_000, interval: 100 },
  );
  const writes = set.mock.calls.map(([items]) => items as Record<string, unknown>);
  set.mockRestore();
  const listWrites = writes.filter((items) => 'outbox' in items);
  const serialised = writes.map((items) => JSON.stringify(items));
  return {
    listWrites: listWrites.length,
    listBytes: listWrites.reduce((sum, items) => sum + JSON.stringify(items.outbox).length, 0),
    markdownWrites: markers.map(
      (marker) => serialised.filter((text) => text.includes(marker)).length,
    ),
  };
}

describe('the cost of a clip in the outbox', () => {
  it('is a few small list writes, and each Markdown is written once, however many wait', async () => {
    const few = await clipMany(10, 20_000);
    const many = await clipMany(40, 20_000);
    for (const [label, cost, count] of [
      ['10 clips', few, 10],
      ['40 clips', many, 40],
    ] as const) {
      console.log(
        `${label}: ${(cost.listWrites / count).toFixed(1)} list writes a clip, ` +
          `${Math.round(cost.listBytes / count)} list bytes a clip, ` +
          `Markdown written ${Math.max(...cost.markdownWrites)} times at most`,
      );
    }
    expect(many.markdownWrites.every((times) => times === 1)).toBe(true);
    expect(many.listWrites / 40).toBeLessThanOrEqual(3);
    // The list holds small state only: each write carries well under 1 KB per clip listed
    // (it carried every waiting clip's 20 KB page).
    expect(many.listBytes / 40 / 40).toBeLessThan(1_000);
  }, 120_000);
});
