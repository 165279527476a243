import { defineConfig } from 'vitest/config';

// Pure logic only (timers, key buffers, theme resolution, the API client): Node's environment,
// since no DOM library is installed.
export default defineConfig({
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
