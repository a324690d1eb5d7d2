import { useState } from 'preact/hooks';
import type { ClippedPage } from '../../../utils/clip-log';
import { quoted, t } from '../../../utils/i18n';
import type { UserError } from '../../../utils/result';
import type { Deck } from '../../../utils/settings';
import { formatWhen } from '../format';
import { saveNoteFields } from './note-changes';
import { NoteEditor, type NoteFields } from './note-editor';

export type UpdateState =
  | { step: 'idle' }
  | { step: 'working' }
  | { step: 'done'; message: string }
  | { step: 'failed'; error: UserError };

/**
 * This page became a note before, and the service still has it: say when, show its tags, and
 * offer to update that note rather than make another — its text (replace, append) or, in place,
 * its title, deck and tags (issue 18). Saving below still makes a new note.
 */
export function AlreadyClipped(props: {
  clipped: ClippedPage;
  deckName: string;
  hasSelection: boolean;
  state: UpdateState;
  onReplace(): void;
  onAppend(): void;
  decks: readonly Deck[];
  /** The service's id for its default notebook, when known: that notebook is `null` here. */
  defaultNotebookId: string | undefined;
  suggest(typed: string, chosen: readonly string[]): string[];
  notebookName(deckId: string | null): string;
  /** The note after a change made here (a move gives it a new id). */
  onChanged(clipped: ClippedPage): void;
}) {
  const { clipped, deckName, hasSelection, state, onReplace, onAppend } = props;
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [edit, setEdit] = useState<UpdateState>({ step: 'idle' });
  const working = state.step === 'working' || busy;
  const tags = clipped.tags ?? [];
  const fields: NoteFields = {
    title: clipped.title,
    tags,
    deckId:
      clipped.deckId === undefined || clipped.deckId === props.defaultNotebookId
        ? null
        : clipped.deckId,
  };

  async function save(next: NoteFields) {
    setBusy(true);
    setEdit({ step: 'working' });
    const outcome = await saveNoteFields(clipped.noteId, fields, next, props.notebookName);
    setBusy(false);
    if (!outcome.ok) {
      setEdit({ step: 'failed', error: outcome.error });
      return;
    }
    setEdit({ step: 'done', message: outcome.message });
    setEditing(false);
    props.onChanged({
      ...clipped,
      noteId: outcome.noteId ?? clipped.noteId,
      title: next.title,
      tags: next.tags,
      deckId: next.deckId ?? props.defaultNotebookId ?? clipped.deckId,
    });
  }

  const status = edit.step === 'idle' || edit.step === 'working' ? state : edit;
  return (
    <section class="already" aria-labelledby="already-heading">
      <h2 id="already-heading">{t('popup.already.heading')}</h2>
      <p>
        {t('popup.already.body', {
          when: formatWhen(clipped.clippedAt),
          title: quoted(clipped.title || t('common.untitled')),
          deck: deckName,
        })}
      </p>
      {tags.length > 0 && !editing && (
        <ul class="chips" aria-label={t('common.tagsLabel')}>
          {tags.map((tag) => (
            <li key={tag} class="chip">
              <span class="chip-text">{tag}</span>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <NoteEditor
          note={fields}
          decks={props.decks}
          suggest={props.suggest}
          busy={working}
          autoFocus="tags"
          onSave={(next) => void save(next)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div class="actions">
          <button
            type="button"
            disabled={working}
            onClick={() => {
              setEdit({ step: 'idle' });
              setEditing(true);
            }}
          >
            {t('popup.already.edit')}
          </button>
          <button type="button" disabled={working} onClick={onReplace}>
            {t('popup.already.replace')}
          </button>
          <button
            type="button"
            disabled={working || !hasSelection}
            title={hasSelection ? undefined : t('common.selectFirst')}
            onClick={onAppend}
          >
            {t('common.appendSelection')}
          </button>
        </div>
      )}
      {status.step === 'done' && (
        <p role="status" class="status-ok">
          {status.message}
        </p>
      )}
      {status.step === 'failed' && (
        <p role="alert" class="status-error">
          {status.error.message}
        </p>
      )}
    </section>
  );
}
