// @vitest-environment jsdom
import { createServer } from 'node:net';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { OptionsChecks } from '../../../components/options/checks';
import { ConnectionSection } from '../../../components/options/connection-section';
import { type NotesServer, startNotesServer } from '../../../notes-server';
import {
  type Connection,
  connectionItem,
  readKeyRefusal,
  recordKeyRefused,
} from '../../../utils/settings';
import { type StubServer, startStubServer } from '../api/stub-server';
import { realChecks } from './real-checks';

const EMPTY = { baseUrl: '', apiKey: '' };

let server: NotesServer;
beforeAll(async () => {
  server = await startNotesServer();
});
afterAll(() => server.stop());

function grant(alreadyGranted: boolean, answer: boolean) {
  const contains = vi.fn(async () => alreadyGranted);
  const request = vi.fn(async () => answer);
  fakeBrowser.permissions.contains = contains;
  fakeBrowser.permissions.request = request;
  return { contains, request };
}

function fill(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

function fieldValue(label: string): string {
  return (screen.getByLabelText(label) as HTMLInputElement).value;
}

function renderSection(saved: Connection = EMPTY, checks: OptionsChecks = realChecks()) {
  const onSaved = vi.fn();
  render(<ConnectionSection saved={saved} onSaved={onSaved} checks={checks} />);
  return onSaved;
}

/** An address where nothing listens: a port the system handed out and that was closed again. */
async function closedPort(): Promise<number> {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  await new Promise((resolve) => listener.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const redirectors: StubServer[] = [];
afterEach(async () => {
  await Promise.all(redirectors.splice(0).map((stub) => stub.stop()));
});

/**
 * A real service that moved: every request is answered 301 to the same path under `target`
 * (an address ending in /api), as a host that moved its Notes API would.
 */
async function movedServiceTo(target: string | ((origin: string) => string)): Promise<string> {
  const stub = await startStubServer((request, response) => {
    const path = (request.url ?? '/').replace(/^\/api/, '');
    const to = typeof target === 'string' ? target : target(`http://${request.headers.host}`);
    response.writeHead(301, { Location: `${to}${path}` });
    response.end();
  });
  redirectors.push(stub);
  return stub.baseUrl;
}

beforeEach(() => {
  fakeBrowser.reset();
  server.setFaults({});
});
afterEach(cleanup);

describe('saving the connection', () => {
  it('asks for exactly the API host within the click, tests it, then saves and says so', async () => {
    const { contains, request } = grant(false, true);
    const onSaved = renderSection();

    fill('Base URL', `${server.baseUrl}/`);
    fill('API key', `  ${server.apiKey}  `);
    // The page learns ahead that the host is not allowed yet, as it does while the user types…
    await waitFor(() => expect(contains).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    // …so the request happens synchronously in the click: Firefox honours it only there.
    expect(request).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
    const host = new URL(server.baseUrl).host;
    await screen.findByText(
      `Saved. The service at ${host} accepted the key and holds 0 notes; Clipdeck will send your clips there.`,
    );
    const expected = { baseUrl: server.baseUrl, apiKey: server.apiKey };
    expect(await connectionItem.getValue()).toEqual(expected);
    expect(onSaved).toHaveBeenCalledWith(expected);
  });

  it('does not prompt when the host is already allowed (the automation build)', async () => {
    const { contains, request } = grant(true, false);
    renderSection();

    fill('Base URL', server.baseUrl);
    fill('API key', server.apiKey);
    await waitFor(() => expect(contains).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText(/^Saved\./);
    expect(request).not.toHaveBeenCalled();
  });

  it('saves but warns when the browser is not allowed to reach the host', async () => {
    grant(false, false);
    renderSection();

    fill('Base URL', 'https://notes.example.com/api');
    fill('API key', 'key');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText(/did not allow Clipdeck to reach notes\.example\.com/);
    expect((await connectionItem.getValue()).apiKey).toBe('key');
  });

  it('does not save a key the service refuses, and says why', async () => {
    grant(true, true);
    renderSection();

    fill('Base URL', server.baseUrl);
    fill('API key', 'a-key-that-was-refreshed');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Not saved: The Notes service refused this API key/);
    expect(await fakeBrowser.storage.local.get('connection')).toEqual({});
  });

  it('saves a service that cannot be reached now, saying it was not tested', async () => {
    grant(true, true);
    renderSection();

    fill('Base URL', `http://127.0.0.1:${await closedPort()}/api`);
    fill('API key', 'key');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText(/^Saved, but not tested: Clipdeck could not reach 127\.0\.0\.1/);
    expect((await connectionItem.getValue()).apiKey).toBe('key');
  });

  it('refuses a missing key, saving nothing and asking nothing', async () => {
    const { request } = grant(false, true);
    renderSection();

    fill('Base URL', 'notes.example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByText(/Enter the API key/)).toBeTruthy();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('warns while typing that plain http to another machine exposes the key', () => {
    grant(false, true);
    renderSection();

    fill('Base URL', 'http://notes.example.com/api');

    const input = screen.getByLabelText('Base URL');
    const warning = screen.getByText(/unencrypted/);
    expect(input.getAttribute('aria-describedby')).toContain(warning.id);
  });

  it('a new key clears the “key refused” banner', async () => {
    grant(true, true);
    await recordKeyRefused();
    renderSection({ baseUrl: server.baseUrl, apiKey: 'old' });

    fill('API key', server.apiKey);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText(/^Saved\./);
    expect(await readKeyRefusal()).toBeNull();
  });
});

describe('an address typed without a scheme', () => {
  it('is completed with https:// and says so before saving, without an error', () => {
    grant(false, true);
    renderSection();

    fill('Base URL', 'notes.example.com/api');

    expect(screen.getByText('https://notes.example.com/api').closest('p')?.textContent).toBe(
      'Clipdeck will use https://notes.example.com/api.',
    );
    expect(screen.getByLabelText('Base URL').getAttribute('aria-invalid')).toBeNull();
  });

  it('on this computer is completed with http:// and saved in full', async () => {
    grant(true, true);
    renderSection();
    const { host } = new URL(server.baseUrl);

    fill('Base URL', `${host}/api`);
    fill('API key', server.apiKey);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText(/^Saved\./);
    expect((await connectionItem.getValue()).baseUrl).toBe(`http://${host}/api`);
    expect(fieldValue('Base URL')).toBe(`http://${host}/api`);
  });

  it('an unusable address is refused without demanding https', () => {
    grant(true, true);
    renderSection();

    fill('Base URL', 'ftp://notes.example.com/api');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const error = screen.getByText(/over https:\/\/ or http:\/\//);
    expect(error.className).toBe('field-error');
    expect(screen.getByLabelText('Base URL').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the API key field', () => {
  it('is masked until revealed, and can be removed', async () => {
    grant(true, true);
    await connectionItem.setValue({ baseUrl: 'https://notes.example.com/api', apiKey: 'secret' });
    renderSection({ baseUrl: 'https://notes.example.com/api', apiKey: 'secret' });
    const key = screen.getByLabelText('API key') as HTMLInputElement;
    expect(key.type).toBe('password');

    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect((screen.getByLabelText('API key') as HTMLInputElement).type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Remove key' }));
    await screen.findByText(/API key removed/);
    expect(await connectionItem.getValue()).toEqual({
      baseUrl: 'https://notes.example.com/api',
      apiKey: '',
    });
  });

  it('the Show/Hide button holds both words whichever is shown, so its width never changes', () => {
    grant(true, true);
    renderSection();
    const button = screen.getByRole('button', { name: 'Show' });
    const words = () => [...button.children].map((child) => child.textContent);

    expect(words()).toEqual(['Show', 'Hide']);
    fireEvent.click(button);
    expect(words()).toEqual(['Show', 'Hide']);
    expect(screen.getByRole('button', { name: 'Hide' })).toBe(button);
  });
});

describe('the key is bound to its service’s origin (issue 14)', () => {
  const saved = { baseUrl: 'https://old.example.com/api', apiKey: 'old-key' };

  it('another origin empties the key field and asks for its key; going back restores it', () => {
    grant(true, true);
    renderSection(saved);

    fill('Base URL', 'https://new.example.com/api');

    expect(fieldValue('API key')).toBe('');
    const request = screen.getByText(/new\.example\.com is another service than old\.example\.com/);
    expect(screen.getByLabelText('API key').getAttribute('aria-describedby')).toContain(request.id);

    fill('Base URL', 'https://old.example.com/api');
    expect(fieldValue('API key')).toBe('old-key');
    expect(screen.queryByText(/is another service/)).toBeNull();
  });

  it('another path on the same origin, or the move to https, keeps the key', () => {
    grant(true, true);
    renderSection(saved);

    fill('Base URL', 'https://old.example.com/v2/api');
    expect(fieldValue('API key')).toBe('old-key');
    cleanup();

    renderSection({ baseUrl: 'http://old.example.com/api', apiKey: 'old-key' });
    fill('Base URL', 'https://old.example.com/api');
    expect(fieldValue('API key')).toBe('old-key');
  });

  it('saving another origin without its key saves nothing', async () => {
    grant(true, true);
    renderSection(saved);

    fill('Base URL', 'https://new.example.com/api');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByText(/Enter the API key/)).toBeTruthy();
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });
});

describe('a service that moved (issue 14)', () => {
  it('names the new address and fills it in; another origin asks for the key again', async () => {
    grant(true, true);
    const old = await movedServiceTo('https://notes.example.org/api');
    renderSection();
    fill('Base URL', old);
    fill('API key', 'the-key');

    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await screen.findByText(/answered from another address, https:\/\/notes\.example\.org\/api,/);
    fireEvent.click(screen.getByRole('button', { name: 'Use this address' }));

    expect(fieldValue('Base URL')).toBe('https://notes.example.org/api');
    expect(fieldValue('API key')).toBe('');
    expect(screen.getByText(/Enter the API key again for notes\.example\.org/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use this address' })).toBeNull();
  });

  it('a move on the same origin keeps the key, and saving the old address saves nothing', async () => {
    grant(true, true);
    const service = await movedServiceTo((origin) => `${origin}/api/v2`);
    renderSection();
    fill('Base URL', service);
    fill('API key', 'the-key');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Not saved: /);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    fireEvent.click(screen.getByRole('button', { name: 'Use this address' }));

    expect(fieldValue('Base URL')).toBe(`${service}/v2`);
    expect(fieldValue('API key')).toBe('the-key');
  });
});

describe('moving to another service', () => {
  it('gives back access to the previous host once the new one is saved', async () => {
    grant(true, true);
    const remove = vi.fn(async () => true);
    fakeBrowser.permissions.remove = remove;
    renderSection({ baseUrl: 'https://old.example.com/api', apiKey: 'k' });

    fill('Base URL', server.baseUrl);
    fill('API key', server.apiKey);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText(/^Saved\./);
    expect(remove).toHaveBeenCalledWith({ origins: ['https://old.example.com/*'] });
  });
});
