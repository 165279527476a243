/** Where the server's files are, whether it runs from its sources or from its bundle. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@mocksmith/server') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @mocksmith/server package folder');
    dir = parent;
  }
}

/** The apps/server folder. */
export const serverRoot = findServerRoot();
/** The SQL migrations drizzle-kit generates from the schema. */
export const migrationsDir = join(serverRoot, 'drizzle');
/** The built web app, served in production. */
export const webDistDir = join(serverRoot, '..', 'web', 'dist');
