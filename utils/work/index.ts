/**
 * The background's work layer (issue 18): what the worker loads only when an event needs it,
 * built on its own to background-work.js (entrypoints/background-work.ts) and loaded by utils/wake.
 */
export { createBackgroundWork } from './work';
