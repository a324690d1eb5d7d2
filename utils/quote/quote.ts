import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { type QuoteAnswer, type QuoteRequest, stripTrackingParameters } from '../clip/light';
import { canonicalUrl, clipsOfPage, forgetNote } from '../clip-log';
import { callEngine, NOT_CONFIGURED_MESSAGE, noteStyle } from '../clipper';
import { t } from '../i18n';
import { getNote, updateNote } from '../notes-index';
import { type ClipSummary, getOutbox, submitClip, summarizeClip } from '../outbox';
import { failure, type Result, type UserError } from '../result';
import { loadSettings, templateSource } from '../settings';
import { insertQuote } from './note';

// What the page's engine answers is input from outside the background, checked like any other.
// (Built here, not imported: utils/clipper's index reaches this module while it is loading.)
const quoteAnswerSchema = z.nullable(
  z.object({
    quote: z.object({
      markdown: z.string(),
      offset: z.int().check(z.nonnegative()),
      pageLength: z.int().check(z.positive()),
      link: z.optional(z.string()),
    }),
    note: z.object({ title: z.string(), markdown: z.string() }),
  }),
);

/** What "Quote to note" did: added to the page's note, or made a new one (through the outbox). */
export type QuoteOutcome = Result<
  {
    /** The text-fragment link written under the quote (absent for a page that is not http(s)). */
    link?: string;
    /** Where the quote sits in the page's text: the order the note keeps. */
    offset: number;
  } & (
    | { appended: true; noteId: string; title: string }
    | {
        appended: false;
        clip: ClipSummary;
        /** The quote joined this page's note while it still waits in the outbox. */
        joinedWaiting?: true;
        /** Why the page's existing note did not get the quote, when it has one. */
        keptSeparately?: UserError;
      }
  )
>;

/** The engine's answer: null for no selection, undefined when the page refused to be asked. */
async function quoteInPage(
  tabId: number,
  request: QuoteRequest,
): Promise<QuoteAnswer | null | undefined> {
  try {
    const parsed = quoteAnswerSchema.safeParse(await callEngine(tabId, 'quote', request));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * "Quote to note" (shortcut or context menu): the selection becomes a blockquote with a link back
 * to the passage, added in page order to the note this page became before (found in the local
 * clip log, then read with one GET by `updateNote`), or to a new note with the page's title and
 * source, which goes through the outbox like any clip. One call to the engine in the page
 * measures the selection and writes both the quote and that new note (utils/quote/page); the
 * background only places the quote's lines. Nothing stays running in the page.
 */
export async function quoteSelection(tabId: number, frameId = 0): Promise<QuoteOutcome> {
  if (frameId !== 0) return failure('no-selection', t('quickCapture.selectionInFrame'));
  const settings = await loadSettings();
  if (!settings.connection.baseUrl || !settings.connection.apiKey) {
    return failure('not-configured', NOT_CONFIGURED_MESSAGE);
  }
  const tab = await browser.tabs.get(tabId).catch(() => undefined);
  if (!tab?.url) return failure('unclippable', t('clip.error.noAccess'));
  const defaults = settings.clipDefaults;
  const address = defaults.stripTracking ? stripTrackingParameters(tab.url) : tab.url;
  const source = canonicalUrl(tab.url) ?? address;
  const answer = await quoteInPage(tabId, {
    address,
    source,
    ...(tab.title !== undefined && { tabTitle: tab.title }),
    note: noteStyle(templateSource(defaults.template)),
  });
  if (answer === undefined) return failure('unclippable', t('clip.error.noAccess'));
  if (answer === null) return failure('no-selection', t('quote.noSelection'));
  const { quote } = answer;
  const shared = { offset: quote.offset, ...(quote.link !== undefined && { link: quote.link }) };

  // Read the note as the service has it now, place the quote in page order, and send the whole
  // text back through the outbox (updateNote): kept there if the service stops answering.
  const appendTo = async (noteId: string): Promise<QuoteOutcome | UserError> => {
    const current = await getNote(noteId);
    const updated = current.ok
      ? await updateNote(noteId, { markdown_text: insertQuote(current.note.markdown_text, quote) })
      : current;
    if (updated.ok) {
      return { ok: true, appended: true, noteId, title: updated.note.title, ...shared };
    }
    return updated.error;
  };

  let keptSeparately: UserError | undefined;
  for (const logged of await clipsOfPage(tab.url)) {
    const appended = await appendTo(logged.noteId);
    if ('ok' in appended) return appended;
    if (appended.kind === 'not-found') {
      await forgetNote(logged.noteId);
      continue;
    }
    // The note could not be reached (service down, key refused): the quote is not lost, it
    // goes to the outbox as a note of its own, and the user is told why.
    keptSeparately = appended;
    break;
  }

  // This page's note may still be on its way (an earlier quote or clip while the service was
  // down or busy): the quote joins it there rather than becoming a second note.
  const waiting = await getOutbox().amendWaiting(
    (entry) =>
      entry.sourceUrl !== undefined &&
      (canonicalUrl(entry.sourceUrl) ?? entry.sourceUrl) === source,
    (draft) => ({ ...draft, markdown_text: insertQuote(draft.markdown_text, quote) }),
  );
  if (waiting && 'amended' in waiting) {
    return {
      ok: true,
      appended: false,
      clip: summarizeClip(waiting.amended),
      joinedWaiting: true,
      ...(keptSeparately && { keptSeparately }),
      ...shared,
    };
  }
  if (waiting?.saved.noteId !== undefined) {
    const appended = await appendTo(waiting.saved.noteId);
    if ('ok' in appended) return appended;
    keptSeparately ??= appended;
  }

  const deckId = settings.decks.defaultDeckId;
  const submitted = await submitClip({
    draft: { title: answer.note.title, markdown_text: answer.note.markdown, tags: defaults.tags },
    ...(deckId !== null && { deckId }),
    sourceUrl: source,
  });
  if (!submitted.ok) return submitted;
  return {
    ok: true,
    appended: false,
    clip: submitted.clip,
    ...(keptSeparately && { keptSeparately }),
    ...shared,
  };
}
