// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { TagInput } from '../../../components/popup/tag-input';
import { suggestTags } from '../../../utils/notes-index';

const KNOWN = [
  { tag: 'science', count: 9 },
  { tag: 'neuroscience', count: 5 },
  { tag: 'recipes', count: 3 },
];

function Harness(props: { initial?: string[]; suggestOnFocus?: boolean }) {
  const [tags, setTags] = useState<string[]>(props.initial ?? []);
  return (
    <>
      <TagInput
        label="Tags"
        tags={tags}
        onChange={setTags}
        suggest={(typed, chosen) => suggestTags(typed, { recentTags: [], tags: KNOWN, chosen })}
        suggestOnFocus={props.suggestOnFocus ?? false}
      />
      <output data-testid="tags">{tags.join('|')}</output>
    </>
  );
}

const box = () => screen.getByRole('combobox', { name: 'Tags' });
const chosen = () => screen.getByTestId('tags').textContent;
const type = (text: string) => fireEvent.input(box(), { target: { value: text } });
const press = (key: string, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(box(), { key, ...init });

afterEach(cleanup);

describe('TagInput', () => {
  it('is a combobox whose listbox opens with suggestions for what is typed', () => {
    render(<Harness />);
    expect(box().getAttribute('aria-expanded')).toBe('false');

    type('sci');

    expect(box().getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Tags suggestions' });
    expect(box().getAttribute('aria-controls')).toBe(list.id);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'science',
      'neuroscience',
    ]);
  });

  it('arrows move the highlighted suggestion, named by aria-activedescendant, and Enter adds it', () => {
    render(<Harness />);
    type('sci');
    press('ArrowDown');
    press('ArrowDown');
    const active = screen.getByRole('option', { selected: true });
    expect(active.textContent).toBe('neuroscience');
    expect(box().getAttribute('aria-activedescendant')).toBe(active.id);
    press('ArrowUp');
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('science');

    press('Enter');

    expect(chosen()).toBe('science');
    expect((box() as HTMLInputElement).value).toBe('');
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('Enter adds what was typed when nothing is highlighted; a comma does too; repeats are ignored', () => {
    render(<Harness initial={['Travel']} />);
    type('new tag');
    press('Enter');
    type('other');
    press(',');
    type('travel');
    press('Enter');
    expect(chosen()).toBe('Travel|new tag|other');
  });

  it('Backspace in the empty box removes the last tag, and the × button removes its tag', () => {
    render(<Harness initial={['a', 'b', 'c']} />);
    press('Backspace');
    expect(chosen()).toBe('a|b');
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag a' }));
    expect(chosen()).toBe('b');
  });

  it('Backspace while typing edits the text and keeps the tags', () => {
    render(<Harness initial={['a']} />);
    type('x');
    press('Backspace');
    expect(chosen()).toBe('a');
  });

  it('Escape closes the list; Ctrl+Enter is left for saving', () => {
    render(<Harness />);
    type('sci');
    press('Escape');
    expect(box().getAttribute('aria-expanded')).toBe('false');

    type('draft');
    const event = new KeyboardEvent('keydown', {
      key: 'Enter',
      ctrlKey: true,
      bubbles: true,
      cancelable: true,
    });
    box().dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(chosen()).toBe('');
  });

  it('a click on a suggestion adds it', () => {
    render(<Harness />);
    type('rec');
    fireEvent.click(screen.getByRole('option', { name: 'recipes' }));
    expect(chosen()).toBe('recipes');
  });

  it('with suggestOnFocus, shows the suggestions on focus, before anything is typed', () => {
    render(<Harness suggestOnFocus />);
    fireEvent.focus(box());
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'science',
      'neuroscience',
      'recipes',
    ]);
  });

  it('without it, focus alone opens nothing', () => {
    render(<Harness />);
    fireEvent.focus(box());
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('Tab adds the highlighted suggestion; with none highlighted Tab moves on', () => {
    render(<Harness suggestOnFocus />);
    fireEvent.focus(box());
    // fireEvent answers false when the handler prevented the default (the focus move).
    expect(fireEvent.keyDown(box(), { key: 'Tab' })).toBe(true);
    expect(chosen()).toBe('');

    press('ArrowDown');
    press('ArrowDown');
    expect(fireEvent.keyDown(box(), { key: 'Tab' })).toBe(false);
    expect(chosen()).toBe('neuroscience');
  });
});
