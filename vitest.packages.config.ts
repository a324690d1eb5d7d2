import { defineConfig } from 'vitest/config';

// The store packages, checked after `npm run zip` has written them (npm test runs it first):
// lint, eval, permissions, remote code, and a rebuild from the sources archive.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/packages/**/*.test.ts'],
    testTimeout: 180_000,
  },
});
