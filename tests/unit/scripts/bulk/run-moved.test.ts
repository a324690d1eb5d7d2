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

type Read = { ok: true; title: string; chars?: number } | { ok: false };

/**
 * `moves(url, reads)`: where the tab showing `url` is once its `reads`-th read is under way
 * (undefined: it stays). `readOf(url)`: what reading a tab at that address gives (`chars`: how
 * much content, 1,000 unless said). `later`: a tab read at `from` goes to `to` `afterMs` after the
 * read, as a script's timer sends it.
 */
function browserWhere(
  moves: (url: string, reads: number) => string | undefined,
  readOf: (url: string) => Read,
  later?: { from: string; to: string; afterMs: number },
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
        if (later && was === later.from) {
          setTimeout(() => tabs.set(tabId, later.to), later.afterMs);
        }
        const read = readOf(was);
        return [
          read.ok
            ? {
                ok: true,
                clip: { draft: { title: read.title, markdown_text: 'Text.', tags: [] } },
                notices: [],
                contentChars: read.chars ?? 1_000,
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

async function run(fake: ReturnType<typeof browserWhere>, sourceAddress?: string) {
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
    ...(sourceAddress !== undefined && { sourceAddress }),
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

describe('a nearly empty page, which a script may yet send on', () => {
  const stays = () => undefined;
  const timer = { from: START, to: TARGET, afterMs: 300 };
  const interstitial = (url: string): Read =>
    url === TARGET ? { ok: true, title: 'Tides' } : { ok: true, title: 'Redirecting…', chars: 13 };

  it('is clipped where its timer sent it, after the read', async () => {
    const fake = browserWhere(stays, interstitial, timer);
    const { outcome } = await run(fake);
    expect(fake.opened).toEqual([START, TARGET]);
    expect(fake.submitted).toEqual(['Tides']);
    expect(outcome.counts.stored).toBe(1);
  });

  it('is kept as read when it stays', async () => {
    const fake = browserWhere(stays, interstitial);
    const { outcome } = await run(fake);
    expect(fake.opened).toEqual([START]);
    expect(fake.submitted).toEqual(['Redirecting…']);
    expect(outcome.counts.stored).toBe(1);
  });

  it('is not waited on when it is a local file, whose scripts do not run', async () => {
    const fake = browserWhere(stays, interstitial, timer);
    await run(fake, '/home/ada/saved/go.html');
    expect(fake.opened).toEqual([START]);
    expect(fake.submitted).toEqual(['Redirecting…']);
  });

  it('is not what a page with content is: that is kept at once', async () => {
    const fake = browserWhere(
      stays,
      (url) => ({ ok: true, title: url === TARGET ? 'Tides' : 'Harbour column', chars: 4_000 }),
      timer,
    );
    await run(fake);
    expect(fake.opened).toEqual([START]);
    expect(fake.submitted).toEqual(['Harbour column']);
  });
});
