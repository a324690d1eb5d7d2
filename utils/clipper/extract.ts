import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import {
  type Clip,
  type ClipError,
  type ClipNoteRequest,
  type ClipRequest,
  ENGINE_API,
  ENGINE_KEY,
  type InPageClipEngine,
  siteReadersLikely,
} from '../clip/light';
import { clipErrorToUserError, t } from '../i18n';
import { failure, type Result } from '../result';
import { AT_ONCE } from './inject';

/**
 * The built content scripts: the engine with the site detectors alone, the site readers, and the
 * two in one (entrypoints/extract, site-readers, extract-sites.content.ts; clip/sites/loading.ts).
 */
const ENGINE_SCRIPT = '/content-scripts/extract.js';
const SITE_READERS_SCRIPT = '/content-scripts/site-readers.js';
const ENGINE_WITH_SITES_SCRIPT = '/content-scripts/extract-sites.js';

/** The engine's answer when a site module claims the page and its reader is not there yet. */
function needsSiteReaders(answer: unknown): boolean {
  return (answer as { needs?: unknown } | null | undefined)?.needs === 'site-readers';
}

// What comes back from the page is checked like any other input from outside the background.
const clipResultSchema = z.union([
  z.object({
    ok: z.literal(true),
    clip: z.looseObject({ title: z.string(), markdown: z.string(), url: z.string() }),
    note: z.optional(z.string()),
  }),
  z.object({
    ok: z.literal(false),
    error: z.looseObject({ kind: z.string(), code: z.string() }),
  }),
]);

type EngineCall = keyof Omit<InPageClipEngine, 'api'>;

/**
 * Puts the engine into the tab unless it is there already, so a caller can do it alongside other
 * work (the popup inspects the tab meanwhile); extractFromTab then finds it. Rejects when the tab
 * refuses injection (browser pages, the PDF viewer).
 */
export async function ensureEngine(tabId: number): Promise<void> {
  const [present] = await browser.scripting.executeScript({
    ...AT_ONCE,
    target: { tabId },
    // The page's address when the engine is not there: it tells whether to bring the readers.
    func: (key: string, api: number) =>
      (globalThis as unknown as Record<symbol, { api?: unknown } | undefined>)[Symbol.for(key)]
        ?.api === api || location.href,
    args: [ENGINE_KEY, ENGINE_API],
  });
  if (present?.result !== true) await injectEngine(tabId, present?.result);
}

type ScriptFile =
  | typeof ENGINE_SCRIPT
  | typeof SITE_READERS_SCRIPT
  | typeof ENGINE_WITH_SITES_SCRIPT;

function injectScript(tabId: number, file: ScriptFile) {
  return browser.scripting.executeScript({ ...AT_ONCE, target: { tabId }, files: [file] });
}

/**
 * Injects the engine; on a site's own host (sites/hosts.ts), the engine with every site's
 * reader, in one script: the engine alone would ask for the readers at once, and a second script
 * costs a site's page more than the one file does (bench/engine/injection.ts).
 */
function injectEngine(tabId: number, address: unknown) {
  const hinted = typeof address === 'string' && siteReadersLikely(address);
  return injectScript(tabId, hinted ? ENGINE_WITH_SITES_SCRIPT : ENGINE_SCRIPT);
}

/**
 * Calls the engine in the tab's top frame with `args`, and answers with what it returned,
 * unchecked. The engine script is injected on demand (no content script is registered on every
 * page) and only when the page has none of this version: parsing the engine's script cost
 * 50–240 ms per preview on the corpus (issue 19). The site readers follow when the engine asks
 * for them, or come with it on a site's own host (injectEngine). Rejects when the tab refuses scripts (Chromium
 * refuses chrome://, the Web Store, the PDF viewer and pages without host access).
 */
export async function callEngine<Call extends EngineCall>(
  tabId: number,
  call: Call,
  ...args: Parameters<InPageClipEngine[Call]>
): Promise<unknown> {
  const run = () =>
    browser.scripting.executeScript({
      ...AT_ONCE,
      target: { tabId },
      // Serialised into the page: it can import nothing, so the engine's key comes as an argument.
      // The answer is wrapped so that an engine answering null (no selection) differs from none.
      // A page still being parsed (scripts go in at once) is read when its document is complete.
      func: async (key: string, api: number, name: string, input: unknown[]) => {
        if (document.readyState === 'loading') {
          await new Promise((parsed) =>
            document.addEventListener('DOMContentLoaded', parsed, { once: true }),
          );
        }
        const engine = (
          globalThis as unknown as Record<symbol, Record<string, unknown> | undefined>
        )[Symbol.for(key)];
        if (engine?.api !== api) return { absentAt: location.href };
        return { answer: (engine[name] as (...values: unknown[]) => unknown)(...input) };
      },
      args: [ENGINE_KEY, ENGINE_API, call, args],
    });
  const resultOf = (injection: { result?: unknown } | undefined) =>
    injection?.result as { answer?: unknown; absentAt?: unknown } | null | undefined;
  let [injection] = await run();
  const first = resultOf(injection);
  if (!first || first.absentAt !== undefined) {
    await injectEngine(tabId, first?.absentAt);
    [injection] = await run();
  }
  // Asked once: the readers' script is of this build, so the engine finds them the second time;
  // an answer still asking is no clip (the caller says so).
  if (needsSiteReaders(resultOf(injection)?.answer)) {
    await injectScript(tabId, SITE_READERS_SCRIPT);
    [injection] = await run();
  }
  return resultOf(injection)?.answer;
}

/**
 * Runs the clipping engine inside the tab (callEngine) and checks its answer; with `note`, the
 * engine also writes the note the clip becomes (composeFromTab).
 */
async function clipInTab(
  tabId: number,
  request: ClipRequest,
  note?: ClipNoteRequest,
): Promise<Result<{ clip: Clip; note?: string }>> {
  let answer: unknown;
  try {
    // No `undefined` argument: it would reach the page as null.
    answer = await (note
      ? callEngine(tabId, 'clip', request, note)
      : callEngine(tabId, 'clip', request));
  } catch {
    // The reason the browser gives is not meant for users.
    return failure('unclippable', t('clip.error.noAccess'));
  }
  const parsed = clipResultSchema.safeParse(answer);
  if (!parsed.success) {
    return failure('unclippable', t('clip.error.noAnswer'));
  }
  // The engine's error is a code: worded here, in the user's language (its notices are worded
  // where they are shown).
  if (!parsed.data.ok)
    return { ok: false, error: clipErrorToUserError(parsed.data.error as ClipError) };
  const { clip, note: written } = parsed.data;
  return {
    ok: true,
    clip: clip as unknown as Clip,
    ...(written !== undefined && { note: written }),
  };
}

/** The page's clip, as the engine in its tab reads it. */
export async function extractFromTab(
  tabId: number,
  request: ClipRequest,
): Promise<Result<{ clip: Clip }>> {
  const extracted = await clipInTab(tabId, request);
  return extracted.ok ? { ok: true, clip: extracted.clip } : extracted;
}

/** The page's clip and the note it becomes, both made in the tab (issue 18). */
export async function composeFromTab(
  tabId: number,
  request: ClipRequest,
  note: ClipNoteRequest,
): Promise<Result<{ clip: Clip; note: string }>> {
  const composed = await clipInTab(tabId, request, note);
  if (!composed.ok) return composed;
  if (composed.note === undefined) return failure('unclippable', t('clip.error.noAnswer'));
  return { ok: true, clip: composed.clip, note: composed.note };
}
