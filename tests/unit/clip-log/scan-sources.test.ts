import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import { createNotesClient } from '../../../utils/api';
import { scanNoteSources } from '../../../utils/clip-log/scan-sources';

/** The one "already in your notes" scan, against the real local Notes server. */
let server: NotesServer;

beforeAll(async () => {
  server = await startNotesServer();
  const client = createNotesClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  for (let index = 0; index < 230; index++) {
    await client.create({
      title: `Note ${index}`,
      markdown_text: `Source: [Site](<https://example.com/page-${index}?utm_source=x>)\n\nText.`,
      tags: [],
    });
  }
  await client.create({
    title: 'Bookmark',
    markdown_text: '[Story](https://news.example/story/)\n\nSaved.',
    tags: [],
  });
});
afterAll(() => server.stop());

describe('scanNoteSources', () => {
  const client = () => createNotesClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });

  it('finds the wanted pages among every note, canonical, in one pass of three pages', async () => {
    const wanted = new Set([
      'https://example.com/page-3',
      'https://example.com/page-229',
      'https://news.example/story',
      'https://example.com/not-there',
    ]);
    const scan = await scanNoteSources(client(), wanted);
    expect([...scan.known].sort()).toEqual([
      'https://example.com/page-229',
      'https://example.com/page-3',
      'https://news.example/story',
    ]);
    expect(scan).toMatchObject({ complete: true, requests: 3 });
    expect(scan.seenIds.size).toBe(231);
  });

  it('stops at maxPages and says the scan is incomplete', async () => {
    const scan = await scanNoteSources(client(), new Set(['https://example.com/page-229']), {
      maxPages: 1,
    });
    expect(scan).toMatchObject({ complete: false, requests: 1 });
  });
});
