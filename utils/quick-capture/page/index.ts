/**
 * The page side of quick capture: what the injected engine runs in the tab (utils/clip/in-page.ts)
 * to write a “Clip link” bookmark. Apart from utils/quick-capture's index, which is the
 * background's.
 */
export { linkBookmarkClip, linkBookmarkContent } from './link-bookmark';
