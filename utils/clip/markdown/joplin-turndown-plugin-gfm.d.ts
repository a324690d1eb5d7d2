// The package ships no types; these are the plugins Clipdeck uses.
declare module '@joplin/turndown-plugin-gfm' {
  import type TurndownService from 'turndown';

  export const strikethrough: TurndownService.Plugin;
  export const taskListItems: TurndownService.Plugin;
}
