import { type MessageKey, t } from '../../utils/i18n';
export type PopupTab = 'clip' | 'recent';

const TABS: { tab: PopupTab; label: MessageKey }[] = [
  { tab: 'clip', label: 'popup.tabClip' },
  { tab: 'recent', label: 'common.recentNotes' },
];

/**
 * The popup's two views as ARIA tabs: the selected tab is the one in the tab order, and the
 * arrow keys move between them (panels are `panel-<tab>`, tabs `tab-<tab>`).
 */
export function PopupTabs(props: { selected: PopupTab; onSelect(tab: PopupTab): void }) {
  const { selected, onSelect } = props;
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const current = TABS.findIndex(({ tab }) => tab === selected);
    const next =
      TABS[(current + (event.key === 'ArrowRight' ? 1 : -1) + TABS.length) % TABS.length];
    if (!next) return;
    onSelect(next.tab);
    document.getElementById(`tab-${next.tab}`)?.focus();
  }
  return (
    <div class="tabs" role="tablist" aria-label={t('popup.tabsLabel')} onKeyDown={onKeyDown}>
      {TABS.map(({ tab, label }) => (
        <button
          key={tab}
          id={`tab-${tab}`}
          type="button"
          role="tab"
          aria-selected={tab === selected}
          aria-controls={`panel-${tab}`}
          tabIndex={tab === selected ? 0 : -1}
          onClick={() => onSelect(tab)}
        >
          {t(label)}
        </button>
      ))}
    </div>
  );
}
