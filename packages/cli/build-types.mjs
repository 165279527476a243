// The declarations of the packed tarball's public API (`@mocksmith/cli` and `@mocksmith/cli/main`),
// emitted by tsc from the sources, with those of core and the engine they reference (bundled in
// the JavaScript, so not installed beside it): tsc finds those two through `paths` made from
// their package.json `exports`, emits them too into dist/types/{cli,core,engine}, and their bare
// specifiers are then made relative, so that the declarations need no workspace at all.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

const BUNDLED = { '@mocksmith/core': 'core', '@mocksmith/engine': 'engine' };

/** Emits dist/types from `entries` (paths relative to the package); `here` is packages/cli. */
export async function buildTypes(here, entries) {
  const out = join(here, 'dist/types');
  const paths = {};
  const declarations = {};
  for (const [name, folder] of Object.entries(BUNDLED)) {
    const manifest = JSON.parse(readFileSync(join(here, '..', folder, 'package.json'), 'utf8'));
    for (const [subpath, file] of Object.entries(manifest.exports)) {
      const specifier = subpath === '.' ? name : `${name}/${subpath.slice(2)}`;
      paths[specifier] = [`../${folder}/${file.slice(2)}`];
      declarations[specifier] = join(out, folder, file.slice(2).replace(/\.ts$/, '.d.ts'));
    }
  }
  await rm(out, { recursive: true, force: true });
  const config = join(here, 'tsconfig.types.tmp.json');
  writeFileSync(
    config,
    JSON.stringify({
      extends: '../../tsconfig.base.json',
      compilerOptions: {
        noEmit: false,
        declaration: true,
        emitDeclarationOnly: true,
        outDir: 'dist/types',
        rootDir: '..',
        types: ['node'],
        paths,
      },
      files: entries,
    }),
  );
  try {
    execFileSync(join(here, '../../node_modules/.bin/tsc'), ['-p', config], { stdio: 'inherit' });
  } finally {
    await rm(config, { force: true });
  }
  const files = readdirSync(out, { recursive: true }).filter((file) => file.endsWith('.d.ts'));
  for (const file of files) {
    const at = join(out, file);
    const text = readFileSync(at, 'utf8');
    const next = text.replace(/(from |import\()'(@mocksmith\/[^']+)'/g, (_, lead, specifier) => {
      const target = declarations[specifier];
      if (!target) throw new Error(`${file}: ${specifier} is not an export of a bundled package`);
      const path = relative(dirname(at), target).replace(/\.d\.ts$/, '.ts');
      return `${lead}'${path.startsWith('.') ? path : `./${path}`}'`;
    });
    if (next !== text) writeFileSync(at, next);
  }
}
