import type { TargetedEvent } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { sendMessage } from '../../utils/messaging';
import {
  type Connection,
  checkBaseUrl,
  clearKeyRefusal,
  hostPermissionFor,
  saveConnection,
} from '../../utils/settings';
import { describedBy, Field } from './field';
import { backgroundGone, errorStatus, type Status, StatusLine } from './status';

interface Props {
  saved: Connection;
  onSaved(connection: Connection): void;
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

export function ConnectionSection({ saved, onSaved }: Props) {
  const [baseUrl, setBaseUrl] = useState(saved.baseUrl);
  const [apiKey, setApiKey] = useState(saved.apiKey);
  const [revealed, setRevealed] = useState(false);
  const [urlError, setUrlError] = useState<string>();
  const [keyError, setKeyError] = useState<string>();
  const [busy, setBusy] = useState<'saving' | 'testing' | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const permission = useRef<PermissionState | null>(null);

  const check = checkBaseUrl(baseUrl);
  const warning = check.ok ? check.warning : undefined;
  const host = check.ok ? new URL(check.baseUrl).host : null;
  const unsaved = baseUrl.trim() !== saved.baseUrl || apiKey.trim() !== saved.apiKey;

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

  function validate(): Connection | null {
    const url = checkBaseUrl(baseUrl);
    const key = apiKey.trim();
    setUrlError(url.ok ? undefined : url.message);
    setKeyError(key ? undefined : 'Enter the API key from your Notes account settings.');
    if (!url.ok || !key) {
      setStatus({ tone: 'error', text: 'Nothing was saved: correct the fields marked above.' });
      return null;
    }
    return { baseUrl: url.baseUrl, apiKey: key };
  }

  async function save(event: Event) {
    event.preventDefault();
    const connection = validate();
    if (!connection) return;
    const pattern = hostPermissionFor(connection.baseUrl);
    const granted = allowHost(pattern).catch(() => false);
    setBusy('saving');
    try {
      await saveConnection(connection);
      if (connection.apiKey !== saved.apiKey) await clearKeyRefusal();
      permission.current = { pattern, granted, known: await granted };
      await releaseHost(saved.baseUrl, pattern);
      setBaseUrl(connection.baseUrl);
      setApiKey(connection.apiKey);
      onSaved(connection);
      const savedHost = new URL(connection.baseUrl).host;
      setStatus(
        (await granted)
          ? { tone: 'ok', text: `Saved. Clipdeck will send your clips to ${savedHost}.` }
          : {
              tone: 'warning',
              text:
                `Saved, but your browser did not allow Clipdeck to reach ${savedHost}, so clips ` +
                'cannot be sent yet. Click Save again and choose Allow.',
            },
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
    setStatus({ tone: 'info', text: `Testing the connection to ${host ?? 'the service'}…` });
    const result = await sendMessage('testConnection', connection).catch(backgroundGone);
    setBusy(null);
    if (!result.ok) {
      setStatus(errorStatus(result.error));
      return;
    }
    const notes = result.noteCount === 1 ? '1 note' : `${result.noteCount} notes`;
    setStatus({
      tone: 'ok',
      text:
        `Connected: the service accepted the key and holds ${notes}.` +
        (unsaved ? ' These settings are not saved yet: click Save to keep them.' : ''),
    });
  }

  async function removeKey() {
    await saveConnection({ baseUrl: saved.baseUrl, apiKey: '' });
    await clearKeyRefusal();
    setApiKey('');
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
    'aria-describedby': describedBy('api-key', { hint: true, error: !!keyError }),
    onInput: (event: TargetedEvent<HTMLInputElement>) => {
      setApiKey(event.currentTarget.value);
      setKeyError(undefined);
    },
  };

  return (
    <section aria-labelledby="connection-heading">
      <h2 id="connection-heading">Connection</h2>
      <form onSubmit={save} noValidate>
        <Field
          id="base-url"
          label="Base URL"
          hint="The address of your Notes service’s API, for example https://notes.example.com/api."
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
            onInput={(event) => {
              setBaseUrl(event.currentTarget.value);
              setUrlError(undefined);
            }}
          />
        </Field>
        <Field
          id="api-key"
          label="API key"
          hint="Create it in the Notes service under Settings › Account Settings › ApiKey. It stays in this browser’s local storage and is sent only to the address above."
          error={keyError}
        >
          <div class="inline">
            {/* Same element in both branches: Preact only flips its type, so focus stays. */}
            {revealed ? (
              <input type="text" {...keyInput} />
            ) : (
              <input type="password" {...keyInput} />
            )}
            <button
              type="button"
              aria-pressed={revealed}
              aria-controls="api-key"
              onClick={() => setRevealed(!revealed)}
            >
              {revealed ? 'Hide' : 'Show'}
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
      </form>
    </section>
  );
}
