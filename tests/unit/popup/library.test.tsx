// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Library } from '../../../components/popup/notes/library';
import type { IndexedNote } from '../../../utils/notes-index';

const note = (n: number): IndexedNote => ({
  id: `n${n}`,
  title: `Note ${n}`,
  tags: ['a'],
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-01T00:00:00Z',
});

afterEach(cleanup);

describe('Library', () => {
  it('rows of the recent list can be selected', async () => {
    render(
      <Library
        index={null}
        notes={[note(1), note(2)]}
        deckName={() => ''}
        tabId={undefined}
        hasSelection={false}
        loading={false}
        suggest={() => []}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Select “Note 1”' });
    fireEvent.click(box);
    await waitFor(() => expect(screen.getByText('1 note selected')).toBeTruthy());
    expect((box as HTMLInputElement).checked).toBe(true);
  });
});
