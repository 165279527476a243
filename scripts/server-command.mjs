// The production server's command line, after `node`: one place for `npm start`
// (scripts/start.mjs), the browser and process tests (e2e/server.ts), the benchmarks and the
// container image's CMD (Dockerfile, checked by e2e/container.test.ts).

/**
 * Node's options. A server idles before its traffic, and V8 treats an idle process as one to
 * shrink (docs/decisions.md, "A server that has idled answers as fast as a fresh one"):
 * - `--no-memory-reducer`: the memory reducer's full collections on an idle heap left every call's
 *   `process.nextTick` about ten times as costly for as long as the server ran afterwards (11% of
 *   a W1 call's CPU against 1%), a fifth of the server's speed;
 * - `--min-semi-space-size=16` keeps the young generation at the 16 MB per semi-space it reaches
 *   at start, which the first scavenge after an idle spell cut to 1 MB, so that the first 10 to
 *   20 s of traffic scavenged twice as often;
 * - `--heap-growing-percent=50`: under load the request log's batches (a call waits up to 250 ms
 *   for its flush) outlive two scavenges and die in the old generation, which V8 let grow to
 *   three or four times the live heap before a full collection (peak RSS 440–490 MB on W1 for
 *   a live heap of 68 MB); grown by half at most, it is collected every 15–20 s under the same
 *   load, 10–20 ms each, and the peak falls by a quarter.
 */
export const SERVER_NODE_OPTIONS = [
  '--enable-source-maps',
  '--no-memory-reducer',
  '--min-semi-space-size=16',
  '--heap-growing-percent=50',
];

export const SERVER_ARGS = [...SERVER_NODE_OPTIONS, 'apps/server/dist/server.js'];
