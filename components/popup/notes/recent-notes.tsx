import { useId, useState } from 'preact/hooks';
import { quoted, t } from '../../../utils/i18n';
import { sendMessage } from '../../../utils/messaging';
import type { IndexedNote } from '../../../utils/notes-index';
import { readSelection } from '../../../utils/popup/tab';
import type { Deck } from '../../../utils/settings';
import { backgroundStopped, copyText, tabWorkFailed } from '../background';
import { formatWhen } from '../format';
import { saveNoteFields } from './note-changes';
import { NoteEditor, type NoteFields, type NoteStatus, NoteStatusLine } from './note-editor';

export interface RecentNotesProps {
  notes: readonly IndexedNote[];
  /** How a notebook is named (utils/popup notebookName): one name for one notebook. */
  deckName(deckId: string | null | undefined): string;
  /** The tab the popup was opened on, for "append selection". */
  tabId: number | undefined;
  hasSelection: boolean;
  /** Still gathering the notes for the first time. */
  loading: boolean;
  /**
   * The service cannot confirm the list (a refused key, no answer): the cached notes are shown
   * with this sentence, so nobody takes them for the service's current state.
   */
  stale?: string;
  suggest(typed: string, chosen: readonly string[]): string[];
  /** The user's decks, for moving a note from its edit view (issue 18). */
  decks?: readonly Deck[];
  /** The service's id for its default notebook, when known: that notebook is `null` here. */
  defaultNotebookId?: string;
  /** Notes chosen for a bulk retag (components/popup/notes/library.tsx): each row gets a checkbox. */
  selected?: ReadonlySet<string>;
  onSelect?(id: string, selected: boolean): void;
}

/** The most recent notes, newest first, each with its actions. */
export function RecentNotes(props: RecentNotesProps) {
  const { notes, loading, stale } = props;
  const [deleted, setDeleted] = useState<string | undefined>(undefined);
  return (
    <section class="recent" aria-label={t('popup.recent.notesLabel')}>
      {stale && notes.length > 0 && (
        <p class="stale" role="note">
          {stale}
        </p>
      )}
      {deleted && (
        <p class="status-ok" role="status">
          {t('popup.recent.deleted', { title: quoted(deleted) })}
        </p>
      )}
      {notes.length === 0 ? (
        <p class="muted">{loading ? t('popup.recent.gathering') : t('popup.recent.none')}</p>
      ) : (
        <ul class="note-list">
          {notes.map((note) => (
            <RecentNoteItem key={note.id} note={note} {...props} onDeleted={setDeleted} />
          ))}
        </ul>
      )}
    </section>
  );
}

type ItemView = 'view' | 'edit' | 'confirm-delete';
type ItemStatus = NoteStatus;

/** One note with its actions: the recent list's row, and the search results' (library.tsx). */
export function RecentNoteItem(
  props: RecentNotesProps & { note: IndexedNote; onDeleted(title: string): void },
) {
  const { note, deckName, tabId, hasSelection, suggest, onDeleted, selected, onSelect } = props;
  const id = useId();
  const [view, setView] = useState<ItemView>('view');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<ItemStatus>(undefined);
  const fields: NoteFields = {
    title: note.title,
    tags: note.tags,
    deckId: note.deckId === props.defaultNotebookId ? null : (note.deckId ?? null),
  };
  const name = note.title || t('common.untitled');

  async function run(work: () => Promise<ItemStatus>) {
    setBusy(true);
    setStatus(undefined);
    try {
      setStatus(await work());
    } finally {
      setBusy(false);
    }
  }

  const copy = () =>
    run(async () => {
      const read = await sendMessage('getNote', { id: note.id }).catch(backgroundStopped);
      if (!read.ok) return read;
      return (await copyText(read.note.markdown_text))
        ? { ok: true, message: t('common.markdownCopied') }
        : {
            ok: false,
            error: { kind: 'clipboard', message: t('common.copyRefused') },
          };
    });

  const saveEdit = (next: NoteFields) =>
    run(async () => {
      const saved = await saveNoteFields(note.id, fields, next, deckName);
      if (!saved.ok) return saved;
      setView('view');
      return { ok: true, message: saved.message };
    });

  const append = () =>
    run(async () => {
      if (tabId === undefined)
        return {
          ok: false,
          error: { kind: 'no-tab', message: t('popup.recent.noPage') },
        };
      const selection = await readSelection(tabId).catch(tabWorkFailed);
      if (!selection.ok) return selection;
      const appended = await sendMessage('appendToNote', {
        id: note.id,
        markdown: selection.markdown,
      }).catch(backgroundStopped);
      return appended.ok ? { ok: true, message: t('popup.recent.appended') } : appended;
    });

  const remove = () =>
    run(async () => {
      const result = await sendMessage('deleteNote', { id: note.id }).catch(backgroundStopped);
      if (!result.ok) {
        setView('view');
        return result;
      }
      onDeleted(name);
      return undefined;
    });

  return (
    <li class="note" aria-labelledby={`${id}-title`}>
      <div class="note-head">
        {onSelect && (
          <input
            type="checkbox"
            class="note-select"
            checked={selected?.has(note.id) ?? false}
            aria-label={t('popup.library.select', { title: quoted(name) })}
            onChange={(event) => onSelect(note.id, event.currentTarget.checked)}
          />
        )}
        <h3 id={`${id}-title`} class="note-title">
          {name}
        </h3>
      </div>
      <p class="note-meta muted">
        {note.deckId === undefined ? '' : `${deckName(note.deckId)} · `}
        <time dateTime={note.updatedAt}>
          {formatWhen(Math.max(Date.parse(note.updatedAt), Date.parse(note.createdAt)))}
        </time>
      </p>
      {note.tags.length > 0 && (
        <ul class="chips" aria-label={t('common.tagsLabel')}>
          {note.tags.map((tag) => (
            <li key={tag} class="chip">
              <span class="chip-text">{tag}</span>
            </li>
          ))}
        </ul>
      )}
      {view === 'edit' && (
        <NoteEditor
          note={fields}
          decks={props.decks ?? []}
          suggest={suggest}
          busy={busy}
          autoFocus="title"
          onSave={(next) => void saveEdit(next)}
          onCancel={() => setView('view')}
        />
      )}
      {view === 'confirm-delete' && (
        <div class="confirm">
          <p>{t('popup.recent.confirmDelete', { title: quoted(name) })}</p>
          <div class="actions">
            <button type="button" class="danger" disabled={busy} onClick={remove}>
              {t('popup.recent.deleteNote')}
            </button>
            <button type="button" disabled={busy} onClick={() => setView('view')}>
              {t('popup.recent.keep')}
            </button>
          </div>
        </div>
      )}
      {view === 'view' && (
        <div class="actions note-actions">
          <button
            type="button"
            aria-describedby={`${id}-title`}
            disabled={busy}
            onClick={copy}
            aria-label={t('common.copyMarkdown')}
          >
            {t('popup.recent.copy')}
          </button>
          <button
            type="button"
            aria-describedby={`${id}-title`}
            disabled={busy}
            onClick={() => {
              setStatus(undefined);
              setView('edit');
            }}
          >
            {t('popup.recent.edit')}
          </button>
          <button
            type="button"
            aria-describedby={`${id}-title`}
            disabled={busy || !hasSelection}
            title={hasSelection ? undefined : t('common.selectFirst')}
            onClick={append}
          >
            {t('common.appendSelection')}
          </button>
          <button
            type="button"
            aria-describedby={`${id}-title`}
            disabled={busy}
            onClick={() => setView('confirm-delete')}
          >
            {t('common.delete')}
          </button>
        </div>
      )}
      <NoteStatusLine status={status} />
    </li>
  );
}
