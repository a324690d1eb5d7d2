import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';

/**
 * How patient the outbox is. Stored so that tests (and a user with an unusual service) can tune it
 * without a new build; every field falls back to the default on its own.
 */
export const DEFAULT_OUTBOX_CONFIG = {
  /** Requests in flight at once: the service is rate limited and shared with other tools. */
  concurrency: 2,
  /** First retry delay; each further failure doubles it, up to maxDelayMs. */
  baseDelayMs: 5_000,
  maxDelayMs: 10 * 60_000,
  /**
   * Attempts before a clip that keeps failing (network, timeout, 5xx) needs attention. An attempt
   * answered with 429 is not counted: the service only asked to wait.
   */
  maxAttempts: 10,
  /**
   * How long a clip may be kept waiting by 429s (from the first) before it needs attention: long
   * enough for a long import against a rate-limited service, short enough that nothing retries
   * for good.
   */
  maxRateLimitedMs: 24 * 60 * 60_000,
  /** One request's time limit. */
  requestTimeoutMs: 20_000,
  /** How long a clip request waits for a fast delivery before answering "queued". */
  fastDeliveryWaitMs: 4_000,
  /**
   * Tolerance between this computer's clock and the service's when looking for a note an
   * interrupted attempt may have stored ("created after the first attempt").
   */
  clockSkewMs: 60_000,
  /** Saved clips kept for the popup's list (and to recognise their notes); older ones go. */
  savedKept: 50,
};
export type OutboxConfig = typeof DEFAULT_OUTBOX_CONFIG;

const defaults = DEFAULT_OUTBOX_CONFIG;
const positiveInt = z.int().check(z.positive());
const nonNegative = z.number().check(z.nonnegative());

export const outboxConfigSchema = z.object({
  concurrency: z.catch(positiveInt.check(z.lte(10)), defaults.concurrency),
  baseDelayMs: z.catch(nonNegative, defaults.baseDelayMs),
  maxDelayMs: z.catch(nonNegative, defaults.maxDelayMs),
  maxAttempts: z.catch(positiveInt, defaults.maxAttempts),
  maxRateLimitedMs: z.catch(nonNegative, defaults.maxRateLimitedMs),
  requestTimeoutMs: z.catch(positiveInt, defaults.requestTimeoutMs),
  fastDeliveryWaitMs: z.catch(nonNegative, defaults.fastDeliveryWaitMs),
  clockSkewMs: z.catch(nonNegative, defaults.clockSkewMs),
  savedKept: z.catch(nonNegative, defaults.savedKept),
});

/** Only the fields someone chose to override are stored. */
export const outboxConfigItem = storage.defineItem<Partial<OutboxConfig>>('local:outboxConfig', {
  fallback: {},
  version: 1,
});

export function resolveOutboxConfig(stored: unknown): OutboxConfig {
  const overrides = z.catch(z.record(z.string(), z.unknown()), {}).parse(stored);
  return outboxConfigSchema.parse({ ...defaults, ...overrides });
}
