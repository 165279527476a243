#!/usr/bin/env node
// The `mocksmith` command. Core, the engine and the runner are TypeScript sources in this
// repository: tsx loads them as they are (a packed tarball would ship them built).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
