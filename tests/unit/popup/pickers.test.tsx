// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeckPicker, deckName } from '../../../components/popup/deck-picker';
import { ModeSwitch } from '../../../components/popup/mode-switch';

const DECKS = [
  { id: 'deck-science', label: 'Science' },
  { id: 'deck-reading', label: 'Reading list' },
];

afterEach(cleanup);

describe('DeckPicker', () => {
  it('lists the default notebook first, then the user’s decks by label', () => {
    render(<DeckPicker decks={DECKS} value={null} onChange={() => {}} />);
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Default notebook', 'Science', 'Reading list']);
    expect(
      (screen.getByLabelText('Deck') as HTMLSelectElement).selectedOptions[0]?.textContent,
    ).toBe('Default notebook');
  });

  it('reports a deck by id and the default notebook as null', () => {
    const onChange = vi.fn();
    render(<DeckPicker decks={DECKS} value="deck-science" onChange={onChange} />);
    const select = screen.getByLabelText('Deck');
    fireEvent.change(select, { target: { value: 'deck-reading' } });
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange.mock.calls).toEqual([['deck-reading'], [null]]);
  });

  it('names decks by label, unknown ones by id', () => {
    expect(deckName(DECKS, 'deck-science')).toBe('Science');
    expect(deckName(DECKS, 'deck-gone')).toBe('deck-gone');
    expect(deckName(DECKS, null)).toBe('Default notebook');
  });
});

describe('ModeSwitch', () => {
  it('is a radio group; Selection is offered only when the page has a selection', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <ModeSwitch value="article" hasSelection={false} onChange={onChange} />,
    );
    expect(screen.getByRole('group', { name: 'Clip mode' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Article' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Selection' }) as HTMLInputElement).disabled).toBe(
      true,
    );

    rerender(<ModeSwitch value="selection" hasSelection onChange={onChange} />);
    expect((screen.getByRole('radio', { name: 'Selection' }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Bookmark' }));
    expect(onChange).toHaveBeenCalledWith('bookmark');
  });
});
