import { defineConfig } from 'vitest/config';

// Pure logic (`*.test.ts`: timers, key buffers, the API client, schemas) runs in Node. Component
// tests (`*.test.tsx`) render pages against MSW: each starts with
// `// @vitest-environment happy-dom`, since Vitest 4 chooses an environment per project or per file
// only, and one project keeps `--project web` running them all.
export default defineConfig({
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    environmentOptions: { happyDOM: { url: 'http://localhost:3000' } },
  },
});
