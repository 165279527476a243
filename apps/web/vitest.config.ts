import { defineConfig } from 'vitest/config';

// Component tests (`*.test.tsx`) render pages against MSW: each starts with
// `// @vitest-environment happy-dom`, since Vitest 4 chooses an environment per project or per
// file only. The pure logic (`*.test.ts`) is the web-unit project's (vitest.unit.config.ts).
export default defineConfig({
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.tsx'],
    setupFiles: ['src/testing/setup.ts'],
    environmentOptions: { happyDOM: { url: 'http://localhost:3000' } },
  },
});
