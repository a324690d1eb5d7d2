import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import { createNotesClient } from '../../../utils/api';
import {
  createEntry,
  getOutbox,
  OUTBOX_ALARM,
  outboxConfigItem,
  outboxItem,
  submitClip,
} from '../../../utils/outbox';
import { connectionItem, readKeyRefusal, saveConnection } from '../../../utils/settings';
import { startBackground } from '../start-background';

/**
 * The outbox as the background wires it (utils/wake, utils/work): started in a fresh worker,
 * woken by its alarm and by browser start-up, resumed by a new key. One background per file (it
 * is a module singleton), so the steps run in order on the same fake browser.
 */

let server: NotesServer;
const draft = (title: string) => ({ title, markdown_text: `# ${title}`, tags: [] });

beforeAll(async () => {
  fakeBrowser.reset();
  server = await startNotesServer();
  await saveConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  await outboxConfigItem.setValue({ baseDelayMs: 200, maxDelayMs: 200 });
});

afterAll(async () => {
  await server.stop();
});

/** Every saved clip checked for extra copies: no request of the outbox is still out. */
async function outboxIdle() {
  await vi.waitFor(async () => {
    const { entries } = await outboxItem.getValue();
    expect(entries.every((entry) => entry.duplicatesChecked)).toBe(true);
  });
}

async function stateOf(id: string) {
  return (await outboxItem.getValue()).entries.find((entry) => entry.id === id);
}

describe('the outbox in the background', () => {
  it('a fresh worker adopts the note a stopped worker’s request stored, and sends what never left', async () => {
    const interrupted = {
      ...createEntry({ draft: draft('Interrupted') }, 'interrupted', Date.now()),
      state: 'sending' as const,
      attempts: 1,
      firstAttemptAt: Date.now(),
    };
    const neverSent = createEntry({ draft: draft('Never sent') }, 'never-sent', Date.now());
    await outboxItem.setValue({ entries: [interrupted, neverSent], pausedForAuth: false });
    await createNotesClient({ baseUrl: server.baseUrl, apiKey: server.apiKey }).create(
      draft('Interrupted'),
    );

    startBackground();

    const outbox = getOutbox();
    expect(await outbox.waitFor('interrupted', 5_000)).toMatchObject({
      state: 'saved',
      adopted: true,
    });
    expect((await outbox.waitFor('never-sent', 5_000))?.state).toBe('saved');
    expect(
      server
        .notes()
        .map((note) => note.title)
        .sort(),
    ).toEqual(['Interrupted', 'Never sent']);
  });

  it('a retry waits for the outbox alarm', async () => {
    server.setFaults({ serverErrorRate: 1 });
    const outbox = getOutbox();
    const { id } = await outbox.add({ draft: draft('Retried') });
    await vi.waitFor(async () => expect((await stateOf(id))?.attempts).toBe(1));
    await vi.waitFor(async () => expect((await stateOf(id))?.state).toBe('queued'));
    const alarm = await fakeBrowser.alarms.get(OUTBOX_ALARM);
    expect(alarm?.scheduledTime).toBe((await stateOf(id))?.nextAttemptAt);

    server.setFaults({});
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await stateOf(id))?.state).toBe('queued');
    if (!alarm) throw new Error('no alarm');
    await fakeBrowser.alarms.onAlarm.trigger(alarm);
    expect((await outbox.waitFor(id, 5_000))?.state).toBe('saved');
  });

  it('a refused key pauses deliveries and records the refusal; saving a key resumes them', async () => {
    const outbox = getOutbox();
    await connectionItem.setValue({ baseUrl: server.baseUrl, apiKey: 'cd_refreshed' });
    const { id } = await outbox.add({ draft: draft('After refresh') });
    expect((await outbox.waitFor(id, 5_000))?.attention).toBe('auth');
    expect(await readKeyRefusal()).not.toBeNull();
    // A clip made meanwhile is kept, and answered at once with the reason: no use waiting.
    const held = await submitClip({ draft: draft('While refused') });
    expect(held.ok && held.clip).toMatchObject({ state: 'queued', error: { kind: 'auth' } });

    await saveConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey });
    expect((await outbox.waitFor(id, 5_000))?.state).toBe('saved');
    expect((await outbox.waitFor(held.ok ? held.clip.id : '', 5_000))?.state).toBe('saved');
    expect((await outbox.list()).pausedForAuth).toBe(false);
  });

  it('browser start-up wakes the outbox', async () => {
    const outbox = getOutbox();
    await outboxIdle();
    await server.stop();
    const { id } = await outbox.add({ draft: draft('Across a restart') });
    await vi.waitFor(async () => expect((await stateOf(id))?.attempts).toBe(1));
    await server.restart();
    await new Promise((resolve) => setTimeout(resolve, 250));
    await fakeBrowser.runtime.onStartup.trigger();
    expect((await outbox.waitFor(id, 5_000))?.state).toBe('saved');
  });

  it('a clip is answered "saved" when the service is healthy', async () => {
    const answer = await submitClip({ draft: draft('Quick'), sourceUrl: 'https://example.org/q' });
    expect(answer.ok && answer.clip).toMatchObject({ state: 'saved', title: 'Quick' });
  });

  it('a clip the service cannot take now is answered at its first failure, not after the wait', async () => {
    await outboxConfigItem.setValue({ baseDelayMs: 60_000, fastDeliveryWaitMs: 10_000 });
    await outboxIdle();
    await server.stop();
    const started = Date.now();
    const answer = await submitClip({ draft: draft('Offline') });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer.ok && answer.clip).toMatchObject({ state: 'queued', attempts: 1 });
    expect(answer.ok && answer.clip.error?.message).toMatch(/could not reach/i);
    await server.restart();
  });
});
