import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import { createNotesClient } from '../../../utils/api';
import { createOutbox, outboxConfigItem } from '../../../utils/outbox';

/**
 * What the outbox writes to extension storage per clip (issue 17: a bulk run spent half its CPU
 * rewriting the outbox, ~7 whole-list writes a clip, each carrying every waiting clip's Markdown).
 * Real outbox, real local Notes server over HTTP; the fake browser's storage is counted.
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

interface Cost {
  listWrites: number;
  listBytes: number;
  /** How many times each clip's Markdown went into a storage write. */
  markdownWrites: number[];
}

/** Clips `count` pages of `size` characters at once (a bulk run) and counts the writes. */
async function clipMany(count: number, size: number): Promise<Cost> {
  const set = vi.spyOn(fakeBrowser.storage.local, 'set');
  const outbox = createOutbox({
    getClient: async (config) =>
      createNotesClient({
        baseUrl: server.baseUrl,
        apiKey: server.apiKey,
        timeoutMs: config.requestTimeoutMs,
      }),
  });
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
