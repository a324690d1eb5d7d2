import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import { createNotesClient } from '../../../utils/api';
import { noteSourceUrl as noteSource } from '../../../utils/clip-log/note-source';
import { bookmarkNoteFromLink, type ImportChannel, runImport } from '../../../utils/import';
import {
  checkKnownLinks,
  importLinks,
  importProgress,
  storeImportedClips,
} from '../../../utils/import/background';
import { outboxConfigItem, outboxItem } from '../../../utils/outbox';
import { saveClipDefaults, saveConnection } from '../../../utils/settings';
import { POCKET_TITLES } from '../../support/import';
import { startBackground } from '../start-background';

/**
 * The options page's import, run with the real background handlers and the real outbox against
 * the real local Notes server (only the browser's storage is the fake one).
 */

const FIXTURES = new URL('../../fixtures/import/', import.meta.url);
const fileOf = (name: string) => ({
  name,
  bytes: new Uint8Array(readFileSync(new URL(name, FIXTURES))),
});

const channel: ImportChannel = {
  findKnownLinks: (urls) => checkKnownLinks(urls),
  importLinks: (links, format) => importLinks(links, format, storeImportedClips),
  importProgress: (ids) => importProgress(ids),
};
const quick = { pollMs: 20, sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)) };

let server: NotesServer;

beforeAll(async () => {
  fakeBrowser.reset();
  server = await startNotesServer();
  await saveConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  await saveClipDefaults({
    tags: ['imported'],
    mode: 'article',
    template: { kind: 'builtin', id: 'source-header' },
    stripTracking: true,
  });
  await outboxConfigItem.setValue({ baseDelayMs: 50, maxDelayMs: 50 });
  startBackground();
});

afterAll(async () => {
  await server.stop();
});

describe('importing from the options page', () => {
  it('a Pocket export becomes bookmark notes; importing it again adds nothing', async () => {
    const first = await runImport([fileOf('pocket.csv')], channel, quick);
    expect(first.ok && first.progress).toMatchObject({
      phase: 'done',
      links: 5,
      stored: 5,
      alreadyThere: 0,
      noAddress: 1,
      waiting: 0,
      notSent: 0,
    });
    const notes = server.notes();
    expect(notes.map((note) => note.title).sort()).toEqual(POCKET_TITLES);
    const boring = notes.find((note) => note.title.startsWith('Why'));
    expect(boring?.tags).toEqual(['engineering', 'to read', 'imported']);
    expect(boring?.markdown_text).toContain(
      'Source: [Why "boring" tech wins, again](https://example.com/boring-tech?utm_source=pocket_saves&id=7)',
    );

    const again = await runImport([fileOf('pocket.csv')], channel, quick);
    expect(again.ok && again.progress).toMatchObject({ stored: 0, alreadyThere: 5, queued: 0 });
    expect(server.notes()).toHaveLength(5);
  });

  it('skips a page clipped before with other tracking parameters, and a link twice in the files', async () => {
    const client = createNotesClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
    await client.create({
      title: 'Clipped in the popup',
      markdown_text:
        'Source: [example.com](https://example.com/one?utm_source=rss) \\\nClipped 1 May\n\nText',
      tags: [],
    });
    const list =
      'https://example.com/one\nhttps://example.com/new?fbclid=1\nhttps://example.com/new\n';
    const run = await runImport(
      [{ name: 'list.txt', bytes: new TextEncoder().encode(list) }],
      channel,
      quick,
    );
    expect(run.ok && run.progress).toMatchObject({ links: 3, stored: 1, alreadyThere: 2 });
    expect(server.notes().filter((note) => note.title === 'example.com/new?fbclid=1')).toHaveLength(
      1,
    );
  });

  it('a bad file stops the import before anything is sent', async () => {
    const before = server.stats().requests;
    const cut = readFileSync(new URL('pocket.csv', FIXTURES), 'utf8').slice(0, 200);
    const run = await runImport(
      [fileOf('raindrop.csv'), { name: 'pocket.csv', bytes: new TextEncoder().encode(cut) }],
      channel,
      quick,
    );
    expect(run.ok).toBe(false);
    expect(!run.ok && run.error.message).toMatch(/^pocket\.csv, line \d+: .*cut short/);
    expect(server.stats().requests).toBe(before);
  });

  it('never has more than its window of clips in the outbox, whatever the file’s size', async () => {
    const rows = Array.from(
      { length: 120 },
      (_, index) => `Page ${index},https://window.example/${index},1700000000,,unread`,
    );
    const text = `title,url,time_added,tags,status\n${rows.join('\n')}\n`;
    let largest = 0;
    const run = await runImport(
      [{ name: 'pocket.csv', bytes: new TextEncoder().encode(text) }],
      channel,
      {
        ...quick,
        batchSize: 15,
        window: 30,
        onProgress: () =>
          void outboxItem.getValue().then(({ entries }) => {
            const unsettled = entries.filter((entry) => entry.state !== 'saved').length;
            largest = Math.max(largest, unsettled);
          }),
      },
    );
    expect(run.ok && run.progress).toMatchObject({ stored: 120, queued: 120 });
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThanOrEqual(30);
    expect(server.notes().filter((note) => note.title.startsWith('Page '))).toHaveLength(120);
  }, 60_000);
});

describe('noteSourceUrl, the one reader of a note’s source (import and command)', () => {
  const link = {
    url: 'https://example.com/a?utm_campaign=x&id=1',
    title: 'A (b)',
    tags: [],
    folders: [],
    highlights: [],
    line: 1,
  };

  it('reads the source of a bookmark note, a source header and front matter, canonical', () => {
    expect(noteSource(bookmarkNoteFromLink(link).markdown_text)).toBe('https://example.com/a?id=1');
    expect(noteSource('Source: [Site](<https://example.com/a_(b)>) \\\nBy X')).toBe(
      'https://example.com/a_(b)',
    );
    expect(noteSource('---\ntitle: "T"\nsource: "https://example.com/p?utm_source=z"\n---\n')).toBe(
      'https://example.com/p',
    );
  });

  it('does not take a link in the text of a note for its source', () => {
    expect(
      noteSource('# Notes\n\nSee [this](https://example.com/a) and https://example.com/b'),
    ).toBe(undefined);
  });
});
