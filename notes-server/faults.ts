/**
 * Misbehaviour a test can switch on at runtime, to see how a client copes with the failures a
 * real service has. Random choices come from a seeded generator so a failing run can be replayed.
 */
export interface Faults {
  /** Added before every answer. */
  latencyMs?: number;
  /** Share of requests (0..1) answered with 500. */
  serverErrorRate?: number;
  /** 429 with Retry-After, for every `every`-th request and/or a random share `rate` (0..1). */
  rateLimit?: {
    every?: number;
    rate?: number;
    /** Default 1. */
    retryAfterSeconds?: number;
    /** Retry-After as delta-seconds (default) or as an HTTP date. */
    retryAfterFormat?: 'seconds' | 'http-date';
  };
  /** Share of creates (0..1) whose note is stored, after which the connection is cut unanswered. */
  dropAfterCreateRate?: number;
  /** The same fault for every `n`-th create that reaches the store, whatever the random draw. */
  dropAfterCreateEvery?: number;
  seed?: number;
}

export interface FaultCounts {
  latency: number;
  serverError: number;
  rateLimited: number;
  droppedAfterCreate: number;
}

export type EarlyFault = { kind: 'server-error' } | { kind: 'rate-limited'; retryAfter: string };

export class FaultInjector {
  private faults: Faults = {};
  private random = seededRandom(Date.now());
  private requestsSinceSet = 0;
  private createsSinceSet = 0;
  readonly counts: FaultCounts = {
    latency: 0,
    serverError: 0,
    rateLimited: 0,
    droppedAfterCreate: 0,
  };

  set(faults: Faults): void {
    this.faults = structuredClone(faults);
    this.random = seededRandom(faults.seed ?? Date.now());
    this.requestsSinceSet = 0;
    this.createsSinceSet = 0;
  }

  async delay(): Promise<void> {
    const { latencyMs = 0 } = this.faults;
    if (latencyMs <= 0) return;
    this.counts.latency += 1;
    await new Promise((resolve) => setTimeout(resolve, latencyMs));
  }

  /** A fault that replaces the answer to this request, if any. */
  beforeHandling(): EarlyFault | undefined {
    this.requestsSinceSet += 1;
    const { rateLimit, serverErrorRate = 0 } = this.faults;
    if (rateLimit) {
      const byCount =
        rateLimit.every !== undefined && this.requestsSinceSet % rateLimit.every === 0;
      const byChance = rateLimit.rate !== undefined && this.random() < rateLimit.rate;
      if (byCount || byChance) {
        this.counts.rateLimited += 1;
        const seconds = rateLimit.retryAfterSeconds ?? 1;
        const retryAfter =
          rateLimit.retryAfterFormat === 'http-date'
            ? new Date(Date.now() + seconds * 1000).toUTCString()
            : String(seconds);
        return { kind: 'rate-limited', retryAfter };
      }
    }
    if (serverErrorRate > 0 && this.random() < serverErrorRate) {
      this.counts.serverError += 1;
      return { kind: 'server-error' };
    }
    return undefined;
  }

  dropAfterCreate(): boolean {
    this.createsSinceSet += 1;
    const { dropAfterCreateRate = 0, dropAfterCreateEvery } = this.faults;
    const byCount =
      dropAfterCreateEvery !== undefined && this.createsSinceSet % dropAfterCreateEvery === 0;
    const drop = byCount || (dropAfterCreateRate > 0 && this.random() < dropAfterCreateRate);
    if (drop) this.counts.droppedAfterCreate += 1;
    return drop;
  }
}

/** mulberry32: small, fast, and good enough to pick which requests fail. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
