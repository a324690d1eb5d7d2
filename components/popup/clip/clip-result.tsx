import { useState } from 'preact/hooks';
import { quoted, t } from '../../../utils/i18n';
import { queuedNeedsOptions, queuedSentence, type SaveOutcome } from '../../../utils/popup';
import type { UserError } from '../../../utils/result';
import { copyText, openOptions } from '../background';

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
    const title = clip.title || t('common.untitled');
    return (
      <section
        class={saved ? 'result callout ok' : 'result callout warn'}
        aria-label={saved ? t('popup.result.savedLabel') : t('popup.result.waitingLabel')}
      >
        <p class="result-head" role="status" {...(saved && { 'data-note-id': clip.noteId })}>
          {saved ? t('popup.result.saved', { title: quoted(title) }) : queuedSentence(clip)}
        </p>
        <dl class="saved-facts">
          <dt>{t('common.deckLabel')}</dt>
          <dd>{deckName(clip.deckId)}</dd>
          <dt>{t('common.tagsLabel')}</dt>
          <dd>
            {tags.length ? (
              <ul class="chips" aria-label={t('popup.result.tagsSaved')}>
                {tags.map((tag) => (
                  <li key={tag} class="chip">
                    <span class="chip-text">{tag}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <span class="muted">{t('popup.result.noTags')}</span>
            )}
          </dd>
        </dl>
        <div class="actions">
          {!saved && (
            <button type="button" disabled={busy} onClick={() => actions.onRetry(clip.id)}>
              {t('popup.result.retryNow')}
            </button>
          )}
          {!saved && queuedNeedsOptions(clip) && (
            <button type="button" onClick={openOptions}>
              {t('common.openOptions')}
            </button>
          )}
          <button type="button" onClick={async () => setCopied(await copyText(markdown))}>
            {t('common.copyMarkdown')}
          </button>
          {saved && (
            <button type="button" onClick={actions.onShowRecent}>
              {t('common.recentNotes')}
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
            {saved ? t('popup.result.undo') : t('popup.result.discardClip')}
          </button>
        </div>
        {copied !== undefined && (
          <p role="status" class={copied ? 'status-ok' : 'status-error'}>
            {copied ? t('common.markdownCopied') : t('common.copyRefused')}
          </p>
        )}
        {problemLine}
      </section>
    );
  }

  const { error, clip } = outcome;
  const reason = clip?.attention ?? error.kind;
  return (
    <section class="result callout error" aria-label={t('popup.result.notSavedLabel')}>
      <p role="alert">{error.message}</p>
      {clip && (
        <p class="muted">
          {t('popup.result.keptUntilYouDecide', {
            title: quoted(clip.title || t('common.untitled')),
          })}
        </p>
      )}
      <div class="actions">
        {reason === 'auth' || reason === 'not-configured' ? (
          <button type="button" class="primary" onClick={openOptions}>
            {t('common.openOptions')}
          </button>
        ) : !clip ? (
          <button type="button" disabled={busy} onClick={actions.onSaveAgain}>
            {t('common.tryAgain')}
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
                {t('popup.result.saveToDefault')}
              </button>
            )}
            {(reason === 'invalid-request' ||
              reason === 'too-large' ||
              reason === 'unknown-deck') && (
              <button type="button" disabled={busy} onClick={actions.onEdit}>
                {t('popup.result.editNote')}
              </button>
            )}
            {reason !== 'invalid-request' &&
              reason !== 'too-large' &&
              reason !== 'unknown-deck' && (
                <button type="button" disabled={busy} onClick={() => actions.onRetry(clip.id)}>
                  {t('common.tryAgain')}
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
            {t('common.discard')}
          </button>
        )}
      </div>
      {problemLine}
    </section>
  );
}
