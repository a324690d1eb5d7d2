import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  commentDepthItem,
  loadCommentDepth,
  readCommentDepth,
  saveCommentDepth,
} from '../../../utils/settings';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('comment depth setting', () => {
  it('is absent until chosen: each site family keeps its own default', async () => {
    expect(await readCommentDepth()).toBeUndefined();
    expect(await loadCommentDepth()).toEqual({ value: {} });
  });

  it('keeps a choice, stamped with its version, and goes back to absent', async () => {
    await saveCommentDepth({ comments: 'top-level' });
    expect(await readCommentDepth()).toBe('top-level');
    expect(await commentDepthItem.getMeta()).toEqual({ v: 1 });
    await saveCommentDepth({});
    expect(await readCommentDepth()).toBeUndefined();
    expect(await fakeBrowser.storage.local.get('commentDepth')).toEqual({ commentDepth: {} });
  });

  it('refuses a value it does not know, and a damaged stored value falls back with a notice', async () => {
    await expect(saveCommentDepth({ comments: 'most' as never })).rejects.toThrow();
    await fakeBrowser.storage.local.set({ commentDepth: { comments: 'everything' } });
    const loaded = await loadCommentDepth();
    expect(loaded.value).toEqual({});
    expect(loaded.notice).toMatch(/comments settings were damaged/);
    expect(await readCommentDepth()).toBeUndefined();
  });
});
