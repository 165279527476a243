import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverRoot } from '../paths.ts';

/** The product's version, the server package's: what the API document states. */
export const SERVER_VERSION = (
  JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8')) as { version: string }
).version;
