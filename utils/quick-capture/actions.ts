/**
 * The quick-capture actions: context menu items and keyboard commands. This file has no imports
 * because wxt.config.ts reads the command list from it to write the manifest's `commands` key,
 * so the names the manifest declares and the names the background handles cannot drift apart.
 */
export const MENU_ITEMS = {
  page: 'clipdeck-clip-page',
  selection: 'clipdeck-clip-selection',
  link: 'clipdeck-clip-link',
  image: 'clipdeck-clip-image',
  quote: 'clipdeck-quote-selection',
} as const;
export type MenuItemId = (typeof MENU_ITEMS)[keyof typeof MENU_ITEMS];

export const COMMANDS = {
  page: 'clip-page',
  selection: 'clip-selection',
  quote: 'quote-selection',
  bookmark: 'save-bookmark',
} as const;
export type CommandName = (typeof COMMANDS)[keyof typeof COMMANDS];

/** The browser's own command that opens the toolbar popup (Manifest V3 `action`). */
export const OPEN_POPUP_COMMAND = '_execute_action';

/** The commands in the order the popup's help and the options page list them. */
export const COMMAND_ORDER: readonly string[] = [
  COMMANDS.page,
  COMMANDS.quote,
  COMMANDS.bookmark,
  OPEN_POPUP_COMMAND,
  COMMANDS.selection,
];

/**
 * Suggested shortcuts. Chromium gives at most four commands a suggested key, so the four the
 * issue names have one (clip page, quote selection, save as bookmark, open the popup) and "clip
 * selection" keeps its name without one: a user who had Alt+Shift+X keeps it (the browser keeps
 * assigned keys over an update), anyone can set it in the browser's shortcut settings, which the
 * options page links to. Chromium leaves a suggested key unset when it is its own (Alt+Shift+B
 * focuses the bookmarks bar; Alt+Shift+C was refused too in tests/e2e/capture/shortcuts.spec.ts), so
 * bookmark is Alt+Shift+K (keep) and the popup Alt+Shift+O (open: Chromium refuses Alt+Shift+P,
 * seen with chrome.commands.getAll in Chromium 156); ChromeOS keeps Alt+Shift+S for its status
 * area, so users there pick another key. The descriptions are `__MSG_…__` references into the locales.
 */
export const MANIFEST_COMMANDS: Record<
  CommandName | typeof OPEN_POPUP_COMMAND,
  { description: string; suggested_key?: { default: string } }
> = {
  [COMMANDS.page]: {
    description: '__MSG_command_clipPage__',
    suggested_key: { default: 'Alt+Shift+S' },
  },
  [COMMANDS.quote]: {
    description: '__MSG_command_quoteSelection__',
    suggested_key: { default: 'Alt+Shift+Q' },
  },
  [COMMANDS.bookmark]: {
    description: '__MSG_command_saveBookmark__',
    suggested_key: { default: 'Alt+Shift+K' },
  },
  [OPEN_POPUP_COMMAND]: {
    description: '__MSG_command_openPopup__',
    suggested_key: { default: 'Alt+Shift+O' },
  },
  [COMMANDS.selection]: {
    description: '__MSG_command_clipSelection__',
  },
};
