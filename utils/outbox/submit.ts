import { t } from '../i18n';
import { failure, type Result, type UserError } from '../result';
import { getOutbox } from './background';
import { outboxConfigItem, resolveOutboxConfig } from './config';
import type { Outbox } from './entry';
import { holdMessage, KEY_REFUSED_MESSAGE } from './failure';
import { type ClipSummary, summarizeClip } from './summary';
import type { NewClip } from './transitions';

export const NOT_STORED_MESSAGE = t('outbox.notStored');

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
    return failure('not-stored', NOT_STORED_MESSAGE);
  }
  const held = heldBecause(await outbox.list());
  if (held) return { ok: true, clip: { ...summarizeClip(stored), error: held } };
  const { fastDeliveryWaitMs } = resolveOutboxConfig(await outboxConfigItem.getValue());
  const reached = await outbox.waitFor(stored.id, fastDeliveryWaitMs, 'answer');
  return { ok: true, clip: summarizeClip(reached ?? stored) };
}

/** Why no clip is being sent right now, if the whole outbox is held: no use waiting then. */
export function heldBecause(outbox: Outbox): UserError | undefined {
  if (outbox.pausedForAuth) return { kind: 'auth', message: KEY_REFUSED_MESSAGE };
  const until = outbox.rateLimitedUntil ?? 0;
  if (until > Date.now()) return { kind: 'rate-limited', message: holdMessage(until, Date.now()) };
  return undefined;
}
