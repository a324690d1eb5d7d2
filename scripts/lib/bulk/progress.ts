/**
 * Progress on stderr (stdout is the notes, one JSON line each, for scripts): a bar with counts
 * and ETA redrawn in place on a terminal; plain lines otherwise (a log, a CI job).
 */
export interface Counts {
  total: number;
  stored: number;
  /** Already in the service (or done in an earlier run of the same journal). */
  skipped: number;
  bookmarked: number;
  failed: number;
}

export function finished(counts: Counts): number {
  return counts.stored + counts.skipped + counts.bookmarked + counts.failed;
}

export class Progress {
  private readonly startedAt = Date.now();
  private lastDrawn = 0;
  private lastLine = 0;
  private barShown = false;
  /** Links finished before this run's clock started (earlier runs, skips): not in the rate. */
  private baseline = 0;

  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly counts: Counts,
    private readonly isTty = stream.isTTY === true,
  ) {}

  /** From now on, the rate counts only what this run clips. */
  startClock(): void {
    this.baseline = finished(this.counts);
  }

  /** A line of its own (a failure, a notice), above the bar. */
  say(line: string): void {
    this.clearBar();
    this.stream.write(`clipdeck: ${line}\n`);
    this.draw(true);
  }

  update(): void {
    this.draw(false);
  }

  /** Removes the bar before the summary. */
  end(): void {
    this.clearBar();
  }

  elapsedMs(): number {
    return Date.now() - this.startedAt;
  }

  private draw(force: boolean): void {
    const now = Date.now();
    const done = finished(this.counts);
    const { total } = this.counts;
    if (this.isTty) {
      if (!force && now - this.lastDrawn < 100 && done < total) return;
      this.lastDrawn = now;
      const width = 24;
      const filled = total ? Math.round((done / total) * width) : width;
      const bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]`;
      this.stream.write(`\r\x1b[K${bar} ${done}/${total} ${this.tally()}${this.eta(now)}`);
      this.barShown = true;
      return;
    }
    // Plain lines: one every 10 s, and at the end.
    if (!force && (now - this.lastLine >= 10_000 || done === total) && done > 0) {
      this.lastLine = now;
      this.stream.write(`clipdeck: ${done}/${total} links: ${this.tally()}${this.eta(now)}\n`);
    }
  }

  private tally(): string {
    const { stored, skipped, bookmarked, failed } = this.counts;
    return `${stored} stored, ${skipped} skipped, ${bookmarked} bookmarked, ${failed} failed`;
  }

  private eta(now: number): string {
    const done = finished(this.counts) - this.baseline;
    const left = this.counts.total - finished(this.counts);
    if (done < 3 || left <= 0) return '';
    const msLeft = ((now - this.startedAt) / done) * left;
    return `, about ${formatDuration(msLeft)} left`;
  }

  private clearBar(): void {
    if (this.barShown) this.stream.write('\r\x1b[K');
    this.barShown = false;
  }
}

export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
