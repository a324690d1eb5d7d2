// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ConnectionSection } from '../../../components/options/connection-section';
import { connectionItem, readKeyRefusal, recordKeyRefused } from '../../../utils/settings';

const EMPTY = { baseUrl: '', apiKey: '' };

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

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(cleanup);

describe('saving the connection', () => {
  it('asks for exactly the API host within the click, then saves and says so', async () => {
    const { contains, request } = grant(false, true);
    const onSaved = vi.fn();
    render(<ConnectionSection saved={EMPTY} onSaved={onSaved} />);

    fill('Base URL', 'https://notes.example.com:8443/api/');
    fill('API key', '  key-1  ');
    // The page learns ahead that the host is not allowed yet, as it does while the user types…
    await waitFor(() => expect(contains).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    // …so the request happens synchronously in the click: Firefox honours it only there.
    expect(request).toHaveBeenCalledWith({ origins: ['https://notes.example.com/*'] });
    await screen.findByText(/^Saved\. Clipdeck will send your clips to notes\.example\.com:8443/);
    expect(await connectionItem.getValue()).toEqual({
      baseUrl: 'https://notes.example.com:8443/api',
      apiKey: 'key-1',
    });
    expect(onSaved).toHaveBeenCalledWith({
      baseUrl: 'https://notes.example.com:8443/api',
      apiKey: 'key-1',
    });
  });

  it('does not prompt when the host is already allowed (the automation build)', async () => {
    const { contains, request } = grant(true, false);
    render(<ConnectionSection saved={EMPTY} onSaved={() => {}} />);

    fill('Base URL', 'http://127.0.0.1:8080/api');
    fill('API key', 'key');
    await waitFor(() => expect(contains).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText(/^Saved\./);
    expect(request).not.toHaveBeenCalled();
  });

  it('saves but warns when the browser is not allowed to reach the host', async () => {
    grant(false, false);
    render(<ConnectionSection saved={EMPTY} onSaved={() => {}} />);

    fill('Base URL', 'https://notes.example.com/api');
    fill('API key', 'key');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText(/did not allow Clipdeck to reach notes\.example\.com/);
    expect((await connectionItem.getValue()).apiKey).toBe('key');
  });

  it('refuses a bad address and a missing key, saving nothing and asking nothing', async () => {
    const { request } = grant(false, true);
    render(<ConnectionSection saved={EMPTY} onSaved={() => {}} />);

    fill('Base URL', 'notes.example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByLabelText('Base URL').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/Enter the API key/)).toBeTruthy();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('warns while typing that plain http to another machine exposes the key', () => {
    grant(false, true);
    render(<ConnectionSection saved={EMPTY} onSaved={() => {}} />);

    fill('Base URL', 'http://notes.example.com/api');

    const input = screen.getByLabelText('Base URL');
    const warning = screen.getByText(/unencrypted/);
    expect(input.getAttribute('aria-describedby')).toContain(warning.id);
  });

  it('a new key clears the “key refused” banner', async () => {
    grant(true, true);
    await recordKeyRefused();
    render(
      <ConnectionSection
        saved={{ baseUrl: 'https://notes.example.com/api', apiKey: 'old' }}
        onSaved={() => {}}
      />,
    );

    fill('API key', 'new');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText(/^Saved\./);
    expect(await readKeyRefusal()).toBeNull();
  });
});

describe('the API key field', () => {
  it('is masked until revealed, and can be removed', async () => {
    grant(true, true);
    await connectionItem.setValue({ baseUrl: 'https://notes.example.com/api', apiKey: 'secret' });
    render(
      <ConnectionSection
        saved={{ baseUrl: 'https://notes.example.com/api', apiKey: 'secret' }}
        onSaved={() => {}}
      />,
    );
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
});

describe('moving to another service', () => {
  it('gives back access to the previous host once the new one is saved', async () => {
    grant(true, true);
    const remove = vi.fn(async () => true);
    fakeBrowser.permissions.remove = remove;
    render(
      <ConnectionSection
        saved={{ baseUrl: 'https://old.example.com/api', apiKey: 'k' }}
        onSaved={() => {}}
      />,
    );

    fill('Base URL', 'https://new.example.com/api');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText(/^Saved\./);
    expect(remove).toHaveBeenCalledWith({ origins: ['https://old.example.com/*'] });
  });
});
