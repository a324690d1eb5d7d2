// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ClipResult, type ClipResultActions } from '../../../components/popup/clip/clip-result';
import { CannotClip, NotConfigured, ServiceBanner } from '../../../components/popup/guidance';
import type { ClipSummary } from '../../../utils/outbox';
import { INITIAL_STATE, popupReducer, type SaveOutcome } from '../../../utils/popup';

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
    onUndo: vi.fn(),
    onSaveAgain: vi.fn(),
    onShowRecent: vi.fn(),
  };
}

const buttons = () => screen.queryAllByRole('button').map((button) => button.textContent);

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

const deckName = (id: string | undefined) =>
  id === 'deck-science' ? 'Science' : 'Default notebook';

function outcomeOf(summary: ClipSummary, tags: string[] = []): SaveOutcome {
  const state = popupReducer(
    { ...INITIAL_STATE, phase: { step: 'saving' }, draft: { ...INITIAL_STATE.draft, tags } },
    { type: 'save-finished', result: { ok: true, clip: summary } },
  );
  if (state.phase.step !== 'result') throw new Error('no result');
  return state.phase.outcome;
}

function showResult(outcome: SaveOutcome, given = actions()) {
  render(
    <ClipResult
      outcome={outcome}
      markdown="# Tide"
      actions={given}
      busy={false}
      deckName={deckName}
    />,
  );
  return given;
}

describe('ClipResult', () => {
  it('saved: what was saved (title, deck, tags) and the next actions', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const given = showResult(
      outcomeOf(clip({ state: 'saved', noteId: 'n1', deckId: 'deck-science' }), ['shore', 'kelp']),
    );

    const region = screen.getByRole('region', { name: 'Saved' });
    expect(region.className).toContain('ok');
    expect(screen.getByText('Saved “Tide pools”').dataset.noteId).toBe('n1');
    expect(screen.getByText('Science')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'shore',
      'kelp',
    ]);
    expect(buttons()).toEqual(['Copy Markdown', 'Recent notes', 'Undo (delete note)']);
    fireEvent.click(screen.getByRole('button', { name: 'Copy Markdown' }));
    expect(await screen.findByText('Markdown copied.')).toHaveProperty('role', 'status');
    expect(writeText).toHaveBeenCalledWith('# Tide');
    fireEvent.click(screen.getByRole('button', { name: 'Recent notes' }));
    expect(given.onShowRecent).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Undo (delete note)' }));
    expect(given.onUndo).toHaveBeenCalledWith({ noteId: 'n1', title: 'Tide pools' });
  });

  it('service down: warning look, the clip is kept and sent later, never “may have been saved”', () => {
    const given = showResult(
      outcomeOf(
        clip({
          error: {
            kind: 'network',
            message:
              'Clipdeck could not reach the Notes service at http://127.0.0.1:9. Check your connection and the base URL in Clipdeck’s options, then try again. The note may have been saved anyway: look for it before clipping again.',
          },
        }),
      ),
    );
    const region = screen.getByRole('region', { name: 'Waiting to be sent' });
    expect(region.className).toContain('warn');
    const said = screen.getByRole('status').textContent ?? '';
    expect(said).toContain('Clipdeck could not reach your Notes service');
    expect(said).toContain('kept in Clipdeck’s outbox and will be sent when the service is back');
    expect(region.textContent).not.toContain('may have been saved');
    expect(buttons()).toEqual(['Retry now', 'Open options', 'Copy Markdown', 'Discard clip']);
    fireEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(given.onRetry).toHaveBeenCalledWith('clip-1');
    fireEvent.click(screen.getByRole('button', { name: 'Discard clip' }));
    expect(given.onUndo).toHaveBeenCalledWith({ clipId: 'clip-1', title: 'Tide pools' });
  });

  it('a server error: kept, no options button (the address is right)', () => {
    showResult(
      outcomeOf(clip({ error: { kind: 'server', message: 'The Notes service had a problem.' } })),
    );
    expect(screen.getByRole('status').textContent).toContain('had a problem on its side');
    expect(buttons()).toEqual(['Retry now', 'Copy Markdown', 'Discard clip']);
  });

  it.each([
    ['auth', ['Open options', 'Discard']],
    ['unknown-deck', ['Save to Default notebook', 'Edit the note', 'Discard']],
    ['invalid-request', ['Edit the note', 'Discard']],
    ['too-large', ['Edit the note', 'Discard']],
    ['gave-up', ['Try again', 'Discard']],
  ] as const)(
    'needs attention (%s): error look, the message and the actions that fit',
    (attention, expected) => {
      showResult(
        outcomeOf(
          clip({
            state: 'needs-attention',
            attention,
            error: { kind: attention, message: `Because ${attention}.` },
          }),
        ),
      );
      expect(screen.getByRole('region', { name: 'Not saved' }).className).toContain('error');
      expect(screen.getByRole('alert').textContent).toBe(`Because ${attention}.`);
      expect(buttons()).toEqual(expected);
    },
  );

  it('a failure that kept nothing offers to save again', () => {
    const given = showResult({
      kind: 'attention',
      error: { kind: 'internal', message: 'Background stopped.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(given.onSaveAgain).toHaveBeenCalled();
  });
});

describe('ServiceBanner', () => {
  it('a refused key: error look, the sentence and the way to the options', () => {
    const openOptionsPage = vi.fn(async () => {});
    fakeBrowser.runtime.openOptionsPage = openOptionsPage;
    render(<ServiceBanner health={{ status: 'key-refused' }} />);
    const banner = screen.getByRole('region', { name: 'API key refused' });
    expect(banner.className).toContain('error');
    expect(banner.textContent).toContain('refused Clipdeck’s API key');
    fireEvent.click(screen.getByRole('button', { name: 'Open options' }));
    expect(openOptionsPage).toHaveBeenCalled();
  });

  it('a service that does not answer: says clipping still works', () => {
    render(
      <ServiceBanner
        health={{ status: 'unreachable', error: { kind: 'network', message: 'x' } }}
      />,
    );
    expect(
      screen.getByRole('region', { name: 'Notes service not answering' }).textContent,
    ).toContain('You can still clip');
  });

  it.each([{ status: 'ok' }, { status: 'unknown' }] as const)('%o: nothing', (health) => {
    const { container } = render(<ServiceBanner health={health} />);
    expect(container.textContent).toBe('');
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
    ['browser-page', ['Show recent notes']],
    ['unclippable', ['Try again']],
    ['not-configured', ['Open options']],
  ] as const)('cannot clip (%s): the reason and what still works', (kind, expected) => {
    const onBookmark = vi.fn();
    render(
      <CannotClip
        error={{ kind, message: `Reason ${kind}.` }}
        onBookmark={onBookmark}
        onRetry={() => {}}
        onShowRecent={() => {}}
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
