import { createWordedNotesClient } from '../api';
import { apiSentenceText } from '../i18n';
import { readConnection, recordKeyRefused } from '../settings';
import type { OutboxConfig } from './config';
import { type ClipOutbox, createOutbox, type OutboxClient } from './outbox';

/** A client for the connection saved in the options, or null while none is saved. */
export async function clientForSavedConnection(config: OutboxConfig): Promise<OutboxClient | null> {
  const read = await readConnection();
  if (!read.ok) return null;
  return createWordedNotesClient({
    ...read.connection,
    timeoutMs: config.requestTimeoutMs,
    words: apiSentenceText,
  });
}

let backgroundOutbox: ClipOutbox | undefined;

/** The background's one outbox; every clip and every outbox message goes through it. */
export function getOutbox(): ClipOutbox {
  backgroundOutbox ??= createOutbox({
    getClient: clientForSavedConnection,
    // The options page shows its "key refused" banner from this record.
    onKeyRefused: () => recordKeyRefused(),
  });
  return backgroundOutbox;
}
