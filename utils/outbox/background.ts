import { browser } from 'wxt/browser';
import { createWordedNotesClient } from '../api';
import { apiSentenceText } from '../i18n';
import { connectionItem, readConnection, recordKeyRefused } from '../settings';
import type { OutboxConfig } from './config';
import { type ClipOutbox, createOutbox, OUTBOX_ALARM, type OutboxClient } from './outbox';

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

function logFailure(error: unknown): void {
  console.error('[clipdeck outbox]', error);
}

/**
 * Wires the outbox into the background. Listeners are added synchronously, as Manifest V3 needs
 * for an event to wake a stopped worker: the alarm (retries, watchdog), browser start-up (so
 * waiting clips go out without the user opening anything) and a new key or address saved.
 */
export function runOutboxInBackground(): ClipOutbox {
  const outbox = getOutbox();
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === OUTBOX_ALARM) outbox.pump().catch(logFailure);
  });
  // Starting the worker is what matters here: start() below runs in every fresh worker.
  browser.runtime.onStartup.addListener(() => outbox.pump().catch(logFailure));
  connectionItem.watch((next, previous) => {
    if (next.apiKey !== previous?.apiKey || next.baseUrl !== previous?.baseUrl) {
      outbox.resumeAfterConnectionChange().catch(logFailure);
    }
  });
  outbox.start().catch(logFailure);
  return outbox;
}
