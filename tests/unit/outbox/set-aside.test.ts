import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createEntry,
  createOutbox,
  describeSetAside,
  exportSetAside,
  OUTBOX_VERSION,
  outboxItem,
  readSetAside,
} from '../../../utils/outbox';

/**
 * Outbox entries this version cannot read are kept aside, never lost (issue 14). Before, they
 * were dropped on read and gone at the next write of the outbox.
 */

const draft = { title: 'Readable', markdown_text: 'Body', tags: [] };
const damaged = { id: 'bad-1', draft: { title: 'Half written' }, state: 'flying' };

beforeEach(() => fakeBrowser.reset());

/** No connection saved: nothing is sent, the outbox only stores and reads. */
const offlineOutbox = () => createOutbox({ getClient: async () => null });

async function everythingStored(): Promise<string> {
  return JSON.stringify(await fakeBrowser.storage.local.get(null));
}

describe('an outbox entry that fails validation', () => {
  it('is still in extension storage after the outbox is written, kept aside with the reason', async () => {
    await outboxItem.setValue({
      entries: [createEntry({ draft }, 'good-1', 1), damaged],
      pausedForAuth: false,
    } as never);
    const outbox = offlineOutbox();
    await outbox.add({ draft: { ...draft, title: 'New clip' } });

    expect(await everythingStored()).toContain('Half written');
    const { entries } = await outbox.list();
    expect(entries.map((entry) => entry.id).sort()).toEqual(expect.arrayContaining(['good-1']));
    const setAside = await readSetAside();
    expect(setAside.clips).toHaveLength(1);
    expect(setAside.clips[0]).toMatchObject({ reason: 'damaged', entry: damaged });
    expect(setAside.clips[0]?.detail).toMatch(/draft|state/);
  });

  it('is kept aside once, however many times the outbox is written', async () => {
    await outboxItem.setValue({ entries: [damaged], pausedForAuth: false } as never);
    const outbox = offlineOutbox();
    await outbox.add({ draft });
    await outbox.add({ draft });
    await outbox.keepUnreadable();
    expect((await readSetAside()).clips).toHaveLength(1);
  });

  it('is counted in a sentence and exported as JSON the user can keep', async () => {
    await outboxItem.setValue({ entries: [damaged], pausedForAuth: false } as never);
    await offlineOutbox().keepUnreadable();
    const setAside = await readSetAside();
    expect(describeSetAside(setAside)).toMatch(/kept 1 clip aside.*not deleted.*export/);
    const exported = JSON.parse(exportSetAside(setAside, Date.parse('2026-11-23T00:00:00Z')));
    expect(exported).toMatchObject({
      kind: 'clipdeck-set-aside-clips',
      exportedAt: '2026-11-23T00:00:00.000Z',
      clips: [{ reason: 'damaged', entry: damaged }],
    });
  });
});

describe('an outbox written by a newer Clipdeck', () => {
  it('is kept aside whole, not sent, and the sentence says to update', async () => {
    const newer = { ...createEntry({ draft }, 'from-v3', 1), priority: 'high' };
    await outboxItem.setValue({ entries: [newer], pausedForAuth: false } as never);
    await fakeBrowser.storage.local.set({ outbox$: { v: OUTBOX_VERSION + 1 } });
    const outbox = offlineOutbox();
    await outbox.start();

    expect((await outbox.list()).entries).toEqual([]);
    const setAside = await readSetAside();
    expect(setAside.clips).toEqual([
      expect.objectContaining({ reason: 'newer-version', entry: newer }),
    ]);
    expect(describeSetAside(setAside)).toMatch(/newer version.*update Clipdeck/);
    // Clips made now are this version's and are kept as usual.
    await outbox.add({ draft });
    expect((await outbox.list()).entries).toHaveLength(1);
    expect((await readSetAside()).clips).toHaveLength(1);
  });
});
