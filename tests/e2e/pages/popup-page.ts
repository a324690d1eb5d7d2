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
  readonly keyRefusedBanner: Locator;
  readonly unreachableBanner: Locator;
  readonly savedResult: Locator;
  readonly waitingResult: Locator;
  readonly saveBar: Locator;

  constructor(readonly page: Page) {
    this.saveButton = page.getByRole('button', { name: /^Save (page|as new note)$/ });
    this.savedMessage = page.getByText(/^Saved “/);
    this.errorMessage = page.getByRole('alert');
    // The last one: a refused key shows a banner at the top with its own, and the result after
    // Save has one beside its message.
    this.openOptionsButton = page.getByRole('button', { name: 'Open options' }).last();
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
    this.keyRefusedBanner = page.getByRole('region', { name: 'API key refused' });
    this.unreachableBanner = page.getByRole('region', { name: 'Notes service not answering' });
    this.savedResult = page.getByRole('region', { name: 'Saved' });
    this.waitingResult = page.getByRole('region', { name: 'Waiting to be sent' });
    this.saveBar = page.locator('.save-row');
  }

  /**
   * Where the focused element (and the hints that describe it) is hidden under the sticky Save
   * bar or outside the popup: a sentence per problem, empty when it is in full view.
   */
  async focusProblems(): Promise<string[]> {
    return this.page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return [];
      const name =
        focused.getAttribute('aria-label') ||
        (focused as HTMLInputElement).labels?.[0]?.textContent ||
        focused.textContent?.trim().slice(0, 40) ||
        focused.tagName;
      const bar = document.querySelector('.save-row');
      const barBox = bar && !bar.contains(focused) ? bar.getBoundingClientRect() : undefined;
      const described = (focused.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id))
        .filter((element): element is HTMLElement => !!element && element.offsetParent !== null);
      const problems: string[] = [];
      for (const [what, element] of [
        ['', focused],
        ...described.map((hint) => [` (its hint “${hint.textContent?.trim()}”)`, hint] as const),
      ] as const) {
        const box = element.getBoundingClientRect();
        if (box.top < 0 || box.bottom > innerHeight) {
          problems.push(`“${name}”${what} is outside the popup (${box.top}–${box.bottom})`);
        }
        if (barBox && Math.min(box.bottom, barBox.bottom) - Math.max(box.top, barBox.top) > 0) {
          problems.push(
            `“${name}”${what} is under the Save bar (${box.top}–${box.bottom} vs ${barBox.top})`,
          );
        }
      }
      return problems;
    });
  }

  /**
   * Tabs through every focusable element from the top of the popup, once round, and collects
   * where the focused element was covered.
   */
  async tabThroughAll(): Promise<{ visited: string[]; problems: string[] }> {
    // Start from the first focusable element (Tab from a blurred element would resume there).
    await this.page.evaluate(() => {
      for (const marked of document.querySelectorAll('[data-tabbed]')) {
        marked.removeAttribute('data-tabbed');
      }
      scrollTo(0, 0);
      document
        .querySelector<HTMLElement>('button:not([tabindex="-1"]), input, select, textarea')
        ?.focus();
    });
    const visited: string[] = [];
    const problems: string[] = [];
    for (let step = 0; step < 80; step += 1) {
      if (step > 0) await this.page.keyboard.press('Tab');
      const name = await this.page.evaluate(() => {
        const focused = document.activeElement;
        if (!focused || focused === document.body || focused.hasAttribute('data-tabbed')) {
          return null;
        }
        focused.setAttribute('data-tabbed', '');
        return (
          focused.getAttribute('aria-label') ||
          (focused as HTMLInputElement).labels?.[0]?.textContent ||
          focused.textContent?.trim().slice(0, 40) ||
          focused.tagName
        );
      });
      if (name === null) break;
      visited.push(name);
      problems.push(...(await this.focusProblems()));
    }
    return { visited, problems };
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
