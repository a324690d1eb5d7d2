import type { Locator, Page } from '@playwright/test';

/** The popup's width in the toolbar: the page is laid out for it. */
export const POPUP_WIDTH = 400;

/**
 * The popup, opened as a tab aimed at another tab (automation cannot click the toolbar button).
 */
export class PopupPage {
  readonly saveButton: Locator;
  readonly savedMessage: Locator;
  readonly errorMessage: Locator;
  readonly openOptionsButton: Locator;
  readonly titleInput: Locator;
  readonly markdownInput: Locator;
  readonly deckSelect: Locator;
  readonly tagInput: Locator;
  readonly tagSuggestions: Locator;
  readonly chosenTags: Locator;
  readonly alreadyClipped: Locator;
  readonly recentTab: Locator;
  readonly recentNotes: Locator;

  constructor(readonly page: Page) {
    this.saveButton = page.getByRole('button', { name: /^Save (page|as new note)$/ });
    this.savedMessage = page.getByText(/^Saved “/);
    this.errorMessage = page.getByRole('alert');
    this.openOptionsButton = page.getByRole('button', { name: 'Open options' });
    this.titleInput = page.getByLabel('Title', { exact: true });
    this.markdownInput = page.getByLabel('Markdown', { exact: true });
    this.deckSelect = page.getByLabel('Deck', { exact: true });
    this.tagInput = page.getByRole('combobox', { name: 'Tags' });
    this.tagSuggestions = page.getByRole('listbox', { name: 'Tags suggestions' });
    this.chosenTags = page.getByRole('list', { name: 'Tags chosen' }).getByRole('listitem');
    this.alreadyClipped = page.getByRole('region', { name: 'Clipped before' });
    this.recentTab = page.getByRole('tab', { name: 'Recent notes' });
    // A note's card is the list item with a heading (its tags are list items too).
    this.recentNotes = page
      .getByRole('region', { name: 'Recent notes' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading') });
  }

  static async open(page: Page, extensionId: string, targetTabId: number): Promise<PopupPage> {
    await page.setViewportSize({ width: POPUP_WIDTH, height: 600 });
    await page.goto(`chrome-extension://${extensionId}/popup.html?tabId=${targetTabId}`);
    return new PopupPage(page);
  }

  /** Waits until the page is extracted and the note is shown for editing. */
  async waitForPreview(): Promise<void> {
    await this.markdownInput.and(this.page.locator(':enabled')).waitFor();
    await this.page.waitForFunction(
      () => (document.querySelector('textarea') as HTMLTextAreaElement | null)?.value !== '',
    );
  }

  /** A recent note's card, by its title. */
  recentNote(title: string): Locator {
    return this.recentNotes.filter({ has: this.page.getByRole('heading', { name: title }) });
  }
}
