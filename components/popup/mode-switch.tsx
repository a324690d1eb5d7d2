import type { DefaultClipMode } from '../../utils/settings';

const MODES: { mode: DefaultClipMode; label: string }[] = [
  { mode: 'article', label: 'Article' },
  { mode: 'selection', label: 'Selection' },
  { mode: 'full-page', label: 'Full page' },
  { mode: 'bookmark', label: 'Bookmark' },
];

/** What to clip, as a radio group: arrows move between modes, as in any radio group. */
export function ModeSwitch(props: {
  value: DefaultClipMode;
  hasSelection: boolean;
  disabled?: boolean;
  onChange(mode: DefaultClipMode): void;
}) {
  const { value, hasSelection, disabled = false, onChange } = props;
  return (
    <fieldset class="modes" disabled={disabled}>
      <legend>Clip mode</legend>
      {MODES.map(({ mode, label }) => (
        <label key={mode} class={mode === value ? 'mode checked' : 'mode'}>
          <input
            type="radio"
            name="clip-mode"
            value={mode}
            checked={mode === value}
            disabled={mode === 'selection' && !hasSelection}
            onChange={() => onChange(mode)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
