import { useId } from 'preact/hooks';
import type { DefaultClipMode } from '../../utils/settings';

const MODES: { mode: DefaultClipMode; label: string }[] = [
  { mode: 'article', label: 'Article' },
  { mode: 'selection', label: 'Selection' },
  { mode: 'full-page', label: 'Full page' },
  { mode: 'bookmark', label: 'Bookmark' },
];

export const NO_SELECTION_HINT = 'Select text on the page first to clip only the selection.';

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
      <legend>Clip mode</legend>
      {MODES.map(({ mode, label }) => (
        <label
          key={mode}
          class={mode === value ? 'mode checked' : 'mode'}
          title={mode === 'selection' && !hasSelection ? NO_SELECTION_HINT : undefined}
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
          {label}
        </label>
      ))}
      {!hasSelection && (
        <p id={hintId} class="hint mode-hint">
          {NO_SELECTION_HINT}
        </p>
      )}
    </fieldset>
  );
}
