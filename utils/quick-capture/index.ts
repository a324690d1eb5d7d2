export { COMMANDS, MANIFEST_COMMANDS, MENU_ITEMS } from './actions';
export { type ClickedTab, handleCommand, handleMenuClick, type MenuClick } from './capture';
export {
  type CaptureOutcome,
  type Confirmation,
  describeOutcome,
  openForNotification,
} from './confirm';
export { type ClickedLink, prepareLinkBookmark } from './link';
export { createContextMenus } from './register';
