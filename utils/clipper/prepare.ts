import type { Clip, ClipRequest, NoteStyle } from '../clip/light';
import { t } from '../i18n';
import type { NoteDraft } from '../outbox';
import { failure, type Result } from '../result';
import { loadSettings, readCommentDepth, templateSource } from '../settings';
import { composeFromTab } from './extract';

export const NOT_CONFIGURED_MESSAGE = t('common.notConfigured');

/** A clip made ready to save: the page's content and the note it becomes under the user's defaults. */
export interface PreparedClip {
  clip: Clip;
  draft: NoteDraft;
  /** The deck the note goes to; absent for the default notebook. */
  deckId?: string;
}

/** What the caller may choose; everything else comes from the user's saved defaults. */
export type PrepareRequest = Partial<ClipRequest> & {
  deckId?: string | null;
  tags?: string[];
  /**
   * The address the note names as its source instead of the tab's: the headless command serves
   * a local file over a loopback server that is gone when it ends, so it names the file.
   */
  sourceAddress?: string;
};

/**
 * How the page's engine writes a note: the user's template (a built-in id or their own text) at
 * `now`, with the background's language and time zone, which the note's days use.
 */
export function noteStyle(template: string, now = new Date()): NoteStyle {
  const { locale, timeZone } = new Intl.DateTimeFormat().resolvedOptions();
  return { template, now: now.toISOString(), locale, timeZone };
}

/**
 * Extracts the page in its tab and turns it into a note draft with the user's defaults (mode,
 * tags, deck, template, tracking-parameter stripping). The engine writes the note in the page
 * (issue 18). The popup shows this draft for editing; quick capture and the headless command save
 * it as it is.
 */
export async function prepareClip(
  tabId: number,
  request: PrepareRequest = {},
  now = new Date(),
): Promise<Result<PreparedClip>> {
  const settings = await loadSettings();
  if (!settings.connection.baseUrl || !settings.connection.apiKey) {
    return failure('not-configured', NOT_CONFIGURED_MESSAGE);
  }
  const { deckId, tags, sourceAddress, ...clipRequest } = request;
  const defaults = settings.clipDefaults;
  // How much discussion to keep: the popup's choice for this clip, else the options' (absent:
  // each site family's default, which the engine applies).
  const comments = clipRequest.comments ?? (await readCommentDepth());
  const composed = await composeFromTab(
    tabId,
    {
      stripTrackingParameters: defaults.stripTracking,
      ...clipRequest,
      mode: clipRequest.mode ?? defaults.mode,
      ...(comments && { comments }),
      // A named source is a saved file the command serves from a throwaway address.
      ...(sourceAddress && { savedCopy: true }),
    },
    // A named source (the headless command's file) is the note's, so the page applies it.
    {
      ...noteStyle(templateSource(defaults.template), now),
      ...(sourceAddress && { sourceAddress }),
    },
  );
  if (!composed.ok) return composed;
  const { clip, note } = composed;
  // `null` picks the default notebook explicitly; `undefined` means "the user's default deck".
  const chosenDeck = deckId === undefined ? settings.decks.defaultDeckId : deckId;
  return {
    ok: true,
    clip,
    draft: { title: clip.title, markdown_text: note, tags: tags ?? defaults.tags },
    ...(chosenDeck ? { deckId: chosenDeck } : {}),
  };
}
