import type { Locator, Page } from '@playwright/test';

/** The options page, opened as a tab (chrome-extension://<id>/options.html). */
export class OptionsPage {
  readonly baseUrl: Locator;
  readonly apiKey: Locator;
  readonly saveButton: Locator;
  readonly testButton: Locator;
  readonly showKeyButton: Locator;
  readonly removeKeyButton: Locator;
  readonly connection: Locator;
  readonly decks: Locator;
  readonly deckList: Locator;
  readonly deckLabel: Locator;
  readonly deckId: Locator;
  readonly addDeckButton: Locator;
  readonly defaultDeck: Locator;
  readonly noteId: Locator;
  readonly findDeckButton: Locator;
  readonly defaults: Locator;
  readonly quickCaptureNotifications: Locator;
  readonly backup: Locator;
  readonly exportButton: Locator;
  readonly importFile: Locator;
  readonly importLinks: Locator;
  readonly importLinksFile: Locator;
  readonly importLinksStatus: Locator;

  constructor(readonly page: Page) {
    this.baseUrl = page.getByLabel('Base URL');
    this.apiKey = page.getByLabel('API key');
    this.saveButton = page.getByRole('button', { name: 'Save', exact: true });
    this.testButton = page.getByRole('button', { name: 'Test connection' });
    this.showKeyButton = page.getByRole('button', { name: 'Show', exact: true });
    this.removeKeyButton = page.getByRole('button', { name: 'Remove key' });
    this.connection = page.getByRole('region', { name: 'Connection' });
    this.decks = page.getByRole('region', { name: 'Decks' });
    this.deckList = page.getByRole('list', { name: 'Your decks' });
    this.deckLabel = page.getByLabel('Deck label');
    this.deckId = page.getByLabel('Deck ID');
    this.addDeckButton = page.getByRole('button', { name: 'Add deck' });
    this.defaultDeck = page.getByLabel('Default deck for new clips');
    this.noteId = page.getByLabel('Note ID');
    this.findDeckButton = page.getByRole('button', { name: 'Find deck' });
    this.defaults = page.getByRole('region', { name: 'Defaults for new clips' });
    this.quickCaptureNotifications = page.getByLabel(
      'Show a notification after each quick capture',
    );
    this.backup = page.getByRole('region', { name: 'Back up and move settings' });
    this.exportButton = page.getByRole('button', { name: 'Export settings' });
    this.importFile = page.locator('#import-file');
    this.importLinks = page.getByRole('region', { name: 'Import links' });
    this.importLinksFile = page.locator('#import-links-file');
    this.importLinksStatus = page.locator('#import-links-status');
  }

  /** Chooses a file in "Import links", as a user picking it in the file dialog. */
  async importLinksFrom(name: string, buffer: Buffer): Promise<void> {
    await this.importLinksFile.setInputFiles({ name, mimeType: 'text/csv', buffer });
  }

  static async open(page: Page, extensionId: string): Promise<OptionsPage> {
    await page.goto(`chrome-extension://${extensionId}/options.html`);
    const options = new OptionsPage(page);
    await options.baseUrl.waitFor();
    return options;
  }

  async saveConnection(baseUrl: string, apiKey: string): Promise<void> {
    await this.baseUrl.fill(baseUrl);
    await this.apiKey.fill(apiKey);
    await this.saveButton.click();
  }

  /** Adds a deck through the form (the service checks it first). */
  async addDeck(label: string, id: string): Promise<void> {
    await this.deckLabel.fill(label);
    await this.deckId.fill(id);
    await this.addDeckButton.click();
  }

  /** The row of the deck list that shows this deck id. */
  deckRow(deckId: string): Locator {
    return this.deckList.getByRole('listitem').filter({ hasText: deckId });
  }

  /** The status line of a section: the last thing it said. */
  status(section: Locator): Locator {
    return section.locator('.status').first();
  }
}
