import { useState } from 'preact/hooks';
import type { ClipSummary } from '../../utils/outbox';
import type { UserError } from '../../utils/result';
import { copyText, openOptions } from './background';

/** What became of a save, as the popup shows it. */
export type SaveOutcome =
  | { kind: 'saved'; noteId: string; title: string; deckName: string }
  /** The clip is kept in the outbox, which keeps sending it on its own. */
  | { kind: 'queued'; clip: ClipSummary }
  /** `clip`: the clip is kept in the outbox and waits for the user; absent when nothing was kept. */
  | { kind: 'attention'; error: UserError; clip?: ClipSummary };

export function outcomeOfClip(clip: ClipSummary, deckName: string): SaveOutcome {
  if (clip.state === 'saved') {
    return { kind: 'saved', noteId: clip.noteId ?? '', title: clip.title, deckName };
  }
  if (clip.state === 'needs-attention' && clip.error) {
    return { kind: 'attention', error: clip.error, clip };
  }
  return { kind: 'queued', clip };
}

export interface ClipResultActions {
  /** Send the clip again now (retryClip). */
  onRetry(clipId: string): void;
  /** Send the clip to the default notebook instead (an unknown deck). */
  onDefaultNotebook(clipId: string): void;
  /** Back to the editor; the next save resends this clip. */
  onEdit(): void;
  onDiscard(clipId: string): void;
  /** Save again from scratch (nothing was kept). */
  onSaveAgain(): void;
}

/** Saved (title, deck, copy Markdown), waiting (with the reason) or needing the user (actions). */
export function ClipResult(props: {
  outcome: SaveOutcome;
  markdown: string;
  actions: ClipResultActions;
  busy: boolean;
}) {
  const { outcome, markdown, actions, busy } = props;
  const [copied, setCopied] = useState<boolean | undefined>(undefined);

  if (outcome.kind === 'saved') {
    return (
      <section class="result">
        <p class="status-ok" role="status" data-note-id={outcome.noteId}>
          Saved “{outcome.title}”
        </p>
        <p class="muted">In {outcome.deckName}.</p>
        <div class="actions">
          <button type="button" onClick={async () => setCopied(await copyText(markdown))}>
            Copy Markdown
          </button>
          {copied !== undefined && (
            <span role="status" class={copied ? 'status-ok' : 'status-error'}>
              {copied ? 'Copied.' : 'The browser did not allow copying.'}
            </span>
          )}
        </div>
      </section>
    );
  }

  if (outcome.kind === 'queued') {
    const { clip } = outcome;
    return (
      <section class="result">
        <p class="status-queued" role="status">
          Queued “{clip.title}”: {clip.error?.message ?? 'Clipdeck is sending it.'} Clipdeck keeps
          it and sends it as soon as the service answers.
        </p>
        <div class="actions">
          <button type="button" disabled={busy} onClick={() => actions.onRetry(clip.id)}>
            Retry now
          </button>
        </div>
      </section>
    );
  }

  const { error, clip } = outcome;
  const reason = clip?.attention ?? error.kind;
  return (
    <section class="result">
      <p class="status-error" role="alert">
        {error.message}
      </p>
      <div class="actions">
        {reason === 'auth' || reason === 'not-configured' ? (
          <button type="button" class="primary" onClick={openOptions}>
            Open options
          </button>
        ) : !clip ? (
          <button type="button" disabled={busy} onClick={actions.onSaveAgain}>
            Try again
          </button>
        ) : (
          <>
            {reason === 'unknown-deck' && (
              <button
                type="button"
                class="primary"
                disabled={busy}
                onClick={() => actions.onDefaultNotebook(clip.id)}
              >
                Save to Default notebook
              </button>
            )}
            {(reason === 'invalid-request' ||
              reason === 'too-large' ||
              reason === 'unknown-deck') && (
              <button type="button" disabled={busy} onClick={actions.onEdit}>
                Edit the note
              </button>
            )}
            {reason !== 'invalid-request' &&
              reason !== 'too-large' &&
              reason !== 'unknown-deck' && (
                <button type="button" disabled={busy} onClick={() => actions.onRetry(clip.id)}>
                  Try again
                </button>
              )}
            <button type="button" disabled={busy} onClick={() => actions.onDiscard(clip.id)}>
              Discard
            </button>
          </>
        )}
      </div>
    </section>
  );
}
