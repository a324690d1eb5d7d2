import { closeSync, existsSync, fdatasyncSync, openSync, readFileSync, writeSync } from 'node:fs';

/**
 * The run's journal: one JSON line per step of a link, appended and flushed to disk before the
 * command goes on, so a stop at any point (Ctrl-C, a crash, a reboot) leaves a record the next
 * run of the same command continues from.
 *
 * - `submitted`: the clip is in the extension's outbox (kept in the run's browser profile) under
 *   `clipId`; the next run waits for that clip instead of clipping the page again.
 * - `stored` / `bookmarked` / `skipped`: done; the next run leaves the link alone.
 * - `failed`: nothing was stored; the next run tries the link again.
 *
 * A link between "in the outbox" and "submitted" is found again through the outbox by its
 * address (see run.ts); one between "created on the server" and "saved in the outbox" is the
 * outbox's own count-create-count search.
 */
export type JournalState = 'submitted' | 'stored' | 'bookmarked' | 'skipped' | 'failed';

export interface JournalRecord {
  /** The link's canonical address (utils/clip-log canonicalUrl), or the address as given. */
  key: string;
  state: JournalState;
  clipId?: string;
  noteId?: string;
  /** Why a link was skipped or failed: a short kind (already-there, http-404, timeout…). */
  reason?: string;
  at: string;
}

const DONE: ReadonlySet<JournalState> = new Set(['stored', 'bookmarked', 'skipped']);

export function isDone(record: JournalRecord | undefined): boolean {
  return record !== undefined && DONE.has(record.state);
}

export class Journal {
  /** The latest record of each link. */
  readonly latest = new Map<string, JournalRecord>();
  private fd: number;

  constructor(readonly path: string) {
    let text = '';
    if (existsSync(path)) {
      text = readFileSync(path, 'utf8');
      for (const line of text.split('\n')) {
        const record = parseRecord(line);
        if (record) this.latest.set(record.key, record);
      }
    }
    this.fd = openSync(path, 'a');
    // A line cut short by a crash mid-write is ended here, so the next record starts clean.
    if (text && !text.endsWith('\n')) writeSync(this.fd, '\n');
  }

  record(record: Omit<JournalRecord, 'at'>): void {
    const full = { ...record, at: new Date().toISOString() };
    writeSync(this.fd, `${JSON.stringify(full)}\n`);
    fdatasyncSync(this.fd);
    this.latest.set(full.key, full);
  }

  close(): void {
    closeSync(this.fd);
  }
}

function parseRecord(line: string): JournalRecord | undefined {
  if (!line.trim()) return undefined;
  try {
    const value = JSON.parse(line) as Partial<JournalRecord>;
    return typeof value.key === 'string' && typeof value.state === 'string'
      ? (value as JournalRecord)
      : undefined;
  } catch {
    return undefined;
  }
}
