// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CommentsField } from '../../../components/options/comments-field';
import { loadCommentDepth, saveCommentDepth } from '../../../utils/settings';

const select = () => screen.getByLabelText(/comments/i) as HTMLSelectElement;

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/**
 * Extension storage whose reads of the stored choice (not of its version stamp) answer `ms`
 * late, with what it held when asked: a slow disk. When a read answers is the one thing here a
 * test cannot make real.
 */
function slowReads(ms: number): Promise<void> {
  let asked: () => void = () => {};
  const firstAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  const get = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
  vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementation((async (
    ...args: Parameters<typeof get>
  ) => {
    const answer = await get(...args);
    if (!JSON.stringify(args[0]).includes('"commentDepth"')) return answer;
    asked();
    await new Promise((resolve) => setTimeout(resolve, ms));
    return answer;
  }) as typeof get);
  return firstAsked;
}

it('shows the stored choice once it is read', async () => {
  await saveCommentDepth({ comments: 'all' });
  render(<CommentsField onStatus={() => {}} />);
  await waitFor(() => expect(select().value).toBe('all'));
});

it('keeps a choice made before the stored one was read, and saves it', async () => {
  await saveCommentDepth({ comments: 'all' });
  const reading = slowReads(50);
  const statuses: string[] = [];
  render(<CommentsField onStatus={(text) => statuses.push(text)} />);
  // The page has asked for the stored choice, and the answer is on its way.
  await reading;
  expect(select().value).toBe('family');
  fireEvent.change(select(), { target: { value: 'none' } });

  await waitFor(() => expect(statuses).toEqual(['Saved: comments on discussion pages.']));
  // The read begun before the change answers now, with the value stored before it.
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(select().value).toBe('none');
  expect((await loadCommentDepth()).value.comments).toBe('none');
});
