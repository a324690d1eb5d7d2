import { t } from '../../utils/i18n';
import type { UserError } from '../../utils/result';

/** One line saying what just happened. Errors are alerts; everything else is announced politely. */
export type Status =
  | { tone: 'ok' | 'info' | 'warning'; text: string }
  | { tone: 'error'; text: string }
  | null;

export function errorStatus(error: UserError): Status {
  return { tone: 'error', text: error.message };
}

export const BACKGROUND_GONE: UserError = {
  kind: 'internal',
  message: t('options.backgroundGone'),
};

/** For `sendMessage(...).catch(backgroundGone)`: a dead background becomes a failed Result. */
export function backgroundGone(): { ok: false; error: UserError } {
  return { ok: false, error: BACKGROUND_GONE };
}

export function StatusLine({ status, id }: { status: Status; id?: string }) {
  // The live region stays in the page so screen readers announce each new status.
  return (
    <div class="status-slot" aria-live="polite" id={id}>
      {status && (
        <p
          class={`status status-${status.tone}`}
          role={status.tone === 'error' ? 'alert' : undefined}
        >
          {status.text}
        </p>
      )}
    </div>
  );
}
