import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { quoted, t } from '../../../utils/i18n';
import { forgetJustSaved } from '../../../utils/just-saved';
import { sendMessage } from '../../../utils/messaging';
import type { ClipSummary } from '../../../utils/outbox';
import { queuedSentence } from '../../../utils/popup';
import type { UserError } from '../../../utils/result';
import type { Deck } from '../../../utils/settings';
import { backgroundStopped } from '../background';
import { saveNoteFields } from './note-changes';
import { NoteEditor, type NoteFields, type NoteStatus, NoteStatusLine } from './note-editor';

/** The popup closes itself after this long without the user touching it (not while editing). */
export const AUTO_CLOSE_MS = 8_000;
/** How often a clip still in the outbox is read again, to show when it is saved. */
const FOLLOW_MS = 1_000;
/** A clip being sent cannot be changed; it is asked again this often, this many times. */
const BUSY_RETRY_MS = 500;
const BUSY_TRIES = 40;

type Status = NoteStatus;

/**
 * "Save first, edit after" (issue 18): the note a shortcut or a context-menu item just stored,
 * shown at once with its title, deck and tags to change from the keyboard, an undo that deletes
 * it, and a popup that closes by itself after a few seconds nobody touches it. While the clip is
 * still in the outbox (service down) it says so, and changes go into the queued clip itself.
 */
export function JustSaved(props: {
  clipId: string;
  decks: readonly Deck[];
  suggest(typed: string, chosen: readonly string[]): string[];
  deckName(deckId: string | null | undefined): string;
  /** The service's id for its default notebook, when known: that notebook is `null` here. */
  defaultNotebookId: string | undefined;
  /** The user is done: back to the usual popup (also after an undo). */
  onDone(message?: string): void;
}) {
  const { clipId, decks, suggest, deckName, defaultNotebookId, onDone } = props;
  const [clip, setClip] = useState<ClipSummary | undefined>(undefined);
  /** The note's fields as last sent (a move or a rename changes them). */
  const [fields, setFields] = useState<NoteFields | undefined>(undefined);
  /** The note's id once saved; a move gives it a new one. */
  const [noteId, setNoteId] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<Status>(undefined);
  const [gone, setGone] = useState<UserError | undefined>(undefined);
  const moved = useRef(false);

  const read = useCallback(async () => {
    const answer = await sendMessage('getClip', { id: clipId }).catch(backgroundStopped);
    if (!answer.ok) {
      setGone(answer.error);
      return undefined;
    }
    setClip(answer.clip);
    if (!moved.current) setNoteId(answer.clip.noteId);
    return answer;
  }, [clipId]);

  useEffect(() => {
    void read().then((first) => {
      if (!first) return;
      const deckId = first.clip.deckId ?? null;
      setFields({
        title: first.draft.title,
        tags: first.draft.tags,
        deckId: deckId === defaultNotebookId ? null : deckId,
      });
    });
  }, [read, defaultNotebookId]);

  // A clip still on its way is followed until it is saved (or needs the user).
  const waiting = clip !== undefined && clip.state !== 'saved' && !moved.current;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void read(), FOLLOW_MS);
    return () => clearInterval(timer);
  }, [waiting, read]);

  const close = useCallback(() => {
    void forgetJustSaved().finally(() => window.close());
  }, []);
  useAutoClose(AUTO_CLOSE_MS, editing || busy, close);

  async function run(work: () => Promise<Status>) {
    setBusy(true);
    setStatus(undefined);
    try {
      setStatus(await work());
    } finally {
      setBusy(false);
    }
  }

  /** Changes a clip the outbox still holds: it is sent with them. A clip being sent is waited for. */
  async function editQueued(next: NoteFields): Promise<Status | 'saved-meanwhile'> {
    for (let tries = 0; tries < BUSY_TRIES; tries += 1) {
      const current = await read();
      if (!current) return { ok: false, error: gone ?? busyError() };
      if (current.clip.state === 'saved') return 'saved-meanwhile';
      if (current.clip.state !== 'sending') {
        const result = await sendMessage('editClip', {
          id: clipId,
          draft: { ...current.draft, title: next.title, tags: next.tags },
          deckId: next.deckId,
        }).catch(backgroundStopped);
        if (result.ok) {
          setClip(result.clip);
          setFields(next);
          return { ok: true, message: queuedSentence(result.clip) };
        }
        if (result.error.kind !== 'busy') return result;
      }
      await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
    }
    return { ok: false, error: busyError() };
  }

  const save = (next: NoteFields) =>
    run(async () => {
      if (!fields) return undefined;
      if (noteId === undefined) {
        const queued = await editQueued(next);
        if (queued !== 'saved-meanwhile') return queued;
      }
      const target = noteId ?? (await read())?.clip.noteId;
      if (target === undefined) return { ok: false, error: busyError() };
      const outcome = await saveNoteFields(target, fields, next, deckName);
      if (!outcome.ok) return outcome;
      setFields(outcome.fields);
      if (outcome.noteId !== target) {
        moved.current = true;
        setNoteId(outcome.noteId);
      }
      return { ok: true, message: outcome.message };
    });

  const undo = () =>
    run(async () => {
      const title = quoted(fields?.title || clip?.title || t('common.untitled'));
      if (noteId !== undefined) {
        const deleted = await sendMessage('deleteNote', { id: noteId }).catch(backgroundStopped);
        if (!deleted.ok) return deleted;
        await forgetJustSaved();
        onDone(
          deleted.queued
            ? t('popup.justSaved.deleteQueued', { title })
            : t('popup.justSaved.deleted', { title }),
        );
        return undefined;
      }
      for (let tries = 0; tries < BUSY_TRIES; tries += 1) {
        const discarded = await sendMessage('discardClip', { id: clipId }).catch(backgroundStopped);
        if (discarded.ok) {
          await forgetJustSaved();
          onDone(t('popup.justSaved.discarded', { title }));
          return undefined;
        }
        if (discarded.error.kind !== 'busy') return discarded;
        await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
        // Saved while we waited: undo deletes the note it made.
        const current = (await read())?.clip;
        if (current?.state === 'saved' && current.noteId) {
          const deleted = await sendMessage('deleteNote', { id: current.noteId }).catch(
            backgroundStopped,
          );
          if (!deleted.ok) return deleted;
          await forgetJustSaved();
          onDone(t('popup.justSaved.deleted', { title }));
          return undefined;
        }
      }
      return { ok: false, error: busyError() };
    });

  if (gone) {
    return (
      <section class="result callout error" aria-label={t('popup.justSaved.label')}>
        <p role="alert">{gone.message}</p>
        <div class="actions">
          <button type="button" onClick={() => void forgetJustSaved().then(() => onDone())}>
            {t('popup.justSaved.done')}
          </button>
        </div>
      </section>
    );
  }
  if (!clip || !fields) return <p class="muted">{t('popup.readingPage')}</p>;

  const saved = clip.state === 'saved' || moved.current;
  const title = quoted(fields.title || t('common.untitled'));
  return (
    <section
      class={saved ? 'result callout ok just-saved' : 'result callout warn just-saved'}
      aria-label={t('popup.justSaved.label')}
    >
      <p class="result-head" role="status" {...(noteId && { 'data-note-id': noteId })}>
        {saved
          ? t('popup.justSaved.saved', { title, deck: deckName(fields.deckId) })
          : clip.state === 'needs-attention'
            ? (clip.error?.message ?? queuedSentence(clip))
            : queuedSentence(clip)}
      </p>
      <NoteEditor
        note={fields}
        decks={decks}
        suggest={suggest}
        busy={busy}
        autoFocus="tags"
        onSave={(next) => void save(next)}
        onEditing={setEditing}
      >
        <button type="button" disabled={busy} onClick={() => void undo()}>
          {noteId !== undefined ? t('popup.result.undo') : t('popup.result.discardClip')}
        </button>
        <button type="button" disabled={busy} onClick={close}>
          {t('popup.justSaved.done')}
        </button>
      </NoteEditor>
      <NoteStatusLine status={status} />
    </section>
  );
}

function busyError(): UserError {
  return { kind: 'busy', message: t('outbox.busy') };
}

/**
 * Calls `close` once the page has gone `delayMs` without a key, a click or a pointer on it, and
 * never while `holding` (the user is editing, or a change is being sent).
 */
function useAutoClose(delayMs: number, holding: boolean, close: () => void) {
  const [touched, setTouched] = useState(0);
  useEffect(() => {
    const touch = () => setTouched((count) => count + 1);
    const events = ['keydown', 'pointerdown', 'pointermove', 'wheel'] as const;
    for (const name of events) document.addEventListener(name, touch, { passive: true });
    return () => {
      for (const name of events) document.removeEventListener(name, touch);
    };
  }, []);
  useEffect(() => {
    if (holding) return;
    const timer = setTimeout(close, delayMs);
    return () => clearTimeout(timer);
  }, [holding, delayMs, close, touched]);
}
