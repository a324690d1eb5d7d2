import { describe, expect, it } from 'vitest';
import { type ListedNote, searchRecent } from '../../../utils/outbox';

/**
 * The search of the list's ends under each ordering a service might use. The interface leaves the
 * order "not shown", so these services are made up here: the local server has only one order.
 * What must hold under every one: the note is found; under the usual orders in a few requests;
 * under any other by reading every page, keeping only the matches.
 */

const since = Date.parse('2026-11-23T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** 10,000 old notes, a few recent ones, and the clip's note stored 5 s after `since`. */
function account(): ListedNote[] {
  const notes: ListedNote[] = [];
  for (let index = 0; index < 10_000; index++) {
    const at = Date.parse('2024-01-01T00:00:00Z') + index * 60_000;
    notes.push({
      id: `old-${index}`,
      title: `Old ${index}`,
      markdown_text: 'x'.repeat(2_000),
      created_at: iso(at),
      updated_at: iso(at),
    });
  }
  for (let index = 0; index < 5; index++) {
    const at = since + 1_000 + index * 2_000;
    notes.push({
      id: `recent-${index}`,
      title: index === 2 ? 'Mine' : `Recent ${index}`,
      markdown_text: index === 2 ? 'my clip' : 'other',
      created_at: iso(at),
      updated_at: iso(at),
    });
  }
  return notes;
}

function service(order: (a: ListedNote, b: ListedNote) => number) {
  const notes = account().sort(order);
  const calls: Array<{ offset: number; limit: number }> = [];
  return {
    calls,
    async list({ limit, offset }: { limit: number; offset: number }) {
      expect(limit).toBeGreaterThan(0);
      expect(limit).toBeLessThanOrEqual(100);
      calls.push({ offset, limit });
      return { data: notes.slice(offset, offset + limit), total: notes.length };
    },
  };
}

const created = (note: ListedNote) => Date.parse(note.created_at);
const orders = {
  'newest first': (a: ListedNote, b: ListedNote) => created(b) - created(a),
  'oldest first': (a: ListedNote, b: ListedNote) => created(a) - created(b),
};
const mine = (note: ListedNote) => note.title === 'Mine';

describe('searching the ends of the list', () => {
  for (const [name, order] of Object.entries(orders)) {
    it(`${name}: finds the note in at most two small pages`, async () => {
      const client = service(order);
      const found = await searchRecent(client, { since, matches: mine });
      expect(found.candidates.map((note) => note.id)).toEqual(['recent-2']);
      expect(found.scannedAll).toBe(false);
      expect(found.requests).toBeLessThanOrEqual(2);
      expect(client.calls.every((call) => call.limit <= 20)).toBe(true);
    });

    it(`${name}: rules the note out in at most two small pages when it was never stored`, async () => {
      const client = service(order);
      const found = await searchRecent(client, { since, matches: () => false });
      expect(found).toMatchObject({ candidates: [], scannedAll: false });
      expect(found.requests).toBeLessThanOrEqual(2);
    });
  }

  it('notes saved while it reads (other clips) shift the pages, yet the order still proves itself', async () => {
    // Newest first, with 50 notes of the last minutes: the head takes two pages. Between the
    // first and the second, other clips are saved at the head, so the second page begins with
    // notes the first already held. Seen again, they are not a break in the order.
    const notes = account().sort(orders['newest first']);
    /** `count` other notes saved at the head, a second apart from `from`. */
    const saveAtHead = (name: string, count: number, from: number) => {
      for (let index = 0; index < count; index++) {
        const at = iso(from + index * 1_000);
        const note = { id: `${name}-${index}`, title: name, markdown_text: 'other' };
        notes.unshift({ ...note, created_at: at, updated_at: at });
      }
    };
    saveAtHead('busy', 50, since + 20_000);
    let reads = 0;
    const client = {
      async list({ limit, offset }: { limit: number; offset: number }) {
        reads += 1;
        if (reads === 2) saveAtHead('meanwhile', 5, Date.now());
        return { data: notes.slice(offset, offset + limit), total: notes.length };
      },
    };
    const found = await searchRecent(client, { since, matches: mine });
    expect(found.candidates.map((note) => note.id)).toEqual(['recent-2']);
    expect(found.scannedAll).toBe(false);
    expect(found.requests).toBe(2);
  });

  it('notes deleted above the walk between two pages: the note that moved up is still found', async () => {
    // Newest first; the head's first page holds 20 recent notes, the clip's own note is the 23rd.
    // Before the second page is read, 10 of the first 20 are deleted (copies removed, another
    // device): the clip's note moves up past the next page's start. The walk sees that the note it
    // walked last is gone from where it should be, and does not call the search complete.
    const notes = account().sort(orders['newest first']);
    const recent = (index: number) => {
      const at = iso(since + 60_000 - index * 1_000);
      const own = index === 22;
      const note = { id: own ? 'mine' : `busy-${index}`, title: own ? 'Mine' : 'Busy' };
      return { ...note, markdown_text: own ? 'my clip' : 'other', created_at: at, updated_at: at };
    };
    notes.unshift(...Array.from({ length: 40 }, (_, index) => recent(index)));
    let reads = 0;
    const client = {
      async list({ limit, offset }: { limit: number; offset: number }) {
        reads += 1;
        if (reads === 2) notes.splice(0, 10);
        return { data: notes.slice(offset, offset + limit), total: notes.length };
      },
    };
    const found = await searchRecent(client, { since, matches: mine });
    expect(found.candidates.map((note) => note.id)).toContain('mine');
  });

  it('an order it cannot prove (by title): every page is read, only the match is kept', async () => {
    const client = service((a, b) => a.title.localeCompare(b.title));
    const found = await searchRecent(client, { since, matches: mine });
    expect(found.candidates.map((note) => note.id)).toEqual(['recent-2']);
    expect(found.scannedAll).toBe(true);
    // The ends first (at most 4 pages each), then 101 pages of 100.
    expect(found.requests).toBeLessThanOrEqual(8 + 101);
  });

  it('many notes stored since: walks inward page by page until it passes them', async () => {
    const client = service(orders['newest first']);
    const found = await searchRecent(client, {
      since: Date.parse('2024-01-07T00:00:00Z'),
      matches: mine,
    });
    expect(found.candidates.map((note) => note.id)).toEqual(['recent-2']);
    // 1,440 notes a day since 7 January 2024 would take more than 4 pages: the full read.
    expect(found.scannedAll).toBe(true);
  });
});
