// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DecksSection } from '../../../components/options/decks-section';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import { type DeckSettings, decksItem, saveConnection } from '../../../utils/settings';
import { realChecks } from './real-checks';

const READING = 'reading-list';
const EMPTY_DECK = 'new-and-empty';

let server: NotesServer;
beforeAll(async () => {
  server = await startNotesServer({ decks: [READING, EMPTY_DECK] });
  await fetch(`${server.baseUrl}/notes/?deck_id=${READING}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'Queued article', markdown_text: 'text' }),
  });
});
afterAll(() => server.stop());

beforeEach(async () => {
  fakeBrowser.reset();
  await saveConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey });
});
afterEach(cleanup);

/** The section as the page holds it: every save comes back as the new `saved`. */
function renderDecks(initial: DeckSettings = { decks: [], defaultDeckId: null }) {
  let current = initial;
  const view = render(
    <DecksSection saved={current} connected onSaved={update} checks={realChecks()} />,
  );
  function update(next: DeckSettings) {
    current = next;
    view.rerender(
      <DecksSection saved={current} connected onSaved={update} checks={realChecks()} />,
    );
  }
  return () => current;
}

function addDeck(label: string, id: string) {
  fireEvent.input(screen.getByLabelText('Deck label'), { target: { value: label } });
  fireEvent.input(screen.getByLabelText('Deck ID'), { target: { value: id } });
  fireEvent.click(screen.getByRole('button', { name: 'Add deck' }));
}

const deckList = () => screen.getByRole('list', { name: 'Your decks' });

describe('adding a deck', () => {
  it('a deck with notes is added and saved with its count', async () => {
    renderDecks();

    addDeck('Reading', READING);

    await screen.findByText('Saved: added “Reading” (1 note).');
    expect(await decksItem.getValue()).toEqual({
      decks: [{ id: READING, label: 'Reading' }],
      defaultDeckId: null,
    });
  });

  it('an empty deck is added at once, said to be empty, with no error and no “Add anyway”', async () => {
    renderDecks();

    addDeck('Drafts', EMPTY_DECK);

    const status = await screen.findByText(
      'Saved: added “Drafts”. No notes in this deck yet — if the id is right, your first clip will go there.',
    );
    expect(status.className).toBe('status status-info');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add anyway' })).toBeNull();
    expect(within(deckList()).getByText(EMPTY_DECK)).toBeTruthy();
    expect((await decksItem.getValue()).decks).toEqual([{ id: EMPTY_DECK, label: 'Drafts' }]);
  });

  it('an id already listed is not added twice: it points to Rename', async () => {
    renderDecks({ decks: [{ id: READING, label: 'Reading' }], defaultDeckId: null });

    addDeck('Again', READING);

    await screen.findByText(/already in your list as “Reading”: use Rename/);
    expect(screen.queryByText('Again')).toBeNull();
  });
});

describe('renaming a deck', () => {
  const saved = { decks: [{ id: READING, label: 'Reading' }], defaultDeckId: READING };

  it('edits the label in place and saves it at once', async () => {
    const current = renderDecks(saved);

    fireEvent.click(screen.getByRole('button', { name: 'Rename deck Reading' }));
    const input = screen.getByLabelText(`New label for deck ${READING}`);
    fireEvent.input(input, { target: { value: '  Later  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new label' }));

    await screen.findByText('Saved: renamed “Reading” to “Later”.');
    expect(within(deckList()).getByText('Later')).toBeTruthy();
    expect(screen.queryByLabelText(`New label for deck ${READING}`)).toBeNull();
    expect(await decksItem.getValue()).toEqual({
      decks: [{ id: READING, label: 'Later' }],
      defaultDeckId: READING,
    });
    expect(current().decks[0]?.label).toBe('Later');
    // The default deck keeps its place under its new name.
    const select = screen.getByLabelText('Default deck for new clips') as HTMLSelectElement;
    expect(select.selectedOptions[0]?.textContent).toBe('Later');
  });

  it('Escape leaves the label as it was; an empty label is refused in place', async () => {
    renderDecks(saved);

    fireEvent.click(screen.getByRole('button', { name: 'Rename deck Reading' }));
    const input = screen.getByLabelText(`New label for deck ${READING}`);
    fireEvent.input(input, { target: { value: ' ' } });
    fireEvent.submit(input);
    expect(screen.getByText('Not renamed: enter a label.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(within(deckList()).getByText('Reading')).toBeTruthy();
    expect(await fakeBrowser.storage.local.get('decks')).toEqual({});
  });
});
