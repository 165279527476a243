/**
 * zod as every schema of core uses it. In a browser it runs without compiling parsers through
 * `new Function`: the site's Content-Security-Policy refuses eval, and zod's probe for it would
 * be reported as a violation on every page that parses. The server keeps the compiled parsers.
 * The one module of core with a side effect (package.json says so, or bundlers drop it).
 */
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });

export { z };
