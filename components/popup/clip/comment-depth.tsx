import { useId } from 'preact/hooks';
import type { CommentDepth } from '../../../utils/clip/light';
import { t } from '../../../utils/i18n';

function depthText(depth: CommentDepth): string {
  switch (depth) {
    case 'none':
      return t('popup.comments.none');
    case 'top-level':
      return t('popup.comments.topLevel');
    case 'all':
      return t('popup.comments.all');
  }
}

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
      <label for={id}>{t('popup.comments.label')}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.currentTarget.value as CommentDepth)}
      >
        {DEPTHS.map((depth) => (
          <option key={depth} value={depth}>
            {depthText(depth)}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} class="hint">
        {t('popup.comments.hint')}
      </p>
    </div>
  );
}
