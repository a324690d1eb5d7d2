import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { NoteDeck, RecentNote } from '../../utils/connection';
import { plural, quoted, t } from '../../utils/i18n';
import {
  type Deck,
  type DeckSettings,
  deckSchema,
  defaultNotebookLabel,
  saveDecks,
  withDeck,
  withoutDeck,
} from '../../utils/settings';
import { type OptionsChecks, pageChecks } from './checks';
import { Field } from './field';
import { SectionHeading } from './section-heading';
import { errorStatus, type Status, StatusLine } from './status';

interface Props {
  saved: DeckSettings;
  connected: boolean;
  onSaved(settings: DeckSettings): void;
  checks?: OptionsChecks;
}

function countNotes(count: number): string {
  return plural('options.notes', count);
}

/** What a check of a new deck found: its note count, or that it lists no notes. */
type DeckCheck = { noteCount: number } | { empty: true };

/**
 * The user's own list of decks (the interface cannot list them). Every change here is saved at
 * once and the status line says so.
 */
export function DecksSection({ saved, connected, onSaved, checks = pageChecks }: Props) {
  const [status, setStatus] = useState<Status>(null);

  async function store(next: DeckSettings, text: string, tone: 'ok' | 'info' = 'ok') {
    try {
      await saveDecks(next);
    } catch {
      setStatus({ tone: 'error', text: t('options.decks.saveFailed') });
      return false;
    }
    onSaved(next);
    setStatus({ tone, text: t('options.decks.saved', { change: text }) });
    return true;
  }

  function labelOf(deckId: string | null): string {
    if (deckId === null) return defaultNotebookLabel();
    return saved.decks.find((deck) => deck.id === deckId)?.label ?? deckId;
  }

  return (
    <section aria-labelledby="decks-heading">
      <SectionHeading id="decks-heading" title={t('options.decks.heading')}>
        {t('options.decks.saveModel')}
      </SectionHeading>
      <p class="hint">{t('options.decks.intro')}</p>
      <ul class="deck-list" aria-label={t('options.decks.listLabel')}>
        <li>
          <div class="deck-names">
            <span class="deck-label">{defaultNotebookLabel()}</span>
            <span class="hint">{t('options.decks.defaultWhere')}</span>
          </div>
        </li>
        {saved.decks.map((deck) => (
          <DeckRow
            key={deck.id}
            deck={deck}
            onRename={(label) =>
              store(
                withDeck(saved, { id: deck.id, label }),
                t('options.decks.renamed', { from: quoted(deck.label), to: quoted(label) }),
              )
            }
            onRemove={() =>
              store(
                withoutDeck(saved, deck.id),
                t('options.decks.removed', { deck: quoted(deck.label) }),
              )
            }
          />
        ))}
      </ul>
      <Field id="default-deck" label={t('options.decks.defaultDeck')}>
        <select
          id="default-deck"
          value={saved.defaultDeckId ?? ''}
          onChange={(event) => {
            const deckId = event.currentTarget.value || null;
            void store(
              { ...saved, defaultDeckId: deckId },
              t('options.decks.defaultIs', { deck: quoted(labelOf(deckId)) }),
            );
          }}
        >
          <option value="">{defaultNotebookLabel()}</option>
          {saved.decks.map((deck) => (
            <option key={deck.id} value={deck.id}>
              {deck.label}
            </option>
          ))}
        </select>
      </Field>
      <StatusLine status={status} />
      {connected ? (
        <>
          <AddDeck
            known={saved.decks}
            checks={checks}
            onAdd={(deck, found) =>
              'empty' in found
                ? store(
                    withDeck(saved, deck),
                    t('options.decks.addedEmpty', { deck: quoted(deck.label) }),
                    'info',
                  )
                : store(
                    withDeck(saved, deck),
                    t('options.decks.addedCount', {
                      deck: quoted(deck.label),
                      notes: countNotes(found.noteCount),
                    }),
                  )
            }
          />
          <DiscoverDeck
            known={saved.decks}
            checks={checks}
            onAdd={async (deck) => {
              await store(
                withDeck(saved, deck),
                t('options.decks.added', { deck: quoted(deck.label) }),
              );
            }}
          />
        </>
      ) : (
        <p class="hint">{t('options.decks.connectFirst')}</p>
      )}
    </section>
  );
}

/**
 * One deck: its label above its id, both wrapping inside their column (a long label or id must
 * never squeeze the other to one letter per line), and its label editable in place.
 */
function DeckRow({
  deck,
  onRename,
  onRemove,
}: {
  deck: Deck;
  onRename(label: string): Promise<boolean>;
  onRemove(): void;
}) {
  const [editing, setEditing] = useState(false);
  const [label, setLabel] = useState(deck.label);
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const inputId = useId();

  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  function stop() {
    setEditing(false);
    setError(undefined);
    // Back on the button that opened the editor, so the keyboard user is where they were.
    setTimeout(() => renameButton.current?.focus(), 0);
  }

  async function rename(event: Event) {
    event.preventDefault();
    const parsed = deckSchema.safeParse({ id: deck.id, label });
    if (!parsed.success) {
      setError(
        t('options.decks.notRenamed', {
          reason: parsed.error.issues[0]?.message ?? t('options.decks.checkLabel'),
        }),
      );
      return;
    }
    if (parsed.data.label === deck.label || (await onRename(parsed.data.label))) stop();
  }

  if (editing) {
    return (
      <li>
        <form class="deck-rename" onSubmit={rename} noValidate>
          <div class="deck-names">
            <input
              ref={input}
              id={inputId}
              type="text"
              value={label}
              aria-label={t('options.decks.newLabelFor', { deck: deck.id })}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              onInput={(event) => {
                setLabel(event.currentTarget.value);
                setError(undefined);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  event.preventDefault();
                  stop();
                }
              }}
            />
            <code class="deck-id">{deck.id}</code>
            {error && (
              <p class="field-error" id={`${inputId}-error`}>
                {error}
              </p>
            )}
          </div>
          <div class="deck-actions">
            {/* Named apart from the connection's Save, which is on the page at the same time. */}
            <button type="submit" class="small primary" aria-label={t('options.decks.saveLabel')}>
              {t('options.decks.save')}
            </button>
            <button type="button" class="small" onClick={stop}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li>
      <div class="deck-names">
        <span class="deck-label">{deck.label}</span>
        <code class="deck-id">{deck.id}</code>
      </div>
      <div class="deck-actions">
        <button
          ref={renameButton}
          type="button"
          class="small"
          aria-label={t('options.decks.renameDeck', { deck: deck.label })}
          onClick={() => {
            setLabel(deck.label);
            setEditing(true);
          }}
        >
          {t('options.decks.rename')}
        </button>
        <button
          type="button"
          class="small"
          aria-label={t('options.decks.removeDeck', { deck: deck.label })}
          onClick={onRemove}
        >
          {t('options.decks.remove')}
        </button>
      </div>
    </li>
  );
}

function AddDeck({
  known,
  checks,
  onAdd,
}: {
  known: Deck[];
  checks: OptionsChecks;
  onAdd(deck: Deck, found: DeckCheck): Promise<boolean>;
}) {
  const [label, setLabel] = useState('');
  const [deckId, setDeckId] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  async function add(event: Event) {
    event.preventDefault();
    const parsed = deckSchema.safeParse({ id: deckId, label: label.trim() || deckId });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? t('options.decks.checkDeck');
      setStatus({ tone: 'error', text: t('options.decks.notAdded', { reason: message }) });
      return;
    }
    const deck = parsed.data;
    const listed = known.find((existing) => existing.id === deck.id);
    if (listed) {
      setStatus({
        tone: 'info',
        text: t('options.decks.alreadyListed', { id: deck.id, deck: quoted(listed.label) }),
      });
      return;
    }
    setBusy(true);
    setStatus({ tone: 'info', text: t('options.decks.checking', { id: quoted(deck.id) }) });
    const result = await checks.checkDeck(deck.id);
    setBusy(false);
    // The interface cannot tell an empty deck from a mistyped id: both list no notes. The
    // check may say so as a count of 0 or as `unknown-deck`; either way the deck is added and
    // the section says it is empty, since an empty deck is a normal thing to have.
    const found: DeckCheck | null = result.ok
      ? result.noteCount === 0
        ? { empty: true }
        : { noteCount: result.noteCount }
      : result.error.kind === 'unknown-deck'
        ? { empty: true }
        : null;
    if (!found) {
      if (!result.ok) setStatus(errorStatus(result.error));
      return;
    }
    if (await onAdd(deck, found)) {
      setStatus(null);
      setLabel('');
      setDeckId('');
    }
  }

  return (
    <form class="subform" onSubmit={add} noValidate aria-labelledby="add-deck-heading">
      <h3 id="add-deck-heading">{t('options.decks.addHeading')}</h3>
      <div class="row">
        <Field id="deck-label" label={t('options.decks.deckLabel')}>
          <input
            id="deck-label"
            type="text"
            value={label}
            onInput={(event) => setLabel(event.currentTarget.value)}
          />
        </Field>
        <Field id="deck-id" label={t('options.decks.deckId')}>
          <input
            id="deck-id"
            type="text"
            spellcheck={false}
            value={deckId}
            onInput={(event) => setDeckId(event.currentTarget.value)}
          />
        </Field>
      </div>
      <div class="actions">
        <button type="submit" disabled={busy}>
          {t('options.decks.addDeck')}
        </button>
      </div>
      <StatusLine status={status} />
    </form>
  );
}

function DiscoverDeck({
  known,
  onAdd,
  checks,
}: {
  known: Deck[];
  onAdd(deck: Deck): Promise<void>;
  checks: OptionsChecks;
}) {
  const [noteId, setNoteId] = useState('');
  const [recent, setRecent] = useState<RecentNote[] | null>(null);
  const [found, setFound] = useState<NoteDeck | null>(null);
  const [label, setLabel] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  async function loadRecent() {
    setBusy(true);
    const result = await checks.listRecentNotes();
    setBusy(false);
    if (!result.ok) {
      setStatus(errorStatus(result.error));
      return;
    }
    setRecent(result.notes);
    setStatus(result.notes.length ? null : { tone: 'info', text: t('options.decks.noNotes') });
  }

  async function lookUp(event: Event) {
    event.preventDefault();
    if (!noteId.trim()) {
      setStatus({ tone: 'error', text: t('options.decks.enterNoteId') });
      return;
    }
    setBusy(true);
    setFound(null);
    const result = await checks.readNoteDeck(noteId);
    setBusy(false);
    if (!result.ok) {
      setStatus(errorStatus(result.error));
      return;
    }
    const listed = known.find((deck) => deck.id === result.note.deckId);
    setStatus({
      tone: 'info',
      text: listed
        ? t('options.decks.noteInListedDeck', {
            title: quoted(result.note.title || t('common.untitled')),
            id: result.note.deckId,
            deck: quoted(listed.label),
          })
        : t('options.decks.noteInDeck', {
            title: quoted(result.note.title || t('common.untitled')),
            id: result.note.deckId,
          }),
    });
    if (!listed) {
      setFound(result.note);
      setLabel('');
    }
  }

  return (
    <form class="subform" onSubmit={lookUp} noValidate aria-labelledby="discover-heading">
      <h3 id="discover-heading">{t('options.decks.discoverHeading')}</h3>
      <p class="hint">{t('options.decks.discoverHint')}</p>
      <div class="row">
        <Field id="note-id" label={t('options.decks.noteId')}>
          <input
            id="note-id"
            type="text"
            spellcheck={false}
            value={noteId}
            onInput={(event) => setNoteId(event.currentTarget.value)}
          />
        </Field>
        {recent && recent.length > 0 && (
          <Field id="recent-note" label={t('common.recentNotes')}>
            <select
              id="recent-note"
              value={recent.some((note) => note.id === noteId) ? noteId : ''}
              onChange={(event) => setNoteId(event.currentTarget.value)}
            >
              <option value="">{t('options.decks.chooseNote')}</option>
              {recent.map((note) => (
                <option key={note.id} value={note.id}>
                  {note.title || t('common.untitled')}
                </option>
              ))}
            </select>
          </Field>
        )}
      </div>
      <div class="actions">
        <button type="submit" disabled={busy}>
          {t('options.decks.findDeck')}
        </button>
        {!recent && (
          <button type="button" onClick={loadRecent} disabled={busy}>
            {t('popup.showRecent')}
          </button>
        )}
      </div>
      <StatusLine status={status} />
      {found && (
        <div class="row found">
          <Field id="found-label" label={t('options.decks.labelFor', { id: found.deckId })}>
            <input
              id="found-label"
              type="text"
              value={label}
              onInput={(event) => setLabel(event.currentTarget.value)}
            />
          </Field>
          <div class="actions">
            <button
              type="button"
              onClick={async () => {
                await onAdd({ id: found.deckId, label: label.trim() || found.deckId });
                setFound(null);
                setStatus(null);
                setNoteId('');
              }}
            >
              {t('options.decks.addThis')}
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
