import { type Clip, type ClipRequest, composeNote } from '../clip/light';
import { t } from '../i18n';
import type { NoteDraft } from '../outbox';
import { failure, type Result } from '../result';
import { loadSettings, readCommentDepth, templateSource } from '../settings';
import { extractFromTab } from './extract';

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
 * Extracts the page in its tab and turns it into a note draft with the user's defaults (mode,
 * tags, deck, template, tracking-parameter stripping). The popup shows this draft for editing;
 * quick capture and the headless command save it as it is.
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
  const extracted = await extractFromTab(tabId, {
    stripTrackingParameters: defaults.stripTracking,
    ...clipRequest,
    mode: clipRequest.mode ?? defaults.mode,
    ...(comments && { comments }),
  });
  if (!extracted.ok) return extracted;
  const clip = sourceAddress ? withSource(extracted.clip, sourceAddress) : extracted.clip;
  // `null` picks the default notebook explicitly; `undefined` means "the user's default deck".
  const chosenDeck = deckId === undefined ? settings.decks.defaultDeckId : deckId;
  return {
    ok: true,
    clip,
    draft: {
      title: clip.title,
      markdown_text: composeNote(clip, { template: templateSource(defaults.template), now }),
      tags: tags ?? defaults.tags,
    },
    ...(chosenDeck ? { deckId: chosenDeck } : {}),
  };
}

/**
 * The clip named after its own address. A file has no site: its name stands in for one, so the
 * source line reads "article.html (file:///…/article.html)" rather than the address twice.
 */
function withSource(clip: Clip, address: string): Clip {
  let siteName = clip.metadata.siteName;
  if (!siteName && !/^https?:/i.test(address)) {
    const path = URL.canParse(address) ? new URL(address).pathname : address;
    const name = path.split('/').pop();
    siteName = name ? safeDecode(name) : undefined;
  }
  return { ...clip, url: address, metadata: { ...clip.metadata, ...(siteName && { siteName }) } };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
