import { browser } from 'wxt/browser';
import { type Clip, composeNote, stripTrackingParameters } from '../clip/light';
import { canonicalUrl, clipsOfPage, forgetNote } from '../clip-log';
import { extractFromTab, NOT_CONFIGURED_MESSAGE } from '../clipper';
import { AT_ONCE } from '../clipper/inject';
import { t } from '../i18n';
import { getNote, updateNote } from '../notes-index';
import { type ClipSummary, getOutbox, submitClip, summarizeClip } from '../outbox';
import { failure, type Result, type UserError } from '../result';
import { loadSettings, templateSource } from '../settings';
import { buildTextDirective, textFragmentUrl, wholeWords } from './fragment';
import {
  MAX_PAGE_TEXT,
  type MeasuredSelection,
  measuredSelectionSchema,
  measureSelectionInPage,
} from './measure';
import { insertQuote, type Quote, quoteMarkdown } from './note';

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

/** The probe's answer: null for no selection, undefined when the page refused to be asked. */
async function measure(tabId: number): Promise<MeasuredSelection | null | undefined> {
  try {
    const [injection] = await browser.scripting.executeScript({
      ...AT_ONCE,
      target: { tabId, frameIds: [0] },
      func: measureSelectionInPage,
      args: [MAX_PAGE_TEXT],
    });
    if (injection?.result === null) return null;
    // What a page answers is input from outside the background, checked like any other.
    const parsed = measuredSelectionSchema.safeParse(injection?.result);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The passage and its link. The link is the tab's address (tracking parameters stripped when the
 * user asks for it, any fragment replaced) with a text directive that finds this passage first.
 */
export function quoteFromMeasure(measured: MeasuredSelection, pageAddress: string): Quote | null {
  const { pageText } = measured;
  const [start, end] = wholeWords(pageText, measured.start, measured.end);
  if (end <= start) return null;
  const selected = pageText.slice(measured.start, measured.end).replace(/^[ \n]+|[ \n]+$/g, '');
  if (!selected) return null;
  const link = textFragmentUrl(pageAddress, buildTextDirective(pageText, start, end));
  return {
    text: selected,
    offset: start,
    pageLength: Math.max(pageText.length, 1),
    ...(link !== undefined && { link }),
  };
}

/**
 * "Quote to note" (shortcut or context menu): the selection becomes a blockquote with a link back
 * to the passage, added in page order to the note this page became before (found in the local
 * clip log, then read with one GET by `updateNote`), or to a new note with the page's title and
 * source, which goes through the outbox like any clip. Nothing stays running in the page: one
 * probe measures the selection, and for a new note the engine reads the title.
 */
export async function quoteSelection(tabId: number, frameId = 0): Promise<QuoteOutcome> {
  if (frameId !== 0) return failure('no-selection', t('quickCapture.selectionInFrame'));
  const settings = await loadSettings();
  if (!settings.connection.baseUrl || !settings.connection.apiKey) {
    return failure('not-configured', NOT_CONFIGURED_MESSAGE);
  }
  const tab = await browser.tabs.get(tabId).catch(() => undefined);
  const measured = await measure(tabId);
  if (measured === undefined || !tab?.url) {
    return failure('unclippable', t('clip.error.noAccess'));
  }
  if (measured === null) return failure('no-selection', t('quote.noSelection'));
  const defaults = settings.clipDefaults;
  const address = defaults.stripTracking ? stripTrackingParameters(tab.url) : tab.url;
  const quote = quoteFromMeasure(measured, address);
  if (!quote) return failure('no-selection', t('quote.noSelection'));
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

  const source = canonicalUrl(tab.url) ?? address;
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

  // The title the way a clip gets it: the engine reads the page (bookmark mode reads no article).
  const extracted = await extractFromTab(tabId, {
    mode: 'bookmark',
    stripTrackingParameters: defaults.stripTracking,
  });
  const title =
    (extracted.ok && extracted.clip.title.trim()) || tab.title?.trim() || new URL(source).host;
  const clip: Clip = {
    title,
    markdown: quoteMarkdown(quote),
    url: source,
    mode: 'selection',
    notices: [],
    metadata: extracted.ok ? extracted.clip.metadata : {},
  };
  const deckId = settings.decks.defaultDeckId;
  const submitted = await submitClip({
    draft: {
      title,
      markdown_text: composeNote(clip, {
        template: templateSource(defaults.template),
        now: new Date(),
      }),
      tags: defaults.tags,
    },
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
