import { browser } from 'wxt/browser';
import { createWordedNotesClient, NotesApiError, type NotesClient, toUserError } from '../api';
import { apiSentenceText, quoted, t } from '../i18n';
import { failure, type Result, type UserError } from '../result';
import {
  type Connection,
  checkBaseUrl,
  clearKeyRefusal,
  hostPermissionFor,
  keyCarriesTo,
  readConnection,
  recordKeyRefused,
} from '../settings';

/**
 * What the options page asks of the service: is the connection right, does a deck exist, which
 * deck holds a note. They run in the options page itself (an extension page: it reads the key from
 * `local:` storage and calls the service through utils/api, like the background), and each
 * failure is a sentence about this check, not a generic API error.
 */
export interface CheckDependencies {
  hasHostPermission(pattern: string): Promise<boolean>;
  fetch?: typeof globalThis.fetch;
}

const browserDependencies: CheckDependencies = {
  hasHostPermission: (pattern) => browser.permissions.contains({ origins: [pattern] }),
};

/**
 * A failed check. For kind `moved` (the service answered with a redirect, which Clipdeck never
 * follows with the key) it carries the address it was sent to and, when that address has the
 * shape of a Notes API address, the base URL to offer with “Use this address”.
 */
export interface CheckFailure extends UserError {
  location?: string;
  suggestedBaseUrl?: string;
}

export type CheckResult<T extends object> = ({ ok: true } & T) | { ok: false; error: CheckFailure };

export type ConnectionTest = CheckResult<{ noteCount: number }>;

/**
 * An authenticated list with `limit=1`, for the connection in the form (saved or not). A refused
 * or accepted key updates the “key refused” banner only when it is the saved key.
 */
export async function testConnection(
  candidate: Connection,
  dependencies: CheckDependencies = browserDependencies,
): Promise<ConnectionTest> {
  const checked = checkBaseUrl(candidate.baseUrl);
  if (!checked.ok) return failure('invalid-url', checked.message);
  const apiKey = candidate.apiKey.trim();
  if (!apiKey) return failure('auth', t('options.check.enterKey'));
  const connection = { baseUrl: checked.baseUrl, apiKey };
  const saved = await readConnection();
  const isSavedKey =
    saved.ok && saved.connection.apiKey === apiKey && saved.connection.baseUrl === checked.baseUrl;

  const result = await withClient(connection, dependencies, async (client) => {
    const page = await client.list({ limit: 1 });
    return { ok: true as const, noteCount: page.total };
  });
  if (!result.ok && result.error.kind === 'not-found') {
    return failure(
      'not-notes-api',
      t('options.check.noNotesApi', { host: new URL(checked.baseUrl).host }),
    );
  }
  if (isSavedKey) {
    if (result.ok) await clearKeyRefusal();
    else if (result.error.kind === 'auth') await recordKeyRefused();
  }
  return result;
}

/** `list?deck_id=…&limit=1` with the saved connection: how many notes the deck holds. */
export async function checkDeck(
  deckId: string,
  dependencies: CheckDependencies = browserDependencies,
): Promise<Result<{ noteCount: number }>> {
  const id = deckId.trim();
  if (!id) return failure('invalid-request', t('options.check.enterDeck'));
  const saved = await readConnection();
  if (!saved.ok) return saved;
  const result = await withClient(saved.connection, dependencies, async (client) => {
    const page = await client.list({ limit: 1, deckId: id });
    return { ok: true as const, noteCount: page.total };
  });
  if (!result.ok && result.error.kind === 'not-found') {
    return failure('unknown-deck', unknownDeckMessage(id));
  }
  if (result.ok && result.noteCount === 0) {
    // The interface cannot tell an empty deck from a mistyped id: both list no notes.
    return failure('unknown-deck', unknownDeckMessage(id));
  }
  return result;
}

function unknownDeckMessage(deckId: string): string {
  return t('options.check.unknownDeck', { deck: quoted(deckId) });
}

export interface NoteDeck {
  noteId: string;
  title: string;
  /** The note's `deck_id`, as the single-note response gives it. */
  deckId: string;
}

/** Reads a note's `deck_id` (only the single-note response carries it). */
export async function readNoteDeck(
  noteId: string,
  dependencies: CheckDependencies = browserDependencies,
): Promise<Result<{ note: NoteDeck }>> {
  const id = noteId.trim();
  if (!id) return failure('invalid-request', t('options.check.enterNoteId'));
  const saved = await readConnection();
  if (!saved.ok) return saved;
  const result = await withClient(saved.connection, dependencies, async (client) => {
    const note = await client.get(id);
    return {
      ok: true as const,
      note: { noteId: note.id, title: note.title, deckId: note.deck_id },
    };
  });
  if (!result.ok && result.error.kind === 'not-found') {
    return failure('not-found', t('options.check.noSuchNote', { id: quoted(id) }));
  }
  return result;
}

export interface RecentNote {
  id: string;
  title: string;
  updatedAt: string;
}

const RECENT_NOTES = 10;

/**
 * A few recently changed notes to pick from. The interface does not say how the list is ordered,
 * so one full page is fetched and sorted here.
 */
export async function listRecentNotes(
  dependencies: CheckDependencies = browserDependencies,
): Promise<Result<{ notes: RecentNote[] }>> {
  const saved = await readConnection();
  if (!saved.ok) return saved;
  return withClient(saved.connection, dependencies, async (client) => {
    const page = await client.list({ limit: 100 });
    const notes = page.data
      .map((note) => ({ id: note.id, title: note.title, updatedAt: note.updated_at }))
      .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt))
      .slice(0, RECENT_NOTES);
    return { ok: true as const, notes };
  });
}

async function withClient<T extends object>(
  connection: Connection,
  dependencies: CheckDependencies,
  run: (client: NotesClient) => Promise<Result<T>>,
): Promise<CheckResult<T>> {
  const pattern = hostPermissionFor(connection.baseUrl);
  const host = new URL(connection.baseUrl).host;
  if (!(await dependencies.hasHostPermission(pattern).catch(() => false))) {
    return failure('permission', t('options.check.notAllowed', { host }));
  }
  try {
    return await run(
      createWordedNotesClient({ ...connection, fetch: dependencies.fetch, words: apiSentenceText }),
    );
  } catch (error) {
    return { ok: false, error: describeFailure(error, connection.baseUrl) };
  }
}

/** The API client's errors, reworded for someone checking their settings. */
function describeFailure(error: unknown, baseUrl: string): CheckFailure {
  if (!(error instanceof NotesApiError)) return toUserError(error);
  const host = new URL(baseUrl).host;
  switch (error.kind) {
    case 'moved':
      return movedFailure(error, baseUrl);
    case 'network':
    case 'timeout':
      return {
        kind: 'unreachable',
        message: t('options.check.unreachable', { host }),
      };
    case 'auth':
      return {
        kind: 'auth',
        message: t('options.check.keyRefused'),
      };
    case 'protocol':
      return {
        kind: 'not-notes-api',
        message: t('options.check.notLikeApi', { host }),
      };
    case 'server':
      return {
        kind: 'server',
        message: error.status
          ? t('options.check.serviceDown', { status: String(error.status) })
          : t('options.check.serviceDownNoStatus'),
      };
    default:
      return toUserError(error);
  }
}

function movedFailure(error: NotesApiError, baseUrl: string): CheckFailure {
  const host = new URL(baseUrl).host;
  const { location } = error;
  const suggested = error.suggestedBaseUrl ? checkBaseUrl(error.suggestedBaseUrl) : undefined;
  if (location === undefined) {
    return {
      kind: 'moved',
      message: t('options.check.movedSilently', { host }),
    };
  }
  if (!suggested?.ok) {
    return {
      kind: 'moved',
      location,
      message: t('options.check.movedElsewhere', { host, location: shorten(location) }),
    };
  }
  return {
    kind: 'moved',
    location,
    suggestedBaseUrl: suggested.baseUrl,
    message: keyCarriesTo(baseUrl, suggested.baseUrl)
      ? t('options.check.movedTo', { host, url: suggested.baseUrl })
      : t('options.check.movedToNewKey', { host, url: suggested.baseUrl }),
  };
}

function shorten(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
