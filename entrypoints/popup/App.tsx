import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { sendMessage } from '../../utils/messaging';
import type { ClipSummary } from '../../utils/outbox';
import type { UserError } from '../../utils/result';
import { connectionItem } from '../../utils/settings/connection';

type PopupState =
  | { step: 'loading' }
  | { step: 'not-configured' }
  | { step: 'ready' }
  | { step: 'saving' }
  | { step: 'saved'; note: { id: string; title: string } }
  /** The clip is kept in the outbox, which keeps sending it on its own. */
  | { step: 'queued'; clip: ClipSummary }
  /** `clipId`: the clip is kept in the outbox and waits for the user. */
  | { step: 'failed'; error: UserError; clipId?: string };

/**
 * The tab to clip. Normally the active tab of the popup's window; automation opens the popup as
 * a tab of its own and names the target with `?tabId=`.
 */
async function targetTabId(): Promise<number | undefined> {
  const fromQuery = Number(new URLSearchParams(location.search).get('tabId'));
  if (Number.isInteger(fromQuery) && fromQuery > 0) return fromQuery;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

function openOptions() {
  void browser.runtime.openOptionsPage();
}

export function App() {
  const [state, setState] = useState<PopupState>({ step: 'loading' });

  useEffect(() => {
    void connectionItem.getValue().then((connection) => {
      setState(
        connection.baseUrl && connection.apiKey ? { step: 'ready' } : { step: 'not-configured' },
      );
    });
  }, []);

  async function savePage() {
    setState({ step: 'saving' });
    const tabId = await targetTabId();
    if (tabId === undefined) {
      setState({
        step: 'failed',
        error: { kind: 'unclippable', message: 'There is no page to clip in this window.' },
      });
      return;
    }
    const result = await sendMessage('clipTab', { tabId }).catch(() => ({
      ok: false as const,
      error: {
        kind: 'internal',
        message: 'Clipdeck’s background stopped answering. Close this popup and try again.',
      },
    }));
    setState(result.ok ? stateOfClip(result.clip) : { step: 'failed', error: result.error });
  }

  async function retryClip(id: string) {
    setState({ step: 'saving' });
    const result = await sendMessage('retryClip', { id }).catch(() => ({
      ok: false as const,
      error: {
        kind: 'internal',
        message: 'Clipdeck’s background stopped answering. Close this popup and try again.',
      },
    }));
    setState(result.ok ? stateOfClip(result.clip) : { step: 'failed', error: result.error });
  }

  return (
    <main aria-live="polite">
      <h1>Clipdeck</h1>
      {state.step === 'loading' && <p class="muted">Loading…</p>}
      {state.step === 'not-configured' && (
        <>
          <p>Connect Clipdeck to your Notes service to start clipping.</p>
          <button type="button" class="primary" onClick={openOptions}>
            Open options
          </button>
        </>
      )}
      {(state.step === 'ready' || state.step === 'saving') && (
        <button type="button" class="primary" onClick={savePage} disabled={state.step === 'saving'}>
          {state.step === 'saving' ? 'Saving…' : 'Save page'}
        </button>
      )}
      {state.step === 'saved' && (
        <p class="status-ok" data-note-id={state.note.id}>
          Saved “{state.note.title}”
        </p>
      )}
      {state.step === 'queued' && (
        <p class="status-queued">
          Queued “{state.clip.title}”: {state.clip.error?.message ?? 'Clipdeck is sending it.'}{' '}
          Clipdeck keeps it and sends it as soon as the service answers.
        </p>
      )}
      {state.step === 'failed' && (
        <>
          <p class="status-error" role="alert">
            {state.error.message}
          </p>
          {['auth', 'not-configured'].includes(state.error.kind) ? (
            <button type="button" onClick={openOptions}>
              Open options
            </button>
          ) : (
            <button
              type="button"
              onClick={() => (state.clipId ? retryClip(state.clipId) : savePage())}
            >
              Try again
            </button>
          )}
        </>
      )}
    </main>
  );
}

/** What the popup shows for a clip the outbox holds. */
function stateOfClip(clip: ClipSummary): PopupState {
  if (clip.state === 'saved')
    return { step: 'saved', note: { id: clip.noteId ?? '', title: clip.title } };
  if (clip.state === 'needs-attention' && clip.error) {
    return { step: 'failed', error: clip.error, clipId: clip.id };
  }
  return { step: 'queued', clip };
}
