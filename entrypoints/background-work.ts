// First: zod must parse without eval before any schema is built (utils/jitless.ts).
import '../utils/jitless';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { createBackgroundWork } from '../utils/work';

// Loaded into the background by utils/wake when an event needs more than the toolbar mark.
export default defineUnlistedScript(() => {
  globalThis.clipdeckWork ??= createBackgroundWork();
});
