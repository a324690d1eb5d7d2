import { useState } from 'preact/hooks';
import type { NoteDeck, RecentNote } from '../../utils/connection';
import { sendMessage } from '../../utils/messaging';
import {
  DEFAULT_NOTEBOOK_LABEL,
  type Deck,
  type DeckSettings,
  deckSchema,
  saveDecks,
  withDeck,
  withoutDeck,
} from '../../utils/settings';
import { Field } from './field';
import { backgroundGone, errorStatus, type Status, StatusLine } from './status';

interface Props {
  saved: DeckSettings;
  connected: boolean;
  onSaved(settings: DeckSettings): void;
}

function countNotes(count: number): string {
  return count === 1 ? '1 note' : `${count} notes`;
}

/**
 * The user's own list of decks (the interface cannot list them). Every change here is saved at
 * once and says so.
 */
export function DecksSection({ saved, connected, onSaved }: Props) {
  const [status, setStatus] = useState<Status>(null);

  async function store(next: DeckSettings, text: string) {
    try {
      await saveDecks(next);
    } catch {
      setStatus({ tone: 'error', text: 'Clipdeck could not save your decks. Try again.' });
      return;
    }
    onSaved(next);
    setStatus({ tone: 'ok', text });
  }

  function labelOf(deckId: string | null): string {
    if (deckId === null) return DEFAULT_NOTEBOOK_LABEL;
    return saved.decks.find((deck) => deck.id === deckId)?.label ?? deckId;
  }

  return (
    <section aria-labelledby="decks-heading">
      <h2 id="decks-heading">Decks</h2>
      <p class="hint">
        The Notes service cannot list your notebooks, so Clipdeck keeps its own list: a label for
        each deck id. Changes here are saved as you make them.
      </p>
      <ul class="deck-list" aria-label="Your decks">
        <li>
          <span class="deck-label">{DEFAULT_NOTEBOOK_LABEL}</span>
          <span class="hint">where notes go without a deck id</span>
        </li>
        {saved.decks.map((deck) => (
          <li key={deck.id}>
            <span class="deck-label">{deck.label}</span>
            <code class="deck-id">{deck.id}</code>
            <button
              type="button"
              class="small"
              aria-label={`Remove deck ${deck.label}`}
              onClick={() =>
                store(withoutDeck(saved, deck.id), `Removed “${deck.label}” from your decks.`)
              }
            >
              Remove
            </button>
          </li>
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
              `New clips go to “${labelOf(deckId)}”.`,
            );
          }}
        >
          <option value="">{DEFAULT_NOTEBOOK_LABEL}</option>
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
            onAdd={(deck, noteCount) =>
              store(
                withDeck(saved, deck),
                noteCount === null
                  ? `Added “${deck.label}”.`
                  : `Added “${deck.label}” (${countNotes(noteCount)}).`,
              )
            }
          />
          <DiscoverDeck
            known={saved.decks}
            onAdd={(deck) => store(withDeck(saved, deck), `Added “${deck.label}”.`)}
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

function AddDeck({ onAdd }: { onAdd(deck: Deck, noteCount: number | null): Promise<void> }) {
  const [label, setLabel] = useState('');
  const [deckId, setDeckId] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [unconfirmed, setUnconfirmed] = useState<Deck | null>(null);

  function reset() {
    setLabel('');
    setDeckId('');
    setUnconfirmed(null);
  }

  async function add(event: Event) {
    event.preventDefault();
    const parsed = deckSchema.safeParse({ id: deckId, label: label.trim() || deckId });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'check the deck';
      setStatus({ tone: 'error', text: `Nothing was added: ${message}.` });
      return;
    }
    const deck = parsed.data;
    setBusy(true);
    setUnconfirmed(null);
    setStatus({ tone: 'info', text: `Checking deck “${deck.id}” with the service…` });
    const result = await sendMessage('checkDeck', { deckId: deck.id }).catch(backgroundGone);
    setBusy(false);
    if (!result.ok) {
      setStatus(errorStatus(result.error));
      if (result.error.kind === 'unknown-deck') setUnconfirmed(deck);
      return;
    }
    await onAdd(deck, result.noteCount);
    setStatus(null);
    reset();
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
        {unconfirmed && (
          <button
            type="button"
            onClick={async () => {
              await onAdd(unconfirmed, null);
              setStatus(null);
              reset();
            }}
          >
            Add anyway
          </button>
        )}
      </div>
      <StatusLine status={status} />
    </form>
  );
}

function DiscoverDeck({ known, onAdd }: { known: Deck[]; onAdd(deck: Deck): Promise<void> }) {
  const [noteId, setNoteId] = useState('');
  const [recent, setRecent] = useState<RecentNote[] | null>(null);
  const [found, setFound] = useState<NoteDeck | null>(null);
  const [label, setLabel] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  async function loadRecent() {
    setBusy(true);
    const result = await sendMessage('listRecentNotes', undefined).catch(backgroundGone);
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
    const result = await sendMessage('readNoteDeck', { noteId }).catch(backgroundGone);
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
