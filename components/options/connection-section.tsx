import type { TargetedEvent } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { ConnectionTest } from '../../utils/connection';
import type { UserError } from '../../utils/result';
import {
  type Connection,
  clearKeyRefusal,
  hostPermissionFor,
  saveConnection,
} from '../../utils/settings';
import { backgroundChecks, type OptionsChecks, suggestedBaseUrlOf } from './checks';
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
  return count === 1 ? '1 note' : `${count} notes`;
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

export function ConnectionSection({ saved, onSaved, checks = backgroundChecks }: Props) {
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
        `${hostOf(value)} is another service than ${hostOf(saved.baseUrl)}: enter the API key ` +
          'from its account settings. A key only ever goes to the service it was saved for.',
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
      setKeyRequest(
        `Enter the API key again for ${hostOf(suggested)}: Clipdeck sends a key only to the ` +
          'address it was entered for.',
      );
      setStatus({ tone: 'info', text: 'Address filled in. Enter the API key again, then Save.' });
    } else {
      setStatus({ tone: 'info', text: 'Address filled in. Click Save to keep it.' });
    }
  }

  function validate(): Connection | null {
    const url = checkTypedBaseUrl(baseUrl);
    const key = apiKey.trim();
    setUrlError(url.ok ? undefined : url.message);
    setKeyError(key ? undefined : 'Enter the API key from your Notes account settings.');
    if (!url.ok || !key) {
      setStatus({ tone: 'error', text: 'Nothing was saved: correct the fields marked above.' });
      return null;
    }
    return { baseUrl: url.baseUrl, apiKey: key };
  }

  function showFailure(error: UserError, prefix: string) {
    setSuggestion(suggestedBaseUrlOf(error) ?? null);
    setStatus({ tone: 'error', text: `${prefix}${error.message}` });
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
    setStatus({ tone: 'info', text: `Testing the connection to ${savedHost} before saving…` });
    try {
      const allowed = await granted;
      permission.current = { pattern, granted, known: allowed };
      // Without host access the background cannot reach the service: save, and say so below.
      const test = allowed ? await checks.testConnection(connection) : null;
      if (test && !test.ok && MUST_CORRECT.has(test.error.kind)) {
        showFailure(test.error, 'Not saved: ');
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
      setStatus({ tone: 'error', text: 'Clipdeck could not save the connection. Try again.' });
    } finally {
      setBusy(null);
    }
  }

  async function test() {
    const connection = validate();
    if (!connection) return;
    setBusy('testing');
    setSuggestion(null);
    setStatus({ tone: 'info', text: `Testing the connection to ${host ?? 'the service'}…` });
    const result = await checks.testConnection(connection);
    setBusy(null);
    if (!result.ok) {
      showFailure(result.error, '');
      return;
    }
    setStatus({
      tone: 'ok',
      text:
        `Connected: the service accepted the key and holds ${countNotes(result.noteCount)}.` +
        (unsaved ? ' These settings are not saved yet: click Save to keep them.' : ''),
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
      text: 'API key removed from this browser. Clipdeck cannot clip until you save a key again.',
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
      <SectionHeading id="connection-heading" title="Connection">
        Saved when you click Save, once Clipdeck has tested it with the service.
      </SectionHeading>
      <form onSubmit={save} noValidate>
        <Field
          id="base-url"
          label="Base URL"
          hint={
            check.ok && check.completed ? (
              <>
                Clipdeck will use <strong>{check.completed}</strong>.
              </>
            ) : (
              'The address of your Notes service’s API, for example notes.example.com/api.'
            )
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
          label="API key"
          hint="Create it in the Notes service under Settings › Account Settings › ApiKey. It stays in this browser’s local storage and is sent only to the address above."
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
              <span aria-hidden={revealed}>Show</span>
              <span aria-hidden={!revealed}>Hide</span>
            </button>
          </div>
        </Field>
        <p class="hint">
          When you save, your browser asks to let Clipdeck reach{' '}
          {host ? <strong>{host}</strong> : 'this address'}: it needs that access to send your clips
          and check your decks, and asks for no other site.
        </p>
        <div class="actions">
          <button type="submit" class="primary" disabled={busy !== null}>
            Save
          </button>
          <button type="button" onClick={test} disabled={busy !== null}>
            Test connection
          </button>
          {saved.apiKey && (
            <button type="button" class="danger" onClick={removeKey} disabled={busy !== null}>
              Remove key
            </button>
          )}
          {unsaved && <span class="unsaved">Unsaved changes</span>}
        </div>
        <StatusLine status={status} />
        {suggestion && (
          <div class="actions">
            <button type="button" onClick={() => useSuggestion(suggestion)}>
              Use this address
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
      text:
        `Saved, but your browser did not allow Clipdeck to reach ${host}, so clips ` +
        'cannot be sent yet. Click Save again and choose Allow.',
    };
  }
  if (!test.ok) {
    return {
      tone: 'warning',
      text: `Saved, but not tested: ${test.error.message} Clips wait in Clipdeck until the service answers.`,
    };
  }
  return {
    tone: 'ok',
    text: `Saved. The service at ${host} accepted the key and holds ${countNotes(test.noteCount)}; Clipdeck will send your clips there.`,
  };
}
