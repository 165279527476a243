// Bundles the runner with @mocksmith/core and @mocksmith/engine (TypeScript, no build step of
// their own) into dist/ for the packed tarball (`npm pack -w packages/cli` runs it as prepack):
// dist/mocksmith.js is the command, dist/index.js the programmatic API, sharing their chunks.
// Every other package stays external and must be one of this package's dependencies (checked
// here, so that a tarball never lacks one at run time).
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { buildTypes } from './build-types.mjs';

const here = import.meta.dirname;
const manifest = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));

/** A bare import's package name: `@scope/name/sub` is `@scope/name`, `name/sub` is `name`. */
const packageOf = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

const imported = new Set();
const bundleOurOwn = {
  name: 'external-packages',
  setup(on) {
    on.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@mocksmith/') || args.path.startsWith('node:')) return undefined;
      imported.add(packageOf(args.path));
      return { path: args.path, external: true };
    });
  },
};

await rm(join(here, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: here,
  entryPoints: { mocksmith: 'src/bin.ts', index: 'src/index.ts', main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  // Shared code in chunks, and what a dynamic import loads (the OpenAPI tooling) in its own.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [bundleOurOwn],
  logLevel: 'warning',
});

const undeclared = [...imported].filter((name) => !dependencies.has(name)).sort();
if (undeclared.length > 0) {
  console.error(
    `packages/cli/build.mjs: the bundle imports ${undeclared.join(', ')}, not among @mocksmith/cli's dependencies: add them (the tarball would fail without them)`,
  );
  process.exit(1);
}

// TypeScript users of the tarball get the public API's types (the `types` condition of exports).
await buildTypes(here, ['src/index.ts', 'src/main.ts']);
