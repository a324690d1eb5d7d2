// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModeSwitch } from '../../../components/popup/clip/mode-switch';
import { DeckPicker } from '../../../components/popup/deck-picker';
import { notebookName } from '../../../utils/popup';

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

  it('one name per notebook: the label, “Default notebook” by either name, else a quoted id', () => {
    expect(notebookName(DECKS, 'deck-science', 'default')).toBe('Science');
    expect(notebookName(DECKS, null, 'default')).toBe('Default notebook');
    expect(notebookName(DECKS, undefined)).toBe('Default notebook');
    // The service's own id for its default notebook, once learnt, is never shown.
    expect(notebookName(DECKS, 'default', 'default')).toBe('Default notebook');
    expect(notebookName(DECKS, 'deck-gone', 'default')).toBe('notebook “deck-gone”');
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
    const selection = screen.getByRole('radio', { name: 'Selection' }) as HTMLInputElement;
    expect(selection.disabled).toBe(true);
    // Greyed, and it says why: a visible hint, which the radio names as its description.
    const hint = document.getElementById(selection.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Select text on the page first to clip only the selection.');
    expect(selection.closest('label')?.title).toBe(hint?.textContent);

    rerender(<ModeSwitch value="selection" hasSelection onChange={onChange} />);
    expect(screen.queryByText(/Select text on the page first/)).toBeNull();
    expect((screen.getByRole('radio', { name: 'Selection' }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Bookmark' }));
    expect(onChange).toHaveBeenCalledWith('bookmark');
  });
});
