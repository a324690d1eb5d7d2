import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// The engine writes a page's relative times ("2h ago") as the moment they stand for, in the
// reader's time zone, as the browser has it: the tests read them in one zone wherever they run.
process.env.TZ = 'UTC';

// Node by default: most tests need no DOM. A test that does starts with
// `// @vitest-environment jsdom`.
export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    environment: 'node',
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    // The fake browser has no i18n: give it the English messages (tests/unit/i18n/fake-i18n.ts).
    setupFiles: ['tests/unit/i18n/setup.ts', 'tests/unit/setup/storage-keys.ts'],
    onUnhandledError(error) {
      // Preact's hooks schedule an after-paint callback on a 35 ms timer that calls
      // cancelAnimationFrame. On a loaded machine the timer can fire after a jsdom test file's
      // environment is torn down, where that global is gone: no test's failure, so not reported.
      // Every other unhandled error still fails the run.
      if (/cancelAnimationFrame is not defined/.test(error.message ?? '')) return false;
    },
  },
});
