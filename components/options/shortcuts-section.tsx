import { t } from '../../utils/i18n';
import { openShortcutSettings, ShortcutsTable, useShortcuts } from '../shortcuts-list';

/** Browsers keep keyboard shortcuts in their own settings page; this shows them and links there. */
export function ShortcutsSection() {
  const shortcuts = useShortcuts();
  return (
    <section aria-labelledby="shortcuts-heading">
      <h2 id="shortcuts-heading">{t('options.shortcuts.heading')}</h2>
      {shortcuts === null ? (
        <p class="hint">{t('options.shortcuts.loading')}</p>
      ) : shortcuts.length === 0 ? (
        <p class="hint">{t('options.shortcuts.none')}</p>
      ) : (
        <ShortcutsTable shortcuts={shortcuts} />
      )}
      <div class="actions">
        <button type="button" onClick={openShortcutSettings}>
          {t('options.shortcuts.change')}
        </button>
      </div>
    </section>
  );
}
