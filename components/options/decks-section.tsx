import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { NoteDeck, RecentNote } from '../../utils/connection';
import {
  defaultNotebookLabel,
  type Deck,
  type DeckSettings,
  deckSchema,
  saveDecks,
  withDeck,
  withoutDeck,
} from '../../utils/settings';
import { backgroundChecks, type OptionsChecks } from './checks';
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
  return count === 1 ? '1 note' : `${count} notes`;
}

/** What a check of a new deck found: its note count, or that it lists no notes. */
type DeckCheck = { noteCount: number } | { empty: true };

/**
 * The user's own list of decks (the interface cannot list them). Every change here is saved at
 * once and the status line says so.
 */
export function DecksSection({ saved, connected, onSaved, checks = backgroundChecks }: Props) {
  const [status, setStatus] = useState<Status>(null);

  async function store(next: DeckSettings, text: string, tone: 'ok' | 'info' = 'ok') {
    try {
      await saveDecks(next);
    } catch {
      setStatus({ tone: 'error', text: 'Clipdeck could not save your decks. Try again.' });
      return false;
    }
    onSaved(next);
    setStatus({ tone, text: `Saved: ${text}` });
    return true;
  }

  function labelOf(deckId: string | null): string {
    if (deckId === null) return defaultNotebookLabel();
    return saved.decks.find((deck) => deck.id === deckId)?.label ?? deckId;
  }

  return (
    <section aria-labelledby="decks-heading">
      <SectionHeading id="decks-heading" title="Decks">
        Changes save as you make them.
      </SectionHeading>
      <p class="hint">
        The Notes service cannot list your notebooks, so Clipdeck keeps its own list: a label for
        each deck id.
      </p>
      <ul class="deck-list" aria-label="Your decks">
        <li>
          <div class="deck-names">
            <span class="deck-label">{defaultNotebookLabel()}</span>
            <span class="hint">where notes go without a deck id</span>
          </div>
        </li>
        {saved.decks.map((deck) => (
          <DeckRow
            key={deck.id}
            deck={deck}
            onRename={(label) =>
              store(
                withDeck(saved, { id: deck.id, label }),
                `renamed “${deck.label}” to “${label}”.`,
              )
            }
            onRemove={() => store(withoutDeck(saved, deck.id), `removed “${deck.label}”.`)}
          />
        ))}
      </ul>
      <Field id="default-deck" label="Default deck for new clips">
        <select
          id="default-deck"
          value={saved.defaultDeckId ?? ''}
          onChange={(event) => {
            const deckId = event.currentTarget.value || null;
            void store(
              { ...saved, defaultDeckId: deckId },
              `new clips go to “${labelOf(deckId)}”.`,
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
                    `added “${deck.label}”. No notes in this deck yet — if the id is right, ` +
                      'your first clip will go there.',
                    'info',
                  )
                : store(
                    withDeck(saved, deck),
                    `added “${deck.label}” (${countNotes(found.noteCount)}).`,
                  )
            }
          />
          <DiscoverDeck
            known={saved.decks}
            checks={checks}
            onAdd={async (deck) => {
              await store(withDeck(saved, deck), `added “${deck.label}”.`);
            }}
          />
        </>
      ) : (
        <p class="hint">
          Save a connection above to add decks: each one is checked with the service.
        </p>
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
      setError(`Not renamed: ${parsed.error.issues[0]?.message ?? 'check the label'}.`);
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
              aria-label={`New label for deck ${deck.id}`}
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
            <button type="submit" class="small primary" aria-label="Save new label">
              Save
            </button>
            <button type="button" class="small" onClick={stop}>
              Cancel
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
          aria-label={`Rename deck ${deck.label}`}
          onClick={() => {
            setLabel(deck.label);
            setEditing(true);
          }}
        >
          Rename
        </button>
        <button
          type="button"
          class="small"
          aria-label={`Remove deck ${deck.label}`}
          onClick={onRemove}
        >
          Remove
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
      const message = parsed.error.issues[0]?.message ?? 'check the deck';
      setStatus({ tone: 'error', text: `Nothing was added: ${message}.` });
      return;
    }
    const deck = parsed.data;
    const listed = known.find((existing) => existing.id === deck.id);
    if (listed) {
      setStatus({
        tone: 'info',
        text: `Deck ${deck.id} is already in your list as “${listed.label}”: use Rename to change its label.`,
      });
      return;
    }
    setBusy(true);
    setStatus({ tone: 'info', text: `Checking deck “${deck.id}” with the service…` });
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
      <h3 id="add-deck-heading">Add a deck</h3>
      <div class="row">
        <Field id="deck-label" label="Deck label">
          <input
            id="deck-label"
            type="text"
            value={label}
            onInput={(event) => setLabel(event.currentTarget.value)}
          />
        </Field>
        <Field id="deck-id" label="Deck ID">
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
          Add deck
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
    setStatus(
      result.notes.length
        ? null
        : { tone: 'info', text: 'The service holds no notes yet: clip a page first.' },
    );
  }

  async function lookUp(event: Event) {
    event.preventDefault();
    if (!noteId.trim()) {
      setStatus({ tone: 'error', text: 'Enter a note id, or pick one of your recent notes.' });
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
      text:
        `“${result.note.title || 'Untitled'}” is in deck ${result.note.deckId}` +
        (listed ? `, already in your list as “${listed.label}”.` : '.'),
    });
    if (!listed) {
      setFound(result.note);
      setLabel('');
    }
  }

  return (
    <form class="subform" onSubmit={lookUp} noValidate aria-labelledby="discover-heading">
      <h3 id="discover-heading">Find a deck from one of its notes</h3>
      <p class="hint">
        Paste the id of a note that is in the deck (or pick a recent note): Clipdeck reads the
        note’s deck id from the service.
      </p>
      <div class="row">
        <Field id="note-id" label="Note ID">
          <input
            id="note-id"
            type="text"
            spellcheck={false}
            value={noteId}
            onInput={(event) => setNoteId(event.currentTarget.value)}
          />
        </Field>
        {recent && recent.length > 0 && (
          <Field id="recent-note" label="Recent notes">
            <select
              id="recent-note"
              value={recent.some((note) => note.id === noteId) ? noteId : ''}
              onChange={(event) => setNoteId(event.currentTarget.value)}
            >
              <option value="">Choose a note…</option>
              {recent.map((note) => (
                <option key={note.id} value={note.id}>
                  {note.title || 'Untitled'}
                </option>
              ))}
            </select>
          </Field>
        )}
      </div>
      <div class="actions">
        <button type="submit" disabled={busy}>
          Find deck
        </button>
        {!recent && (
          <button type="button" onClick={loadRecent} disabled={busy}>
            Show recent notes
          </button>
        )}
      </div>
      <StatusLine status={status} />
      {found && (
        <div class="row found">
          <Field id="found-label" label={`Label for deck ${found.deckId}`}>
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
              Add this deck
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
