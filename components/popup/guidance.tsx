import type { UserError } from '../../utils/result';
import { openOptions } from './background';

/** Before the Notes service is set up, the popup only leads to the options. */
export function NotConfigured() {
  return (
    <section class="guidance">
      <p>Connect Clipdeck to your Notes service to start clipping.</p>
      <button type="button" class="primary" onClick={openOptions}>
        Open options
      </button>
    </section>
  );
}

/**
 * The service refused the saved key (HTTP 401), seen by any part of Clipdeck. Clipping still
 * works: the clip waits in the outbox until a working key is saved.
 */
export function KeyRefusedBanner() {
  return (
    <section class="banner" aria-label="API key refused">
      <p>
        Your Notes service refused Clipdeck’s API key (it stops working after “Refresh Key”). Paste
        a current key in the options; clips wait until then.
      </p>
      <button type="button" onClick={openOptions}>
        Open options
      </button>
    </section>
  );
}

/**
 * The page cannot be clipped as asked: a browser page, the PDF viewer, a page with nothing to
 * extract. Where a bookmark still makes sense it is offered.
 */
export function CannotClip(props: { error: UserError; onBookmark(): void; onRetry(): void }) {
  const { error, onBookmark, onRetry } = props;
  const bookmark = error.kind === 'pdf' || error.kind === 'empty';
  return (
    <section class="guidance">
      <p role="alert" class="status-error">
        {error.message}
      </p>
      {error.kind === 'not-configured' ? (
        <button type="button" class="primary" onClick={openOptions}>
          Open options
        </button>
      ) : bookmark ? (
        <button type="button" class="primary" onClick={onBookmark}>
          Save as bookmark
        </button>
      ) : error.kind !== 'browser-page' ? (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </section>
  );
}
