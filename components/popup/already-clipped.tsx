import type { ClippedPage } from '../../utils/clip-log';
import { quoted, t } from '../../utils/i18n';
import type { UserError } from '../../utils/result';
import { formatWhen } from './format';

export type UpdateState =
  | { step: 'idle' }
  | { step: 'working' }
  | { step: 'done'; message: string }
  | { step: 'failed'; error: UserError };

/**
 * This page became a note before, and the service still has it: say when, and offer to update
 * that note rather than make another. Saving below still makes a new note.
 */
export function AlreadyClipped(props: {
  clipped: ClippedPage;
  deckName: string;
  hasSelection: boolean;
  state: UpdateState;
  onReplace(): void;
  onAppend(): void;
}) {
  const { clipped, deckName, hasSelection, state, onReplace, onAppend } = props;
  const working = state.step === 'working';
  return (
    <section class="already" aria-labelledby="already-heading">
      <h2 id="already-heading">{t('popup.already.heading')}</h2>
      <p>
        {t('popup.already.body', {
          when: formatWhen(clipped.clippedAt),
          title: quoted(clipped.title || t('common.untitled')),
          deck: deckName,
        })}
      </p>
      <div class="actions">
        <button type="button" disabled={working} onClick={onReplace}>
          {t('popup.already.replace')}
        </button>
        <button
          type="button"
          disabled={working || !hasSelection}
          title={hasSelection ? undefined : t('common.selectFirst')}
          onClick={onAppend}
        >
          {t('common.appendSelection')}
        </button>
      </div>
      {state.step === 'done' && (
        <p role="status" class="status-ok">
          {state.message}
        </p>
      )}
      {state.step === 'failed' && (
        <p role="alert" class="status-error">
          {state.error.message}
        </p>
      )}
    </section>
  );
}
