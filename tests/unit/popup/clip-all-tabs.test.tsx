// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  type BulkClipper,
  ClipAllTabs,
  type SkippedTab,
} from '../../../components/popup/clip/clip-all-tabs';
import type { BatchProgress, ClipSummary } from '../../../utils/outbox';
import { ALL_WEB_ORIGINS, describeProgress, planAllTabs } from '../../../utils/popup';

const WINDOW_TABS = [
  { id: 1, url: 'https://kelp.example.org:8443/forests', title: 'Kelp forests' },
  { id: 2, url: 'https://kelp.example.org/otters', title: 'Sea otters' },
  { id: 3, url: 'chrome://version', title: 'About Version' },
  { id: 4, url: 'http://tides.example.net/', title: 'Tides' },
];

function progress(overrides: Partial<BatchProgress>): BatchProgress {
  return { total: 3, queued: 0, sending: 0, saved: 0, needsAttention: 0, gone: 0, ...overrides };
}

function summary(id: string, state: ClipSummary['state']): ClipSummary {
  return { id, state, title: id, attempts: 0, createdAt: 1 };
}

function browserWith(options: {
  granted: boolean | ((origin: string) => boolean);
  allow: boolean;
}) {
  // Only the fields the popup reads: tabs.query types every field a real tab has.
  fakeBrowser.tabs.query = vi.fn(
    async () => WINDOW_TABS,
  ) as unknown as typeof fakeBrowser.tabs.query;
  const { granted } = options;
  const contains = vi.fn(async ({ origins }: { origins?: string[] }) =>
    (origins ?? []).every((origin) => (typeof granted === 'function' ? granted(origin) : granted)),
  );
  const request = vi.fn(async () => options.allow);
  fakeBrowser.permissions.contains = contains;
  fakeBrowser.permissions.request = request;
  return { contains, request };
}

/** A background whose outbox saves one more clip each time it is asked. */
function clipperSaving(skipped: SkippedTab[] = []) {
  let saved = 0;
  const clipper: BulkClipper = {
    clipTabs: vi.fn(async () => ({
      ok: true as const,
      clips: [summary('a', 'queued'), summary('b', 'queued'), summary('c', 'queued')],
      failures: skipped,
    })),
    clipProgress: vi.fn(async () => {
      saved = Math.min(saved + 1, 3);
      return { ok: true as const, progress: progress({ saved, queued: 3 - saved }) };
    }),
  };
  return clipper;
}

const button = () => screen.getByRole('button', { name: 'Clip all tabs in this window' });

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

describe('planning the window', () => {
  it('leaves out the popup’s own tab and asks for each web host once, whatever its port', () => {
    const plan = planAllTabs(
      [...WINDOW_TABS, { id: 9, url: 'chrome-extension://x/popup.html' }],
      'chrome-extension://x/',
    );
    expect(plan.tabIds).toEqual([1, 2, 3, 4]);
    expect(plan.origins).toEqual(['http://tides.example.net/*', 'https://kelp.example.org/*']);
    expect(plan.pageCount).toBe(3);
  });

  it('leaves out Clipdeck’s own pages left open in the window', () => {
    const plan = planAllTabs(
      [
        ...WINDOW_TABS,
        { id: 8, url: 'moz-extension://own-uuid/options.html', title: 'Clipdeck options' },
        { id: 9, url: 'moz-extension://another-add-on/page.html', title: 'Another add-on' },
      ],
      'moz-extension://own-uuid/',
    );
    expect(plan.tabIds).toEqual([1, 2, 3, 4, 9]);
  });

  it('asks for every web page when the browser hides a tab’s address', () => {
    const plan = planAllTabs([{ id: 1, url: 'https://a.example/' }, { id: 2 }]);
    expect(plan.origins).toEqual(ALL_WEB_ORIGINS);
    expect(plan.pageCount).toBe(2);
  });

  it('says how far the clips have got, leaving out what is zero', () => {
    expect(describeProgress(progress({ total: 30, saved: 12, queued: 1, sending: 1 }))).toBe(
      '12 of 30 saved, 2 waiting',
    );
    expect(describeProgress(progress({ saved: 1, needsAttention: 1, gone: 1 }))).toBe(
      '1 of 3 saved, 1 needs attention, 1 discarded',
    );
  });
});

describe('Clip all tabs in this window', () => {
  it('already allowed: clips at once with the popup’s deck and tags, then follows delivery', async () => {
    const { request } = browserWith({ granted: true, allow: false });
    const browserPage = { kind: 'browser-page', message: 'Clipdeck cannot read this page.' };
    const clipper = clipperSaving([
      { tabId: 3, error: browserPage },
      { tabId: 2, error: browserPage },
      { tabId: 4, error: { kind: 'pdf', message: 'This is a PDF.' } },
    ]);
    render(<ClipAllTabs clipper={clipper} deckId="deck-science" tags={['sea']} pollMs={5} />);

    expect((await screen.findByText(/Clipdeck will read the 4 tabs open in this window/)).id).toBe(
      'bulk-why',
    );
    fireEvent.click(button());

    expect(request).not.toHaveBeenCalled();
    expect(clipper.clipTabs).toHaveBeenCalledWith({
      tabIds: [1, 2, 3, 4],
      deckId: 'deck-science',
      tags: ['sea'],
    });
    expect(
      await screen.findByText(/^0 of 3 saved, 3 waiting\. Clipdeck keeps sending/),
    ).toBeTruthy();
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    const done = await screen.findByText('Done: 3 of 3 saved.');
    expect(done.getAttribute('role')).toBe('status');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('3');
    expect(screen.getByText(/Skipped 3 tabs that Clipdeck cannot clip/)).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'About Version, Sea otters: Clipdeck cannot read this page.',
      'Tides: This is a PDF.',
    ]);
    expect((button() as HTMLButtonElement).disabled).toBe(false);
  });

  it('not allowed yet: explains why, asks within the click, and queues nothing when refused', async () => {
    const { request } = browserWith({ granted: false, allow: false });
    const clipper = clipperSaving();
    render(<ClipAllTabs clipper={clipper} deckId={null} pollMs={5} />);

    await screen.findByText(/Clipdeck needs to read these 3 pages to clip them/);
    fireEvent.click(button());
    expect(request).toHaveBeenCalledWith({
      origins: ['http://tides.example.net/*', 'https://kelp.example.org/*'],
    });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'You did not allow Clipdeck to read these pages, so nothing was clipped. To clip them, click the button again and choose Allow.',
    );
    expect(clipper.clipTabs).not.toHaveBeenCalled();
  });

  it('allowed at the prompt: clips with the default deck and tags, and has the access given back', async () => {
    browserWith({ granted: false, allow: true });
    const clipper = clipperSaving();
    render(<ClipAllTabs clipper={clipper} deckId={null} pollMs={5} />);

    await screen.findByText(/Clipdeck needs to read/);
    fireEvent.click(button());
    await waitFor(() =>
      expect(clipper.clipTabs).toHaveBeenCalledWith({
        tabIds: [1, 2, 3, 4],
        giveBack: ['http://tides.example.net/*', 'https://kelp.example.org/*'],
      }),
    );
    expect(await screen.findByText('Done: 3 of 3 saved.')).toBeTruthy();
    // Given back after the batch, so the next batch asks again.
    expect(screen.getByText(/your browser will ask you to allow that/)).toBeTruthy();
  });

  it('access the user had before is not given back, only what this batch asked for', async () => {
    const { request } = browserWith({
      granted: (origin) => origin === 'https://kelp.example.org/*',
      allow: true,
    });
    const clipper = clipperSaving();
    render(<ClipAllTabs clipper={clipper} deckId={null} pollMs={5} />);

    await screen.findByText(/Clipdeck needs to read/);
    fireEvent.click(button());
    expect(request).toHaveBeenCalledWith({
      origins: ['http://tides.example.net/*', 'https://kelp.example.org/*'],
    });
    await waitFor(() =>
      expect(clipper.clipTabs).toHaveBeenCalledWith({
        tabIds: [1, 2, 3, 4],
        giveBack: ['http://tides.example.net/*'],
      }),
    );
  });

  it('when giving back took the Notes service’s access too, one click asks for it again', async () => {
    const { request } = browserWith({ granted: false, allow: true });
    const clipper: BulkClipper = {
      clipTabs: async () => ({
        ok: true,
        clips: [summary('a', 'queued')],
        failures: [],
        apiAccessLost: 'https://notes.example.com/*',
      }),
      clipProgress: vi.fn(async () => ({
        ok: true as const,
        progress: progress({ total: 1, queued: 1 }),
      })),
    };
    render(<ClipAllTabs clipper={clipper} deckId={null} pollMs={1000} />);
    await screen.findByText(/Clipdeck needs to read/);
    fireEvent.click(button());

    const again = await screen.findByRole('button', { name: 'Allow notes.example.com again' });
    expect(screen.getByText(/took Clipdeck’s access to your Notes service/)).toBeTruthy();
    fireEvent.click(again);
    expect(request).toHaveBeenLastCalledWith({ origins: ['https://notes.example.com/*'] });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Allow notes.example.com again' })).toBeNull(),
    );
  });

  it('counts clips that need attention and stops following once none waits', async () => {
    browserWith({ granted: true, allow: false });
    const clipper: BulkClipper = {
      clipTabs: async () => ({
        ok: true,
        clips: [summary('a', 'saved'), summary('b', 'needs-attention'), summary('c', 'sending')],
        failures: [],
      }),
      clipProgress: vi.fn(async () => ({
        ok: true as const,
        progress: progress({ saved: 2, needsAttention: 1 }),
      })),
    };
    render(<ClipAllTabs clipper={clipper} deckId={null} pollMs={5} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Clip all tabs in this window' }));

    expect(await screen.findByText('Done: 2 of 3 saved, 1 needs attention.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(clipper.clipProgress).toHaveBeenCalledTimes(1);
  });

  it('says what to do when the background cannot clip at all', async () => {
    browserWith({ granted: true, allow: false });
    const clipper: BulkClipper = {
      clipTabs: async () => ({
        ok: false,
        error: { kind: 'not-configured', message: 'Connect Clipdeck in the options first.' },
      }),
      clipProgress: vi.fn(),
    };
    render(<ClipAllTabs clipper={clipper} deckId={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Clip all tabs in this window' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Connect Clipdeck in the options first.',
    );
  });
});
