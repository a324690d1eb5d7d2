import { useEffect, useState } from 'preact/hooks';
import type { CommentDepth } from '../../utils/clip/sites/types';
import { loadCommentDepth, saveCommentDepth } from '../../utils/settings';
import { describedBy, Field } from './field';

/** Every string this field shows (kept together for the move to _locales). */
const STRINGS = {
  label: 'Comments on discussion pages',
  hint: 'For issues, Q&A pages and threads. The popup can change it for one clip.',
  choices: {
    family: 'Depends on the site (issues and threads: all; videos and reference pages: none)',
    none: 'None: only the post',
    'top-level': 'Top-level comments only',
    all: 'The whole discussion, replies included',
  } satisfies Record<CommentDepth | 'family', string>,
  saved: 'Saved: comments on discussion pages.',
  failed: 'Clipdeck could not save the comments choice. Try again.',
};

const FAMILY = 'family';
const CHOICES: (CommentDepth | typeof FAMILY)[] = [FAMILY, 'none', 'top-level', 'all'];

/**
 * How much of a discussion clips keep by default (utils/settings comment-depth). It reads and
 * saves its own stored item, as it changes, and reports through the section's status line.
 */
export function CommentsField(props: { onStatus(text: string, ok: boolean): void }) {
  const [value, setValue] = useState<CommentDepth | typeof FAMILY>(FAMILY);
  const [notice, setNotice] = useState<string | undefined>();
  useEffect(() => {
    void loadCommentDepth().then((loaded) => {
      setValue(loaded.value.comments ?? FAMILY);
      setNotice(loaded.notice);
    });
  }, []);

  async function change(next: CommentDepth | typeof FAMILY) {
    setValue(next);
    try {
      await saveCommentDepth(next === FAMILY ? {} : { comments: next });
      setNotice(undefined);
      props.onStatus(STRINGS.saved, true);
    } catch {
      props.onStatus(STRINGS.failed, false);
    }
  }

  return (
    <Field id="comment-depth" label={STRINGS.label} hint={STRINGS.hint} warning={notice}>
      <select
        id="comment-depth"
        value={value}
        aria-describedby={describedBy('comment-depth', { hint: true, warning: !!notice })}
        onChange={(event) => void change(event.currentTarget.value as CommentDepth | typeof FAMILY)}
      >
        {CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {STRINGS.choices[choice]}
          </option>
        ))}
      </select>
    </Field>
  );
}
