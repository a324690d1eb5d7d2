import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import type { OutboxEntry } from './entry';

/**
 * A waiting draft's Markdown, kept under a storage key of its own (issue 17). The list of clips is
 * rewritten at every transition (stored, sending, saved…); with the Markdown in it, every write
 * re-serialised every waiting page, so a clip cost more the more clips waited. A body is written
 * once, before the list that names it, and never changed: an edited draft gets a new key, and a
 * key is removed only after a list that no longer names it is written. A crash leaves at worst a
 * body nobody names (swept when the next worker starts), never a list naming a body that is not
 * there.
 */

const BODY_PREFIX = 'local:outboxBody:';
const bodySchema = z.string();

type BodyStorageKey = `local:outboxBody:${string}`;

function storageKey(bodyKey: string): BodyStorageKey {
  return `${BODY_PREFIX}${bodyKey}`;
}

/** The bodies stored under these keys; a key with no body (or not a string) is left out. */
export async function readBodies(keys: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!keys.length) return found;
  const items = await storage.getItems(keys.map(storageKey));
  keys.forEach((key, index) => {
    const parsed = bodySchema.safeParse(items[index]?.value);
    if (parsed.success) found.set(key, parsed.data);
  });
  return found;
}

export async function writeBodies(bodies: ReadonlyMap<string, string>): Promise<void> {
  if (!bodies.size) return;
  await storage.setItems([...bodies].map(([key, value]) => ({ key: storageKey(key), value })));
}

export async function removeBodies(keys: readonly string[]): Promise<void> {
  if (keys.length) await storage.removeItems(keys.map(storageKey));
}

/**
 * The outbox as it goes into the list: each draft's Markdown replaced by the key of its body.
 * `known` holds the bodies already stored (key → text); an entry whose Markdown is still the one
 * stored under its key keeps that key, any other Markdown gets a new key (returned in `written`,
 * to store before the list). An empty Markdown (an edit, a checked clip) needs no body.
 */
export function separateBodies(
  entries: readonly OutboxEntry[],
  known: ReadonlyMap<string, string>,
  newKey: (entry: OutboxEntry) => string,
): { entries: OutboxEntry[]; written: Map<string, string>; named: Set<string> } {
  const written = new Map<string, string>();
  const named = new Set<string>();
  const listed = entries.map((entry) => {
    const { bodyKey: oldKey, ...rest } = entry;
    const markdown = entry.draft.markdown_text;
    if (!markdown) return rest;
    let bodyKey = oldKey;
    if (bodyKey === undefined || known.get(bodyKey) !== markdown) {
      bodyKey = newKey(entry);
      written.set(bodyKey, markdown);
    }
    named.add(bodyKey);
    return { ...rest, bodyKey, draft: { ...entry.draft, markdown_text: '' } };
  });
  return { entries: listed, written, named };
}

/**
 * Clips about to be set aside, with their Markdown put back into the copy kept (a set-aside clip
 * is exported as it is: its body's key would mean nothing there). The body itself is removed
 * once that copy is kept and a list without the clip is written (asideBodyKeys).
 */
export async function restoreBodies<T extends { entry: unknown }>(clips: T[]): Promise<T[]> {
  const keys = asideBodyKeys(clips);
  if (!keys.length) return clips;
  const found = await readBodies(keys);
  return clips.map((clip) => {
    const key = bodyKeyOf(clip.entry);
    const markdown = key === undefined ? undefined : found.get(key);
    if (markdown === undefined) return clip;
    const entry = clip.entry as { draft: object };
    return { ...clip, entry: { ...entry, draft: { ...entry.draft, markdown_text: markdown } } };
  });
}

/** The body key an entry that did not validate names, if it has a draft to put the body in. */
function bodyKeyOf(entry: unknown): string | undefined {
  const key = (entry as { bodyKey?: unknown } | null)?.bodyKey;
  const draft = (entry as { draft?: unknown } | null)?.draft;
  return typeof key === 'string' && typeof draft === 'object' && draft !== null ? key : undefined;
}

/**
 * The bodies of clips set aside. Once the copy kept aside holds their Markdown (restoreBodies)
 * and a list without them is written, nothing names them again: they are removed then, or they
 * would stay in storage for good.
 */
export function asideBodyKeys(clips: readonly { entry: unknown }[]): string[] {
  return clips.flatMap((clip) => bodyKeyOf(clip.entry) ?? []);
}

/**
 * Removes the bodies the stored list does not name: what a worker stopped between a body's write
 * and its list's (or between the list and the removal) left behind. Run in the outbox's write
 * queue, where the stored list names every live body. A key is kept if it occurs anywhere in the
 * list as stored, entries that do not validate included: a doubt keeps the body. Browsers without
 * `storage.local.getKeys` (Chrome before 130) keep such bodies: harmless, only space.
 */
export async function sweepBodies(storedList: unknown): Promise<void> {
  const local = browser.storage.local as { getKeys?: () => Promise<string[]> };
  const listed = JSON.stringify(storedList);
  const prefix = BODY_PREFIX.slice('local:'.length);
  await removeBodies(
    ((await local.getKeys?.()) ?? []).flatMap((key) => {
      const bodyKey = key.slice(prefix.length);
      return key.startsWith(prefix) && !listed.includes(`"${bodyKey}"`) ? [bodyKey] : [];
    }),
  );
}
