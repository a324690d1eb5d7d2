// First: zod must parse without eval before any schema is built (utils/jitless.ts).
import '../utils/jitless';
import { defineBackground } from 'wxt/utils/define-background';
import { wireBackground } from '../utils/wake';

// Every listener, the toolbar mark, and the work layer (background-work.js) loaded on demand.
export default defineBackground(() => wireBackground());
