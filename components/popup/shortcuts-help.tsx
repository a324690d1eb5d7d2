import { t } from '../../utils/i18n';
import { openShortcutSettings, ShortcutsTable, useShortcuts } from '../shortcuts-list';

/**
 * The popup's help: Clipdeck's keyboard commands with the keys the browser has for them now,
 * folded away under the panels so it costs the popup no height until asked for.
 */
export function ShortcutsHelp() {
  const shortcuts = useShortcuts();
  if (!shortcuts?.length) return null;
  return (
    <details class="shortcuts-help">
      <summary>{t('popupHelp.heading')}</summary>
      <ShortcutsTable shortcuts={shortcuts} />
      <button type="button" class="link" onClick={openShortcutSettings}>
        {t('options.shortcuts.change')}
      </button>
    </details>
  );
}
