/**
 * The background's entry side (issue 18): what every start of the service worker (or Firefox's
 * event page) loads. It adds every listener, keeps the toolbar mark, and loads the work layer
 * (utils/work, background-work.js) when an event needs more. Nothing here may import the work
 * layer's domains (the outbox, the API client, the notes index, quick capture, the clipper):
 * tests/packages holds background.js to its budget.
 */
export { BULK_PROGRESS_KEY, OUTBOX_KEY, workWaitingAtStart } from './start';
export type { BackgroundWork } from './types';
export { wireBackground } from './wire';
