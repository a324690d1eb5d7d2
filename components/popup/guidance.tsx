import { t } from '../../utils/i18n';
import { type ServiceHealth, serviceSentence } from '../../utils/popup';
import type { UserError } from '../../utils/result';
import { openOptions } from './background';

/** Before the Notes service is set up, the popup only leads to the options. */
export function NotConfigured() {
  return (
    <section class="guidance">
      <p>{t('popup.notConfigured')}</p>
      <button type="button" class="primary" onClick={openOptions}>
        {t('common.openOptions')}
      </button>
    </section>
  );
}

/**
 * The service is known to be in trouble (a refused key, no answer): said as soon as the popup
 * opens, above both tabs, with the way out. Clipping still works: the clip waits in the outbox.
 */
export function ServiceBanner(props: { health: ServiceHealth }) {
  const sentence = serviceSentence(props.health);
  if (!sentence) return null;
  const refused = props.health.status === 'key-refused';
  return (
    <section
      class={refused ? 'callout error' : 'callout warn'}
      aria-label={refused ? t('popup.keyRefusedLabel') : t('popup.notAnsweringLabel')}
    >
      <p>{sentence}</p>
      <button type="button" class={refused ? 'primary' : undefined} onClick={openOptions}>
        {t('common.openOptions')}
      </button>
    </section>
  );
}

/**
 * The page cannot be clipped as asked: a browser page, the PDF viewer, a page with nothing to
 * extract. Where a bookmark still makes sense it is offered; on a browser page, the recent notes.
 */
export function CannotClip(props: {
  error: UserError;
  onBookmark(): void;
  onRetry(): void;
  onShowRecent(): void;
}) {
  const { error, onBookmark, onRetry, onShowRecent } = props;
  const bookmark = error.kind === 'pdf' || error.kind === 'empty';
  return (
    <section class="guidance callout error">
      <p role="alert">{error.message}</p>
      {error.kind === 'not-configured' ? (
        <button type="button" class="primary" onClick={openOptions}>
          {t('common.openOptions')}
        </button>
      ) : bookmark ? (
        <button type="button" class="primary" onClick={onBookmark}>
          {t('popup.saveAsBookmark')}
        </button>
      ) : error.kind !== 'browser-page' ? (
        <button type="button" onClick={onRetry}>
          {t('common.tryAgain')}
        </button>
      ) : (
        // Nothing to do about a browser page here; the rest of Clipdeck still works.
        <button type="button" onClick={onShowRecent}>
          {t('popup.showRecent')}
        </button>
      )}
    </section>
  );
}
