import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '../../utils/i18n';

interface Shortcut {
  name: string;
  description: string;
  keys: string;
}

async function readShortcuts(): Promise<Shortcut[]> {
  // The commands API only exists when the manifest declares commands.
  if (!browser.commands?.getAll) return [];
  try {
    const commands = await browser.commands.getAll();
    return commands.map((command) => ({
      name: command.name ?? '',
      description:
        command.description ||
        (command.name === '_execute_action'
          ? t('options.shortcuts.openPopup')
          : (command.name ?? '')),
      keys: command.shortcut ?? '',
    }));
  } catch {
    return [];
  }
}

/** Browsers keep keyboard shortcuts in their own settings page; this shows them and links there. */
export function ShortcutsSection() {
  const [shortcuts, setShortcuts] = useState<Shortcut[] | null>(null);

  useEffect(() => {
    void readShortcuts().then(setShortcuts);
  }, []);

  function openShortcutSettings() {
    // Firefox has its own opener; chrome:// pages cannot be reached with a plain link.
    const commands = browser.commands as typeof browser.commands & {
      openShortcutSettings?: () => Promise<void>;
    };
    if (commands?.openShortcutSettings) void commands.openShortcutSettings();
    else void browser.tabs.create({ url: 'chrome://extensions/shortcuts' });
  }

  return (
    <section aria-labelledby="shortcuts-heading">
      <h2 id="shortcuts-heading">{t('options.shortcuts.heading')}</h2>
      {shortcuts === null ? (
        <p class="hint">{t('options.shortcuts.loading')}</p>
      ) : shortcuts.length === 0 ? (
        <p class="hint">{t('options.shortcuts.none')}</p>
      ) : (
        <table class="shortcuts">
          <thead>
            <tr>
              <th scope="col">{t('options.shortcuts.action')}</th>
              <th scope="col">{t('options.shortcuts.shortcut')}</th>
            </tr>
          </thead>
          <tbody>
            {shortcuts.map((shortcut) => (
              <tr key={shortcut.name}>
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
      )}
      <div class="actions">
        <button type="button" onClick={openShortcutSettings}>
          {t('options.shortcuts.change')}
        </button>
      </div>
    </section>
  );
}
