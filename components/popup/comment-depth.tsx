import { useId } from 'preact/hooks';
import type { CommentDepth } from '../../utils/clip';

/** Every string this control shows (kept together for the move to _locales). */
const STRINGS = {
  label: 'Comments',
  hint: 'For this clip only. The default is in Options.',
  depths: {
    none: 'None',
    'top-level': 'Top-level only',
    all: 'Whole discussion',
  } satisfies Record<CommentDepth, string>,
};

const DEPTHS: CommentDepth[] = ['none', 'top-level', 'all'];

/**
 * How much of the page's discussion this clip keeps, shown only when a site module read the
 * page (an issue, a Q&A page, a thread). Changing it reads the page again in the same mode.
 */
export function CommentDepthControl(props: {
  value: CommentDepth;
  disabled?: boolean;
  onChange(comments: CommentDepth): void;
}) {
  const { value, disabled = false, onChange } = props;
  const id = useId();
  return (
    <div class="field comment-depth">
      <label for={id}>{STRINGS.label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.currentTarget.value as CommentDepth)}
      >
        {DEPTHS.map((depth) => (
          <option key={depth} value={depth}>
            {STRINGS.depths[depth]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} class="hint">
        {STRINGS.hint}
      </p>
    </div>
  );
}
