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
} as const;
export type MenuItemId = (typeof MENU_ITEMS)[keyof typeof MENU_ITEMS];

export const COMMANDS = {
  page: 'clip-page',
  selection: 'clip-selection',
} as const;
export type CommandName = (typeof COMMANDS)[keyof typeof COMMANDS];

/**
 * Suggested shortcuts. Neither Chromium nor Firefox binds Alt+Shift+S or Alt+Shift+X on Windows,
 * Linux or macOS (where Alt is Option); ChromeOS keeps Alt+Shift+S for its own status area, so
 * users there pick another key. Every user can change them in the browser's shortcut settings,
 * which the options page links to. The descriptions are `__MSG_…__` references into the locales.
 */
export const MANIFEST_COMMANDS: Record<
  CommandName,
  { description: string; suggested_key: { default: string } }
> = {
  [COMMANDS.page]: {
    description: '__MSG_command_clipPage__',
    suggested_key: { default: 'Alt+Shift+S' },
  },
  [COMMANDS.selection]: {
    description: '__MSG_command_clipSelection__',
    suggested_key: { default: 'Alt+Shift+X' },
  },
};
