#!/usr/bin/env node
// The `mocksmith` command. In the repository, core, the engine and the runner are TypeScript
// sources, loaded by tsx as they are (so that an edit runs without a build); the packed tarball
// has no sources, only the bundle that `npm pack` builds (dist/, build.mjs).
import { existsSync } from 'node:fs';
import module from 'node:module';

const source = new URL('../src/bin.ts', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  // Node 22.1+ keeps the bundle's compiled code on disk between runs: a later start is faster.
  module.enableCompileCache?.();
  await import('../dist/mocksmith.js');
}
