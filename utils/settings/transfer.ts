import * as z from 'zod/mini';
import { t } from '../i18n';
import { failure, type Result } from '../result';
import {
  type ClipDefaults,
  clipDefaultsSchema,
  clipDefaultsSetting,
  saveClipDefaults,
} from './clip-defaults';
import {
  type CommentDepthSettings,
  commentDepthSetting,
  commentDepthSettingsSchema,
  saveCommentDepth,
} from './comment-depth';
import { baseUrlSchema, connectionSetting, saveConnection } from './connection';
import { type DeckSettings, deckSetting, deckSettingsSchema, saveDecks } from './decks';
import {
  type QuickCaptureSettings,
  quickCaptureSetting,
  quickCaptureSettingsSchema,
  saveQuickCaptureSettings,
} from './quick-capture';
import { describeIssues, readSetting } from './stored';

/**
 * Settings as a JSON file the user can keep or move to another browser. The API key is never in
 * it: a file lying in Downloads or sent by mail must not give away access to someone's notes.
 */
export const EXPORT_FORMAT = 'clipdeck-settings';
export const EXPORT_VERSION = 1;

export interface SettingsExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  baseUrl: string;
  decks: DeckSettings;
  clipDefaults: ClipDefaults;
  quickCapture: QuickCaptureSettings;
  comments: CommentDepthSettings;
}

const exportSchema = z.object({
  format: z.literal(EXPORT_FORMAT, 'this is not a Clipdeck settings file'),
  version: z.literal(EXPORT_VERSION, `only version ${EXPORT_VERSION} files can be imported`),
  exportedAt: z.optional(z.string()),
  baseUrl: baseUrlSchema,
  decks: deckSettingsSchema,
  clipDefaults: clipDefaultsSchema,
  // Files exported before quick capture existed lack it and stay importable: the stored choice is
  // kept. Older Clipdecks drop the unknown field, so adding it needed no new format version.
  quickCapture: z.optional(quickCaptureSettingsSchema),
  // Likewise for how much of a discussion a clip keeps: older files lack it and keep the choice.
  comments: z.optional(commentDepthSettingsSchema),
});

export async function exportSettings(now = new Date()): Promise<SettingsExport> {
  const [connection, decks, clipDefaults, quickCapture, comments] = await Promise.all([
    readSetting(connectionSetting),
    readSetting(deckSetting),
    readSetting(clipDefaultsSetting),
    readSetting(quickCaptureSetting),
    readSetting(commentDepthSetting),
  ]);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    baseUrl: connection.value.baseUrl,
    decks: decks.value,
    clipDefaults: clipDefaults.value,
    quickCapture: quickCapture.value,
    comments: comments.value,
  };
}

export interface ImportOutcome {
  imported: SettingsExport;
  /** True when the file pointed at another service and the stored key was dropped. */
  keyRemoved: boolean;
}

/**
 * Checks the whole file before writing anything, so a bad file changes nothing. A key inside the
 * file (hand-edited) is ignored, never imported. The stored key is kept only when the base URL
 * stays the same: a file that points Clipdeck at another server must not get the key sent there.
 */
export async function importSettings(fileText: string): Promise<Result<ImportOutcome>> {
  let json: unknown;
  try {
    json = JSON.parse(fileText);
  } catch {
    return failure('invalid-import', t('settings.importNotJson'));
  }
  const parsed = exportSchema.safeParse(json);
  if (!parsed.success) {
    return failure(
      'invalid-import',
      t('settings.importInvalid', { issues: describeIssues(parsed.error) }),
    );
  }
  const quickCaptureInFile = parsed.data.quickCapture;
  const commentsInFile = parsed.data.comments;
  const imported: SettingsExport = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: parsed.data.exportedAt ?? '',
    baseUrl: parsed.data.baseUrl,
    decks: parsed.data.decks,
    clipDefaults: parsed.data.clipDefaults,
    quickCapture: quickCaptureInFile ?? (await readSetting(quickCaptureSetting)).value,
    comments: commentsInFile ?? (await readSetting(commentDepthSetting)).value,
  };
  const { value: connection } = await readSetting(connectionSetting);
  const keyRemoved = connection.apiKey !== '' && connection.baseUrl !== imported.baseUrl;
  await Promise.all([
    saveConnection({ baseUrl: imported.baseUrl, apiKey: keyRemoved ? '' : connection.apiKey }),
    saveDecks(imported.decks),
    saveClipDefaults(imported.clipDefaults),
    // Without it in the file the stored choice is left as it is, not rewritten.
    quickCaptureInFile && saveQuickCaptureSettings(quickCaptureInFile),
    commentsInFile && saveCommentDepth(commentsInFile),
  ]);
  return { ok: true, imported, keyRemoved };
}
