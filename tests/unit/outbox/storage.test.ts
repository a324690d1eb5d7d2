import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createEntry,
  DEFAULT_OUTBOX_CONFIG,
  outboxConfigItem,
  outboxItem,
  parseOutbox,
  resolveOutboxConfig,
  showOutboxOnBadge,
} from '../../../utils/outbox';

const draft = { title: 'T', markdown_text: 'M', tags: [] };
const entry = (id: string, state: 'queued' | 'saved' | 'needs-attention' = 'queued') => ({
  ...createEntry({ draft }, id, 1),
  state,
});

beforeEach(() => fakeBrowser.reset());

describe('the stored outbox', () => {
  it('is empty and unpaused when nothing was stored', async () => {
    expect(await outboxItem.getValue()).toEqual({ entries: [], pausedForAuth: false });
  });

  it('keeps every readable clip when one stored entry is damaged', () => {
    const stored = { entries: [entry('a'), { id: 'b', state: 'flying' }, entry('c')] };
    expect(parseOutbox(stored).entries.map((clip) => clip.id)).toEqual(['a', 'c']);
    expect(parseOutbox('garbage')).toEqual({ entries: [], pausedForAuth: false });
  });
});

describe('the outbox settings', () => {
  it('default when nothing is stored, and take what a test stores field by field', async () => {
    expect(resolveOutboxConfig(await outboxConfigItem.getValue())).toEqual(DEFAULT_OUTBOX_CONFIG);
    await outboxConfigItem.setValue({ baseDelayMs: 50, maxAttempts: -3 } as never);
    const config = resolveOutboxConfig(await outboxConfigItem.getValue());
    expect(config.baseDelayMs).toBe(50);
    expect(config.maxAttempts).toBe(DEFAULT_OUTBOX_CONFIG.maxAttempts);
  });
});

describe('the toolbar badge', () => {
  it('counts clips waiting or needing attention, red when one needs the user', async () => {
    await showOutboxOnBadge({
      entries: [entry('a'), entry('b', 'saved'), entry('c', 'needs-attention')],
      pausedForAuth: false,
    });
    expect(await fakeBrowser.action.getBadgeText({})).toBe('2');
    expect(await fakeBrowser.action.getBadgeBackgroundColor({})).toEqual([198, 40, 40, 255]);
  });

  it('is blank when every clip is saved', async () => {
    await showOutboxOnBadge({ entries: [entry('b', 'saved')], pausedForAuth: false });
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
  });
});
