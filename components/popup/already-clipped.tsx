import type { ClippedPage } from '../../utils/clip-log';
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
      <h2 id="already-heading">Clipped before</h2>
      <p>
        You clipped this page {formatWhen(clipped.clippedAt)} as “{clipped.title || 'Untitled'}” in{' '}
        {deckName}. Save below to make a new note, or update that one:
      </p>
      <div class="actions">
        <button type="button" disabled={working} onClick={onReplace}>
          Replace its text
        </button>
        <button
          type="button"
          disabled={working || !hasSelection}
          title={hasSelection ? undefined : 'Select text on the page first'}
          onClick={onAppend}
        >
          Append selection
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
