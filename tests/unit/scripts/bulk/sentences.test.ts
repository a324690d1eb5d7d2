import { describe, expect, it } from 'vitest';
import { startNotesServer } from '../../../../notes-server';
import { attentionSentence, serviceSentence } from '../../../../scripts/lib/bulk/sentences';
import { navigationFailure } from '../../../../scripts/lib/page-load';
import { createNotesClient } from '../../../../utils/api';

describe('the command line’s words for the service', () => {
  it('names NOTES_API_KEY when the real service refuses the key, never the options page', async () => {
    const server = await startNotesServer();
    try {
      const client = createNotesClient({ baseUrl: server.baseUrl, apiKey: 'not-the-key' });
      const error = await client.list({ limit: 1 }).catch((caught: unknown) => caught);
      const sentence = serviceSentence(error, server.baseUrl);
      expect(sentence).toContain('NOTES_API_KEY');
      expect(sentence).not.toMatch(/options/i);
      expect(sentence).not.toContain('not-the-key');
    } finally {
      await server.stop();
    }
  });

  it('names NOTES_API_URL when nothing listens at the address', async () => {
    const server = await startNotesServer();
    const { baseUrl, apiKey } = server;
    await server.stop();
    const error = await createNotesClient({ baseUrl, apiKey })
      .list({ limit: 1 })
      .catch((caught: unknown) => caught);
    const sentence = serviceSentence(error, baseUrl);
    expect(sentence).toContain(`NOTES_API_URL (${baseUrl})`);
    expect(sentence).not.toMatch(/options/i);
  });

  it('says which deck is unknown and which options set it', () => {
    const sentence = attentionSentence(
      {
        id: 'c1',
        state: 'needs-attention',
        title: 'T',
        deckId: 'deck-typo',
        attempts: 1,
        createdAt: 0,
        error: { kind: 'unknown-deck', message: 'The notebook … Clipdeck’s options' },
      },
      'http://127.0.0.1:1/api',
    );
    expect(sentence).toMatch(/no deck “deck-typo”: check --deck and --deck-map/);
  });
});

describe('why a page did not open', () => {
  const url = 'https://nowhere.example/article';
  it.each([
    [
      'net::ERR_NAME_NOT_RESOLVED at https://nowhere.example/article',
      'dns',
      /nowhere\.example was not found \(DNS\)/,
    ],
    [
      'net::ERR_CONNECTION_REFUSED at https://nowhere.example/article',
      'refused',
      /refused the connection/,
    ],
    ['page.goto: Timeout 30000ms exceeded.', 'timeout', /did not become ready within 30 s/],
    ['net::ERR_CERT_AUTHORITY_INVALID', 'certificate', /certificate/],
    ['net::ERR_ABORTED', 'not-html', /file to download/],
  ])('%s → %s', (message, kind, sentence) => {
    const [found, said] = navigationFailure(url, new Error(message), 30_000);
    expect(found).toBe(kind);
    expect(said).toMatch(sentence);
  });
});
