import { describe, expect, it } from 'vitest';
import type { Command } from '../../../../scripts/lib/bulk/args';
import type { WorkItem } from '../../../../scripts/lib/bulk/links';
import { type Counts, Progress } from '../../../../scripts/lib/bulk/progress';
import { MAX_UNSETTLED, runLinks } from '../../../../scripts/lib/bulk/run';
import type { ClipBrowser } from '../../../../scripts/lib/clip-browser';
import type { NotesClient } from '../../../../utils/api';
import type { ClipSummary, NewClip } from '../../../../utils/outbox';

/**
 * A long reading list against an outbox slower than the pages: the run must stop opening pages
 * while MAX_UNSETTLED clips wait, counting the ones being handed over, or the outbox (and every
 * write of it) grows with the list. Seen in the 2,000-link benchmark: 321 clips waited while 30
 * were saved, each save slower than the last.
 *
 * The browser is a stand-in (the scheduler is what is tested; the real browser and outbox are
 * driven by the bulk e2e tests): opening and clipping are instant, the hand-over to the outbox
 * takes 150 ms, and a clip is saved a second after it was handed over.
 */
const JOBS = 4;
const LINKS = 520;

function command(): Command {
  return {
    targets: [],
    from: ['list.txt'],
    mode: 'article',
    tags: [],
    deckMap: [],
    again: false,
    onFail: 'bookmark',
    jobs: JOBS,
    pageTimeoutMs: 5_000,
    browser: 'chromium',
    headless: true,
  };
}

function items(): WorkItem[] {
  return Array.from({ length: LINKS }, (_, index) => {
    const url = `https://example.com/read/${index}`;
    return {
      key: url,
      link: { url, tags: [], highlights: [], folders: [] },
      openUrl: url,
      fromExport: true,
      tags: [],
    };
  });
}

function slowOutboxBrowser() {
  const submittedAt = new Map<string, number>();
  let opened = 0;
  let saved = 0;
  let peakWaiting = 0;
  let serial = 0;
  const hooks: Record<string, (...args: never[]) => Promise<unknown>> = {
    listOutbox: async () => [],
    clipStates: async (ids: string[]) =>
      ids.map((id) => {
        const at = submittedAt.get(id) ?? Number.POSITIVE_INFINITY;
        const state = Date.now() - at >= 1_000 ? 'saved' : 'queued';
        if (state === 'saved' && submittedAt.delete(id)) saved += 1;
        return { id, state, title: id } as unknown as ClipSummary;
      }),
    prepareTabs: async () => [
      {
        ok: true,
        clip: { draft: { title: 'A page', markdown_text: 'Text.', tags: [] } },
        notices: [],
      },
    ],
    submitClips: async (clips: NewClip[]) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return clips.map(() => {
        const id = `clip-${serial++}`;
        submittedAt.set(id, Date.now());
        return { id, state: 'queued', title: 'A page' } as unknown as ClipSummary;
      });
    },
  };
  const browser = {
    open: async (url: string) => {
      opened += 1;
      peakWaiting = Math.max(peakWaiting, opened - saved);
      return { ok: true as const, tabId: opened, url: () => url, close: async () => {} };
    },
    call: (name: string, ...args: never[]) => {
      const hook = hooks[name];
      if (!hook) throw new Error(`unexpected hook ${name}`);
      return hook(...args);
    },
    close: async () => {},
  } as unknown as ClipBrowser;
  return { browser, peak: () => peakWaiting, saved: () => saved };
}

describe('bulk run against a slow outbox', () => {
  it('never has more than MAX_UNSETTLED clips waiting (plus one page per tab)', async () => {
    const fake = slowOutboxBrowser();
    const counts: Counts = { total: LINKS, stored: 0, skipped: 0, bookmarked: 0, failed: 0 };
    const stream = {
      write: (line: string) => said.push(line),
      isTTY: false,
    } as unknown as NodeJS.WriteStream;
    const said: string[] = [];
    const outcome = await runLinks(items(), {
      command: command(),
      browser: fake.browser,
      client: {} as NotesClient,
      baseUrl: 'http://127.0.0.1:1/api',
      known: new Set(),
      out: () => {},
      progress: new Progress(stream, counts, false),
      counts,
      signal: { stopped: false },
    });
    expect(said.filter((line) => !line.includes('links:')).slice(0, 3)).toEqual([]);
    expect(outcome.counts.stored).toBe(LINKS);
    expect(fake.saved()).toBe(LINKS);
    expect(fake.peak()).toBeLessThanOrEqual(MAX_UNSETTLED + JOBS);
  }, 60_000);
});
