import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '../utils/i18n';
import { COMMAND_ORDER, OPEN_POPUP_COMMAND } from '../utils/quick-capture/actions';

export interface Shortcut {
  name: string;
  description: string;
  /** The key the user has now ('' when none is set). */
  keys: string;
}

/**
 * The commands with the shortcuts the browser has for them NOW (`commands.getAll`), not the
 * suggested keys: a user may have changed or removed one in the browser's settings. Listed in
 * Clipdeck's order (clip page, quote, bookmark, popup, clip selection).
 */
export async function readShortcuts(): Promise<Shortcut[]> {
  // The commands API only exists when the manifest declares commands.
  if (!browser.commands?.getAll) return [];
  try {
    const commands = await browser.commands.getAll();
    const rank = (name: string) => {
      const index = COMMAND_ORDER.indexOf(name);
      return index < 0 ? COMMAND_ORDER.length : index;
    };
    return commands
      .map((command) => ({
        name: command.name ?? '',
        description:
          command.description ||
          (command.name === OPEN_POPUP_COMMAND ? t('command.openPopup') : (command.name ?? '')),
        keys: command.shortcut ?? '',
      }))
      .sort((a, b) => rank(a.name) - rank(b.name));
  } catch {
    return [];
  }
}

export function useShortcuts(): Shortcut[] | null {
  const [shortcuts, setShortcuts] = useState<Shortcut[] | null>(null);
  useEffect(() => {
    void readShortcuts().then(setShortcuts);
  }, []);
  return shortcuts;
}

/** Opens the browser's own shortcut settings (Firefox has an opener; chrome:// needs a tab). */
export function openShortcutSettings(): void {
  const commands = browser.commands as typeof browser.commands & {
    openShortcutSettings?: () => Promise<void>;
  };
  if (commands?.openShortcutSettings) void commands.openShortcutSettings();
  else void browser.tabs.create({ url: 'chrome://extensions/shortcuts' });
}

/** The commands and their current keys, "Not set" where the user has none. */
export function ShortcutsTable(props: { shortcuts: Shortcut[] }) {
  return (
    <table class="shortcuts">
      <thead>
        <tr>
          <th scope="col">{t('options.shortcuts.action')}</th>
          <th scope="col">{t('options.shortcuts.shortcut')}</th>
        </tr>
      </thead>
      <tbody>
        {props.shortcuts.map((shortcut) => (
          <tr key={shortcut.name} data-command={shortcut.name}>
            <td>{shortcut.description}</td>
            <td>
              {shortcut.keys ? (
                <kbd>{shortcut.keys}</kbd>
              ) : (
                <span class="hint">{t('options.shortcuts.notSet')}</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
