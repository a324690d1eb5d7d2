import type { Page, Request, Response } from '@playwright/test';
// The one file, not the index, which loads the whole clipping engine.
import { errorPageCode } from '../../utils/clip/error-page';
import { failure, type UserError } from '../../utils/result';

/**
 * Opening a page for the headless command: ready and settled, not loaded. `load` waits for every
 * image, font and tracker, which on real pages costs seconds the clip does not need; the
 * document is what is clipped. So: DOMContentLoaded, then a short quiet period in which no
 * request that can change the document (document, script, fetch/XHR, stylesheet) is open, capped
 * so a page that never stops polling is clipped anyway.
 */
export const QUIET_MS = 250;
export const SETTLE_CAP_MS = 2_000;

/** Request types after which the document may still change. Images and media cannot. */
const SETTLING_TYPES = new Set(['document', 'script', 'fetch', 'xhr', 'stylesheet']);

export function openSettled(
  page: Page,
  url: string,
  timeoutMs: number,
): Promise<{ ok: true } | { ok: false; error: UserError }> {
  return followingRefreshes(page, url, timeoutMs, (address, ms) => settleAt(page, address, ms));
}

/** What the launchers' pages (Playwright's and Puppeteer's) share for following a refresh. */
export interface RefreshablePage {
  evaluate(read: typeof readRefresh): Promise<string | null>;
  url(): string;
}

/**
 * Opens `url` with `openAt`, then follows the refreshes that send the reader on (see
 * REFRESH_FOLLOWED_WITHIN_S), and a page that moved on by itself once it had settled, up to
 * REFRESH_HOPS, all within the one time limit.
 */
export async function followingRefreshes<Opened extends { ok: boolean }>(
  page: RefreshablePage,
  url: string,
  timeoutMs: number,
  openAt: (address: string, timeoutMs: number) => Promise<Opened>,
): Promise<Opened> {
  const deadline = Date.now() + timeoutMs;
  let address = url;
  for (let hop = 0; ; hop += 1) {
    const opened = await openAt(address, Math.max(1, deadline - Date.now()));
    if (!opened.ok || hop === REFRESH_HOPS) return opened;
    // Where the page settled, after any HTTP redirect: not `address`, or every page an HTTP
    // redirect answers would look moved and be loaded twice.
    const onward = await onwardAddress(page, page.url());
    if (!onward) return opened;
    address = onward;
  }
}

/**
 * A page that sends its reader on by a refresh (`<meta http-equiv="refresh" content="0;
 * url=…">`: link shorteners, "this page has moved", sign-in hops) is a redirect, as an HTTP one
 * would be; the browser follows it only after its delay, or after the load event, by which time
 * the page that sends on has been clipped ("Redirecting…") or goes while it is read. So the
 * command follows it at once. A refresh after longer than this is a page to read first (or one
 * that reloads itself every few minutes, which has no other address).
 */
export const REFRESH_FOLLOWED_WITHIN_S = 10;
/** Refreshes followed in a row, as a browser's redirect limit: a loop ends here. */
const REFRESH_HOPS = 3;

/**
 * The address a refresh's `content` sends the reader to within REFRESH_FOLLOWED_WITHIN_S: a web
 * address other than the page's own (one without a URL only reloads it). Forms as browsers read
 * them: "0;url=…", "1; URL='…'", "0, url=…".
 */
export function refreshTarget(
  content: string | null | undefined,
  pageUrl: string,
): string | undefined {
  const match = /^\s*(\d+)[\d.]*\s*[;,]?\s*(?:url\s*=\s*)?([\s\S]*)$/i.exec(content ?? '');
  if (!match || Number(match[1]) > REFRESH_FOLLOWED_WITHIN_S) return undefined;
  let target = (match[2] ?? '').trim();
  const quote = target[0];
  if (quote === '"' || quote === "'") {
    const end = target.indexOf(quote, 1);
    target = target.slice(1, end < 0 ? undefined : end);
  }
  if (!target || !URL.canParse(target, pageUrl)) return undefined;
  const onward = new URL(target, pageUrl);
  if (!/^https?:$/.test(onward.protocol)) return undefined;
  return withoutFragment(onward.href) === withoutFragment(pageUrl) ? undefined : onward.href;
}

/** The page's refresh as written, read in the page (Playwright's and Puppeteer's `evaluate`). */
export function readRefresh(): string | null {
  return (
    document.querySelector('meta[http-equiv="refresh" i][content]')?.getAttribute('content') ?? null
  );
}

/**
 * Where a page that settled at `settledAt` goes next, if anywhere: its refresh's target, or, when
 * it moved on by itself as it was asked (a refresh the browser fired after the load event), where
 * it is now.
 */
async function onwardAddress(
  page: RefreshablePage,
  settledAt: string,
): Promise<string | undefined> {
  const content = await page.evaluate(readRefresh).catch(() => null);
  const now = page.url();
  if (withoutFragment(now) !== withoutFragment(settledAt)) return now;
  return refreshTarget(content, now);
}

/**
 * A page with next to nothing to read may be one that sends its reader on by a script timer (a
 * shortener's or a sign-in's "Redirecting…"), which no refresh tag announces and which fires
 * after the page settled, so what was read is the page being left. A read with less content
 * than this is watched for MOVE_WATCH_MS before it is kept; any other is kept at once, so only
 * nearly empty pages pay for the wait.
 */
export const NEARLY_EMPTY_CHARS = 200;
export const MOVE_WATCH_MS = 2_000;
const MOVE_POLL_MS = 100;

/** Where a tab that was at `from` has gone within `ms` (fragment aside), or undefined. */
export async function movedWithin(
  url: () => string,
  from: string,
  ms: number,
): Promise<string | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const now = url();
    if (withoutFragment(now) !== withoutFragment(from)) return now;
    if (Date.now() >= deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, MOVE_POLL_MS));
  }
}

export function withoutFragment(address: string): string {
  const hash = address.indexOf('#');
  return hash < 0 ? address : address.slice(0, hash);
}

async function settleAt(
  page: Page,
  url: string,
  timeoutMs: number,
): Promise<{ ok: true } | { ok: false; error: UserError }> {
  const open = new Set<Request>();
  let lastActivity = Date.now();
  const started = (request: Request) => {
    if (!SETTLING_TYPES.has(request.resourceType()) || request.frame() !== page.mainFrame()) return;
    open.add(request);
    lastActivity = Date.now();
  };
  const ended = (request: Request) => {
    if (open.delete(request)) lastActivity = Date.now();
  };
  let loaded = false;
  const onLoad = () => {
    loaded = true;
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const deadline = Date.now() + timeoutMs;
  try {
    let response: Response | null;
    try {
      response = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
    } catch (error) {
      return failure(...navigationFailure(url, error, timeoutMs));
    }
    if (response) {
      const refused = refusedResponse(response);
      if (refused) return refused;
    }
    page.once('load', onLoad);
    const settleUntil = Math.min(Date.now() + SETTLE_CAP_MS, deadline);
    while (!loaded && Date.now() < settleUntil) {
      if (open.size === 0 && Date.now() - lastActivity >= QUIET_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { ok: true };
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
    // A reused tab must not keep listeners of the pages it showed before.
    page.off('load', onLoad);
  }
}

/**
 * An error status or a document that is not a web page: nothing to clip. Takes the part of a
 * response Playwright's and Puppeteer's share, so the Firefox launcher asks the same questions.
 */
export function refusedResponse(
  response: Pick<Response, 'status' | 'headers'>,
): { ok: false; error: UserError } | undefined {
  const status = response.status();
  if (status >= 400) return failure(`http-${status}`, errorPageSentence(status));
  const type = (response.headers()['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type && !/^(text\/html|application\/xhtml\+xml|text\/plain)$/.test(type)) {
    return failure(
      type === 'application/pdf' ? 'pdf' : 'not-html',
      `The address gives ${type === 'application/pdf' ? 'a PDF' : `a ${type} file`}, not a web page, so there is no article to clip.`,
    );
  }
  return undefined;
}

/**
 * Why the page did not open, in the words of the network error Chromium reports (a DNS failure
 * or a refused connection is said at once, not after a wait that suggests a slow page).
 */
export function navigationFailure(
  url: string,
  error: unknown,
  timeoutMs: number,
): [string, string] {
  const text = error instanceof Error ? error.message : String(error);
  const host = hostOf(url);
  const code = /net::(ERR_[A-Z_]+)/.exec(text)?.[1] ?? /NS_ERROR_[A-Z_]+/.exec(text)?.[0];
  switch (code) {
    case 'ERR_NAME_NOT_RESOLVED':
    case 'ERR_NAME_RESOLUTION_FAILED':
    case 'NS_ERROR_UNKNOWN_HOST':
      return ['dns', `The host ${host} was not found (DNS): check the address, or your network.`];
    case 'ERR_CONNECTION_REFUSED':
    case 'NS_ERROR_CONNECTION_REFUSED':
      return [
        'refused',
        `${host} refused the connection: nothing is listening there; check the address and port.`,
      ];
    case 'ERR_CONNECTION_RESET':
    case 'ERR_CONNECTION_CLOSED':
    case 'ERR_EMPTY_RESPONSE':
    case 'NS_ERROR_NET_RESET':
      return ['dropped', `${host} closed the connection without an answer: try again later.`];
    case 'ERR_ADDRESS_UNREACHABLE':
    case 'ERR_INTERNET_DISCONNECTED':
    case 'ERR_NETWORK_CHANGED':
      return ['unreachable', `${host} cannot be reached from this machine: check the network.`];
    case 'ERR_TOO_MANY_REDIRECTS':
      return ['redirects', `${url} redirects in a loop, so it never reaches a page.`];
    case 'ERR_ABORTED':
      // Chromium gives up a navigation this way when the answer is a download (a file, not a page).
      return [
        'not-html',
        `${url} is a file to download, not a web page, so there is no article to clip.`,
      ];
    default:
      if (code?.startsWith('ERR_CERT') || code?.startsWith('ERR_SSL'))
        return ['certificate', `${host} has a certificate the browser does not trust (${code}).`];
  }
  if (
    /Timeout \d+ms exceeded|timed out/i.test(text) ||
    code === 'ERR_TIMED_OUT' ||
    code === 'ERR_CONNECTION_TIMED_OUT'
  ) {
    return [
      'timeout',
      `The page did not become ready within ${Math.round(timeoutMs / 1000)} s (the per-page time limit, --page-timeout).`,
    ];
  }
  return ['not-opened', `The page could not be opened (${code ?? text.split('\n')[0]}).`];
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The command line's English sentence for an error status (the extension words the same codes in
 * the user's language, utils/i18n).
 */
export function errorPageSentence(status: number): string {
  const what = {
    'page-not-found': 'the page was not found there',
    'page-not-public': 'the page needs a login or is not public',
    'site-error': 'the site had an error',
    'site-refused': 'the site refused the request',
  }[errorPageCode(status)];
  return (
    `The server answered ${status} (${what}), so there is nothing to clip and no note was saved. ` +
    'Check the address, or reload the page once it works and clip it again.'
  );
}
