import { defineConfig } from 'vitest/config';

// The web's pure logic (`*.test.ts`: timers, key buffers, the API client, schemas), in Node:
// the quick half of the web's tests, beside the component tests of vitest.config.ts.
export default defineConfig({
  test: {
    name: 'web-unit',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/testing/setup.ts'],
    environmentOptions: { happyDOM: { url: 'http://localhost:3000' } },
  },
});
