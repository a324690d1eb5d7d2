/** Default time the engine may spend before it starts dropping optional work. */
export const DEFAULT_TIME_BUDGET_MS = 2500;

const now = (): number => globalThis.performance?.now() ?? Date.now();

/**
 * A deadline shared by the clip's steps. A huge page must not freeze the tab: long loops ask
 * `exhausted` now and then and take the cheaper path once it says yes.
 */
export class TimeBudget {
  private readonly deadline: number;
  private tripped = false;

  constructor(readonly totalMs: number = DEFAULT_TIME_BUDGET_MS) {
    this.deadline = now() + totalMs;
  }

  get exhausted(): boolean {
    if (!this.tripped && now() > this.deadline) this.tripped = true;
    return this.tripped;
  }

  /** True when at least `share` of the budget has been spent. */
  spent(share: number): boolean {
    return this.exhausted || now() > this.deadline - this.totalMs * (1 - share);
  }
}
