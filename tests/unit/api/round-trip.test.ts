import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import { createNotesClient, type NoteDraft } from '../../../utils/api';

let server: NotesServer;

beforeAll(async () => {
  server = await startNotesServer();
});
afterAll(async () => {
  await server.stop();
});

// Any text a page can hold (emoji, right-to-left scripts, quotes, backslashes, newlines) must
// come back from the service exactly as it was clipped.
const text = fc.string({ unit: 'grapheme', maxLength: 200 });
const draftArbitrary: fc.Arbitrary<NoteDraft> = fc.record(
  { title: text, markdown_text: text, tags: fc.array(text, { maxLength: 5 }) },
  { requiredKeys: ['markdown_text'] },
);

it('stores any draft and reads it back unchanged', async () => {
  const client = createNotesClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });

  await fc.assert(
    fc.asyncProperty(draftArbitrary, async (draft) => {
      const created = await client.create(draft);
      const fetched = await client.get(created?.id ?? '');

      expect(fetched).toMatchObject({
        title: draft.title ?? '',
        markdown_text: draft.markdown_text,
        tags: draft.tags ?? [],
      });
      expect(fetched).toMatchObject(created ?? {});
    }),
    { numRuns: 60 },
  );
});
