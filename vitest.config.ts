import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Node by default: most tests need no DOM. A test that does starts with
// `// @vitest-environment jsdom`.
export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    environment: 'node',
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    // The fake browser has no i18n: give it the English messages (tests/unit/i18n/fake-i18n.ts).
    setupFiles: ['tests/unit/i18n/setup.ts'],
  },
});
