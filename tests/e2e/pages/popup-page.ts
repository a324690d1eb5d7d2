import type { Locator, Page } from '@playwright/test';

/**
 * The popup, opened as a tab aimed at another tab (automation cannot click the toolbar button).
 */
export class PopupPage {
  readonly saveButton: Locator;
  readonly savedMessage: Locator;
  readonly errorMessage: Locator;
  readonly openOptionsButton: Locator;

  constructor(readonly page: Page) {
    this.saveButton = page.getByRole('button', { name: 'Save page' });
    this.savedMessage = page.getByText(/^Saved “/);
    this.errorMessage = page.getByRole('alert');
    this.openOptionsButton = page.getByRole('button', { name: 'Open options' });
  }

  static async open(page: Page, extensionId: string, targetTabId: number): Promise<PopupPage> {
    await page.setViewportSize({ width: 360, height: 240 });
    await page.goto(`chrome-extension://${extensionId}/popup.html?tabId=${targetTabId}`);
    return new PopupPage(page);
  }
}
