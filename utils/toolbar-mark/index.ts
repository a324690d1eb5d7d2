/**
 * The toolbar mark: the icon says when the tab's page is already in the user's notes, from the
 * local clip log (issue 18). Background only; imports no clipping engine.
 */
export { MARKED_ICON, markShown, markTab, PLAIN_ICON, registerToolbarMark } from './mark';
