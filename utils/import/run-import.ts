// Deep import: the clip-log index pulls in extension storage; the address rule is storage-free.
import { canonicalUrl } from '../clip-log/canonical-url';
import type { Result } from '../result';
import { parseImportFile } from './parse';
import type { ImportError, ImportedLink, ImportFormat } from './types';

/** The three background calls an import makes; the options page wires them to its messages. */
export interface ImportChannel {
  findKnownLinks(urls: string[]): Promise<Result<{ known: string[]; complete: boolean }>>;
  importLinks(links: ImportedLink[], format: ImportFormat): Promise<Result<{ ids: string[] }>>;
  importProgress(ids: string[]): Promise<
    Result<{
      states: Array<'queued' | 'sending' | 'saved' | 'needs-attention' | 'gone'>;
      attention?: string;
    }>
  >;
}

export interface ImportFileInput {
  name: string;
  bytes: Uint8Array;
}

export interface ImportProgress {
  phase: 'reading' | 'checking' | 'sending' | 'done';
  /** Links in the files (with a web address). */
  links: number;
  /** Already in the service (same canonical address), or twice in the files. */
  alreadyThere: number;
  /** Handed to the outbox so far. */
  queued: number;
  /** Stored by the service. */
  stored: number;
  /** Kept in the outbox waiting for the user (a refused key, an unknown deck…). */
  waiting: number;
  /** Entries of the files that name no web page. */
  noAddress: number;
  /** The sentence of the first clip that waits, when some do. */
  attention?: string;
  /** Some clips stopped moving for `stallMs`: they wait in the outbox (the page words it). */
  stalled?: boolean;
  /** Links not handed to the outbox because it stopped delivering (import the file again). */
  notSent: number;
  /** False when the account was larger than one check reads (see MAX_KNOWN_SCAN_PAGES). */
  checkedAll: boolean;
}

export interface ImportRunOptions {
  onProgress?(progress: ImportProgress): void;
  /** Links stored in the outbox per message: the outbox's batch. */
  batchSize?: number;
  /** At most this many of the import's clips wait in the outbox at once: its size stays bounded. */
  window?: number;
  pollMs?: number;
  /** How long clips may stay unmoved before the run stops following them. */
  stallMs?: number;
  sleep?(ms: number): Promise<void>;
  now?(): number;
}

export type ImportRun = Result<{ progress: ImportProgress }> & {
  /** Where a file could not be read; nothing was sent. */
  fileError?: ImportError;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * An import from the options page: every file is read first (a bad file stops the import before
 * anything is sent), links the service already has are left out (canonical address, tracking
 * parameters ignored; a link twice in the files counts once), the rest go to the outbox as
 * bookmark notes in batches, no more than `window` of them waiting at a time so a 10,000-link file
 * never makes a 10,000-clip outbox, and the run follows them until each is stored or waits for
 * the user.
 */
export async function runImport(
  files: readonly ImportFileInput[],
  channel: ImportChannel,
  options: ImportRunOptions = {},
): Promise<ImportRun> {
  const batchSize = options.batchSize ?? 100;
  const window = options.window ?? 150;
  const pollMs = options.pollMs ?? 500;
  const stallMs = options.stallMs ?? 60_000;
  const sleep = options.sleep ?? wait;
  const now = options.now ?? Date.now;
  const progress: ImportProgress = {
    phase: 'reading',
    links: 0,
    alreadyThere: 0,
    queued: 0,
    stored: 0,
    waiting: 0,
    noAddress: 0,
    notSent: 0,
    checkedAll: true,
  };
  const report = () => options.onProgress?.({ ...progress });
  report();

  const parsed: Array<{ format: ImportFormat; links: ImportedLink[] }> = [];
  for (const file of files) {
    const result = parseImportFile(file.bytes, { fileName: file.name });
    if (!result.ok) return { ok: false, error: result.error, fileError: result.error };
    parsed.push({ format: result.format, links: result.links });
    progress.links += result.links.length;
    progress.noAddress += result.skipped.length;
  }

  progress.phase = 'checking';
  report();
  const keys = new Set<string>();
  const unique: Array<{ format: ImportFormat; link: ImportedLink; key: string }> = [];
  for (const { format, links } of parsed) {
    for (const link of links) {
      const key = canonicalUrl(link.url) ?? link.url;
      if (keys.has(key)) {
        progress.alreadyThere++;
        continue;
      }
      keys.add(key);
      unique.push({ format, link, key });
    }
  }
  const checked = await channel.findKnownLinks([...keys]);
  if (!checked.ok) return checked;
  progress.checkedAll = checked.complete;
  const known = new Set(checked.known);
  const toSend = unique.filter((item) => !known.has(item.key));
  progress.alreadyThere += unique.length - toSend.length;

  progress.phase = 'sending';
  report();
  let pending: string[] = [];
  let lastMove = now();
  const follow = async () => {
    const answer = await channel.importProgress(pending);
    if (!answer.ok) return answer;
    const still: string[] = [];
    answer.states.forEach((state, index) => {
      // Gone: saved, then pruned from the outbox before this look (it keeps the newest few).
      if (state === 'saved' || state === 'gone') progress.stored++;
      else if (state === 'needs-attention') progress.waiting++;
      else still.push(pending[index] as string);
    });
    if (answer.attention) progress.attention ??= answer.attention;
    if (still.length !== pending.length) lastMove = now();
    pending = still;
    report();
    return answer;
  };
  /**
   * Clips that have not moved for `stallMs` (the service is down, the key was refused and the
   * outbox paused): the run stops following them; the outbox keeps them and sends them later.
   */
  const stalled = () => {
    if (now() - lastMove < stallMs) return false;
    progress.waiting += pending.length;
    progress.stalled = true;
    pending = [];
    return true;
  };

  for (let start = 0; start < toSend.length; ) {
    if (pending.length + batchSize > window && pending.length) {
      await sleep(pollMs);
      const answer = await follow();
      if (!answer.ok) return answer;
      if (stalled()) break;
      continue;
    }
    // One format per message: a batch stops where a file of another format begins.
    const format = toSend[start]?.format as ImportFormat;
    let end = start;
    while (end < toSend.length && end - start < batchSize && toSend[end]?.format === format) end++;
    const sameFormat = toSend.slice(start, end);
    const stored = await channel.importLinks(
      sameFormat.map((item) => item.link),
      format,
    );
    if (!stored.ok) return stored;
    pending.push(...stored.ids);
    progress.queued += stored.ids.length;
    start += sameFormat.length;
    report();
  }
  while (pending.length) {
    await sleep(pollMs);
    const answer = await follow();
    if (!answer.ok) return answer;
    stalled();
  }
  // Links not handed over because the outbox stopped moving: not sent, said so.
  progress.notSent = toSend.length - progress.queued;
  progress.phase = 'done';
  report();
  return { ok: true, progress: { ...progress } };
}
