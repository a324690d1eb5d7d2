/**
 * `npm start -- <url-or-html-file>... [--deck <id>] [--tags a,b] [--headless] [--browser firefox]`
 *
 * Clips pages through the real extension: builds it if needed, loads it into Chromium (or
 * Firefox with `--browser firefox`), opens each
 * page, runs the same background clip handler the popup uses, and prints each stored note (read
 * back with GET) as one JSON line. Without NOTES_API_URL and NOTES_API_KEY it clips into an
 * embedded local Notes server and says where that is.
 */
import { parseArgs } from 'node:util';
import { startNotesServer } from '../notes-server';
import { createNotesClient, NotesApiError, type NotesClient } from '../utils/api';
import { BROWSER_NAMES, isBrowserName, launchClipBrowser } from './lib/clip-browser';
import { resolveTargets, tabIdForUrl } from './lib/headless-clip';

const USAGE =
  'Usage: npm start -- <url-or-html-file>... [--deck <deck id>] [--tags a,b] [--headless] ' +
  '[--browser chromium|firefox]\n' +
  'Clips into NOTES_API_URL with NOTES_API_KEY, or into an embedded local Notes server.';

/** How long one clip may take through the outbox's retries before the command gives up on it. */
const CLIP_WAIT_MS = 120_000;

const log = (line: string) => process.stderr.write(`clipdeck: ${line}\n`);

/** A reason the command cannot go on, printed as one line; exit status 2. */
class CommandError extends Error {}

function fail(reason: string): never {
  throw new CommandError(reason);
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      deck: { type: 'string' },
      tags: { type: 'string' },
      headless: { type: 'boolean', default: false },
      browser: { type: 'string', default: 'chromium' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length === 0) fail(USAGE);
  if (!isBrowserName(values.browser)) {
    fail(
      `--browser ${values.browser} is not one Clipdeck runs in: use ${BROWSER_NAMES.join(' or ')}.`,
    );
  }
  const tags = values.tags
    ?.split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

  const closers: Array<() => Promise<void>> = [];
  try {
    let connection: { baseUrl: string; apiKey: string };
    const { NOTES_API_URL: baseUrl, NOTES_API_KEY: apiKey } = process.env;
    if (baseUrl || apiKey) {
      if (!baseUrl || !apiKey) fail('Set both NOTES_API_URL and NOTES_API_KEY, or neither.');
      connection = { baseUrl, apiKey };
    } else {
      const server = await startNotesServer();
      closers.push(() => server.stop());
      connection = { baseUrl: server.baseUrl, apiKey: server.apiKey };
      log(
        `no NOTES_API_URL set: clipping into the embedded local Notes server at ${server.baseUrl} ` +
          '(its notes live only while this command runs).',
      );
    }

    // Fail fast, in one line, when the key is wrong or the service is down. A passing server
    // error or rate limit is no reason to stop: the extension's outbox retries those (issue 5).
    const client = createNotesClient(connection);
    try {
      await client.list({ limit: 1 });
    } catch (error) {
      if (!isPassing(error)) fail(error instanceof Error ? error.message : String(error));
    }

    const { urls, servers } = await resolveTargets(positionals);
    for (const server of servers) closers.push(() => server.stop());

    const headless = values.headless || !(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
    const browser = await launchClipBrowser(values.browser, { headless, log });
    closers.push(() => browser.close());
    await browser.worker.evaluate(
      (value) => globalThis.clipdeckAutomation?.configure(value),
      connection,
    );
    // The command waits for every clip, so its retries come quicker than a browser's would.
    await browser.worker.evaluate(() =>
      globalThis.clipdeckAutomation?.configureOutbox({ baseDelayMs: 1_000, maxDelayMs: 15_000 }),
    );

    let failures = 0;
    for (const url of urls) {
      const page = await browser.context.newPage();
      try {
        await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
      } catch {
        log(`${url}: the page did not load within 30 s; clipping what has loaded.`);
      }
      const tabId = await tabIdForUrl(browser.worker, page.url());
      if (tabId === undefined) {
        log(`${url}: the page did not open in a tab.`);
        failures += 1;
        continue;
      }
      const result = await browser.worker.evaluate(
        (request) => globalThis.clipdeckAutomation?.clipTab(request),
        { tabId, deckId: values.deck, tags },
      );
      if (!result?.ok) {
        log(`${url}: ${result?.error.message ?? 'the extension did not answer.'}`);
        failures += 1;
        continue;
      }
      // The clip is in the extension's outbox; while the service fails it is retried, so wait
      // until it is saved or needs the user (issue 5).
      const clip =
        result.clip.state === 'saved' || result.clip.state === 'needs-attention'
          ? result.clip
          : await browser.worker.evaluate(
              ({ id, timeoutMs }) => globalThis.clipdeckAutomation?.waitForClip(id, timeoutMs),
              { id: result.clip.id, timeoutMs: CLIP_WAIT_MS },
            );
      if (clip?.state !== 'saved') {
        log(`${url}: ${clip?.error?.message ?? 'the clip is still waiting in the outbox.'}`);
        failures += 1;
        continue;
      }
      const stored = clip.noteId ? await readBack(client, clip.noteId) : clip;
      process.stdout.write(`${JSON.stringify(stored)}\n`);
      await page.close();
    }
    return failures === 0 ? 0 : 1;
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  }
}

/** A failure a retry may get past: a server error, a rate limit, a timeout. */
function isPassing(error: unknown): boolean {
  return (
    error instanceof NotesApiError && ['server', 'rate-limited', 'timeout'].includes(error.kind)
  );
}

/** The stored note, read back with GET; a passing failure is retried a few times. */
async function readBack(client: NotesClient, id: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.get(id);
    } catch (error) {
      if (!isPassing(error) || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Every failure ends in one line that says what to do, never a stack trace.
    log(error instanceof Error ? error.message : String(error));
    process.exit(2);
  },
);
