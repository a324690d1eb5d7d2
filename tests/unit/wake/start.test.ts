import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { bulkProgressItem } from '../../../utils/notes-index';
import { createEntry, outboxItem } from '../../../utils/outbox';
import { BULK_PROGRESS_KEY, OUTBOX_KEY, workWaitingAtStart } from '../../../utils/wake';

/**
 * The background's entry (utils/wake) loads the work layer only when something needs it: most
 * starts of the worker are a tab brought to the front, for the toolbar mark. These check the
 * decision against what the outbox and a bulk retag really store.
 */

const draft = { title: 'A page', markdown_text: 'Its text', tags: [] };

function entryIn(state: 'queued' | 'sending' | 'saved' | 'needs-attention') {
  return { ...createEntry({ draft }, `clip-${state}`, Date.now()), state };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('what a start of the worker finds waiting', () => {
  it('reads the keys the outbox and the bulk retag are stored under', () => {
    expect(`local:${OUTBOX_KEY}`).toBe(outboxItem.key);
    expect(`local:${BULK_PROGRESS_KEY}`).toBe(bulkProgressItem.key);
  });

  it('nothing on a new install, nor when every clip is saved or waits for the user', async () => {
    expect(await workWaitingAtStart()).toBe(false);
    await outboxItem.setValue({ entries: [], pausedForAuth: false });
    expect(await workWaitingAtStart()).toBe(false);
    await outboxItem.setValue({
      entries: [entryIn('saved'), entryIn('needs-attention')],
      pausedForAuth: true,
    });
    expect(await workWaitingAtStart()).toBe(false);
  });

  it('a clip queued, or left sending by a stopped worker', async () => {
    for (const state of ['queued', 'sending'] as const) {
      await outboxItem.setValue({
        entries: [entryIn('saved'), entryIn(state)],
        pausedForAuth: false,
      });
      expect(await workWaitingAtStart(), state).toBe(true);
    }
  });

  it('a bulk retag still running, and not one that finished', async () => {
    const progress = {
      jobId: 'job',
      add: ['read'],
      remove: [],
      total: 2,
      done: 1,
      changed: 1,
      unchanged: 0,
      failed: [],
    };
    await bulkProgressItem.setValue({ ...progress, state: 'running' });
    expect(await workWaitingAtStart()).toBe(true);
    await bulkProgressItem.setValue({ ...progress, state: 'finished' });
    expect(await workWaitingAtStart()).toBe(false);
  });

  it('an outbox it cannot read as one: the outbox itself judges it', async () => {
    await fakeBrowser.storage.local.set({ [OUTBOX_KEY]: { entries: 'damaged' } });
    expect(await workWaitingAtStart()).toBe(true);
    await fakeBrowser.storage.local.set({ [OUTBOX_KEY]: { entries: [null] } });
    expect(await workWaitingAtStart()).toBe(true);
  });
});

describe('loading the work layer', () => {
  // Each case is a fresh worker: the entry's modules (and the loaded work layer) start anew.
  beforeEach(() => {
    vi.resetModules();
    globalThis.clipdeckWork = undefined;
  });

  async function freshWorker() {
    const { createBackgroundWork } = await import('../../../utils/work');
    const work = createBackgroundWork();
    const start = vi.spyOn(work, 'start');
    globalThis.clipdeckWork = work;
    const { startBackground } = await import('../start-background');
    startBackground();
    return start;
  }

  it('a start with nothing waiting leaves it unloaded; a message loads it, and it answers', async () => {
    const start = await freshWorker();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(start).not.toHaveBeenCalled();

    // From no extension page (the fake browser names no sender): refused, by the work layer.
    const { sendMessage: send } = await import('../../../utils/messaging');
    const reply = await send('listOutbox');
    expect(reply).toMatchObject({ ok: false, error: { kind: 'refused' } });
    // Nothing was waiting: the outbox has nothing to resume before the message is answered.
    expect(start.mock.calls).toEqual([[{ resumeOutbox: false }]]);
  });

  it('a start with a clip waiting loads it at once', async () => {
    await outboxItem.setValue({ entries: [entryIn('queued')], pausedForAuth: false });
    const start = await freshWorker();
    await vi.waitFor(() => expect(start.mock.calls).toEqual([[{ resumeOutbox: true }]]));
  });
});
