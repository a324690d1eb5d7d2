import { t } from '../../utils/i18n';
/** Drawn on the first frame, before anything is read: the shape of the editor, greyed. */
export function EditorSkeleton() {
  return (
    <div class="skeleton" aria-busy="true">
      <p class="muted">{t('popup.readingPage')}</p>
      <span class="bone short" />
      <span class="bone" />
      <span class="bone" />
      <span class="bone tall" />
    </div>
  );
}
