import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import {
  type Clip,
  type ClipError,
  type ClipRequest,
  ENGINE_KEY,
  type InPageClipEngine,
} from '../clip/light';
import { clipErrorToUserError, t } from '../i18n';
import { failure, type Result } from '../result';
import { AT_ONCE } from './inject';

/** The built content script (entrypoints/extract.content.ts), as WXT names it. */
const ENGINE_SCRIPT = '/content-scripts/extract.js';

// What comes back from the page is checked like any other input from outside the background.
const clipResultSchema = z.union([
  z.object({
    ok: z.literal(true),
    clip: z.looseObject({ title: z.string(), markdown: z.string(), url: z.string() }),
  }),
  z.object({
    ok: z.literal(false),
    error: z.looseObject({ kind: z.string(), code: z.string() }),
  }),
]);

/**
 * Puts the engine into the tab unless it is there already, so a caller can do it alongside other
 * work (the popup inspects the tab meanwhile); extractFromTab then finds it. Rejects when the tab
 * refuses injection (browser pages, the PDF viewer).
 */
export async function ensureEngine(tabId: number): Promise<void> {
  const [present] = await browser.scripting.executeScript({
    ...AT_ONCE,
    target: { tabId },
    func: (key: string) =>
      (globalThis as unknown as Record<symbol, unknown>)[Symbol.for(key)] !== undefined,
    args: [ENGINE_KEY],
  });
  if (present?.result !== true) {
    await browser.scripting.executeScript({
      ...AT_ONCE,
      target: { tabId },
      files: [ENGINE_SCRIPT],
    });
  }
}

/**
 * Runs the clipping engine inside the tab: the engine script is injected on demand (no content
 * script is registered on every page), then called with the request as an argument. A tab that
 * already has the engine (the popup opened again, another clip mode) is not given it again:
 * parsing the engine's script cost 50–240 ms per preview on the corpus (issue 19).
 */
export async function extractFromTab(
  tabId: number,
  request: ClipRequest,
): Promise<Result<{ clip: Clip }>> {
  const runEngine = () =>
    browser.scripting.executeScript({
      ...AT_ONCE,
      target: { tabId },
      // Serialised into the page: it can import nothing, so the engine's key comes as an argument.
      // null: this page's isolated world has no engine yet. A page still being parsed (injected
      // at once) is read when its document is complete, not before.
      func: async (key: string, clipRequest: ClipRequest) => {
        if (document.readyState === 'loading') {
          await new Promise((parsed) =>
            document.addEventListener('DOMContentLoaded', parsed, { once: true }),
          );
        }
        return (
          (globalThis as unknown as Record<symbol, InPageClipEngine | undefined>)[
            Symbol.for(key)
          ]?.clip(clipRequest) ?? null
        );
      },
      args: [ENGINE_KEY, request],
    });
  try {
    let [injection] = await runEngine();
    if (injection?.result === null || injection?.result === undefined) {
      await browser.scripting.executeScript({
        ...AT_ONCE,
        target: { tabId },
        files: [ENGINE_SCRIPT],
      });
      [injection] = await runEngine();
    }
    const parsed = clipResultSchema.safeParse(injection?.result);
    if (!parsed.success) {
      return failure('unclippable', t('clip.error.noAnswer'));
    }
    // The engine's error is a code: worded here, in the user's language (its notices are worded
    // where they are shown).
    if (!parsed.data.ok)
      return { ok: false, error: clipErrorToUserError(parsed.data.error as ClipError) };
    return { ok: true, clip: parsed.data.clip as unknown as Clip };
  } catch {
    // Chromium refuses injection into chrome://, the Web Store, the PDF viewer and pages without
    // host access; the reason it gives is not meant for users.
    return failure('unclippable', t('clip.error.noAccess'));
  }
}
