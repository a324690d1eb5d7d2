import { storage, type WxtStorageItem } from 'wxt/utils/storage';
import type * as z from 'zod/mini';
import { t } from '../i18n';

/**
 * Reading and writing a versioned item with its zod schema. A stored value that does not fit
 * its schema, or that a newer Clipdeck wrote, never reaches the UI as-is: the reader falls back
 * to the item's defaults and says so, so the options page can show a notice instead of breaking.
 */
export interface VersionedSetting<T> {
  item: WxtStorageItem<T, Record<string, unknown>>;
  schema: z.ZodMiniType<T>;
  version: number;
  /** How the notice names this setting to the user: “connection”, “decks”, … */
  name: string;
}

export interface LoadedSetting<T> {
  value: T;
  /** Set when the stored value could not be used and defaults are shown instead. */
  notice?: string;
}

export async function readSetting<T>(setting: VersionedSetting<T>): Promise<LoadedSetting<T>> {
  const { item, schema, version, name } = setting;
  // getMeta waits for the item's migrations; the raw read below must not race them.
  const meta = await item.getMeta();
  const raw = await storage.getItem<unknown>(item.key);
  if (raw == null) return { value: item.fallback };
  const storedVersion = typeof meta.v === 'number' ? meta.v : 1;
  if (storedVersion > version) {
    return {
      value: item.fallback,
      notice: t('settings.fromNewerVersion', { name }),
    };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    return {
      value: item.fallback,
      notice: t('settings.damaged', { name, issues: describeIssues(parsed.error) }),
    };
  }
  return { value: parsed.data };
}

/**
 * Writes a value and stamps the item's version: after a fallback from a newer version the old
 * stamp would otherwise stay behind and the value would be refused again on the next read.
 */
export async function writeSetting<T>(setting: VersionedSetting<T>, value: T): Promise<void> {
  const valid = setting.schema.parse(value);
  await setting.item.setValue(valid);
  await storage.setMeta(setting.item.key, { v: setting.version });
}

/** `decks[1].label: Too small…` — the first problem of a zod error, with the field it is in. */
export function describeIssues(error: z.core.$ZodError, prefix = ''): string {
  const [issue] = error.issues;
  if (!issue) return 'unknown problem';
  const field = issue.path.reduce<string>(
    (path, key) =>
      typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${String(key)}` : String(key),
    prefix,
  );
  return field ? `${field}: ${issue.message}` : issue.message;
}
