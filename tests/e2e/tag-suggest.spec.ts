import { join } from 'node:path';
import type { NotesServer } from '../../notes-server';
import { ARTIFACTS_DIR, expect, test } from './fixtures';

/** A note another app (or an earlier browser) made from `source`, straight into the service. */
async function createClipNote(
  server: NotesServer,
  note: { title: string; source: string; tags: string[] },
): Promise<void> {
  const response = await fetch(`${server.baseUrl}/notes/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      title: note.title,
      markdown_text: `**Source:** [${note.title}](${note.source})\n\nText.`,
      tags: note.tags,
    }),
  });
  expect(response.status).toBe(201);
}

test('the popup suggests tags before typing, this site’s first, and Tab accepts one', async ({
  context,
  worker,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  // Two earlier notes from the same site carry "weekend-reading"; "tide-pools" is a word of the
  // page's title; "cooking" is the most used tag, from another site; "gardening" was used last.
  for (const page of ['tides.html', 'kelp.html']) {
    await createClipNote(notesServer, {
      title: `Earlier ${page}`,
      source: site.urlFor(page),
      tags: ['weekend-reading'],
    });
  }
  await createClipNote(notesServer, {
    title: 'Pools elsewhere',
    source: 'https://shore.example.org/pools',
    tags: ['tide-pools'],
  });
  for (const index of [1, 2, 3]) {
    await createClipNote(notesServer, {
      title: `Soup ${index}`,
      source: `https://food.example.com/soup-${index}`,
      tags: ['cooking'],
    });
  }
  await worker.evaluate(() => chrome.storage.local.set({ recentTags: ['gardening'] }));

  const article = await context.newPage();
  await article.goto(site.urlFor('article.html'));
  const popup = await openPopupFor(article);
  await popup.waitForPreview();

  // Nothing typed: the box has focus and the list is already there.
  await expect(popup.tagInput).toBeFocused();
  await expect(popup.tagInput).toHaveValue('');
  await expect(popup.tagInput).toHaveAttribute('aria-expanded', 'true');
  await expect(popup.tagSuggestions.getByRole('option')).toHaveText([
    'weekend-reading',
    'tide-pools',
    'gardening',
    'cooking',
  ]);
  await popup.page.emulateMedia({ colorScheme: 'light' });
  await popup.page.screenshot({ path: join(ARTIFACTS_DIR, 'popup-tag-suggestions-light.png') });
  await popup.page.emulateMedia({ colorScheme: 'dark' });
  await popup.page.screenshot({ path: join(ARTIFACTS_DIR, 'popup-tag-suggestions-dark.png') });

  await popup.page.keyboard.press('ArrowDown');
  await expect(popup.tagInput).toHaveAttribute('aria-activedescendant', /.+/);
  await expect(popup.tagSuggestions.getByRole('option', { selected: true })).toHaveText(
    'weekend-reading',
  );
  await popup.page.keyboard.press('Tab');
  await expect(popup.chosenTags).toHaveText(['weekend-reading×']);
  await expect(popup.tagInput).toBeFocused();
  await popup.page.keyboard.press('Control+Enter');

  await expect(popup.savedMessage).toHaveText('Saved “Why Tide Pools Matter”');
  const saved = notesServer.notes().find((note) => note.title === 'Why Tide Pools Matter');
  expect(saved?.tags).toEqual(['weekend-reading']);
});
