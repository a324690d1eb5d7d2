import { createWordedNotesClient, toUserError } from '../../api';
import { apiSentenceText } from '../../i18n';
import { failure, type Result } from '../../result';
import { readConnection, recordKeyRefused } from '../../settings';

/** Kept short: the popup is waiting to say whether the service is there. */
const CHECK_TIMEOUT_MS = 4000;

/**
 * One `GET /notes/?limit=1` with the saved connection, made when the popup opens and the notes
 * index was fresh enough to ask the service nothing (issue 19): without it, a key refreshed in
 * the service's settings or a service that went down looks healthy until the user presses Save.
 * A refused key is recorded like any other 401 with the saved key, so the options page agrees.
 */
export async function checkService(
  dependencies: { fetch?: typeof globalThis.fetch } = {},
): Promise<Result> {
  const saved = await readConnection();
  if (!saved.ok) return saved;
  const client = createWordedNotesClient({
    ...saved.connection,
    timeoutMs: CHECK_TIMEOUT_MS,
    words: apiSentenceText,
    ...(dependencies.fetch && { fetch: dependencies.fetch }),
  });
  try {
    await client.list({ limit: 1 });
    return { ok: true };
  } catch (error) {
    const { kind, message } = toUserError(error);
    if (kind === 'auth') await recordKeyRefused();
    return failure(kind, message);
  }
}
