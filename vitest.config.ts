import { defineConfig } from 'vitest/config';

// One `npm test` for the whole tree: every workspace is a Vitest project with its own config.
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      // The server's and the web's tests that need no database and no page (npm run test:unit).
      'apps/*/vitest.unit.config.ts',
      'e2e/vitest.config.ts',
      // On an external PostgreSQL, a few server files run on the embedded one too (see there).
      ...(process.env.TEST_DATABASE_URL ? ['apps/server/vitest.embedded.config.ts'] : []),
    ],
  },
});
