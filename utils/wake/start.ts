import { browser } from 'wxt/browser';

/**
 * Storage keys of what a stopped worker may have left half done (utils/outbox's `outboxItem`,
 * utils/notes-index's `bulkProgressItem`; tests/unit/wake checks they stay the same). Read raw:
 * the entry decides whether to load the work layer, which validates them.
 */
export const OUTBOX_KEY = 'outbox';
export const BULK_PROGRESS_KEY = 'bulkRetagProgress';

/** States in which an outbox entry waits for nothing from the worker: done, or up to the user. */
const SETTLED = new Set<unknown>(['saved', 'needs-attention']);

/**
 * Whether a worker that just started has work waiting: a clip or change to send (queued, or being
 * sent when a worker stopped), or a bulk retag still running. Most starts are a tab brought to the
 * front, for the toolbar mark: they load nothing more. Anything this cannot read as an outbox of
 * settled clips counts as waiting, so the outbox itself judges it.
 */
export async function workWaitingAtStart(): Promise<boolean> {
  const stored = await browser.storage.local.get([OUTBOX_KEY, BULK_PROGRESS_KEY]);
  const progress = stored[BULK_PROGRESS_KEY] as { state?: unknown } | null | undefined;
  if (progress && progress.state === 'running') return true;
  const outbox = stored[OUTBOX_KEY] as { entries?: unknown } | null | undefined;
  if (outbox === undefined || outbox === null) return false;
  if (!Array.isArray(outbox.entries)) return true;
  return outbox.entries.some(
    (entry) =>
      !entry || typeof entry !== 'object' || !SETTLED.has((entry as { state?: unknown }).state),
  );
}
