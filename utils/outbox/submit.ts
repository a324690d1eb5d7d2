import { failure, type Result } from '../result';
import { getOutbox } from './background';
import { outboxConfigItem, resolveOutboxConfig } from './config';
import { type ClipSummary, summarizeClip } from './summary';
import type { NewClip } from './transitions';

const NOT_STORED =
  'Clipdeck could not keep this clip: the browser refused to store it (its extension storage ' +
  'may be full). Discard clips you no longer need from the list, then clip the page again.';

/**
 * Hands a clip to the outbox and answers once it is stored, after a short wait for a fast
 * delivery: "saved" straight away when the service is healthy; otherwise the state reached
 * (queued for a retry, or needing the user) and the outbox carries on alone.
 */
export async function submitClip(clip: NewClip): Promise<Result<{ clip: ClipSummary }>> {
  const outbox = getOutbox();
  let stored: Awaited<ReturnType<typeof outbox.add>>;
  try {
    stored = await outbox.add(clip);
  } catch {
    return failure('not-stored', NOT_STORED);
  }
  const { fastDeliveryWaitMs } = resolveOutboxConfig(await outboxConfigItem.getValue());
  const reached = await outbox.waitFor(stored.id, fastDeliveryWaitMs, 'answer');
  return { ok: true, clip: summarizeClip(reached ?? stored) };
}
