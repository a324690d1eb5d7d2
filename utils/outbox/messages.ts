import * as z from 'zod/mini';
import { t } from '../i18n';
import { isFromExtensionPage, type MessageRegistrar } from '../messaging';
import { failure, type Result } from '../result';
import { getOutbox } from './background';
import { noteDraftSchema } from './entry';
import type { Outcome } from './outbox';
import { describeSetAside, exportSetAside, readSetAside } from './set-aside';
import { summarizeClip, summarizeOutbox } from './summary';

// Functions, not constants: a sentence is read in the browser's language when it is said.
const REFUSED = () => failure('refused', t('outbox.refusedSender'));
const MALFORMED = () => failure('invalid-request', t('outbox.malformed'));

// Spread, not z.extend: the helper pulls zod's object utilities into the background (issue 18).
const clipId = { id: z.string().check(z.minLength(1)) };
const clipIdSchema = z.object(clipId);
const editSchema = z.object({
  ...clipId,
  draft: z.optional(noteDraftSchema),
  deckId: z.optional(z.nullable(z.string().check(z.minLength(1)))),
});

function toReply(outcome: Outcome) {
  return outcome.ok ? { ok: true as const, clip: summarizeClip(outcome.clip) } : outcome;
}

/**
 * The outbox's messages, for the popup's list: what waits and why, and the actions that fit
 * (retry now, edit and resend, change notebook, discard).
 */
export function registerOutboxMessages(on: MessageRegistrar): void {
  const outbox = getOutbox();

  on('listOutbox', async (message) => {
    if (!isFromExtensionPage(message)) return REFUSED();
    const current = await outbox.list();
    return {
      ok: true,
      clips: summarizeOutbox(current, Date.now()),
      pausedForAuth: current.pausedForAuth,
    };
  });

  on('getClip', async (message) => {
    if (!isFromExtensionPage(message)) return REFUSED();
    const request = clipIdSchema.safeParse(message.data);
    if (!request.success) return MALFORMED();
    const entry = await outbox.get(request.data.id);
    if (!entry) return failure('not-found', t('outbox.noLongerHere'));
    return { ok: true, clip: summarizeClip(entry), draft: entry.draft };
  });

  on('retryClip', async (message) => {
    if (!isFromExtensionPage(message)) return REFUSED();
    const request = clipIdSchema.safeParse(message.data);
    return request.success ? toReply(await outbox.retry(request.data.id)) : MALFORMED();
  });

  on('editClip', async (message) => {
    if (!isFromExtensionPage(message)) return REFUSED();
    const request = editSchema.safeParse(message.data);
    if (!request.success) return MALFORMED();
    const { id, draft, deckId } = request.data;
    return toReply(
      await outbox.edit(id, {
        ...(draft && { draft }),
        ...(deckId !== undefined && { deckId }),
      }),
    );
  });

  on('clipProgress', async (message) => {
    if (!isFromExtensionPage(message)) return REFUSED();
    const request = z
      .object({ ids: z.array(z.string()).check(z.maxLength(10_000)) })
      .safeParse(message.data);
    if (!request.success) return MALFORMED();
    return { ok: true, progress: await outbox.progress(request.data.ids) };
  });

  on('listSetAside', async (message) => {
    if (!isFromExtensionPage(message)) return REFUSED();
    // Anything in the outbox it cannot read is set aside first, so the count is complete.
    await outbox.keepUnreadable();
    const setAside = await readSetAside();
    return { ok: true, count: setAside.clips.length, message: describeSetAside(setAside) };
  });

  on('exportSetAside', async (message) => {
    if (!isFromExtensionPage(message)) return REFUSED();
    const setAside = await readSetAside();
    return { ok: true, count: setAside.clips.length, json: exportSetAside(setAside, Date.now()) };
  });

  on('discardClip', async (message): Promise<Result> => {
    if (!isFromExtensionPage(message)) return REFUSED();
    const request = clipIdSchema.safeParse(message.data);
    return request.success ? outbox.discard(request.data.id) : MALFORMED();
  });
}
