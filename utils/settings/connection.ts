import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import { t } from '../i18n';
import { failure, type Result } from '../result';
import { checkBaseUrl } from './base-url';
import { readSetting, type VersionedSetting, writeSetting } from './stored';

/**
 * Where the Notes service lives and the key for it. Local storage only: never synced, never
 * exported, read by extension pages and the background and by nothing else.
 */
export interface Connection {
  /** Normalised by `checkBaseUrl`, or '' before the user has saved one. */
  baseUrl: string;
  apiKey: string;
}

/** A stored base URL: empty (not set yet) or already in the form `checkBaseUrl` returns. */
export const baseUrlSchema = z.string().check(
  z.refine((value) => {
    if (value === '') return true;
    const check = checkBaseUrl(value);
    return check.ok && check.baseUrl === value;
  }, 'expected an http(s) address such as https://notes.example.com/api'),
);

export const connectionSchema: z.ZodMiniType<Connection> = z.object({
  baseUrl: baseUrlSchema,
  apiKey: z
    .string()
    .check(z.refine((value) => value === value.trim(), 'expected no surrounding spaces')),
});

export const CONNECTION_VERSION = 2;

/**
 * v1 → v2: version 1 stored the base URL as typed (spaces, trailing slash and all), so the client
 * could build `…/api//notes/`. Version 2 stores it normalised; an address that cannot be
 * normalised is kept, and the reader reports it so the user can correct it.
 */
export function migrateConnectionV1ToV2(stored: { baseUrl?: unknown; apiKey?: unknown }) {
  const baseUrl = typeof stored.baseUrl === 'string' ? stored.baseUrl : '';
  const apiKey = typeof stored.apiKey === 'string' ? stored.apiKey.trim() : '';
  const check = checkBaseUrl(baseUrl);
  return { baseUrl: check.ok ? check.baseUrl : baseUrl.trim(), apiKey };
}

export const connectionItem = storage.defineItem<Connection>('local:connection', {
  fallback: { baseUrl: '', apiKey: '' },
  version: CONNECTION_VERSION,
  migrations: { 2: migrateConnectionV1ToV2 },
});

export const connectionSetting: VersionedSetting<Connection> = {
  item: connectionItem,
  schema: connectionSchema,
  version: CONNECTION_VERSION,
  name: 'connection',
};

/**
 * The connection for talking to the service, validated. What the background should use instead
 * of reading `connectionItem` directly: a damaged value becomes a sentence, not a bad request.
 */
export async function readConnection(): Promise<Result<{ connection: Connection }>> {
  const { value, notice } = await readSetting(connectionSetting);
  if (notice) return failure('not-configured', `${notice} Open Clipdeck’s options to fix it.`);
  if (!value.baseUrl || !value.apiKey) return failure('not-configured', t('common.notConfigured'));
  return { ok: true, connection: value };
}

/**
 * Whether a key saved for `from` may go on to `to`. The key is bound to the origin it was entered
 * for (scheme, host and port): a different path on the same origin keeps it. The one other case
 * is the same host moving from plain http to https on the default ports, which only protects the
 * key better.
 */
export function keyCarriesTo(from: string, to: string): boolean {
  const a = parseAddress(from);
  const b = parseAddress(to);
  if (!a || !b) return false;
  if (a.origin === b.origin) return true;
  return (
    a.protocol === 'http:' &&
    b.protocol === 'https:' &&
    a.hostname === b.hostname &&
    a.port === '' &&
    b.port === ''
  );
}

function parseAddress(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

export interface SaveConnectionOptions {
  /**
   * The user typed or pasted the key for this address in this save. Without it, a key equal to
   * the stored one counts as carried over from the stored address.
   */
  keyEntered?: boolean;
}

/** What was stored; `keyNeeded` when the key was left out because it belongs to another origin. */
export type SavedConnection =
  | { connection: Connection; keyNeeded: false }
  | { connection: Connection; keyNeeded: true; message: string };

/**
 * Validates and stores the connection. The key stays bound to its origin: saving an address on
 * another origin with the stored key (the key field still showing it) stores no key and says a
 * key is needed, so the key never reaches a server the user did not enter it for. A different
 * key, or `keyEntered`, is a key given for the new address and is stored.
 */
export async function saveConnection(
  connection: Connection,
  { keyEntered = false }: SaveConnectionOptions = {},
): Promise<SavedConnection> {
  const { value: stored } = await readSetting(connectionSetting);
  const carriedOver =
    !keyEntered &&
    connection.apiKey !== '' &&
    connection.apiKey === stored.apiKey &&
    stored.baseUrl !== '' &&
    connection.baseUrl !== '' &&
    !keyCarriesTo(stored.baseUrl, connection.baseUrl);
  if (!carriedOver) {
    await writeSetting(connectionSetting, connection);
    return { connection, keyNeeded: false };
  }
  const saved = { baseUrl: connection.baseUrl, apiKey: '' };
  await writeSetting(connectionSetting, saved);
  return { connection: saved, keyNeeded: true, message: keyNeededMessage(connection.baseUrl) };
}

function keyNeededMessage(baseUrl: string): string {
  const host = parseAddress(baseUrl)?.host ?? baseUrl;
  return t('settings.keyNeeded', { host });
}

/**
 * Set when the service refused the stored key (HTTP 401) — typically after “Refresh Key” in the
 * account settings replaced it. The options page shows a banner until a key is saved or a test
 * succeeds.
 */
export interface KeyRefusal {
  refusedAt: string;
}

export const keyRefusalItem = storage.defineItem<KeyRefusal | null>('local:keyRefusal', {
  fallback: null,
  version: 1,
});

export const keyRefusalSchema: z.ZodMiniType<KeyRefusal | null> = z.nullable(
  z.object({ refusedAt: z.string() }),
);

export function recordKeyRefused(now = new Date()): Promise<void> {
  return keyRefusalItem.setValue({ refusedAt: now.toISOString() });
}

export function clearKeyRefusal(): Promise<void> {
  return keyRefusalItem.removeValue();
}

export async function readKeyRefusal(): Promise<KeyRefusal | null> {
  const parsed = keyRefusalSchema.safeParse(await keyRefusalItem.getValue());
  return parsed.success ? parsed.data : null;
}
