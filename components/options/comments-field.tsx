import { useEffect, useRef, useState } from 'preact/hooks';
import type { CommentDepth } from '../../utils/clip/sites/types';
import { t } from '../../utils/i18n';
import { loadCommentDepth, saveCommentDepth } from '../../utils/settings';
import { describedBy, Field } from './field';

/** Each choice's words (CommentDepth, or the site family's own default). */
function choiceText(choice: CommentDepth | 'family'): string {
  switch (choice) {
    case 'family':
      return t('options.comments.family');
    case 'none':
      return t('options.comments.none');
    case 'top-level':
      return t('options.comments.topLevel');
    case 'all':
      return t('options.comments.all');
  }
}

const FAMILY = 'family';
const CHOICES: (CommentDepth | typeof FAMILY)[] = [FAMILY, 'none', 'top-level', 'all'];

/**
 * How much of a discussion clips keep by default (utils/settings comment-depth). It reads and
 * saves its own stored item, as it changes, and reports through the section's status line.
 */
export function CommentsField(props: { onStatus(text: string, ok: boolean): void }) {
  const [value, setValue] = useState<CommentDepth | typeof FAMILY>(FAMILY);
  const [notice, setNotice] = useState<string | undefined>();
  // The stored choice arrives after the first paint. A choice the user made before it did is
  // the newer one, and it is being saved: the read, begun before that save, must not show the
  // old value (or the old value's warning) over it.
  const chosen = useRef(false);
  useEffect(() => {
    void loadCommentDepth().then((loaded) => {
      if (chosen.current) return;
      setValue(loaded.value.comments ?? FAMILY);
      setNotice(loaded.notice);
    });
  }, []);

  async function change(next: CommentDepth | typeof FAMILY) {
    chosen.current = true;
    setValue(next);
    try {
      await saveCommentDepth(next === FAMILY ? {} : { comments: next });
      setNotice(undefined);
      props.onStatus(t('options.comments.saved'), true);
    } catch {
      props.onStatus(t('options.comments.failed'), false);
    }
  }

  return (
    <Field
      id="comment-depth"
      label={t('options.comments.label')}
      hint={t('options.comments.hint')}
      warning={notice}
    >
      <select
        id="comment-depth"
        value={value}
        aria-describedby={describedBy('comment-depth', { hint: true, warning: !!notice })}
        onChange={(event) => void change(event.currentTarget.value as CommentDepth | typeof FAMILY)}
      >
        {CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {choiceText(choice)}
          </option>
        ))}
      </select>
    </Field>
  );
}
