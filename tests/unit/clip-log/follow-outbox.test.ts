import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { logOutboxSaves, readClipLog } from '../../../utils/clip-log';
import { newlySaved } from '../../../utils/notes-index';
import { type OutboxEntry, outboxItem } from '../../../utils/outbox';

function entry(overrides: Partial<OutboxEntry>): OutboxEntry {
  return {
    id: 'clip-1',
    draft: { title: 'Tide pools', markdown_text: 'text', tags: [] },
    sourceUrl: 'https://a.example/tide?utm_source=x',
    state: 'sending',
    attempts: 1,
    createdAt: 1,
    updatedAt: 1,
    outcomeUnknown: false,
    ...overrides,
  };
}

beforeEach(() => fakeBrowser.reset());

describe('following the outbox', () => {
  it('a clip counts as newly saved once, when it turns saved with a note id', () => {
    const sending = { entries: [entry({})], pausedForAuth: false };
    const saved = {
      entries: [entry({ state: 'saved', noteId: 'n1', savedAt: 5 })],
      pausedForAuth: false,
    };
    expect(newlySaved(sending, saved).map((clip) => clip.id)).toEqual(['clip-1']);
    expect(newlySaved(saved, saved)).toEqual([]);
    expect(
      newlySaved(undefined, { entries: [entry({ state: 'saved' })], pausedForAuth: false }),
    ).toEqual([]);
  });

  it('logs every clip the outbox saves under its page’s canonical address', async () => {
    logOutboxSaves();
    await outboxItem.setValue({ entries: [entry({})], pausedForAuth: false });
    await outboxItem.setValue({
      entries: [entry({ state: 'saved', noteId: 'n1', savedAt: 5, deckId: 'deck-reading' })],
      pausedForAuth: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(await readClipLog()).toEqual([
      {
        url: 'https://a.example/tide',
        noteId: 'n1',
        title: 'Tide pools',
        clippedAt: 5,
        deckId: 'deck-reading',
      },
    ]);
  });
});
