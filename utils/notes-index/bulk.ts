import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import { t } from '../i18n';
import { failure, type Result } from '../result';
import { readConnection } from '../settings';
import { type NoteActionDependencies, updateNote } from './actions';
import { lookUpInCatalog } from './catalog';
import { readNotesIndex } from './store';

/**
 * Bulk retag (issue 18): a tag added to or removed from many notes in one step. Runs in the
 * background, so closing the popup stops nothing; the job and its progress are stored, so a
 * popup opened later shows where it is, and a background that was stopped resumes it.
 *
 * Each note goes through `updateNote` (read, then PUT only what differs), in batches of at most
 * BULK_BATCH notes (the interface's recommended batch size): a batch's notes are looked up in the
 * catalog together, and a note the catalog shows already as wanted gets no request at all.
 */
export const BULK_BATCH = 100;
/** More notes than this in one job is a mistake of the caller (the popup caps selection). */
export const BULK_MAX_NOTES = 10_000;

const failedSchema = z.object({ id: z.string(), title: z.string(), message: z.string() });
export type BulkFailure = z.infer<typeof failedSchema>;

const bulkJobSchema = z.object({
  id: z.string(),
  baseUrl: z.string(),
  add: z.array(z.string()),
  remove: z.array(z.string()),
  ids: z.array(z.string()).check(z.maxLength(BULK_MAX_NOTES)),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;

/** What the popup shows: small, written after each note. */
export const bulkProgressSchema = z.object({
  jobId: z.string(),
  add: z.array(z.string()),
  remove: z.array(z.string()),
  total: z.int().check(z.nonnegative()),
  /** Notes handled, whatever came of them. */
  done: z.int().check(z.nonnegative()),
  /** Notes whose tags were changed by a PUT. */
  changed: z.int().check(z.nonnegative()),
  /** Notes that already were as wanted: no PUT. */
  unchanged: z.int().check(z.nonnegative()),
  failed: z.array(failedSchema),
  state: z.enum(['running', 'finished']),
});
export type BulkProgress = z.infer<typeof bulkProgressSchema>;

export const bulkJobItem = storage.defineItem<BulkJob | null>('local:bulkRetagJob', {
  fallback: null,
  version: 1,
});
export const bulkProgressItem = storage.defineItem<BulkProgress | null>('local:bulkRetagProgress', {
  fallback: null,
  version: 1,
});

export function parseBulkProgress(value: unknown): BulkProgress | null {
  const parsed = bulkProgressSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export async function readBulkProgress(): Promise<BulkProgress | null> {
  return parseBulkProgress(await bulkProgressItem.getValue());
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The note's tags after the change; tags compare without regard to case. */
export function retagged(
  tags: readonly string[],
  change: { add: readonly string[]; remove: readonly string[] },
): string[] {
  const kept = tags.filter((tag) => !change.remove.some((gone) => same(gone, tag)));
  const added = change.add.filter((tag) => !kept.some((have) => same(have, tag)));
  return [...kept, ...added];
}

function needsChange(
  tags: readonly string[],
  change: { add: readonly string[]; remove: readonly string[] },
): boolean {
  const next = retagged(tags, change);
  return next.length !== tags.length || next.some((tag, index) => tag !== tags[index]);
}

/** Failures that stop the whole job: every later note would fail the same way. */
const STOPPING = new Set(['auth', 'network', 'timeout', 'not-configured']);

let running: Promise<void> | undefined;

/**
 * Starts a job unless one is running. `ids` are taken once each, in the order given.
 */
export async function startBulkRetag(
  request: { ids: readonly string[]; add: readonly string[]; remove: readonly string[] },
  dependencies: NoteActionDependencies = {},
): Promise<Result<{ jobId: string }>> {
  const current = await readBulkProgress();
  if (running || current?.state === 'running') {
    return failure(
      'busy',
      t('notesIndex.bulk.busy', {
        done: String(current?.done ?? 0),
        total: String(current?.total ?? 0),
      }),
    );
  }
  const saved = await readConnection();
  if (!saved.ok) return saved;
  const clean = (tags: readonly string[]) => [
    ...new Map(
      tags
        .map((tag) => tag.trim())
        .filter(Boolean)
        .map((tag) => [tag.toLowerCase(), tag]),
    ).values(),
  ];
  const add = clean(request.add);
  const remove = clean(request.remove).filter((tag) => !add.some((other) => same(other, tag)));
  const ids = [...new Set(request.ids)];
  if (!ids.length || (!add.length && !remove.length)) {
    return failure('invalid-request', t('notesIndex.bulk.nothingToDo'));
  }
  const job: BulkJob = {
    id: crypto.randomUUID(),
    baseUrl: saved.connection.baseUrl,
    add,
    remove,
    ids,
  };
  await bulkJobItem.setValue(job);
  await bulkProgressItem.setValue({
    jobId: job.id,
    add,
    remove,
    total: ids.length,
    done: 0,
    changed: 0,
    unchanged: 0,
    failed: [],
    state: 'running',
  });
  void resumeBulkRetag(dependencies);
  return { ok: true, jobId: job.id };
}

/**
 * Runs the stored job from where its progress says, if it is not finished. Called after a start,
 * and when the background starts (a stopped service worker left it half done).
 */
export function resumeBulkRetag(dependencies: NoteActionDependencies = {}): Promise<void> {
  running ??= runJob(dependencies).finally(() => {
    running = undefined;
  });
  return running;
}

async function runJob(dependencies: NoteActionDependencies): Promise<void> {
  const job = bulkJobSchema.safeParse(await bulkJobItem.getValue());
  let progress = await readBulkProgress();
  if (!job.success || !progress || progress.jobId !== job.data.id) return;
  if (progress.state !== 'running') return;
  const { ids, add, remove, baseUrl } = job.data;
  const change = { add, remove };
  const save = async (next: BulkProgress) => {
    progress = next;
    await bulkProgressItem.setValue(next);
  };
  while (progress.done < ids.length) {
    const batch = ids.slice(progress.done, progress.done + BULK_BATCH);
    const index = await readNotesIndex();
    const known =
      index?.baseUrl === baseUrl && index.catalog.state !== 'missing'
        ? await lookUpInCatalog({ baseUrl, shards: index.catalog.shards }, batch)
        : new Map();
    for (const id of batch) {
      const note = known.get(id);
      if (note && !needsChange(note.tags, change)) {
        await save({ ...progress, done: progress.done + 1, unchanged: progress.unchanged + 1 });
        continue;
      }
      // Through the outbox: the tags are worked out against the note as the service has it when
      // the PUT goes out, and a change the service cannot take now is kept and sent later.
      const result = await updateNote(
        id,
        { ...(add.length && { addTags: add }), ...(remove.length && { removeTags: remove }) },
        dependencies,
      );
      if (result.ok) {
        const put = result.changed.length > 0;
        await save({
          ...progress,
          done: progress.done + 1,
          changed: progress.changed + (put ? 1 : 0),
          unchanged: progress.unchanged + (put ? 0 : 1),
        });
        continue;
      }
      const title = note?.title ?? '';
      if (STOPPING.has(result.error.kind)) {
        // The rest would fail alike: all are listed as failed with this reason, for a retry.
        const rest = ids.slice(progress.done).map((other) => ({
          id: other,
          title: other === id ? title : (known.get(other)?.title ?? ''),
          message: result.error.message,
        }));
        await save({
          ...progress,
          done: ids.length,
          failed: [...progress.failed, ...rest],
          state: 'finished',
        });
        return;
      }
      await save({
        ...progress,
        done: progress.done + 1,
        failed: [...progress.failed, { id, title, message: result.error.message }],
      });
    }
  }
  await save({ ...progress, state: 'finished' });
}

/** Forgets a finished job (the popup's "Done"); a running one is left alone. */
export async function dismissBulkRetag(): Promise<Result> {
  const progress = await readBulkProgress();
  if (progress?.state === 'running') {
    return failure(
      'busy',
      t('notesIndex.bulk.busy', { done: String(progress.done), total: String(progress.total) }),
    );
  }
  await bulkProgressItem.removeValue();
  await bulkJobItem.removeValue();
  return { ok: true };
}
