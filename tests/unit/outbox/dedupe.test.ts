import { describe, expect, it } from 'vitest';
import { findExtraCopies, findStoredNote, type ListedNote } from '../../../utils/outbox';

const firstAttemptAt = Date.parse('2026-11-22T05:00:00Z');
const entry = {
  draft: { title: 'Rust ownership', markdown_text: '# Rust\n\nBorrowing.', tags: [] },
  firstAttemptAt,
};
const options = { ownedNoteIds: new Set<string>(), clockSkewMs: 60_000 };

function note(overrides: Partial<ListedNote> = {}): ListedNote {
  return {
    id: 'n1',
    title: entry.draft.title,
    markdown_text: entry.draft.markdown_text,
    created_at: '2026-11-22T05:00:01Z',
    ...overrides,
  };
}

describe('finding the note an interrupted attempt stored', () => {
  it('adopts the note with the same title and Markdown created after the first attempt', () => {
    const notes = [note({ id: 'other', title: 'Go' }), note({ id: 'mine' })];
    expect(findStoredNote(notes, entry, options)?.id).toBe('mine');
  });

  it('ignores a note with other content', () => {
    expect(findStoredNote([note({ markdown_text: '# Rust' })], entry, options)).toBeUndefined();
    expect(findStoredNote([note({ title: 'Rust' })], entry, options)).toBeUndefined();
  });

  it('ignores a same-content note clipped before this clip’s first attempt', () => {
    const older = note({ created_at: '2026-11-22T04:58:00Z' });
    expect(findStoredNote([older], entry, options)).toBeUndefined();
  });

  it('tolerates the service’s clock running a little behind', () => {
    const skewed = note({ created_at: '2026-11-22T04:59:30Z' });
    expect(findStoredNote([skewed], entry, options)?.id).toBe('n1');
  });

  it('does not take a note another clip already owns', () => {
    const owned = { ...options, ownedNoteIds: new Set(['n1']) };
    expect(findStoredNote([note(), note({ id: 'n2' })], entry, owned)?.id).toBe('n2');
    expect(findStoredNote([note()], entry, owned)).toBeUndefined();
  });

  it('matches through line-ending and surrounding-whitespace differences', () => {
    const stored = note({ markdown_text: '# Rust\r\n\r\nBorrowing.\n', title: ' Rust ownership' });
    expect(findStoredNote([stored], entry, options)?.id).toBe('n1');
  });
});

describe('extra copies of a saved note', () => {
  const saved = { ...entry, noteId: 'kept' };
  const extraOptions = { ...options, resendWindowMs: 30_000 };

  it('are the same-content notes made around the kept one', () => {
    const notes = [
      note({ id: 'kept', created_at: '2026-11-22T05:00:02Z' }),
      note({ id: 'resent', created_at: '2026-11-22T05:00:01Z' }),
      note({ id: 'other', title: 'Go' }),
    ];
    expect(findExtraCopies(notes, saved, extraOptions).map((copy) => copy.id)).toEqual(['resent']);
  });

  it('exclude notes other clips own, and same-content notes from long before or after', () => {
    const notes = [
      note({ id: 'kept', created_at: '2026-11-22T05:00:02Z' }),
      note({ id: 'owned' }),
      note({ id: 'yesterday', created_at: '2026-11-21T05:00:00Z' }),
      note({ id: 'later', created_at: '2026-11-22T05:10:00Z' }),
    ];
    const owned = { ...extraOptions, ownedNoteIds: new Set(['owned']) };
    expect(findExtraCopies(notes, saved, owned)).toEqual([]);
  });

  it('are none when the kept note is not listed (deleted since, or not visible yet)', () => {
    expect(findExtraCopies([note({ id: 'resent' })], saved, extraOptions)).toEqual([]);
  });
});
