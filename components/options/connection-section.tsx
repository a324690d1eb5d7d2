import type { TargetedEvent } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { ConnectionTest } from '../../utils/connection';
import { plural, t } from '../../utils/i18n';
import type { UserError } from '../../utils/result';
import {
  type Connection,
  clearKeyRefusal,
  hostPermissionFor,
  saveConnection,
} from '../../utils/settings';
import { richText } from '../rich-text';
import { type OptionsChecks, pageChecks, suggestedBaseUrlOf } from './checks';
import { describedBy, Field } from './field';
import { SectionHeading } from './section-heading';
import { type Status, StatusLine } from './status';
import { checkTypedBaseUrl, keyCarries } from './typed-base-url';

interface Props {
  saved: Connection;
  onSaved(connection: Connection): void;
  checks?: OptionsChecks;
}

/**
 * Test failures that mean the form is wrong (address, key): saving would only store a
 * connection that cannot work, so nothing is saved. Anything else (the service down, busy, a
 * network hiccup) may pass, so the connection is saved with the reason it could not be tested.
 */
const MUST_CORRECT = new Set(['auth', 'not-notes-api', 'moved', 'invalid-url']);

function countNotes(count: number): string {
  return plural('options.notes', count);
}

/** What the page knows about the host permission for one pattern, checked ahead of the click. */
interface PermissionState {
  pattern: string;
  granted: Promise<boolean>;
  known?: boolean;
}

/**
 * Gives back access to the previous service's host once another one is saved: Clipdeck keeps
 * access to the one host it sends notes to. Required host access (the automation build's
 * `<all_urls>`) cannot be removed; the browser refuses and that is fine.
 */
async function releaseHost(previousBaseUrl: string, currentPattern: string): Promise<void> {
  if (!previousBaseUrl) return;
  const previous = hostPermissionFor(previousBaseUrl);
  if (previous === currentPattern) return;
  await browser.permissions.remove({ origins: [previous] }).catch(() => false);
}

export function ConnectionSection({ saved, onSaved, checks = pageChecks }: Props) {
  const [baseUrl, setBaseUrl] = useState(saved.baseUrl);
  const [apiKey, setApiKey] = useState(saved.apiKey);
  const [revealed, setRevealed] = useState(false);
  const [urlError, setUrlError] = useState<string>();
  const [keyError, setKeyError] = useState<string>();
  // Why the key field was emptied (the address now names another service), shown until a key is typed.
  const [keyRequest, setKeyRequest] = useState<string | null>(null);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const [busy, setBusy] = useState<'saving' | 'testing' | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const permission = useRef<PermissionState | null>(null);

  const check = checkTypedBaseUrl(baseUrl);
  const warning = check.ok ? check.warning : undefined;
  const host = check.ok ? new URL(check.baseUrl).host : null;
  const unsaved =
    (check.ok ? check.baseUrl : baseUrl.trim()) !== saved.baseUrl || apiKey.trim() !== saved.apiKey;

  // Ask ahead whether the origin is already allowed, so the click that saves can call
  // permissions.request straight away: Firefox only honours it synchronously in the click.
  useEffect(() => {
    if (!check.ok) return;
    const pattern = hostPermissionFor(check.baseUrl);
    if (permission.current?.pattern === pattern) return;
    const state: PermissionState = {
      pattern,
      granted: browser.permissions.contains({ origins: [pattern] }).catch(() => false),
    };
    void state.granted.then((granted) => {
      state.known = granted;
    });
    permission.current = state;
  }, [check.ok && check.baseUrl]);

  /**
   * The store build holds no host access: the API origin is an optional permission, asked for in
   * the click that saves (browsers only show the prompt during a user action). Skipped when it
   * is already granted — always so in the automation build, where a prompt would get no answer.
   */
  function allowHost(pattern: string): Promise<boolean> {
    const state = permission.current;
    if (state?.pattern === pattern && state.known !== undefined) {
      return state.known
        ? Promise.resolve(true)
        : browser.permissions.request({ origins: [pattern] });
    }
    return browser.permissions
      .contains({ origins: [pattern] })
      .then((granted) => granted || browser.permissions.request({ origins: [pattern] }));
  }

  /**
   * A key is bound to the origin it was saved for (issue 14): an address on another origin
   * empties the key field, so the old key is never sent there; coming back restores it.
   */
  function changeBaseUrl(value: string) {
    setBaseUrl(value);
    setUrlError(undefined);
    setSuggestion(null);
    if (!saved.apiKey) return;
    const carries = keyCarries(saved.baseUrl, value);
    if (carries === false && apiKey === saved.apiKey) {
      setApiKey('');
      setKeyRequest(
        t('options.connection.otherService', {
          host: hostOf(value),
          savedHost: hostOf(saved.baseUrl),
        }),
      );
    } else if (carries === true && keyRequest && apiKey === '') {
      setApiKey(saved.apiKey);
      setKeyRequest(null);
    }
  }

  /** “Use this address”: the service said where it moved; the key follows only within its origin. */
  function useSuggestion(suggested: string) {
    const carries = keyCarries(baseUrl, suggested);
    setBaseUrl(suggested);
    setUrlError(undefined);
    setSuggestion(null);
    if (carries !== true && apiKey) {
      setApiKey('');
      setKeyRequest(t('options.connection.keyAgainFor', { host: hostOf(suggested) }));
      setStatus({ tone: 'info', text: t('options.connection.filledKeyAgain') });
    } else {
      setStatus({ tone: 'info', text: t('options.connection.filledSave') });
    }
  }

  function validate(): Connection | null {
    const url = checkTypedBaseUrl(baseUrl);
    const key = apiKey.trim();
    setUrlError(url.ok ? undefined : url.message);
    setKeyError(key ? undefined : t('options.connection.enterKey'));
    if (!url.ok || !key) {
      setStatus({ tone: 'error', text: t('options.connection.correctFields') });
      return null;
    }
    return { baseUrl: url.baseUrl, apiKey: key };
  }

  function showFailure(error: UserError, notSaved: boolean) {
    setSuggestion(suggestedBaseUrlOf(error) ?? null);
    const text = notSaved
      ? t('options.connection.notSaved', { reason: error.message })
      : error.message;
    setStatus({ tone: 'error', text });
  }

  async function save(event: Event) {
    event.preventDefault();
    const connection = validate();
    if (!connection) return;
    const pattern = hostPermissionFor(connection.baseUrl);
    const granted = allowHost(pattern).catch(() => false);
    const savedHost = new URL(connection.baseUrl).host;
    setBusy('saving');
    setSuggestion(null);
    setStatus({
      tone: 'info',
      text: t('options.connection.testingBeforeSave', { host: savedHost }),
    });
    try {
      const allowed = await granted;
      permission.current = { pattern, granted, known: allowed };
      // Without host access the background cannot reach the service: save, and say so below.
      const test = allowed ? await checks.testConnection(connection) : null;
      if (test && !test.ok && MUST_CORRECT.has(test.error.kind)) {
        showFailure(test.error, true);
        return;
      }
      // The form empties a key the moment the address leaves its origin (changeBaseUrl,
      // useSuggestion), so a key still in the field was entered for this address.
      const stored = await saveConnection(connection, { keyEntered: true });
      if (stored.connection.apiKey !== saved.apiKey) await clearKeyRefusal();
      await releaseHost(saved.baseUrl, pattern);
      setBaseUrl(stored.connection.baseUrl);
      setApiKey(stored.connection.apiKey);
      setKeyRequest(stored.keyNeeded ? stored.message : null);
      onSaved(stored.connection);
      setStatus(
        stored.keyNeeded ? { tone: 'error', text: stored.message } : savedStatus(savedHost, test),
      );
    } catch {
      setStatus({ tone: 'error', text: t('options.connection.saveFailed') });
    } finally {
      setBusy(null);
    }
  }

  async function test() {
    const connection = validate();
    if (!connection) return;
    setBusy('testing');
    setSuggestion(null);
    setStatus({
      tone: 'info',
      text: t('options.connection.testing', { host: host ?? t('options.connection.theService') }),
    });
    const result = await checks.testConnection(connection);
    setBusy(null);
    if (!result.ok) {
      showFailure(result.error, false);
      return;
    }
    setStatus({
      tone: 'ok',
      text: t(unsaved ? 'options.connection.connectedUnsaved' : 'options.connection.connected', {
        notes: countNotes(result.noteCount),
      }),
    });
  }

  async function removeKey() {
    await saveConnection({ baseUrl: saved.baseUrl, apiKey: '' });
    await clearKeyRefusal();
    setApiKey('');
    setKeyRequest(null);
    onSaved({ baseUrl: saved.baseUrl, apiKey: '' });
    setStatus({
      tone: 'info',
      text: t('options.connection.keyRemoved'),
    });
  }

  const keyInput = {
    id: 'api-key',
    autoComplete: 'off',
    spellcheck: false,
    value: apiKey,
    'aria-invalid': keyError ? true : undefined,
    'aria-describedby': describedBy('api-key', {
      hint: true,
      warning: !!keyRequest,
      error: !!keyError,
    }),
    onInput: (event: TargetedEvent<HTMLInputElement>) => {
      setApiKey(event.currentTarget.value);
      setKeyError(undefined);
      if (event.currentTarget.value) setKeyRequest(null);
    },
  };

  return (
    <section aria-labelledby="connection-heading">
      <SectionHeading id="connection-heading" title={t('options.connection.heading')}>
        {t('options.connection.saveModel')}
      </SectionHeading>
      <form onSubmit={save} noValidate>
        <Field
          id="base-url"
          label={t('options.connection.baseUrl')}
          hint={
            check.ok && check.completed
              ? richText(t('options.connection.willUse', { url: '{url}' }), {
                  url: <strong>{check.completed}</strong>,
                })
              : t('options.connection.baseUrlHint')
          }
          warning={warning}
          error={urlError}
        >
          <input
            id="base-url"
            type="text"
            inputMode="url"
            autoComplete="url"
            spellcheck={false}
            value={baseUrl}
            aria-invalid={urlError ? true : undefined}
            aria-describedby={describedBy('base-url', {
              hint: true,
              warning: !!warning,
              error: !!urlError,
            })}
            onInput={(event) => changeBaseUrl(event.currentTarget.value)}
          />
        </Field>
        <Field
          id="api-key"
          label={t('options.connection.apiKey')}
          hint={t('options.connection.apiKeyHint')}
          warning={keyRequest ?? undefined}
          error={keyError}
        >
          <div class="inline">
            {/* Same element in both branches: Preact only flips its type, so focus stays. */}
            {revealed ? (
              <input type="text" {...keyInput} />
            ) : (
              <input type="password" {...keyInput} />
            )}
            {/* Both words are laid out in one cell, the unused one hidden, so the button keeps
                the width of the longer and the key field never shifts. */}
            <button
              type="button"
              class="reveal"
              aria-pressed={revealed}
              aria-controls="api-key"
              onClick={() => setRevealed(!revealed)}
            >
              <span aria-hidden={revealed}>{t('options.connection.show')}</span>
              <span aria-hidden={!revealed}>{t('options.connection.hide')}</span>
            </button>
          </div>
        </Field>
        <p class="hint">
          {richText(t('options.connection.accessHint', { host: '{host}' }), {
            host: host ? <strong>{host}</strong> : t('options.connection.thisAddress'),
          })}
        </p>
        <div class="actions">
          <button type="submit" class="primary" disabled={busy !== null}>
            {t('options.connection.save')}
          </button>
          <button type="button" onClick={test} disabled={busy !== null}>
            {t('options.connection.test')}
          </button>
          {saved.apiKey && (
            <button type="button" class="danger" onClick={removeKey} disabled={busy !== null}>
              {t('options.connection.removeKey')}
            </button>
          )}
          {unsaved && <span class="unsaved">{t('options.connection.unsaved')}</span>}
        </div>
        <StatusLine status={status} />
        {suggestion && (
          <div class="actions">
            <button type="button" onClick={() => useSuggestion(suggestion)}>
              {t('options.connection.useAddress')}
            </button>
            <code class="suggested-url">{suggestion}</code>
          </div>
        )}
      </form>
    </section>
  );
}

function hostOf(typed: string): string {
  const check = checkTypedBaseUrl(typed);
  return check.ok ? new URL(check.baseUrl).host : typed.trim();
}

/** What a save that went through says: tested and connected, or why it could not be tested. */
function savedStatus(host: string, test: ConnectionTest | null): Status {
  if (test === null) {
    return {
      tone: 'warning',
      text: t('options.connection.savedNoAccess', { host }),
    };
  }
  if (!test.ok) {
    return {
      tone: 'warning',
      text: t('options.connection.savedNotTested', { reason: test.error.message }),
    };
  }
  return {
    tone: 'ok',
    text: t('options.connection.savedOk', { host, notes: countNotes(test.noteCount) }),
  };
}
