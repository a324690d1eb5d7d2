// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '../../../entrypoints/options/App';
import { loadSettings, readQuickCaptureSettings, recordKeyRefused } from '../../../utils/settings';

beforeEach(() => {
  fakeBrowser.reset();
  fakeBrowser.permissions.contains = vi.fn(async () => true);
});
afterEach(cleanup);

it('shows defaults and a notice for a damaged value instead of a blank page', async () => {
  await fakeBrowser.storage.local.set({
    connection: { baseUrl: 'https://notes.example.com/api', apiKey: 'k' },
    connection$: { v: 2 },
    clipDefaults: { tags: 'not a list' },
  });

  render(<App />);

  expect(await screen.findByText(/clip defaults settings were damaged \(tags:/)).toBeTruthy();
  expect((screen.getByLabelText('Default clip mode') as HTMLSelectElement).value).toBe('article');
  expect((screen.getByLabelText('Base URL') as HTMLInputElement).value).toBe(
    'https://notes.example.com/api',
  );
});

it('says when the service refused the saved key', async () => {
  await recordKeyRefused(new Date('2026-03-04T05:06:07Z'));

  render(<App />);

  const banner = await screen.findByText(/refused the API key/);
  expect(banner.closest('[role="alert"]')?.textContent).toContain('Refresh Key');
});

it('the notice goes once the damaged setting is changed, which saves it', async () => {
  await fakeBrowser.storage.local.set({ clipDefaults: { tags: 'not a list' } });
  render(<App />);
  await screen.findByText(/clip defaults settings were damaged/);

  fireEvent.change(screen.getByLabelText('Default clip mode'), { target: { value: 'full-page' } });

  await screen.findByText('Saved. New clips use these defaults.');
  expect(screen.queryByText(/clip defaults settings were damaged/)).toBeNull();
  expect((await loadSettings()).notices).toEqual([]);
});

it('a damaged quick-capture value shows a notice, the box ticked, until it is changed', async () => {
  await fakeBrowser.storage.local.set({ quickCapture: { notifications: 'yes' } });
  render(<App />);

  await screen.findByText(/quick capture settings were damaged \(notifications:/);
  const box = screen.getByLabelText(
    'Show a notification after each quick capture',
  ) as HTMLInputElement;
  expect(box.checked).toBe(true);

  fireEvent.click(box);

  await screen.findByText('Saved. New clips use these defaults.');
  expect(screen.queryByText(/quick capture settings were damaged/)).toBeNull();
  expect(await readQuickCaptureSettings()).toEqual({ notifications: false });
});

it('a damaged value can be replaced by the defaults shown without changing anything', async () => {
  await fakeBrowser.storage.local.set({ clipDefaults: { tags: 'not a list' } });
  render(<App />);
  await screen.findByText(/clip defaults settings were damaged/);

  fireEvent.click(screen.getByRole('button', { name: 'Save the values shown' }));

  await waitFor(() => expect(screen.queryByText(/clip defaults settings were damaged/)).toBeNull());
  expect((await loadSettings()).notices).toEqual([]);
});
