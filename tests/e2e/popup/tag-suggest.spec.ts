import { join } from 'node:path';
import { createClipNote } from '../../support/notes';
import { ARTIFACTS_DIR, expect, tabIdOf, test } from '../fixtures';

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

test('a tag the user gives a note just saved leads the suggestions on the site’s next page', async ({
  context,
  worker,
  notesServer,
  site,
  configure,
  openPopupFor,
}) => {
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  await worker.evaluate(() =>
    chrome.storage.local.set({
      clipDefaults: {
        tags: ['shore'],
        mode: 'article',
        template: { kind: 'builtin', id: 'source-header' },
        stripTracking: true,
      },
    }),
  );
  // "kelp" is a word of the next page's title: without the edit it would come first there.
  await createClipNote(notesServer, {
    title: 'Kelp elsewhere',
    source: 'https://elsewhere.example.net/kelp',
    tags: ['kelp'],
  });

  // A shortcut clip saves with the default tag; the user adds "tidal" in the just-saved view.
  const article = await context.newPage();
  await article.goto(site.urlFor('article.html'));
  const tab = await worker.evaluate((id) => chrome.tabs.get(id), await tabIdOf(worker, article));
  expect(
    await worker.evaluate(
      (clicked) => globalThis.clipdeckAutomation?.handleCommand('clip-page', clicked),
      tab,
    ),
  ).toMatchObject({ ok: true, clip: { state: 'saved' } });
  const popup = await openPopupFor(article);
  // The popup's first scan of the notes has finished (it rebuilds the site tags from the service).
  await expect
    .poll(() => worker.evaluate(async () => (await chrome.storage.local.get('siteTags')).siteTags))
    .toBeTruthy();
  const view = popup.page.getByRole('region', { name: 'Just saved' });
  const tags = view.getByRole('combobox', { name: 'Tags' });
  await expect(tags).toBeFocused();
  await tags.pressSequentially('tidal');
  await tags.press('Enter');
  await tags.press('Control+Enter');
  await expect(view.getByText('Saved.', { exact: true })).toBeVisible();
  await expect
    .poll(() => notesServer.notes().find((note) => note.title === 'Why Tide Pools Matter')?.tags)
    .toEqual(['shore', 'tidal']);
  await popup.page.close();

  // The site's next page: the edited tag is this site's, so it ranks above the title's word.
  const next = await context.newPage();
  await next.goto(site.urlFor('all-tabs-1.html'));
  const nextPopup = await openPopupFor(next);
  await nextPopup.waitForPreview();
  await expect(nextPopup.chosenTags).toHaveText(['shore×']);
  const offered = nextPopup.tagSuggestions.getByRole('option');
  await expect(offered.first()).toHaveText('tidal');
  await expect(offered.nth(1)).toHaveText('kelp');
});
