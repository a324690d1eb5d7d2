/**
 * Settings: versioned, zod-validated storage items in `local:` storage (never sync), their
 * migrations, and export/import. Read through `loadSettings` or `readConnection`: both validate.
 */
import { type ClipDefaults, clipDefaultsSetting } from './clip-defaults';
import { type Connection, connectionSetting } from './connection';
import { type DeckSettings, deckSetting } from './decks';
import { readSetting } from './stored';

export { type BaseUrlCheck, checkBaseUrl, hostPermissionFor, isLoopbackHost } from './base-url';
export {
  type ClipDefaults,
  clipDefaultsItem,
  clipDefaultsSchema,
  clipModeLabel,
  DEFAULT_CLIP_MODES,
  DEFAULT_TEMPLATE_ID,
  type DefaultClipMode,
  saveClipDefaults,
  type TemplateChoice,
  templateSource,
} from './clip-defaults';
export {
  COMMENT_DEPTH_VERSION,
  type CommentDepthSettings,
  commentDepthItem,
  commentDepthSettingsSchema,
  loadCommentDepth,
  readCommentDepth,
  saveCommentDepth,
} from './comment-depth';
export {
  type Connection,
  clearKeyRefusal,
  connectionItem,
  type KeyRefusal,
  keyCarriesTo,
  keyRefusalItem,
  readConnection,
  readKeyRefusal,
  recordKeyRefused,
  type SaveConnectionOptions,
  type SavedConnection,
  saveConnection,
} from './connection';
export {
  type Deck,
  type DeckSettings,
  deckSchema,
  deckSettingsSchema,
  decksItem,
  defaultNotebookLabel,
  saveDecks,
  withDeck,
  withoutDeck,
} from './decks';
export * from './quick-capture';
export {
  exportSettings,
  type ImportOutcome,
  importSettings,
  type SettingsExport,
} from './transfer';

export type SettingName = 'connection' | 'decks' | 'clipDefaults';

/** A stored value that could not be used: defaults stand in for it until the user saves. */
export interface SettingsNotice {
  setting: SettingName;
  message: string;
}

export interface Settings {
  connection: Connection;
  decks: DeckSettings;
  clipDefaults: ClipDefaults;
  notices: SettingsNotice[];
}

export async function loadSettings(): Promise<Settings> {
  const [connection, decks, clipDefaults] = await Promise.all([
    readSetting(connectionSetting),
    readSetting(deckSetting),
    readSetting(clipDefaultsSetting),
  ]);
  return {
    connection: connection.value,
    decks: decks.value,
    clipDefaults: clipDefaults.value,
    notices: (
      [
        ['connection', connection],
        ['decks', decks],
        ['clipDefaults', clipDefaults],
      ] as const
    ).flatMap(([setting, loaded]) => (loaded.notice ? [{ setting, message: loaded.notice }] : [])),
  };
}
export { normaliseTags, parseTags } from './tags';
