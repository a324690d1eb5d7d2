import { describe, expect, it } from 'vitest';
import { describeQuote } from '../../../utils/quick-capture/quote-confirm';

/** What the notification says after "Quote to note" adds to a note (issue 18). */
describe('a quote added to a note', () => {
  it('names the stored note it joined', () => {
    expect(
      describeQuote(
        { ok: true, appended: true, noteId: 'n1', title: 'Tide tables', offset: 3 },
        'Reading',
      ),
    ).toEqual({
      title: 'Quote added',
      message: 'The quote is added to “Tide tables”.',
      onClick: 'open-popup',
    });
  });

  it('says the note it joined still waits in the outbox', () => {
    const clip = {
      id: 'c1',
      state: 'queued' as const,
      title: 'Tide tables',
      attempts: 1,
      createdAt: 1,
    };
    expect(
      describeQuote({ ok: true, appended: false, joinedWaiting: true, clip, offset: 3 }, 'Reading'),
    ).toEqual({
      title: 'Quote added',
      message:
        'The quote is added to “Tide tables”, which is still in Clipdeck’s outbox: both go to your Notes service together.',
      onClick: 'open-popup',
    });
  });
});
