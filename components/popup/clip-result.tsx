import { useState } from 'preact/hooks';
import { queuedNeedsOptions, queuedSentence, type SaveOutcome } from '../../utils/popup';
import type { UserError } from '../../utils/result';
import { copyText, openOptions } from './background';

export interface UndoTarget {
  /** The note just made (delete it); absent when the clip still waits (discard it). */
  noteId?: string;
  clipId?: string;
  title: string;
}

export interface ClipResultActions {
  /** Send the clip again now (retryClip). */
  onRetry(clipId: string): void;
  /** Send the clip to the default notebook instead (an unknown deck). */
  onDefaultNotebook(clipId: string): void;
  /** Back to the editor; the next save resends this clip. */
  onEdit(): void;
  /** Delete the note just made, or discard the clip that waits. */
  onUndo(target: UndoTarget): void;
  /** Save again from scratch (nothing was kept). */
  onSaveAgain(): void;
  onShowRecent(): void;
}

/**
 * What became of a save. Each state has its look (ok, waiting, needs you), a sentence that says
 * what happened and what happens next, and the actions that fit it (issue 19).
 */
export function ClipResult(props: {
  outcome: SaveOutcome;
  markdown: string;
  actions: ClipResultActions;
  busy: boolean;
  /** An action on this result failed (undo, say); the outcome itself still stands. */
  problem?: UserError;
  deckName(deckId: string | undefined): string;
}) {
  const { outcome, markdown, actions, busy, problem, deckName } = props;
  const [copied, setCopied] = useState<boolean | undefined>(undefined);
  const problemLine = problem && (
    <p class="status-error" role="alert">
      {problem.message}
    </p>
  );

  if (outcome.kind === 'saved' || outcome.kind === 'queued') {
    const { clip, tags } = outcome;
    const saved = outcome.kind === 'saved';
    const title = clip.title || 'Untitled';
    return (
      <section
        class={saved ? 'result callout ok' : 'result callout warn'}
        aria-label={saved ? 'Saved' : 'Waiting to be sent'}
      >
        <p class="result-head" role="status" {...(saved && { 'data-note-id': clip.noteId })}>
          {saved ? `Saved “${title}”` : queuedSentence(clip)}
        </p>
        <dl class="saved-facts">
          <dt>Deck</dt>
          <dd>{deckName(clip.deckId)}</dd>
          <dt>Tags</dt>
          <dd>
            {tags.length ? (
              <ul class="chips" aria-label="Tags saved">
                {tags.map((tag) => (
                  <li key={tag} class="chip">
                    <span class="chip-text">{tag}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <span class="muted">none</span>
            )}
          </dd>
        </dl>
        <div class="actions">
          {!saved && (
            <button type="button" disabled={busy} onClick={() => actions.onRetry(clip.id)}>
              Retry now
            </button>
          )}
          {!saved && queuedNeedsOptions(clip) && (
            <button type="button" onClick={openOptions}>
              Open options
            </button>
          )}
          <button type="button" onClick={async () => setCopied(await copyText(markdown))}>
            Copy Markdown
          </button>
          {saved && (
            <button type="button" onClick={actions.onShowRecent}>
              Recent notes
            </button>
          )}
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              actions.onUndo(
                saved && clip.noteId ? { noteId: clip.noteId, title } : { clipId: clip.id, title },
              )
            }
          >
            {saved ? 'Undo (delete note)' : 'Discard clip'}
          </button>
        </div>
        {copied !== undefined && (
          <p role="status" class={copied ? 'status-ok' : 'status-error'}>
            {copied ? 'Markdown copied.' : 'The browser did not allow copying.'}
          </p>
        )}
        {problemLine}
      </section>
    );
  }

  const { error, clip } = outcome;
  const reason = clip?.attention ?? error.kind;
  return (
    <section class="result callout error" aria-label="Not saved">
      <p role="alert">{error.message}</p>
      {clip && (
        <p class="muted">
          “{clip.title || 'Untitled'}” is kept in Clipdeck’s outbox until you decide.
        </p>
      )}
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
          </>
        )}
        {clip && (
          <button
            type="button"
            disabled={busy}
            onClick={() => actions.onUndo({ clipId: clip.id, title: clip.title })}
          >
            Discard
          </button>
        )}
      </div>
      {problemLine}
    </section>
  );
}
