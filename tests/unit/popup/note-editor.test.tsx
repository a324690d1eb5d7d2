// @vitest-environment jsdom
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { NoteEditor, type NoteFields } from '../../../components/popup/notes/note-editor';

const NOTE: NoteFields = { title: 'Newest note', tags: ['inbox'], deckId: null };

let host: HTMLElement | undefined;
afterEach(() => {
  if (host) render(null, host);
  host?.remove();
  host = undefined;
});

/** Mounted as the popup mounts it: no test wrapper that runs the effects before the user types. */
function mount(note: NoteFields, saved: NoteFields[]) {
  host = document.body.appendChild(document.createElement('div'));
  const editor = (value: NoteFields) => (
    <NoteEditor
      note={value}
      decks={[]}
      suggest={() => []}
      busy={false}
      autoFocus="title"
      onSave={(fields) => saved.push(fields)}
    />
  );
  render(editor(note), host);
  const title = host.querySelector('input') as HTMLInputElement;
  return { title, rerender: (value: NoteFields) => render(editor(value), host as HTMLElement) };
}

function typeInto(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Preact runs effects after the next paint: a timer, in jsdom. */
const afterPaint = () => new Promise((resolve) => setTimeout(resolve, 60));

describe('NoteEditor', () => {
  it('keeps what the user types at once after it opens (the popup focuses the title)', async () => {
    const saved: NoteFields[] = [];
    const { title } = mount(NOTE, saved);
    typeInto(title, 'Newest note, renamed');
    await afterPaint();
    expect(title.value).toBe('Newest note, renamed');
    title.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(saved).toEqual([{ ...NOTE, title: 'Newest note, renamed' }]);
  });

  it('shows the note again when the note itself changes (saved elsewhere, refreshed)', async () => {
    const { title, rerender } = mount(NOTE, []);
    await afterPaint();
    typeInto(title, 'A draft');
    await afterPaint();
    rerender({ ...NOTE, title: 'Renamed in the service' });
    await afterPaint();
    expect(title.value).toBe('Renamed in the service');
  });
});
