import { defineProject } from 'vitest/config';
import { SERVER_UNIT_FILES } from './vitest.unit.config.ts';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Those that need no database are the server-unit project's (vitest.unit.config.ts).
    exclude: SERVER_UNIT_FILES,
    // One PostgreSQL for the run (embedded, or TEST_DATABASE_URL), a fresh database per file.
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
