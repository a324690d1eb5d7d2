import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { t } from '../../../utils/i18n';
import type { UserError } from '../../../utils/result';
import type { Deck } from '../../../utils/settings';
import { DeckPicker } from '../deck-picker';
import { TagInput } from '../tag-input';

/** A saved note's fields the popup lets the user change in place; deckId null: default notebook. */
export interface NoteFields {
  title: string;
  tags: string[];
  deckId: string | null;
}

export function sameFields(a: NoteFields, b: NoteFields): boolean {
  return (
    a.title.trim() === b.title.trim() &&
    a.deckId === b.deckId &&
    a.tags.length === b.tags.length &&
    a.tags.every((tag, index) => tag === b.tags[index])
  );
}

/**
 * One note's title, deck and tags, editable from the keyboard (issue 18): used by the just-saved
 * view, the "clipped before" box and the recent notes' (and search results') edit view. Enter in
 * the title or Ctrl/Cmd+Enter anywhere saves; Escape cancels when there is something to cancel.
 * Tags use the shared autocomplete (tag-input.tsx).
 */
export function NoteEditor(props: {
  /** The note as the service (or the outbox) has it; a new value resets the fields. */
  note: NoteFields;
  decks: readonly Deck[];
  suggest(typed: string, chosen: readonly string[]): string[];
  busy: boolean;
  /** Where the keyboard starts. */
  autoFocus?: 'title' | 'tags';
  onSave(fields: NoteFields): void;
  onCancel?(): void;
  /** Told when the fields start or stop differing from the note, or the user types at all. */
  onEditing?(editing: boolean): void;
  /** More actions beside Save (undo, done…). */
  children?: ComponentChildren;
}) {
  const { note, decks, suggest, busy, autoFocus, onSave, onCancel, onEditing, children } = props;
  const id = useId();
  const [fields, setFields] = useState<NoteFields>(note);
  const [typing, setTyping] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);
  const noteKey = `${note.title}\u0000${note.deckId}\u0000${note.tags.join('\u0000')}`;
  // The key the fields were last reset to. Effects run after the first paint, when the user may
  // already be typing in the title it focuses: resetting then, to the note the fields already
  // started from, threw that typing away. Only a note that changed since resets them.
  const shownKey = useRef(noteKey);

  useEffect(() => {
    if (shownKey.current === noteKey) return;
    shownKey.current = noteKey;
    setFields(note);
    setTyping(false);
  }, [noteKey]);

  useEffect(() => {
    if (autoFocus === 'title') titleInput.current?.focus();
  }, [autoFocus]);

  const dirty = !sameFields(fields, note);
  useEffect(() => onEditing?.(dirty || typing), [dirty, typing, onEditing]);

  const change = (next: Partial<NoteFields>) => setFields((current) => ({ ...current, ...next }));
  const save = () => {
    if (busy) return;
    onSave({ ...fields, title: fields.title.trim() });
    setTyping(false);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys bubble up from the fields inside.
    <div
      class="note-edit"
      onInput={() => setTyping(true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          save();
        } else if (event.key === 'Escape' && onCancel && !event.defaultPrevented) {
          event.preventDefault();
          setFields(note);
          setTyping(false);
          onCancel();
        }
      }}
    >
      <div class="field">
        <label for={`${id}-title`}>{t('common.titleLabel')}</label>
        <input
          ref={titleInput}
          id={`${id}-title`}
          type="text"
          value={fields.title}
          onInput={(event) => change({ title: event.currentTarget.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
              event.preventDefault();
              save();
            }
          }}
        />
      </div>
      <DeckPicker
        decks={decks}
        value={fields.deckId}
        onChange={(deckId) => {
          change({ deckId });
          setTyping(true);
        }}
      />
      {fields.deckId !== note.deckId && <p class="hint">{t('popup.note.moveHint')}</p>}
      <TagInput
        label={t('common.tagsLabel')}
        tags={fields.tags}
        onChange={(tags) => change({ tags })}
        suggest={suggest}
        autoFocus={autoFocus === 'tags'}
      />
      <div class="actions">
        <button type="button" class="primary" disabled={busy} onClick={save}>
          {t('popup.recent.saveChanges')}
        </button>
        {onCancel && (
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              setFields(note);
              onCancel();
            }}
          >
            {t('common.cancel')}
          </button>
        )}
        {children}
      </div>
    </div>
  );
}

/** What a note's last change came to, shown under it (the just-saved view, a recent note's row). */
export type NoteStatus =
  | { ok: true; message: string }
  | { ok: false; error: UserError }
  | undefined;

export function NoteStatusLine({ status }: { status: NoteStatus }) {
  if (!status) return null;
  return status.ok ? (
    <p role="status" class="status-ok">
      {status.message}
    </p>
  ) : (
    <p role="alert" class="status-error">
      {status.error.message}
    </p>
  );
}
