import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import { plural } from '../i18n';
import { OUTBOX_VERSION, type Outbox, outboxEntrySchema, parseOutbox } from './entry';

/**
 * Clips the outbox could not read (issue 14, "nothing lost, even on bad data"). An entry that
 * fails validation — damaged, or written by a newer Clipdeck after a downgrade — used to be
 * dropped when read and so lost at the next write. Now it is copied here, as it was stored, before
 * the outbox is written without it; it is never deleted by Clipdeck, the options page shows how
 * many there are, and the user can export them as JSON (to import with a newer Clipdeck, or to
 * copy the text out by hand).
 */

export const SET_ASIDE_REASONS = ['damaged', 'newer-version'] as const;

export const setAsideClipSchema = z.object({
  reason: z.enum(SET_ASIDE_REASONS),
  /** What did not validate, for whoever reads the export. */
  detail: z.string(),
  setAsideAt: z.number(),
  /** The entry exactly as storage held it. */
  entry: z.unknown(),
});
export type SetAsideClip = z.infer<typeof setAsideClipSchema>;

export const setAsideSchema = z.object({ clips: z.array(setAsideClipSchema) });
export type SetAside = z.infer<typeof setAsideSchema>;

export const outboxSetAsideItem = storage.defineItem<SetAside>('local:outboxQuarantine', {
  fallback: { clips: [] },
  version: 1,
});

/** The outbox storage held, split into what this version can use and what it must keep aside. */
export interface ReadOutbox {
  outbox: Outbox;
  setAside: Omit<SetAsideClip, 'setAsideAt'>[];
}

/**
 * Splits a stored outbox. `storedVersion` is the item's version stamp: one above OUTBOX_VERSION
 * means a newer Clipdeck wrote it, and none of its entries is trusted to mean what this version
 * thinks (a field it does not know may say "already sent"), so all are kept aside.
 */
export function splitOutbox(value: unknown, storedVersion: number): ReadOutbox {
  const raw = z
    .catch(z.object({ entries: z.array(z.unknown()) }), { entries: [] })
    .parse(value).entries;
  if (storedVersion > OUTBOX_VERSION) {
    return {
      outbox: { entries: [], pausedForAuth: false },
      setAside: raw.map((entry) => ({
        reason: 'newer-version' as const,
        detail: `written by a newer Clipdeck (outbox version ${storedVersion})`,
        entry,
      })),
    };
  }
  const outbox = parseOutbox(value);
  // Every entry validated: nothing to set aside, and no second validation of each (issue 17).
  if (outbox.entries.length === raw.length) return { outbox, setAside: [] };
  const kept = new Set(outbox.entries.map((entry) => entry.id));
  const setAside = raw.flatMap((entry) => {
    const parsed = outboxEntrySchema.safeParse(entry);
    if (parsed.success && kept.has(parsed.data.id)) return [];
    const issue = parsed.success ? undefined : parsed.error.issues[0];
    const detail = issue ? `${issue.path.join('.') || 'entry'}: ${issue.message}` : 'unreadable';
    return [{ reason: 'damaged' as const, detail, entry }];
  });
  return { outbox, setAside };
}

/** Adds clips to the set-aside store, skipping any already there (a write repeated after a crash). */
export async function keepAside(clips: ReadOutbox['setAside'], now: number): Promise<void> {
  if (!clips.length) return;
  const current = await readSetAside();
  const known = new Set(current.clips.map((clip) => JSON.stringify(clip.entry)));
  const added = clips
    .filter((clip) => !known.has(JSON.stringify(clip.entry)))
    .map((clip) => ({ ...clip, setAsideAt: now }));
  if (added.length) await outboxSetAsideItem.setValue({ clips: [...current.clips, ...added] });
}

/**
 * The set-aside store. A value that does not validate as a whole keeps every item that does,
 * and an item that does not is kept as its raw value: nothing here is ever dropped.
 */
export async function readSetAside(): Promise<SetAside> {
  const value = await outboxSetAsideItem.getValue();
  const whole = setAsideSchema.safeParse(value);
  if (whole.success) return whole.data;
  const items = z
    .catch(z.object({ clips: z.array(z.unknown()) }), { clips: [] })
    .parse(value).clips;
  return {
    clips: items.map((item) => {
      const parsed = setAsideClipSchema.safeParse(item);
      return parsed.success
        ? parsed.data
        : { reason: 'damaged', detail: 'unreadable', setAsideAt: 0, entry: item };
    }),
  };
}

/** What the options page shows: a count and a sentence, or null when nothing is set aside. */
export function describeSetAside(setAside: SetAside): string | null {
  const count = setAside.clips.length;
  if (!count) return null;
  const newer = setAside.clips.some((clip) => clip.reason === 'newer-version');
  return plural(newer ? 'outbox.setAsideNewer' : 'outbox.setAside', count);
}

/** The set-aside clips as a JSON document the user can download. */
export function exportSetAside(setAside: SetAside, now: number): string {
  return `${JSON.stringify(
    { kind: 'clipdeck-set-aside-clips', exportedAt: new Date(now).toISOString(), ...setAside },
    null,
    2,
  )}\n`;
}
