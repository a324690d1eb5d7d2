import * as z from 'zod/mini';
import { type ClickedLink, stripTrackingParameters } from '../clip/light';
import { callEngine, NOT_CONFIGURED_MESSAGE, noteStyle } from '../clipper';
import { t } from '../i18n';
import type { NoteDraft } from '../outbox';
import { failure, type Result } from '../result';
import { loadSettings, templateSource } from '../settings';

export type { ClickedLink } from '../clip/light';

export interface LinkBookmark {
  draft: NoteDraft;
  /** Absent: the default notebook. */
  deckId?: string;
  sourceUrl: string;
}

const NOT_A_WEB_LINK = t('quickCapture.notWebLink');

// What the page's engine answers is input from outside the background, checked like any other.
const linkNoteSchema = z.object({ title: z.string(), markdown: z.string() });

/**
 * “Clip link” saves the linked page as a bookmark without opening it: the link's words become the
 * title, its address the source, and the note gets the user's template, default deck and tags,
 * like any other clip. The note is written by the engine in the tab the link was on
 * (utils/quick-capture/page), so the background carries no template (issue 18).
 */
export async function prepareLinkBookmark(
  tabId: number,
  clicked: ClickedLink,
  now = new Date(),
): Promise<Result<LinkBookmark>> {
  const settings = await loadSettings();
  if (!settings.connection.baseUrl || !settings.connection.apiKey) {
    return failure('not-configured', NOT_CONFIGURED_MESSAGE);
  }
  if (!isWebAddress(clicked.url)) return failure('unclippable', NOT_A_WEB_LINK);
  const defaults = settings.clipDefaults;
  const link = defaults.stripTracking
    ? { ...clicked, url: stripTrackingParameters(clicked.url) }
    : clicked;
  let answer: unknown;
  try {
    answer = await callEngine(
      tabId,
      'linkBookmark',
      link,
      noteStyle(templateSource(defaults.template), now),
    );
  } catch {
    return failure('unclippable', t('clip.error.noAccess'));
  }
  const note = linkNoteSchema.safeParse(answer);
  if (!note.success) return failure('unclippable', t('clip.error.noAnswer'));
  const deckId = settings.decks.defaultDeckId;
  return {
    ok: true,
    draft: { title: note.data.title, markdown_text: note.data.markdown, tags: defaults.tags },
    ...(deckId !== null && { deckId }),
    sourceUrl: link.url,
  };
}

function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
