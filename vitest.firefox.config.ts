import { defineConfig } from 'vitest/config';

// The real-Firefox suite (tests/firefox): Debian's firefox-esr driven by Puppeteer over WebDriver
// BiDi, with the Firefox automation build installed. One file at a time: each starts its own
// Firefox, and the machine has two cores.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/firefox/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    // A Firefox start-up takes about 9 s here; a slow machine gets the same margin as a test.
    hookTimeout: 60_000,
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
