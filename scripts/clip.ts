/**
 * `npm start -- [<url-or-html-file>...] [--from <export-file>...] [options]` (see USAGE in
 * scripts/lib/bulk/args.ts).
 *
 * Clips pages through the real extension: builds it if needed, loads it into a browser, opens
 * the pages a few tabs at once, runs the same clip the popup uses, hands the clips to the
 * extension's outbox in batches, and prints each stored note (read back with GET) as one JSON
 * line. Progress and the summary go to stderr. Without NOTES_API_URL and NOTES_API_KEY it clips
 * into an embedded local Notes server and says where that is.
 *
 * Exit status: 0 when nothing needs the user; 1 when a link failed or a clip still waits in the
 * outbox; 2 when the command could not run; 130 when stopped with Ctrl-C (run it again to go on).
 */
import { rm } from 'node:fs/promises';
import type { NotesServer } from '../notes-server';
import type { NotesClient } from '../utils/api';
import { type Command, parseCommand, USAGE } from './lib/bulk/args';
import { readInputs } from './lib/bulk/inputs';
import { Journal } from './lib/bulk/journal';
import { type Counts, formatDuration, Progress } from './lib/bulk/progress';
import type { RunOutcome } from './lib/bulk/run';
import { serviceSentence } from './lib/bulk/sentences';
import type { ClipBrowser } from './lib/clip-browser';

/** The command's own settings for the outbox: quicker retries, and saved clips kept long enough to be read. */
const OUTBOX_FOR_COMMAND = { baseDelayMs: 1_000, maxDelayMs: 15_000, savedKept: 400 };

const log = (line: string) => process.stderr.write(`clipdeck: ${line}\n`);

/** A reason the command cannot go on, printed as one line; exit status 2. */
class CommandError extends Error {}

function fail(reason: string): never {
  throw new CommandError(reason);
}

async function main(argv: string[]): Promise<number> {
  // Everything the user typed is checked, and the export files read, before anything starts.
  const parsed = parseCommand(argv);
  if (parsed.ok === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!parsed.ok) fail(parsed.error.message);
  const { command } = parsed;
  const inputs = readInputs(command);
  if (!inputs.ok) fail(inputs.error.message);
  const { NOTES_API_URL: envUrl, NOTES_API_KEY: envKey } = process.env;
  if ((envUrl || envKey) && !(envUrl && envKey)) {
    fail(
      'Set both NOTES_API_URL and NOTES_API_KEY, or neither (to clip into an embedded local server).',
    );
  }

  const closers: Array<() => Promise<void>> = [];
  const signal = { stopped: false };
  let journal: Journal | undefined;
  process.on('SIGINT', () => {
    if (signal.stopped) process.exit(130);
    signal.stopped = true;
    log('stopping (Ctrl-C again to quit at once)…');
  });
  try {
    // The browser starts while the service is checked: both take seconds.
    const { ensureAutomationBuild, automationBuildDir } = await import('./lib/headless-clip');
    const journalPath =
      command.journal ?? (command.from[0] && `${command.from[0]}.clipdeck-journal`);
    const profileDir = journalPath ? `${journalPath}-browser` : undefined;
    const launching = (async (): Promise<ClipBrowser> => {
      ensureAutomationBuild(log, command.browser);
      const { LAUNCHERS } = await import('./lib/launchers');
      return LAUNCHERS[command.browser]({
        extensionDir: automationBuildDir(command.browser),
        headless: command.headless || !(process.env.DISPLAY || process.env.WAYLAND_DISPLAY),
        ...(profileDir !== undefined && { profileDir }),
      });
    })();
    launching.then(
      (browser) => closers.push(() => browser.close()),
      () => undefined,
    );

    let connection: { baseUrl: string; apiKey: string };
    if (envUrl && envKey) {
      connection = { baseUrl: envUrl, apiKey: envKey };
    } else {
      const { startNotesServer } = await import('../notes-server');
      const server: NotesServer = await startNotesServer();
      closers.push(() => server.stop());
      connection = { baseUrl: server.baseUrl, apiKey: server.apiKey };
      log(
        `no NOTES_API_URL set: clipping into the embedded local Notes server at ${server.baseUrl} ` +
          '(its notes live only while this command runs).',
      );
    }

    const { createNotesClient } = await import('../utils/api');
    const client = createNotesClient(connection);
    await checkService(client, connection.baseUrl);

    const counts: Counts = {
      total: inputs.links.length,
      stored: 0,
      skipped: 0,
      bookmarked: 0,
      failed: 0,
    };
    const progress = new Progress(process.stderr, counts);
    for (const notice of inputs.notices) progress.say(notice);
    if (journalPath) {
      journal = new Journal(journalPath);
      if (journal.latest.size) log(`continuing the run recorded in ${journalPath}.`);
    }
    const { startStaticServer } = await import('./lib/static-server');
    const { workItems } = await import('./lib/bulk/inputs');
    const items = await workItems(inputs, command, async (folder) => {
      // A saved page is already what its reader saw: its scripts can only move it (a "force
      // https" line sends it to an https address the loopback server cannot answer), redraw it
      // from a site that has changed, or call trackers. They do not run; the extension's do.
      // Its own policy names its site as 'self', which served from loopback it no longer is: it
      // is left out, or Chromium would refuse the base the engine reads the page's addresses by.
      const server = await startStaticServer(folder, { pageScripts: false, pagePolicies: false });
      closers.push(() => server.stop());
      return server;
    });
    // The links the service has notes of: one pass over its notes for the whole run, keeping
    // only this run's links (the options page's import uses the same scan).
    let known = new Set<string>();
    if (!command.again && inputs.links.length > 1) {
      const { scanNoteSources } = await import('../utils/clip-log/scan-sources');
      const wanted = new Set(items.map((item) => item.key));
      known = (await withRetries(() => scanNoteSources(client, wanted), connection.baseUrl)).known;
    }

    const browser = await launching;
    await browser.call('configure', connection);
    await browser.call('configureOutbox', OUTBOX_FOR_COMMAND);

    const { runLinks } = await import('./lib/bulk/run');
    const { heapProbe } = await import('./lib/bulk/heap-probe');
    const probe = heapProbe(process.env, log);
    let printed = 0;
    const outcome = await runLinks(items, {
      command,
      browser,
      client,
      baseUrl: connection.baseUrl,
      ...(journal && { journal }),
      known,
      out: (line) => {
        process.stdout.write(`${line}\n`);
        probe?.(++printed);
      },
      progress,
      counts,
      signal,
    });
    summarize(outcome, command, journalPath);
    if (outcome.fatal) fail(outcome.fatal);
    if (profileDir && !outcome.waiting && !outcome.stopped) {
      // Nothing waits in the run's outbox: its browser profile has done its job (removed once
      // the browser is closed, which writes to it until then).
      closers.unshift(() => rm(profileDir, { recursive: true, force: true }));
    }
    // stdout may be a pipe, which Node writes asynchronously: every note line out before exit.
    await new Promise((resolve) => process.stdout.write('', resolve));
    if (outcome.stopped) return 130;
    return outcome.counts.failed || outcome.waiting ? 1 : 0;
  } finally {
    journal?.close();
    for (const close of closers.reverse()) await close().catch(() => undefined);
  }
}

/** Fail fast, in one line, when the key is wrong or the service is down; a passing error is no reason to stop. */
async function checkService(client: NotesClient, baseUrl: string): Promise<void> {
  try {
    await client.list({ limit: 1 });
  } catch (error) {
    if (!isPassing(error)) fail(serviceSentence(error, baseUrl));
  }
}

async function withRetries<T>(task: () => Promise<T>, baseUrl: string): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (!isPassing(error) || attempt >= 6) fail(serviceSentence(error, baseUrl));
      const wait = (error as { retryAfterMs?: number }).retryAfterMs ?? 1_000 * attempt;
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 30_000)));
    }
  }
}

/** A failure a retry may get past: a server error, a rate limit, a timeout. */
function isPassing(error: unknown): boolean {
  return ['server', 'rate-limited', 'timeout'].includes((error as { kind?: string })?.kind ?? '');
}

function summarize(outcome: RunOutcome, command: Command, journalPath: string | undefined): void {
  const { counts } = outcome;
  const minutes = outcome.elapsedMs / 60_000;
  const rate = outcome.clippedNow && minutes > 0 ? Math.round(outcome.clippedNow / minutes) : 0;
  const parts = [
    `${counts.stored} stored`,
    `${counts.skipped} skipped as already there`,
    `${counts.bookmarked} bookmarked`,
    `${counts.failed} failed`,
  ];
  log(
    `${outcome.stopped ? 'stopped' : 'done'} in ${formatDuration(outcome.elapsedMs)}: ${parts.join(', ')}` +
      (rate ? `; ${rate} pages a minute.` : '.'),
  );
  if (outcome.failures.size) {
    const reasons = [...outcome.failures].map(([kind, count]) => `${kind} ×${count}`).join(', ');
    log(
      `pages that could not be clipped (${command.onFail === 'bookmark' ? 'kept as bookmarks where the link is known' : 'skipped'}): ${reasons}; each is listed above.`,
    );
  }
  if (outcome.waiting) {
    log(`${outcome.waiting} clips are still waiting to be sent.`);
  }
  if ((outcome.waiting || outcome.stopped) && journalPath) {
    log(`run the same command again to continue (the progress is in ${journalPath}).`);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Every failure ends in one line that says what to do, never a stack trace.
    log(error instanceof Error ? error.message : String(error));
    process.exit(2);
  },
);
