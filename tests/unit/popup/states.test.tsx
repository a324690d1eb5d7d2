// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  ClipResult,
  type ClipResultActions,
  outcomeOfClip,
} from '../../../components/popup/clip-result';
import { CannotClip, NotConfigured } from '../../../components/popup/guidance';
import type { ClipSummary } from '../../../utils/outbox';

function clip(overrides: Partial<ClipSummary>): ClipSummary {
  return {
    id: 'clip-1',
    state: 'queued',
    title: 'Tide pools',
    attempts: 1,
    createdAt: 1,
    ...overrides,
  };
}

function actions(): ClipResultActions {
  return {
    onRetry: vi.fn(),
    onDefaultNotebook: vi.fn(),
    onEdit: vi.fn(),
    onDiscard: vi.fn(),
    onSaveAgain: vi.fn(),
  };
}

const buttons = () => screen.queryAllByRole('button').map((button) => button.textContent);

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

describe('ClipResult', () => {
  it('saved: the title, the deck and a way to copy the Markdown', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const outcome = outcomeOfClip(clip({ state: 'saved', noteId: 'n1' }), 'Science');
    render(<ClipResult outcome={outcome} markdown="# Tide" actions={actions()} busy={false} />);

    expect(screen.getByText('Saved “Tide pools”').dataset.noteId).toBe('n1');
    expect(screen.getByText('In Science.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy Markdown' }));
    expect(await screen.findByText('Copied.')).toHaveProperty('role', 'status');
    expect(writeText).toHaveBeenCalledWith('# Tide');
  });

  it('waiting: says why and that the clip is kept, with Retry now', () => {
    const given = actions();
    const outcome = outcomeOfClip(
      clip({ error: { kind: 'server', message: 'The Notes service had a problem on its side.' } }),
      'Science',
    );
    render(<ClipResult outcome={outcome} markdown="" actions={given} busy={false} />);
    expect(screen.getByText(/Queued “Tide pools”: The Notes service had a problem/)).toBeTruthy();
    expect(screen.getByText(/Clipdeck keeps it/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(given.onRetry).toHaveBeenCalledWith('clip-1');
  });

  it.each([
    ['auth', ['Open options']],
    ['unknown-deck', ['Save to Default notebook', 'Edit the note', 'Discard']],
    ['invalid-request', ['Edit the note', 'Discard']],
    ['too-large', ['Edit the note', 'Discard']],
    ['gave-up', ['Try again', 'Discard']],
  ] as const)(
    'needs attention (%s): the message and the actions that fit',
    (attention, expected) => {
      const outcome = outcomeOfClip(
        clip({
          state: 'needs-attention',
          attention,
          error: { kind: attention, message: `Because ${attention}.` },
        }),
        'Science',
      );
      render(<ClipResult outcome={outcome} markdown="" actions={actions()} busy={false} />);
      expect(screen.getByRole('alert').textContent).toBe(`Because ${attention}.`);
      expect(buttons()).toEqual(expected);
    },
  );

  it('a failure that kept nothing offers to save again', () => {
    const given = actions();
    render(
      <ClipResult
        outcome={{ kind: 'attention', error: { kind: 'internal', message: 'Background stopped.' } }}
        markdown=""
        actions={given}
        busy={false}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(given.onSaveAgain).toHaveBeenCalled();
  });
});

describe('guidance', () => {
  it('not configured: one way forward, the options', () => {
    const openOptionsPage = vi.fn(async () => {});
    fakeBrowser.runtime.openOptionsPage = openOptionsPage;
    render(<NotConfigured />);
    expect(screen.getByText(/Connect Clipdeck to your Notes service/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open options' }));
    expect(openOptionsPage).toHaveBeenCalled();
  });

  it.each([
    ['pdf', ['Save as bookmark']],
    ['empty', ['Save as bookmark']],
    ['browser-page', []],
    ['unclippable', ['Try again']],
    ['not-configured', ['Open options']],
  ] as const)('cannot clip (%s): the reason and what still works', (kind, expected) => {
    const onBookmark = vi.fn();
    render(
      <CannotClip
        error={{ kind, message: `Reason ${kind}.` }}
        onBookmark={onBookmark}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(`Reason ${kind}.`);
    expect(buttons()).toEqual(expected);
    if (expected[0] === 'Save as bookmark') {
      fireEvent.click(screen.getByRole('button', { name: 'Save as bookmark' }));
      expect(onBookmark).toHaveBeenCalled();
    }
  });
});
