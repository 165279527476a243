import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    // Builds the app if needed, starts the production server, and finds Chromium.
    globalSetup: ['./global-setup.ts'],
    // One browser at a time on a 2-core machine.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
