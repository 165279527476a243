import { defineProject } from 'vitest/config';

/**
 * The server's tests that need no database (fakes, pure functions, a child process at most):
 * `*.unit.test.ts`, and the older files below, which kept their names. They run without the
 * server project's global setup, which starts PostgreSQL (or creates a database on
 * TEST_DATABASE_URL) for every run: a pure file took 10 s that way, for 0.2 s of tests. The
 * server project excludes these, so `npm test` runs each once.
 */
export const SERVER_UNIT_FILES = [
  'src/**/*.unit.test.ts',
  'src/config.test.ts',
  'src/env-example.test.ts',
  'src/db/api-rows.test.ts',
  'src/lib/background.test.ts',
  'src/lib/errors.test.ts',
  'src/lib/logger.format.test.ts',
  'src/lib/mailer.test.ts',
  'src/lib/rate-limits.test.ts',
  'src/lib/turns.test.ts',
  'src/modules/analytics/latency-histogram.test.ts',
  'src/modules/analytics/route-key.test.ts',
  'src/modules/auth/password-hashing.test.ts',
  'src/modules/collections/collection-state.test.ts',
  'src/modules/inspector/request-log.queue.test.ts',
  'src/modules/keys/keys.service.test.ts',
  'src/modules/mocks/route-table.test.ts',
];

export default defineProject({
  test: {
    name: 'server-unit',
    include: SERVER_UNIT_FILES,
    testTimeout: 30_000,
  },
});
