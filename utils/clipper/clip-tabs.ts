import * as z from 'zod/mini';
import { t } from '../i18n';
import {
  BATCH_SIZE,
  type ClipSummary,
  getOutbox,
  type NewClip,
  NOT_STORED_MESSAGE,
  summarizeClip,
} from '../outbox';
import { failure, type Result, type UserError } from '../result';
import { HOST_PATTERN, withLentHostAccess } from './host-access';
import { prepareClip } from './prepare';

const clipTabsRequestSchema = z.object({
  tabIds: z.array(z.int().check(z.nonnegative())).check(z.maxLength(10_000)),
  deckId: z.optional(z.string().check(z.minLength(1))),
  tags: z.optional(z.array(z.string())),
  /** Host patterns the page was granted only for this batch: given back once the tabs are read. */
  giveBack: z.optional(z.array(z.string().check(z.regex(HOST_PATTERN))).check(z.maxLength(1000))),
});
export type ClipTabsRequest = z.infer<typeof clipTabsRequestSchema>;

export interface TabClipFailure {
  tabId: number;
  error: UserError;
}

/**
 * Bulk clipping ("Clip all tabs in this window"): each tab is extracted in turn and the clips are
 * handed to the outbox in batches of at most BATCH_SIZE, each batch stored in one write. Delivery
 * then goes at the outbox's pace; `clipProgress` reports it. A tab that cannot be clipped is
 * reported with its reason and does not stop the others.
 */
export type ClipTabsResult = Result<{
  clips: ClipSummary[];
  failures: TabClipFailure[];
  /** The API origin's pattern, when giving back `giveBack` took its access too. */
  apiAccessLost?: string;
}>;

export async function clipTabs(input: ClipTabsRequest): Promise<ClipTabsResult> {
  const parsed = clipTabsRequestSchema.safeParse(input);
  if (!parsed.success) {
    return failure('invalid-request', t('clip.unreadableTabs'));
  }
  const request = parsed.data;
  const { value, access } = await withLentHostAccess(request.giveBack ?? [], () =>
    clipEach(request),
  );
  return value.ok && access.apiAccessLost
    ? { ...value, apiAccessLost: access.apiAccessLost }
    : value;
}

async function clipEach(request: ClipTabsRequest): Promise<ClipTabsResult> {
  const clips: ClipSummary[] = [];
  const failures: TabClipFailure[] = [];
  for (let start = 0; start < request.tabIds.length; start += BATCH_SIZE) {
    const tabIds = request.tabIds.slice(start, start + BATCH_SIZE);
    const batch: Array<{ tabId: number; clip: NewClip }> = [];
    for (const tabId of tabIds) {
      const prepared = await prepareClip(tabId, {
        ...(request.deckId !== undefined && { deckId: request.deckId }),
        ...(request.tags !== undefined && { tags: request.tags }),
      });
      if (!prepared.ok) {
        // Not connected: no tab can be clipped, so say it once.
        if (prepared.error.kind === 'not-configured') return prepared;
        failures.push({ tabId, error: prepared.error });
        continue;
      }
      batch.push({
        tabId,
        clip: {
          draft: prepared.draft,
          ...(prepared.deckId !== undefined && { deckId: prepared.deckId }),
          sourceUrl: prepared.clip.url,
        },
      });
    }
    if (!batch.length) continue;
    try {
      const stored = await getOutbox().addMany(batch.map((item) => item.clip));
      clips.push(...stored.map(summarizeClip));
    } catch {
      for (const { tabId } of batch) {
        failures.push({ tabId, error: { kind: 'not-stored', message: NOT_STORED_MESSAGE } });
      }
    }
  }
  return { ok: true, clips, failures };
}
