import { describe, expect, it } from 'vitest';
import type { Command } from '../../../../scripts/lib/bulk/args';
import type { WorkItem } from '../../../../scripts/lib/bulk/links';
import { type Counts, Progress } from '../../../../scripts/lib/bulk/progress';
import { runLinks } from '../../../../scripts/lib/bulk/run';
import type { ClipBrowser } from '../../../../scripts/lib/clip-browser';
import type { NotesClient } from '../../../../utils/api';
import type { ClipSummary } from '../../../../utils/outbox';

/**
 * A page that moves on by itself while the extension reads it (a redirect on a timer, after the
 * page had settled): the command must clip where it went, not fail with "the extension cannot
 * read this page" nor store the page that was left. When a real browser's timer fires against a
 * clip cannot be arranged, so the browser here is a stand-in whose tab changes address during
 * the first read; the real browsers are checked by hand (closing note).
 */
const START = 'https://short.example/go/42';
const TARGET = 'https://news.example.org/2026/11/tides';

function command(): Command {
  return {
    targets: [{ kind: 'url', url: START }],
    from: [],
    mode: 'article',
    tags: [],
    deckMap: [],
    again: false,
    onFail: 'skip',
    jobs: 1,
    pageTimeoutMs: 5_000,
    browser: 'chromium',
    headless: true,
  };
}

/**
 * `moves(url, reads)`: where the tab showing `url` is once its `reads`-th read is under way
 * (undefined: it stays). `readOf(url)`: what reading a tab at that address gives.
 */
function browserWhere(
  moves: (url: string, reads: number) => string | undefined,
  readOf: (url: string) => { ok: true; title: string } | { ok: false },
) {
  const opened: string[] = [];
  const submitted: string[] = [];
  const tabs = new Map<number, string>();
  let reads = 0;
  const browser = {
    open: async (url: string) => {
      opened.push(url);
      const tabId = opened.length;
      tabs.set(tabId, url);
      return {
        ok: true as const,
        tabId,
        url: () => tabs.get(tabId) ?? url,
        close: async () => {},
      };
    },
    call: async (name: string, ...args: unknown[]) => {
      if (name === 'prepareTabs') {
        const [{ tabId }] = args[0] as [{ tabId: number }];
        reads += 1;
        const was = tabs.get(tabId) as string;
        const movedTo = moves(was, reads);
        if (movedTo) tabs.set(tabId, movedTo);
        const read = readOf(was);
        return [
          read.ok
            ? {
                ok: true,
                clip: { draft: { title: read.title, markdown_text: 'Text.', tags: [] } },
                notices: [],
              }
            : {
                ok: false,
                error: { kind: 'unclippable', message: 'Clipdeck cannot read this page.' },
              },
        ];
      }
      if (name === 'submitClips') {
        const [clips] = args as [Array<{ draft: { title: string } }>];
        submitted.push(...clips.map((clip) => clip.draft.title));
        return clips.map((clip, index) => ({
          id: `clip-${index}`,
          state: 'queued',
          title: clip.draft.title,
        }));
      }
      if (name === 'clipStates') {
        return (args[0] as string[]).map(
          (id) => ({ id, state: 'saved' }) as unknown as ClipSummary,
        );
      }
      return [];
    },
    close: async () => {},
  } as unknown as ClipBrowser;
  return { browser, opened, submitted };
}

async function run(fake: ReturnType<typeof browserWhere>) {
  const counts: Counts = { total: 1, stored: 0, skipped: 0, bookmarked: 0, failed: 0 };
  const said: string[] = [];
  const stream = {
    write: (line: string) => said.push(line),
    isTTY: false,
  } as unknown as NodeJS.WriteStream;
  const printed: string[] = [];
  const item: WorkItem = {
    key: START,
    link: { url: START, tags: [], highlights: [], folders: [] },
    openUrl: START,
    fromExport: false,
    tags: [],
  };
  const outcome = await runLinks([item], {
    command: command(),
    browser: fake.browser,
    client: {} as NotesClient,
    baseUrl: 'http://127.0.0.1:1/api',
    known: new Set(),
    out: (line) => printed.push(line),
    progress: new Progress(stream, counts, false),
    counts,
    signal: { stopped: false },
  });
  return { outcome, said: said.filter((line) => !line.includes('links:')), printed };
}

const reads = (url: string) =>
  url === TARGET ? { ok: true as const, title: 'Tides' } : { ok: false as const };

describe('a page that moves on while it is read', () => {
  it('is clipped where it went, when reading it failed', async () => {
    const fake = browserWhere((url) => (url === START ? TARGET : undefined), reads);
    const { outcome, said } = await run(fake);
    expect(fake.opened).toEqual([START, TARGET]);
    expect(fake.submitted).toEqual(['Tides']);
    expect(outcome.counts).toMatchObject({ stored: 1, failed: 0 });
    expect(said).toEqual([]);
  });

  it('is clipped where it went, when the page it left was read', async () => {
    const fake = browserWhere(
      (url) => (url === START ? TARGET : undefined),
      (url) => ({ ok: true, title: url === TARGET ? 'Tides' : 'Redirecting…' }),
    );
    const { outcome } = await run(fake);
    expect(fake.opened).toEqual([START, TARGET]);
    expect(fake.submitted).toEqual(['Tides']);
    expect(outcome.counts.stored).toBe(1);
  });

  it('is read once more only: a page that keeps moving is reported where it ended', async () => {
    const fake = browserWhere(
      (url, count) => `${url}/next-${count}`,
      () => ({ ok: false }),
    );
    const { outcome, said } = await run(fake);
    expect(fake.opened).toEqual([START, `${START}/next-1`]);
    expect(outcome.counts).toMatchObject({ stored: 0, failed: 1 });
    expect(said.join('')).toContain('Clipdeck cannot read this page.');
  });

  it('is the same page when only its fragment changed', async () => {
    const fake = browserWhere(
      (url) => (url === START ? `${START}#comments` : undefined),
      () => ({ ok: true, title: 'Go' }),
    );
    const { outcome } = await run(fake);
    expect(fake.submitted).toEqual(['Go']);
    expect(fake.opened).toEqual([START]);
    expect(outcome.counts.stored).toBe(1);
  });
});
