import { useId } from 'preact/hooks';
import { type MessageKey, t } from '../../../utils/i18n';
import type { DefaultClipMode } from '../../../utils/settings';

const MODES: { mode: DefaultClipMode; label: MessageKey }[] = [
  { mode: 'article', label: 'popup.mode.article' },
  { mode: 'selection', label: 'popup.mode.selection' },
  { mode: 'full-page', label: 'popup.mode.fullPage' },
  { mode: 'bookmark', label: 'popup.mode.bookmark' },
];

/**
 * What to clip, as a radio group: arrows move between modes, as in any radio group. Selection is
 * greyed without a selection in the page, and says so (issue 19): a tooltip, and a hint under
 * the modes that the radio names as its description.
 */
export function ModeSwitch(props: {
  value: DefaultClipMode;
  hasSelection: boolean;
  disabled?: boolean;
  onChange(mode: DefaultClipMode): void;
}) {
  const { value, hasSelection, disabled = false, onChange } = props;
  const hintId = useId();
  return (
    <fieldset class="modes" disabled={disabled}>
      <legend>{t('popup.mode.legend')}</legend>
      {MODES.map(({ mode, label }) => (
        <label
          key={mode}
          class={mode === value ? 'mode checked' : 'mode'}
          title={
            mode === 'selection' && !hasSelection ? t('popup.mode.noSelectionHint') : undefined
          }
        >
          <input
            type="radio"
            name="clip-mode"
            value={mode}
            checked={mode === value}
            disabled={mode === 'selection' && !hasSelection}
            aria-describedby={mode === 'selection' && !hasSelection ? hintId : undefined}
            onChange={() => onChange(mode)}
          />
          {t(label)}
        </label>
      ))}
      {!hasSelection && (
        <p id={hintId} class="hint mode-hint">
          {t('popup.mode.noSelectionHint')}
        </p>
      )}
    </fieldset>
  );
}
