// Bundles the server and @mocksmith/core (TypeScript, no build step of its own) into
// dist/server.js for production. Every other package stays external, loaded from node_modules.
import { join } from 'node:path';
import { build } from 'esbuild';
import { precompress } from './scripts/precompress-web.mjs';

const bundleOurOwn = {
  name: 'external-packages',
  setup(on) {
    on.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@mocksmith/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  // The worker threads (the OpenAPI import's, large mock answers', and the background work of
  // work-pool.ts: seeded records, heavy lists, rules) run files of their own, beside server.js.
  entryPoints: {
    server: 'src/server.ts',
    'openapi.worker': 'src/modules/openapi/openapi.worker.ts',
    'answer.worker': 'src/modules/mocks/answer.worker.ts',
    'work.worker': 'src/lib/work.worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [bundleOurOwn],
  logLevel: 'warning',
});

// The server serves the web app's files: their Brotli and gzip encodings are made here, once.
precompress(join(import.meta.dirname, '..', 'web', 'dist'));
